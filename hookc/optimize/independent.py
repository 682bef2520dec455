"""Chains that no rule of ``-O1`` can change: ``&&`` and ``||`` of independent atoms.

Most conditions are a conjunction of tests on different paths (``tool == 'Bash' &&
cost.spend > 5``). Such a chain is recognised by one cheap look at its operands, and then
only the rules that reorder (``cost_order``) are asked of it. The chain qualifies when:

1. no operand is a chain, a ``!``, a conditional or a constant (each operand is one atom
   of the reasoning: ``_requirements`` leaves it whole);
2. every operand reads at least one path and no two read the same one (``paths_read``);
3. in ``TRUTH`` or ``FALSITY`` mode, no operand is refuted alone in that mode.

Why each rule of level 1 then returns the chain as it is:

- ``flatten`` needs a nested chain of the same operator, ``fold_constants`` a ``true`` or
  ``false`` operand (1.).
- ``dedupe`` needs two equal operands, ``absorb`` an operand of the other chain sharing an
  operand, ``complement`` two operands with one core (``x == c``, ``x != c``), ``narrow``
  and ``membership`` two tests on one term or path: each needs two operands reading the
  same paths (2.).
- ``ranges`` drops an operand only if it shares a path with another (2.), and rewrites
  the chain to a constant only if it is never true (never false): every term a fact
  speaks of is a sub-expression reading all its atom's paths, so by 2. no two atoms
  constrain one term, the atoms are independent, and the chain is refuted exactly when
  one of its operands is (``&&`` in ``TRUTH``, ``||`` in ``FALSITY``) or every one is
  (the other two), which 3. excludes.

A Hypothesis test holds every rule to this and ``optimize`` to the general path.

Most such chains are also made of atoms that no rule changes either (``kept_operands``):
then a round of ``optimize`` asks the rules of the chain alone, not of every node below it.
"""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from hookc.ir.expr import (
    And,
    Conditional,
    Expr,
    Ident,
    Index,
    List,
    Literal,
    Or,
    Select,
    Unary,
    children,
)
from hookc.optimize.tree import Mode, is_settled
from hookc.reasoning import Reasoner, plain_paths, plainly_possible


def independent_atoms(chain: And | Or, mode: Mode, reasoner: Reasoner) -> bool:
    """Whether ``chain`` is a chain of independent atoms in ``mode`` (see the module)."""
    seen: set[Expr] = set()
    count = 0
    for operand in chain.operands:
        kind = type(operand)
        if kind is And or kind is Or or kind is Conditional or kind is Literal:
            return False
        if kind is Unary and operand.op == "!":  # type: ignore[union-attr]
            return False
        paths = _paths_read(operand, reasoner)
        if not paths:
            return False
        seen |= paths
        count += len(paths)
    if len(seen) < count:
        return False  # some path is read by two operands
    if mode is Mode.VALUE:
        return True
    if mode is Mode.TRUTH:
        return all(reasoner.never_true(operand) is None for operand in chain.operands)
    return all(reasoner.never_true(Unary("!", operand)) is None for operand in chain.operands)


def kept_apart(chain: And | Or, reasoner: Reasoner) -> bool:
    """``independent_atoms`` of a chain whose operands are kept (``kept_operands`` holds in
    the mode): they are atoms, each reads a path and none is refuted alone in the mode, so
    what is left to ask is whether two of them read one path. A Hypothesis test holds it to
    ``independent_atoms``."""
    seen: set[Expr] = set()
    count = 0
    for operand in chain.operands:
        kind = type(operand)
        paths: AbstractSet[Expr]
        if kind is Select or kind is Index:
            paths = reasoner.paths_read(operand)  # a path itself, read whole
        else:
            # Its children are settled: the paths it reads are those that are no constant
            # and no list of constants (``_paths_read`` without asking ``is_settled`` again).
            paths = {
                part
                for part in children(operand)
                if type(part) is not Literal and type(part) is not List
            }
        seen |= paths
        count += len(paths)
    return len(seen) == count


