"""Never true: the query whether a condition can evaluate to ``true`` in no context at
all, answered by refutation. "``e`` is true" is read as the conjunction it requires
(``requirements``); it cannot hold when one atom cannot (a constant that is not the bool
required, an expression never a bool), when the facts on one term leave no value
(``domain``), or when every alternative of a choice fails with the rest, case by case
within a ``Budget``.
"""

from __future__ import annotations

from collections.abc import Sequence

from hookc.cel.printer import to_text
from hookc.ir.expr import And, Expr, Literal, Or
from hookc.reasoning.domain import domain_of, empty_alone, is_empty
from hookc.reasoning.facts import Fact
from hookc.reasoning.glance import plain_paths, possible_path
from hookc.reasoning.requirements import Atom, Item, is_atom, split
from hookc.reasoning.values import UNKNOWN, Terms, never_bool
from hookc.runtime.values import CelError

# Case splits and sub-proofs one question may spend before the answer is "don't know".
BUDGET = 256


class Budget:
    """Work left for one question; when it runs out the answer is "don't know"."""

    def __init__(self, steps: int = BUDGET) -> None:
        self.steps = steps

    def spend(self) -> bool:
        self.steps -= 1
        return self.steps >= 0


def cannot_hold(atoms: Sequence[Atom]) -> str:
    texts = list(dict.fromkeys(f"`{atom.text()}`" for atom in atoms))
    if len(texts) == 1:
        return f"{texts[0]} can never hold"
    both = "both" if len(texts) == 2 else "all"
    return f"{', '.join(texts[:-1])} and {texts[-1]} cannot {both} hold"


