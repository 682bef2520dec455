"""Duplicate removal: an operand repeated in a ``&&`` or ``||`` chain is kept once.

Law: ``a && a`` → ``a``, ``a || a`` → ``a`` (and in longer chains, every later copy of an
operand goes). The chain's value depends on which values its operands take, not on how
many times each appears: false (or true) if one is, else an error if one is, else the
other bool. One copy keeps the same values in play. Equality is the IR's (positions
ignored); a lone operand left stands alone only where that is the same (``tree.join``).
"""

from __future__ import annotations

from hookc.ir.expr import And, Expr, Or
from hookc.optimize.tree import Mode, join
from hookc.reasoning import Reasoner


def dedupe(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    match expr:
        case And(operands=operands) | Or(operands=operands):
            unique = tuple(dict.fromkeys(operands))
            if len(unique) < len(operands):
                return join(expr, unique, mode)
    return expr
