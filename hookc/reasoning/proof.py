"""Always true and implies: the queries whether a condition evaluates to ``true`` in every
context, and whether one is true wherever another is. Both come down to refutation
(``refutation``): "``e`` never fails and can never be false", and "the premise's facts
leave the goal's atoms no way but to hold" or "the premise cannot hold at all".
"""

from __future__ import annotations

from collections.abc import Sequence

from hookc.cel.printer import to_text
from hookc.ir.expr import And, Conditional, Expr, Or, Unary
from hookc.reasoning.domain import Domain, domain_of, entails
from hookc.reasoning.glance import plainly_fallible
from hookc.reasoning.refutation import Budget, Refutation
from hookc.reasoning.requirements import Atom, Item, split
from hookc.reasoning.values import UNKNOWN

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Premise:
    """Requirements known to hold, worked out once for every question asked of them: their
    atoms and choices, the atoms' facts by term, the values each term is left with (made
    when first asked), and whether they contradict each other (decided at most once).

    ``implies`` keeps one per condition (``premise``): the shadow check asks each hook's
    condition whether it implies several earlier ones, and the optimizer asks the same
    conjunction about each of its operands. ``reasoner`` works out the facts and the
    refutation.
    """

    def __init__(
        self, reasoner: Refutation, items: Sequence[Item], refutation: Any = UNKNOWN
    ) -> None:
        self.reasoner = reasoner
        self.items = tuple(items)
        atoms, choices = split(self.items)
        self.choices = choices
        self.facts = reasoner.facts_by_term(atoms)
        self._domains: dict[Expr, Domain] = {}
        # `UNKNOWN` until decided. Once decided it stands for every later question: a
        # reason found is a reason; "none found" was found with at least the budget any
        # later step of the same question has left (budgets only shrink), and a premise
        # shared between questions (`premise`) is decided with a whole budget up front.
        self._refutation = refutation

    def domain(self, term: Expr) -> Domain:
        """The values ``term`` may take while the atoms hold."""
        found = self._domains.get(term)
        if found is None:
            found = domain_of([fact.constraint for fact in self.facts.get(term, ())])
            self._domains[term] = found
        return found

    def refutation(self, budget: Budget) -> str | None:
        """A reason why the requirements cannot all hold, or None."""
        if self._refutation is UNKNOWN:
            self._refutation = self.reasoner.refute(self.items, budget)
        result: str | None = self._refutation
        return result


