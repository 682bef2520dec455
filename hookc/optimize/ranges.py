"""Contradiction and range reasoning: what the facts on each term prove, in ``TRUTH`` and
``FALSITY`` mode.

The reasoning is ``hookc.reasoning``'s, the same that ``hookc check`` reports with: per
term it gathers the constraints a condition puts on its value (``x > 5``, ``x == 'a'``,
``x in [...]``, ``has(x)``) and decides emptiness and entailment of the values left, with
CEL's types, heterogeneous equality and NaN. It answers only when sure.

Laws, in ``TRUTH`` mode (only "is it true" is observed):
- a condition that is never true → ``false`` (``x > 5 && x < 3``, ``x == 'a' && x == 'b'``,
  ``x == 'a' && x > 'b'``, ``{}.size() > 'a'``, which is always an error; where it would
  have been an error, ``false`` is not true either);
- in ``a && b``, ``b`` goes when ``a`` being true implies ``b`` is (``x > 5 && x > 3`` →
  ``x > 5``; ``x == 'a' && x != 'b'`` → ``x == 'a'``): true iff ``a`` is;
- in ``a || b``, ``a`` goes when ``a`` being true implies ``b`` is (``x > 5 || x > 3`` →
  ``x > 3``): true iff ``b`` is;
and the duals in ``FALSITY`` mode (only "is it false" is observed): never false → ``true``;
in ``a || b``, ``b`` goes when ``a`` being false implies ``b`` is; in ``a && b``, ``a`` goes
when ``a`` being false implies ``b`` is. In ``VALUE`` mode nothing changes: ``x > 5 && x <
3`` is false for a number but an error for a string, and no simpler test says so.
"""

from __future__ import annotations

from hookc.ir.expr import And, Expr, Literal, Or, Unary
from hookc.optimize.tree import Mode, join
from hookc.reasoning import Reasoner

# The longest `&&` or `||` chain whose operands are compared pairwise (a chain of 2,000
# clauses took 23 s); a longer chain keeps all its operands, each still optimized alone.
MAX_COMPARED = 64


def ranges(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    if mode is Mode.VALUE or isinstance(expr, Literal):
        return expr
    truth = mode is Mode.TRUTH
    if reasoner.never_true(expr if truth else Unary("!", expr)) is not None:
        return Literal(not truth, expr.span)
    if type(expr) is not And and type(expr) is not Or:
        return expr  # most nodes: no closure made for them

    def holds(e: Expr) -> Expr:  # "e is true" (TRUTH) or "e is false" (FALSITY)
        return e if truth else Unary("!", e)

    # TRUTH: && needs every operand, so drop one the others imply; || needs one, so drop
    # one that implies another. FALSITY: the same with the roles of && and || swapped.
    if len(expr.operands) > MAX_COMPARED:
        return expr  # comparing every pair of a long chain would cost its length squared
    conjunctive = isinstance(expr, And) is truth
    # Front to back, so that of `x >= 1 && x <= 1 && x == 1` the last, tightest test stays.
    operands = list(expr.operands)
    position = 0
    while position < len(operands) and len(operands) > 1:
        operand = operands[position]
        others = operands[:position] + operands[position + 1 :]
        if not _shares_a_path(operand, others, reasoner):
            # Facts are per term: what reads none of the others' paths can be implied by
            # them (or imply one of them) only by being constant, which folding handles.
            redundant = False
        elif conjunctive:
            redundant = reasoner.implies(And(tuple(map(holds, others))), holds(operand))
        else:
            redundant = any(reasoner.implies(holds(operand), holds(other)) for other in others)
        if redundant:
            del operands[position]
        else:
            position += 1
    if len(operands) == len(expr.operands):
        return expr
    return join(expr, tuple(operands), mode)


def _shares_a_path(operand: Expr, others: list[Expr], reasoner: Reasoner) -> bool:
    paths = reasoner.paths_read(operand)
    return any(paths & reasoner.paths_read(other) for other in others)
