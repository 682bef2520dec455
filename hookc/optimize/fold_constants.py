"""Constant folding: what reads no context is computed once, at compile time.

Laws:
- An expression of literals (``2 * 3``, ``'a' + 'b'``, ``size([1, 2])``, ``!true``) → its
  value, computed by the reference evaluator so that it means exactly what it would at run
  time, when that value is a scalar a literal can hold. Errors (``1 / 0``), lists and maps
  are left as written; so are patterns (``matches``, ``glob``), which could take long to
  run and are checked elsewhere.
- ``false`` in a ``&&`` → ``false``, ``true`` in a ``||`` → ``true``: that operand decides
  whatever the others are, errors included (``false && err`` is false).
- ``true`` in a ``&&`` and ``false`` in a ``||`` are dropped: they never decide, and with
  another operand left the result is the same. A lone operand left stands alone only where
  that is the same (``tree.join``); none left is ``true`` for ``&&``, ``false`` for ``||``.
- ``true ? a : b`` → ``a``, ``false ? a : b`` → ``b``.
"""

from __future__ import annotations

from hookc.cel.evaluator import evaluate
from hookc.ir.expr import And, Call, Conditional, Expr, List, Literal, Map, Or, children
from hookc.optimize.tree import Mode, join
from hookc.reasoning import Reasoner
from hookc.runtime.rye import RYE_ARITY
from hookc.runtime.values import CelError

# Rye's functions read the whole context whatever their arguments are (hookc.runtime.rye):
# `rye.interpolate('{input:x}')` has only constant arguments and is no constant.
_NOT_FOLDED = frozenset({"matches", "glob", *RYE_ARITY})


def fold_constants(expr: Expr, mode: Mode, reasoner: Reasoner | None = None) -> Expr:
    # (It asks no reasoner: the path checks fold with it alone, given none.)
    # Type tests, not a match: asked of every operator node of every condition.
    kind = type(expr)
    if kind is And or kind is Or:
        assert isinstance(expr, And | Or)
        operands = expr.operands
        decides = kind is Or  # the absorbing value
        kept: list[Expr] = []
        for operand in operands:
            if isinstance(operand, Literal) and type(operand.value) is bool:
                if operand.value is decides:
                    return Literal(decides, expr.span)
                continue
            kept.append(operand)
        return expr if len(kept) == len(operands) else join(expr, tuple(kept), mode)
    if kind is Conditional:
        assert isinstance(expr, Conditional)
        condition = expr.condition
        if type(condition) is Literal and type(condition.value) is bool:
            return expr.then if condition.value else expr.otherwise
    elif kind is Literal or kind is List or kind is Map:
        return expr
    if not all(_constant(child) for child in children(expr)):
        return expr
    if isinstance(expr, Call) and expr.function in _NOT_FOLDED:
        return expr
    value = evaluate(expr, {})
    if isinstance(value, CelError) or not (value is None or type(value) in (bool, int, float, str)):
        return expr
    return Literal(value, expr.span)


def _constant(expr: Expr) -> bool:
    """A literal, or a list or map of them: children already folded are one of these."""
    kind = type(expr)
    if kind is Literal:
        return True
    return (kind is List or kind is Map) and all(_constant(child) for child in children(expr))