class Proof(Refutation):
    """The third layer of ``Reasoner``: ``always_true`` and ``implies``, and the proofs
    they are made of. ``Reasoner`` keeps the answers of ``always_true`` and ``premise``."""

    def always_true(self, expr: Expr) -> str | None:
        """A reason why ``expr`` evaluates to ``true`` in every context, or None.

        Every context includes one missing every key, where a path is an error and an error is
        not true: ``x == x`` is not always true. Laws:
        - a constant that is ``true`` (``1 == 1``);
        - ``!e`` when ``e`` is always false; ``a && b`` when both are always true; ``a || b``
          when one is (``||`` absorbs errors from the other);
        - an expression that never fails (``has`` of a path, ``==`` of such, ``!``, ``&&``,
          ``||``) and can never be false, decided by refuting "it is false" (``has(x) ||
          !has(x)``); for ``||``, the same for its operands that never fail.
        """
        if plainly_fallible(expr):
            return None
        return self.always(expr, True, Budget(), last=True)

    def always(self, expr: Expr, value: bool, budget: Budget, last: bool = False) -> str | None:
        """A reason why ``expr`` evaluates to the bool ``value`` in every context. ``last``: no
        question asked after this one spends what it leaves of the budget."""
        constant = self.constant_value(expr)
        if constant is not UNKNOWN:
            return f"`{to_text(expr)}` is constant" if constant is value else None
        # Type tests, not a match: asked of every operand of every condition.
        kind = type(expr)
        if kind is Unary and expr.op == "!":  # type: ignore[union-attr]
            return self.always(expr.operand, not value, budget, last)  # type: ignore[union-attr]
        if kind is And or kind is Or:
            operands: tuple[Expr, ...] = expr.operands  # type: ignore[union-attr]
            if (kind is And) is value:
                # `&&` true, `||` false: every operand must be.
                reasons = []
                for operand in operands:
                    reason = self.always(operand, value, budget)
                    if reason is None and last and not self.is_total(operand):
                        # Not every operand, and no refutation of the whole (it may fail, see
                        # below): the answer is None, and the operands after this one could
                        # change only the budget, which no later question spends.
                        return None
                    reasons.append(reason)
                if all(reason is not None for reason in reasons):
                    return "; ".join(dict.fromkeys(r for r in reasons if r is not None))
            else:
                # `&&` false, `||` true: one operand decides, whatever the others are.
                for operand in operands:
                    reason = self.always(operand, value, budget)
                    if reason is not None:
                        return reason
                deciding = tuple(operand for operand in operands if self.is_total(operand))
                if 1 < len(deciding) < len(operands):
                    part = And(deciding) if kind is And else Or(deciding)
                    reason = self.by_refutation(part, value, budget)
                    if reason is not None:
                        return reason
        elif kind is Conditional:
            assert isinstance(expr, Conditional)
            if self.always(expr.condition, True, budget) is not None:
                return self.always(expr.then, value, budget)
            if self.always(expr.condition, False, budget) is not None:
                return self.always(expr.otherwise, value, budget)
        return self.by_refutation(expr, value, budget)

    def by_refutation(self, expr: Expr, value: bool, budget: Budget) -> str | None:
        """``expr`` never fails, and evaluating to ``not value`` is refuted."""
        if not self.is_total(expr):
            return None
        reason = self.refute(self.requirements(expr, not value), budget)
        if reason is None:
            return None
        opposite = "false" if value else "true"
        return f"`{to_text(expr)}` never fails and can never be {opposite}: {reason}"

    def implies(self, a: Expr | None, b: Expr | None) -> bool:
        """True only if ``b`` evaluates to true in every context where ``a`` does.

        ``None`` is "no condition", true everywhere. Laws (``a`` read as the conjunction it
        requires):
        - ``b`` is ``a``, or ``b`` is always true, or ``a`` is never true (vacuously);
        - ``b = b1 && b2``: ``a`` self.implies each; ``b = b1 || b2``: ``a`` self.implies one;
          ``a = a1 || a2``: each self.implies ``b`` (case split);
        - an atom of ``b`` holds when ``a`` pins its term inside it: ``a``'s constraints on
          the term (``x == 'a'``; ``x > 10``) leave only values that make the atom true
          (``x in ['a', 'b']``; ``x > 5``, ``x != 3``). Those constraints exclude errors, so
          a context where ``b``'s term is missing makes ``a`` not true as well.
        """
        if b is None:
            return True
        # Nodes keep their hashes: unequal ones tell unequal conditions apart without comparing
        # them node by node (the shadow check asks this of every candidate).
        if a is b or (a is not None and hash(a) == hash(b) and a == b):
            return True
        if self.always_true(b) is not None:
            return True
        if a is None:
            return False
        if self.never_true(a) is not None:
            return True
        return self.proves(self.premise(a), self.requirements(b, True), Budget())

    def premise(self, condition: Expr) -> Premise:
        """ "``condition`` is true" as a premise; asked only of conditions that ``never_true``
        could not refute with a whole budget, so no step of a question can refute it either."""
        items = self.requirements(condition, True)
        return Premise(self, items, refutation=self.never_true(condition))

    def proves(self, known: Premise, goals: Sequence[Item], budget: Budget) -> bool:
        """Whether the goals hold whenever every known requirement does; False when unsure."""
        if not budget.spend():
            return False
        pending: list[Item] = []
        for goal in goals:
            if isinstance(goal, Atom):
                if not self.settles(known, goal):
                    pending.append(goal)
            elif not any(self.proves(known, self.expand(alt), budget) for alt in goal.alternatives):
                pending.append(goal)
            if pending and not known.choices:
                break  # no case split to come: one goal left open is as good as all of them
        if not pending:
            return True
        if known.choices:
            choice = min(known.choices, key=lambda c: len(c.alternatives))
            rest = [item for item in known.items if item is not choice]
            return all(
                self.proves(Premise(self, (*rest, *self.expand(alternative))), pending, budget)
                for alternative in choice.alternatives
            )
        return known.refutation(budget) is not None

    def settles(self, known: Premise, goal: Atom) -> bool:
        """Whether the known facts leave the goal atom no way but to hold."""
        constant = self.constant_value(goal.expr)
        if constant is not UNKNOWN:
            return constant is goal.positive
        # A term the known facts say nothing of may be anything, an error included: no
        # constraint holds of all of that, so only the terms they speak of are looked at.
        # (A loop, not a generator: the shadow check asks this of every candidate's atoms.)
        facts = known.facts
        for fact in self.facts(goal):
            term = fact.term
            if fact.exact and term in facts and entails(known.domain(term), fact.constraint):
                return True
        return False
