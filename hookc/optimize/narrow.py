"""Membership narrowing: the equality tests of one ``&&`` on one term become one test.

For a term ``x`` (any expression), the *equality tests* are ``x == c``, ``x != c``,
``x in [c, ...]`` and ``!(x in [c, ...])`` with literal constants. Each is an error
exactly where ``x`` is, and elsewhere a plain bool under CEL's equality (a value of
another type equals no constant: false, not an error). So where ``x`` is an error the whole
group is one, and elsewhere the group is set algebra over the values ``x`` may take.

Laws (the group's result takes the place of its first test):
- ``x in A && x in B`` → ``x in A∩B``; ``x in A && x != c`` → ``x in A minus {c}``; ``x == c``
  is ``x in [c]``; ``!(x in B)`` excludes ``B`` like ``!=`` does.
- one value left → ``x == v``; none → ``x in []`` (false, or an error where ``x`` is one),
  which is ``false`` in ``TRUTH`` mode, where errors do not count.
- a group with no ``==`` or ``in`` is left alone (``x != 'a' && x != 'b'`` is
  ``membership``'s).
Constants are compared as CEL compares them: ``1 == 1.0``, ``true != 1``. NaN (equal to
nothing, itself included) and ints beyond 2**53 (which CEL rounds when comparing with a
double) are not handled.
"""

from __future__ import annotations

import math

from hookc.ir.expr import And, Binary, Expr, List, Literal, Unary
from hookc.optimize.tree import Mode, splice
from hookc.reasoning import Reasoner

_EXACT = 2**53

_Key = tuple[str, object]


def narrow(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    if not isinstance(expr, And):
        return expr
    groups: dict[Expr, list[tuple[int, bool, tuple[Literal, ...]]]] = {}
    for position, operand in enumerate(expr.operands):
        test = equality_test(operand)
        if test is not None:
            term, positive, values = test
            groups.setdefault(term, []).append((position, positive, values))
    merged: dict[int, Expr] = {}
    dropped: set[int] = set()
    for term, tests in groups.items():
        if len(tests) < 2 or not any(positive for _, positive, _ in tests):
            continue
        allowed: dict[_Key, Literal] | None = None
        excluded: set[_Key] = set()
        for _, positive, values in tests:
            keyed = {_key(v.value): v for v in values}
            if positive:
                allowed = (
                    keyed if allowed is None else {k: v for k, v in allowed.items() if k in keyed}
                )
            else:
                excluded |= keyed.keys()
        assert allowed is not None
        left = [value for key, value in allowed.items() if key not in excluded]
        first, *rest = (position for position, _, _ in tests)
        merged[first] = _test(term, left, expr.operands[first], mode)
        dropped.update(rest)
    return splice(expr, merged, dropped, mode)


def _test(term: Expr, values: list[Literal], like: Expr, mode: Mode) -> Expr:
    if not values and mode is Mode.TRUTH:
        return Literal(False, like.span)
    if len(values) == 1:
        return Binary("==", term, values[0], like.span)
    return Binary("in", term, List(tuple(values), like.span), like.span)


def equality_test(expr: Expr) -> tuple[Expr, bool, tuple[Literal, ...]] | None:
    """``(x, positive, constants)`` for an equality test on ``x``: ``x == c`` and ``x in
    [...]`` are positive (``x`` is one of them), ``x != c`` and ``!(x in [...])`` not."""
    # Type tests, not a match: ``narrow`` and ``membership`` ask it of every operand of
    # every ``&&`` and ``||``.
    kind = type(expr)
    if kind is Unary:
        assert isinstance(expr, Unary)
        if expr.op != "!":
            return None
        found = equality_test(expr.operand)
        if found is not None and found[1]:
            return found[0], False, found[2]
        return None
    if kind is not Binary:
        return None
    assert isinstance(expr, Binary)
    op, left, right = expr.op, expr.left, expr.right
    if op == "==" or op == "!=":
        for term, other in ((left, right), (right, left)):
            if _comparable(other) and not isinstance(term, Literal):
                return term, op == "==", (other,)  # type: ignore[return-value]
    elif (
        op == "in"
        and type(right) is List
        and all(map(_comparable, right.items))
        and not isinstance(left, Literal)
    ):
        return left, True, right.items  # type: ignore[return-value]
    return None


def _comparable(expr: Expr) -> bool:
    """A literal whose CEL equality with others Python's ``==`` decides (see the module)."""
    if not isinstance(expr, Literal):
        return False
    value = expr.value
    if isinstance(value, float):
        return not math.isnan(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return abs(value) <= _EXACT
    return True


def _key(value: object) -> _Key:
    if isinstance(value, bool):
        return "bool", value
    if isinstance(value, int | float):
        return "number", value
    return type(value).__name__, value
