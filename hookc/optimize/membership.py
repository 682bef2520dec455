"""Equality disjunctions become set membership: ``x == 'a' || x == 'b'`` → ``x in ['a', 'b']``.

Laws, for a path ``x`` and string literals:
- ``x == 'a' || x == 'b'`` → ``x in ['a', 'b']`` (and ``x in [...]`` operands on the same
  path join the list). ``==`` and ``in`` of a list of literals are errors exactly where
  ``x`` is (a missing key); elsewhere both are plain bools under CEL's equality (a value
  of another type equals no string: false, not an error). So the ``||`` of them and the one
  ``in`` agree in every context.
- ``x != 'a' && x != 'b'`` → ``!(x in ['a', 'b'])``, by the same argument and De Morgan.
The merged test takes the place of the first one it replaces. Only strings: the Python back
end tests membership in a list of strings with one set lookup (see ``cost_order`` for the
cost model); for numbers the chain of comparisons is as fast.
"""

from __future__ import annotations

from hookc.ir.expr import And, Binary, Expr, List, Literal, Or, Unary, path_steps
from hookc.optimize.narrow import equality_test
from hookc.optimize.tree import Mode, splice
from hookc.reasoning import Reasoner


def membership(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    match expr:
        case Or(operands=operands):
            return _merge(expr, operands, mode, negated=False)
        case And(operands=operands):
            return _merge(expr, operands, mode, negated=True)
    return expr


def _merge(expr: And | Or, operands: tuple[Expr, ...], mode: Mode, negated: bool) -> Expr:
    groups: dict[Expr, list[tuple[int, tuple[str, ...]]]] = {}
    for position, operand in enumerate(operands):
        test = string_test(operand, negated)
        if test is not None:
            groups.setdefault(test[0], []).append((position, test[1]))
    # Each group of two or more becomes one test in its first place; the others go.
    merged: dict[int, Expr] = {}
    dropped: set[int] = set()
    for path, found in groups.items():
        if len(found) < 2:
            continue
        (first, _), *rest = found
        strings = dict.fromkeys(s for _, listed in found for s in listed)
        span = operands[first].span
        lookup = Binary("in", path, List(tuple(Literal(s) for s in strings), span), span)
        merged[first] = Unary("!", lookup, span) if negated else lookup
        dropped.update(position for position, _ in rest)
    return splice(expr, merged, dropped, mode)


def string_test(expr: Expr, negated: bool) -> tuple[Expr, tuple[str, ...]] | None:
    """``(x, strings)`` when ``expr`` is ``x == 's'`` or ``x in ['s', ...]`` (with
    ``negated``: ``x != 's'`` or ``!(x in [...])``) for a path ``x``: ``narrow``'s equality
    tests, on a path, of at least one string and only strings."""
    test = equality_test(expr)
    if test is None:
        return None
    term, positive, values = test
    strings = tuple(v.value for v in values if isinstance(v.value, str))
    if positive is negated or path_steps(term) is None or not values:
        return None
    return (term, strings) if len(strings) == len(values) else None
