"""Flattening: a chain of one operator inside another becomes one chain; `!!a` becomes `a`.

Laws:
- ``a && (b && c)`` → ``a && b && c``; ``a || (b || c)`` → ``a || b || c``. CEL's ``&&``
  is false if some operand is false, else an error if some operand is an error (or not a
  bool), else true; ``||`` the dual. Both depend only on the operands taken together, not
  on their grouping, so the flat chain has the nested one's value in every context.
- ``!!a`` → ``a`` in ``TRUTH`` and ``FALSITY`` mode (``!!a`` is true iff ``a`` is true,
  false iff ``a`` is false: ``!err`` is an error), and in ``VALUE`` mode when ``a`` is
  boolean (``!!5`` is an error, ``5`` is not).
"""

from __future__ import annotations

from hookc.ir.expr import And, Expr, Or, Unary
from hookc.optimize.tree import Mode, is_boolean
from hookc.reasoning import Reasoner


def flatten(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    match expr:
        case And(operands=operands) | Or(operands=operands) if any(
            type(o) is type(expr) for o in operands
        ):
            flat: list[Expr] = []
            for operand in operands:
                if isinstance(operand, And | Or) and type(operand) is type(expr):
                    flat.extend(operand.operands)
                else:
                    flat.append(operand)
            return type(expr)(tuple(flat), expr.span)
        case Unary(op="!", operand=Unary(op="!", operand=inner)) if (
            mode is not Mode.VALUE or is_boolean(inner)
        ):
            return inner
    return expr