class Refutation(Terms):
    """The second layer of ``Reasoner``: ``never_true`` and the refutation it is made of.
    ``Reasoner`` keeps the answers of ``never_true``, ``refuted_atom`` and
    ``unsatisfiable_together``."""

    def never_true(self, expr: Expr) -> str | None:
        """A reason why ``expr`` can evaluate to ``true`` in no context at all, or None.

        Laws, over the conjunction that "``expr`` is true" requires (``requirements``):
        - an atom that is constant and not the required bool (``false``, ``1 == 2``, a
          non-bool literal, ``1 / 0``), or that is never a bool (``x + 1``);
        - constraints on one term that no value meets: different constants (``x == 'a' &&
          x == 1``; ``x == 1 && x == 1.0`` is satisfiable, CEL equality is numeric), a constant
          outside a range or a list, empty ranges (``x > 5 && x < 3``: NaN fails both),
          ``x == c && x != c``, ``e && !e`` (``e`` is pinned to true and to false), ``has(x) &&
          x == null``, ``!has(x) && x == 1``;
        - a choice (``||``, a false ``&&``, ``?:``) fails iff every alternative fails with the
          rest of the conjunction.
        """
        if is_atom(expr):
            if possible_path(expr) is not None:
                return None
            return self.refuted_atom(Atom(expr, True))
        if type(expr) is And and plain_paths(expr) is not None:
            return None
        if type(expr) is Or and any(possible_path(op) is not None for op in expr.operands):
            # "`a || b` is true" is a choice of its operands, nothing beside it: `refute`
            # returns None on reaching an alternative that can be true alone.
            return None
        items = self.requirements(expr, True)
        if len(items) == 1 and isinstance(items[0], Atom):
            return self.refuted_atom(items[0])
        if self.independent(items):
            return None
        return self.refute(items, Budget())

    def refuted_atom(self, atom: Atom) -> str | None:
        """``never_true`` of one atom, kept per atom: the optimizer asks it of each operand of a
        conjunction that ``never_true`` has asked it of already (see ``independent``). It is
        ``refute((atom,), budget)``: one atom makes no case split, so a whole budget is not
        touched."""
        reason = self.impossible_atom(atom)
        if reason is not None:
            return reason
        facts = self.facts(atom)
        if len(facts) > 1 and len({fact.term for fact in facts}) < len(facts):
            return self.conflict((atom,))
        # Each fact alone on its term (the usual case: the compared term and the atom's own
        # value): ``conflict`` without grouping them, and a fact that leaves nothing needs no
        # other to make the contradiction.
        for fact in facts:
            if empty_alone(fact.constraint):
                return cannot_hold([atom])
        return None

    def independent(self, items: Sequence[Item]) -> bool:
        """Atoms only, no two of which constrain one term (``tool == 'Bash' && cost > 5``), and
        none refuted alone.

        Such a conjunction can be refuted only where one of its atoms can be alone: an atom is
        impossible alone or not at all, and each term's facts are those of the one atom that
        speaks of it. So when no atom is refuted alone, neither is the conjunction.
        """
        terms: set[Expr] = set()
        for item in items:
            if type(item) is not Atom or self.refuted_atom(item) is not None:
                return False
            for fact in self.facts(item):
                if fact.term in terms:
                    return False
                terms.add(fact.term)
        return True

    def refute(self, items: Sequence[Item], budget: Budget) -> str | None:
        """A reason why the requirements cannot all hold, or None (also when out of budget)."""
        if not budget.spend():
            return None
        atoms, choices = split(items)
        for atom in atoms:
            reason = self.impossible_atom(atom)
            if reason is not None:
                return reason
        reason = self.conflict(atoms)
        if reason is not None or not choices:
            return reason
        choice = min(choices, key=lambda c: len(c.alternatives))
        rest = [item for item in items if item is not choice]
        reasons: list[str] = []
        for alternative in choice.alternatives:
            reason = self.refute((*rest, *self.expand(alternative)), budget)
            if reason is None:
                return None
            reasons.append(reason)
        if not reasons:
            return f"`{choice.text()}` has no alternative"
        if len(reasons) == 1:
            return reasons[0]
        return f"no alternative of `{choice.text()}` can hold: " + "; ".join(dict.fromkeys(reasons))

    def impossible_atom(self, atom: Atom) -> str | None:
        value = self.constant_value(atom.expr)
        if value is UNKNOWN:
            if never_bool(atom.expr):
                return f"`{to_text(atom.expr)}` is never a boolean"
            return None
        if type(value) is bool:
            if value is atom.positive:
                return None
            if isinstance(atom.expr, Literal):
                # A bare constant, not quoted: `false` is always false says nothing, and the
                # reader may have made it of what the user wrote (Rye's leaf with an operator
                # Rye has not, which its own warning names); the finding points at it.
                return "a part of it is always false"
            return f"`{atom.text()}` is always false"
        if isinstance(value, CelError):
            return f"`{atom.text()}` is always an error ({value.message})"
        return f"`{to_text(atom.expr)}` is never a boolean"

    def unsatisfiable(self, facts: tuple[Fact, ...]) -> bool:
        """Whether no value meets every fact's constraint. Most terms of a condition carry one
        fact (`tool == 'Bash' && cost > 5`): that is decided without building a domain."""
        if len(facts) == 1:
            return empty_alone(facts[0].constraint)
        return self.unsatisfiable_together(facts)

        return False

    # A condition's facts are asked about again for each of its parts (the optimizer refutes
    # every operand it rewrites): the verdict on a term's facts is kept. A fact is keyed by its
    # atom, whose literals compare by CEL type (`x == 1` and `x == true` are different atoms),
    # and its constraint is made from the atom alone, so equal facts have equal verdicts.
    def unsatisfiable_together(self, facts: tuple[Fact, ...]) -> bool:
        return is_empty(domain_of([fact.constraint for fact in facts]))

    def conflict(self, atoms: Sequence[Atom]) -> str | None:
        for facts in self.facts_by_term(atoms).values():
            if self.unsatisfiable(tuple(facts)):
                # Drop what the contradiction does not need, so the message names its cause.
                needed = list(facts)
                for fact in facts:
                    fewer = [kept for kept in needed if kept is not fact]
                    if self.unsatisfiable(tuple(fewer)):
                        needed = fewer
                return cannot_hold([fact.atom for fact in needed])
        return None
