"""What "``e`` evaluates to true (or to false)" asks of ``e``'s parts: a conjunction of
*atoms* (a sub-expression that must evaluate to exactly one bool) and *choices* (at least
one alternative conjunction holds), with negation pushed inward. Exact for both outcomes
under SPEC §2's absorbing ``&&``/``||``, so every query of the reasoning starts here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from hookc.cel.printer import to_text
from hookc.ir.expr import And, Conditional, Expr, Or, Unary

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class Atom:
    """The requirement that ``expr`` evaluates to exactly ``positive`` (the bool)."""

    expr: Expr
    positive: bool
    # Most atoms are keys of the memos of their facts and their refutation, asked again
    # and again: the hash is worked out once, when first asked (an atom that is never a key
    # is not hashed: a first hash costs its whole tree).
    _hash: int | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        value = self._hash
        if value is None:
            value = hash((self.expr, self.positive))
            object.__setattr__(self, "_hash", value)
        return value

    def text(self) -> str:
        return to_text(self.expr if self.positive else Unary("!", self.expr))


@dataclass(frozen=True, slots=True)
class Choice:
    """At least one alternative holds; each alternative is a conjunction of requirements.

    Alternatives stay unexpanded until a case split needs them, so nested conditionals
    cost nothing until they are looked at.
    """

    alternatives: tuple[tuple[Atom, ...], ...]
    source: Atom

    def text(self) -> str:
        return self.source.text()


Item: TypeAlias = "Atom | Choice"


def requirements(expr: Expr, positive: bool) -> tuple[Item, ...]:
    """A conjunction that holds iff ``expr`` evaluates to ``positive``.

    - ``a && b`` is true iff every operand is true; ``a || b`` is false iff every operand
      is false (CEL's commutative ``&&``/``||``: an error operand makes the result an error
      unless another operand decides it, so it can never make the result true or false).
    - ``a && b`` is false iff some operand is false; ``a || b`` is true iff some operand is
      true: a choice.
    - ``!a`` is true iff ``a`` is false, false iff ``a`` is true (``!err`` is err), so De
      Morgan's laws hold for both outcomes.
    - ``c ? t : o`` is v iff ``c`` is true and ``t`` is v, or ``c`` is false and ``o`` is v
      (a non-bool or erroring ``c`` makes it an error).

    (``Reasoner.requirements`` keeps the answers.)
    """
    # Type tests, not a match: asked of every condition and each of its operands.
    kind = type(expr)
    if kind is And or kind is Or:
        operands: tuple[Expr, ...] = expr.operands  # type: ignore[union-attr]
        if (kind is And) is positive:
            # An operand that is an atom (most are) is one without asking further.
            items: list[Item] = []
            for operand in operands:
                if is_atom(operand):
                    items.append(Atom(operand, positive))
                else:
                    items.extend(requirements(operand, positive))
            return tuple(items)
        one_each = tuple((Atom(operand, positive),) for operand in operands)
        return (Choice(one_each, Atom(expr, positive)),)
    if kind is Unary and expr.op == "!":  # type: ignore[union-attr]
        return requirements(expr.operand, not positive)  # type: ignore[union-attr]
    if kind is Conditional:
        assert isinstance(expr, Conditional)
        alternatives: tuple[tuple[Atom, ...], ...] = (
            (Atom(expr.condition, True), Atom(expr.then, positive)),
            (Atom(expr.condition, False), Atom(expr.otherwise, positive)),
        )
        return (Choice(alternatives, Atom(expr, positive)),)
    return (Atom(expr, positive),)


def is_atom(expr: Expr) -> bool:
    """Whether ``requirements`` leaves ``expr`` whole, as one atom, for either outcome."""
    kind = type(expr)
    if kind is And or kind is Or or kind is Conditional:
        return False
    return kind is not Unary or expr.op != "!"  # type: ignore[union-attr]


def split(items: Sequence[Item]) -> tuple[list[Atom], list[Choice]]:
    """The atoms and the choices of a conjunction."""
    atoms = [item for item in items if isinstance(item, Atom)]
    choices = [item for item in items if isinstance(item, Choice)]
    return atoms, choices
