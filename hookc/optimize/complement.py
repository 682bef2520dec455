"""Complements: an operand beside its own negation decides the chain.

Laws, where ``¬a`` is ``!a``, or the other of ``x == c`` and ``x != c`` (CEL's ``!=`` is
the negation of ``==``, errors included):
- ``a && ¬a`` → ``false`` when ``a`` is *defined* (always a bool, never an error, like
  ``has(x.y)``): one of the two is false. In ``TRUTH`` mode it needs no such proof: the
  chain can never be true (where ``a`` is an error, so is ``¬a``).
- ``a || ¬a`` → ``true`` when ``a`` is defined; in ``FALSITY`` mode without the proof.
Where ``a`` may be an error (``x == 'a'`` with ``x`` missing) and the mode observes it,
the chain is left alone: ``x == 'a' && x != 'a'`` is an error there, not false.
"""

from __future__ import annotations

from hookc.ir.expr import And, Binary, Expr, Literal, Or, Unary
from hookc.optimize.tree import Mode
from hookc.reasoning import Reasoner


def complement(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    match expr:
        case And(operands=operands) | Or(operands=operands):
            if len(set(map(_core, operands))) == len(operands):
                return expr  # no two operands could be each other's negation
            decided = isinstance(expr, Or)  # the value a complementary pair gives
            free = Mode.TRUTH if isinstance(expr, And) else Mode.FALSITY
            present = set(operands)
            for operand in operands:
                opposite = negation(operand)
                if opposite in present and (mode is free or reasoner.is_total(operand)):
                    return Literal(decided, expr.span)
    return expr


def negation(expr: Expr) -> Expr:
    """An expression that is true where ``expr`` is false, false where it is true, and an
    error where it is one."""
    match expr:
        case Unary(op="!", operand=operand):
            return operand
        case Binary(op="==" | "!=" as op, left=left, right=right):
            return Binary("!=" if op == "==" else "==", left, right, expr.span)
    return Unary("!", expr, expr.span)


def _core(expr: Expr) -> object:
    """What an expression and its ``negation`` share: without its ``!``s, and of ``x == c``
    or ``x != c`` the two operands. Operands with different cores are no complements, found
    without making and hashing each one's negation."""
    match expr:
        case Unary(op="!", operand=operand):
            return _core(operand)
        case Binary(op="==" | "!=", left=left, right=right):
            return left, right
    return expr