def _paths_read(atom: Expr, reasoner: Reasoner) -> AbstractSet[Expr]:
    """``paths_read(atom)``, read off its children where each is settled (a constant, a
    list of constants or a path: most atoms), and the atom is no path itself; a plain path
    is read whole, so a settled child that is no constant is one of the paths. A Hypothesis
    test holds it to ``paths_read``."""
    kind = type(atom)
    if kind is Ident or kind is Select or kind is Index:
        return reasoner.paths_read(atom)
    found = _settled_paths(atom)
    return reasoner.paths_read(atom) if found is None else found


def _settled_paths(atom: Expr) -> set[Expr] | None:
    """The children of ``atom`` that are paths, where every child is settled (a constant, a
    list of constants or a path; see ``tree.is_settled``); None where one is not. A settled
    node that is no constant is a path. One look at each child, no generator."""
    found: set[Expr] = set()
    for part in children(atom):
        part_kind = type(part)
        if part_kind is Literal or (part_kind is List and is_settled(part)):
            continue
        if part_kind is List or not is_settled(part):
            return None
        found.add(part)
    return found


def kept_operands(chain: And | Or, mode: Mode, reasoner: Reasoner) -> bool:
    """Whether no rule of any level changes an operand of ``chain`` in ``mode`` (the
    chain's own place), nor any node within one: each operand is an atom, neither a chain
    nor a ``!`` nor a conditional, whose children are all settled (paths, constants, lists
    of constants), at least one of them a path; and in ``TRUTH`` or ``FALSITY`` mode it is
    not refuted alone in that mode.

    Why: the walk passes over settled nodes (``tree``), so each operand would meet only the
    rules of its own type, in the chain's mode. ``flatten`` needs a chain or ``!!``,
    ``fold_constants`` constant children (a path is none), ``ranges`` a chain or a
    refutation (none in ``VALUE`` mode), and the others (``dedupe``, ``absorb``,
    ``complement``, ``narrow``, ``membership``, ``cost_order``) chains. A Hypothesis test
    holds every rule to this and ``optimize`` to the general path.
    """
    return all(_kept(operand, mode, reasoner) for operand in chain.operands)


def _kept(atom: Expr, mode: Mode, reasoner: Reasoner) -> bool:
    """Whether ``kept_operands`` keeps ``atom`` as an operand in ``mode``."""
    kind = type(atom)
    if kind is And or kind is Or or kind is Conditional or kind is Literal or kind is Ident:
        return False
    if kind is Unary and atom.op == "!":  # type: ignore[union-attr]
        return False
    # Every child settled, and one of them a path, not only constants: those may fold.
    if not _settled_paths(atom):
        return False
    # (A plainly possible atom, most, is not refuted: known without `never_true`'s memo.)
    if mode is Mode.TRUTH and not plainly_possible(atom) and reasoner.never_true(atom) is not None:
        return False
    return mode is not Mode.FALSITY or reasoner.never_true(Unary("!", atom)) is None


def kept_at_a_look(condition: Expr, mode: Mode, reordering: bool, reasoner: Reasoner) -> bool:
    """Whether no rule changes ``condition`` in ``mode``, seen at a look: an atom that
    ``kept_operands`` keeps as an operand (standing alone, it meets the rules of its own
    type in its own mode, as it would in a chain of that mode; none of them changes it),
    or a chain whose operands it keeps that read apart (``kept_apart``), where no rule
    that reorders (``reordering``) runs."""
    kind = type(condition)
    if kind is And or kind is Or:
        return (
            not reordering
            and kept_operands(condition, mode, reasoner)  # type: ignore[arg-type]
            and kept_apart(condition, reasoner)  # type: ignore[arg-type]
        )
    return _kept(condition, mode, reasoner)


def plainly_kept(condition: Expr, mode: Mode, reordering: bool) -> bool:
    """``kept_at_a_look`` of a plain condition (``reasoning.plain_paths``: most are) in
    ``TRUTH`` mode whose paths are settled, in one look: ``optimize`` answers it without
    its memo, which would hash the condition whole, most are seen once.

    Why it is kept: each atom is plainly possible, so not refuted alone in ``TRUTH`` mode;
    its children are its path (settled) and constants or a list of constants, so they are
    settled and one is a path; and the atoms test (read) distinct paths. A Hypothesis test
    holds it to ``kept_at_a_look`` and ``optimize`` to the general path."""
    if mode is not Mode.TRUTH or (reordering and type(condition) is And):
        return False
    paths = plain_paths(condition)
    return paths is not None and all(map(is_settled, paths))
