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
from hookc.optimize.tree import Mode, join


def membership(expr: Expr, mode: Mode) -> Expr:
    match expr:
        case Or(operands=operands):
            return _merge(expr, operands, mode, negated=False)
        case And(operands=operands):
            return _merge(expr, operands, mode, negated=True)
    return expr


def _merge(expr: And | Or, operands: tuple[Expr, ...], mode: Mode, negated: bool) -> Expr:
    groups: dict[Expr, list[int]] = {}
    for position, operand in enumerate(operands):
        found = string_test(operand, negated)
        if found is not None:
            groups.setdefault(found[0], []).append(position)
    merged = {path: places for path, places in groups.items() if len(places) >= 2}
    if not merged:
        return expr
    result: list[Expr] = []
    for position, operand in enumerate(operands):
        found = string_test(operand, negated)
        if found is None or found[0] not in merged:
            result.append(operand)
            continue
        places = merged[found[0]]
        if position != places[0]:
            continue
        strings = [s for place in places for s in _found(operands[place], negated)]
        items = tuple(Literal(s) for s in dict.fromkeys(strings))
        test: Expr = Binary("in", found[0], List(items, operand.span), operand.span)
        result.append(Unary("!", test, operand.span) if negated else test)
    return join(expr, tuple(result), mode)


def _found(expr: Expr, negated: bool) -> tuple[str, ...]:
    found = string_test(expr, negated)
    assert found is not None
    return found[1]


def string_test(expr: Expr, negated: bool) -> tuple[Expr, tuple[str, ...]] | None:
    """``(x, strings)`` when ``expr`` is ``x == 's'`` or ``x in ['s', ...]`` (with
    ``negated``: ``x != 's'`` or ``!(x in [...])``) for a path ``x``."""
    if negated:
        match expr:
            case Binary(op="!=", left=left, right=right):
                return string_test(Binary("==", left, right), False)
            case Unary(op="!", operand=operand):
                return string_test(operand, False)
        return None
    match expr:
        case Binary(op="==", left=left, right=right):
            for path, other in ((left, right), (right, left)):
                strings = _strings((other,))
                if path_steps(path) is not None and strings:
                    return path, strings
        case Binary(op="in", left=left, right=List(items=items)) if path_steps(left) is not None:
            strings = _strings(items)
            if strings:
                return left, strings
    return None


def _strings(items: tuple[Expr, ...]) -> tuple[str, ...] | None:
    """The strings of literals that are all strings (at least one), else None."""
    found = tuple(i.value for i in items if isinstance(i, Literal) and isinstance(i.value, str))
    return found if found and len(found) == len(items) else None
