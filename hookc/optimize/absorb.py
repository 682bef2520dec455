"""Absorption: a ``||`` that repeats an operand of its ``&&`` goes (and the dual).

Laws: ``a && (a || b)`` → ``a`` and ``a || (a && b)`` → ``a``, in longer chains too. In
Kleene's logic with errors as "unknown" (CEL's ``&&``/``||``): where ``a`` is true, ``a ||
b`` is true and adds nothing to the ``&&``; where ``a`` is false, the ``&&`` is false
either way; where ``a`` is an error or not a bool, ``a || b`` is true, or an error like
``a`` — and a true operand beside an error leaves the error, an error beside one leaves
it too. The dual argument holds for ``||``.
"""

from __future__ import annotations

from hookc.ir.expr import And, Expr, Or
from hookc.optimize.tree import Mode, join
from hookc.reasoning import Reasoner


def absorb(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    match expr:
        case And(operands=operands) | Or(operands=operands):
            inner = Or if isinstance(expr, And) else And
            plain = set(operands)
            kept = tuple(
                operand
                for operand in operands
                if not (isinstance(operand, inner) and any(o in plain for o in operand.operands))
            )
            if len(kept) < len(operands):
                return join(expr, kept, mode)
    return expr
