"""The optimizer (SPEC §6): rules that make conditions smaller and faster, never different.

Each rule is a pure function ``(node, mode, reasoner) -> node`` in a file of its own, with
the laws it applies in its docstring; ``tree.rewrite`` applies one to every node of a
condition, children first, each in the mode its place gives it (``tree.Mode``: which
outcomes are observed). The reasoner (``hookc.reasoning.Reasoner``) is the run's, asked by
the rules that reason about meaning (``complement``, ``ranges``). A hook's condition is
optimized in ``TRUTH`` mode: a hook fires iff its condition is true, so the optimized
condition is true in exactly the contexts where the original is.

An ``Optimizer`` is the optimizer of one run: it holds the run's reasoner and keeps its
results. ``hookc check`` and ``hookc compile`` make one per run and hand it to the logic
checks and to the back end, so that they share their answers; ``optimize`` and the other
functions make a new one when none is given. Nothing is kept at module level.

``RULES`` run in order at each node, children first, in rounds over the whole condition
until a round changes nothing (at most ``MAX_ROUNDS``). Levels: ``-O0`` leaves conditions
as written; ``-O1`` (the default) runs every rule but ``cost_order``; ``-O2`` also puts
cheap tests first.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace

from hookc.ir.expr import (
    NODE_TYPES,
    And,
    Binary,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Ident,
    Index,
    Literal,
    Or,
    Select,
    Unary,
)
from hookc.ir.hooks import Hook, HookSet
from hookc.optimize.absorb import absorb
from hookc.optimize.complement import complement
from hookc.optimize.cost_order import cost_order
from hookc.optimize.dedupe import dedupe
from hookc.optimize.flatten import flatten
from hookc.optimize.fold_constants import fold_constants
from hookc.optimize.independent import (
    independent_atoms,
    kept_apart,
    kept_operands,
    plainly_kept,
)
from hookc.optimize.membership import membership
from hookc.optimize.narrow import narrow
from hookc.optimize.ranges import ranges
from hookc.optimize.tree import Mode, Rule, rewrite
from hookc.reasoning import Reasoner

__all__ = [
    "LEVELS",
    "MAX_ROUNDS",
    "RULES",
    "Mode",
    "Optimized",
    "Optimizer",
    "is_plainly_kept",
    "optimize",
    "optimize_hooks",
    "optimize_hookset",
]

LEVELS = (0, 1, 2)
DEFAULT_LEVEL = 1
MAX_ROUNDS = 8


@dataclass(frozen=True, slots=True)
class Step:
    name: str
    rule: Rule
    level: int  # the lowest level that runs it
    # The node types its laws rewrite: it returns any other node as it is (a property test
    # holds each rule to it), so it is not asked about them.
    nodes: frozenset[type]
    # Whether it may change a chain of independent atoms (``independent``): a rule that may
    # not is not asked about one (a property test holds it to that).
    on_independent_chains: bool = False


_CHAINS = frozenset({And, Or})
_OPERATORS = frozenset(
    {Select, Index, Call, Unary, Binary, And, Or, Conditional, Has, Comprehension}
)

RULES: tuple[Step, ...] = (
    Step("flatten", flatten, 1, _CHAINS | {Unary}),
    Step("fold_constants", fold_constants, 1, _OPERATORS),
    Step("dedupe", dedupe, 1, _CHAINS),
    Step("absorb", absorb, 1, _CHAINS),
    Step("complement", complement, 1, _CHAINS),
    Step("narrow", narrow, 1, frozenset({And})),
    Step("ranges", ranges, 1, frozenset(NODE_TYPES) - {Literal, Ident}),
    Step("membership", membership, 1, _CHAINS),
    Step("cost_order", cost_order, 2, _CHAINS, on_independent_chains=True),
)


@dataclass(frozen=True, slots=True)
class Optimized:
    """A condition before and after, and the rules that changed it, in the order they
    first did."""

    before: Expr
    after: Expr
    fired: tuple[str, ...]


class Optimizer:
    """The optimizer of one run: the reasoner its rules ask (``reasoner``) and the results
    it keeps. Whoever starts a run makes one (``hookc check`` and ``hookc compile`` do, one
    per run) and hands it to the logic checks and to the back end's optimizing, so that each
    answers from what the other has worked out: ``hookc compile`` optimizes each condition
    for the logic checks and again for the back end, and hook files repeat conditions.
    Results are pure: a new optimizer gives the same ones, only slower."""

    def __init__(self, reasoner: Reasoner | None = None) -> None:
        self.reasoner = Reasoner() if reasoner is None else reasoner
        # Equal trees share one result (the IR is immutable): the memo of ``_rewrite``.
        self.rewritten = functools.lru_cache(maxsize=16384)(self._rewrite)
        # The conditions ``plainly_kept`` holds of in ``TRUTH`` mode (its only one), by
        # identity (see ``is_plainly_kept``).
        self.kept: dict[tuple[int, bool], Expr] = {}

    def optimize(
        self, expr: Expr, level: int = DEFAULT_LEVEL, mode: Mode = Mode.TRUTH
    ) -> Optimized:
        """``expr`` rewritten by the rules of ``level`` until nothing changes.

        An unchanged condition comes back as the same object. A changed one may carry the
        positions of an equal condition optimized before (results are shared, see
        ``rewritten``); positions take no part in IR equality.
        """
        if level not in LEVELS:
            raise ValueError(f"no optimization level {level!r}: choose one of {LEVELS}")
        if level == 0 or self.is_plainly_kept(expr, level, mode):
            return Optimized(expr, expr, ())
        after, fired = self.rewritten(expr, level, mode)
        return Optimized(expr, expr if after is expr or after == expr else after, fired)

    def is_plainly_kept(
        self, expr: Expr, level: int = DEFAULT_LEVEL, mode: Mode = Mode.TRUTH
    ) -> bool:
        """Whether ``expr`` is a plain condition (``reasoning.plain_paths``) that no rule of
        ``level`` changes in ``mode``, known at a look (``independent.plainly_kept``): most
        conditions are, and ``optimize`` answers them without ``rewritten``'s memo, which
        would hash them whole (most are seen once). ``hookc compile`` asks of each condition
        for the logic checks and again for the back end: a yes is kept by identity, found
        again for less than the look costs."""
        if mode is not Mode.TRUTH:
            return False  # (and the yeses kept below are all in this mode)
        reordering = bool(_steps_of(level)[2])
        key = (id(expr), reordering)
        kept = self.kept
        if kept.get(key) is expr:
            return True
        if not plainly_kept(expr, mode, reordering):
            return False
        if len(kept) >= _MOST_KEPT:
            kept.clear()
        kept[key] = expr  # which keeps the condition alive, and so its id its own
        return True

    def _rewrite(self, expr: Expr, level: int, mode: Mode) -> tuple[Expr, tuple[str, ...]]:
        steps, by_type, reordering = _steps_of(level)
        reasoner = self.reasoner
        fired: dict[str, None] = {}

        def every_rule(node: Expr, node_mode: Mode, kept: bool = False) -> Expr:
            # All rules at each node in one walk, in RULES order: a walk per rule would
            # visit every node nine times a round. Each rule is asked only of the node types
            # it rewrites (a rewritten node may be of another type, and then the later rules
            # are those of its type): constants and variables, a third of the nodes, meet
            # none. A chain of independent atoms, the commonest condition, meets only the
            # rules that may change one (of a chain with kept operands, ``kept``, that asks
            # ``kept_apart`` alone).
            kind = type(node)
            asked = by_type[kind]
            if (kind is And or kind is Or) and (
                kept_apart(node, reasoner)  # type: ignore[arg-type]
                if kept
                else independent_atoms(node, node_mode, reasoner)  # type: ignore[arg-type]
            ):
                asked = reordering
            for step in asked:
                new = step.rule(node, node_mode, reasoner)
                if new is not node and new != node:
                    fired[step.name] = None
                    if type(new) is not kind:
                        # Another type of node: the rest of the rules are the ones after
                        # this one that rewrite its type.
                        later = steps[steps.index(step) + 1 :]
                        return every_rule_from(new, node_mode, later)
                    node = new
            return node

        def every_rule_from(node: Expr, node_mode: Mode, later: list[Step]) -> Expr:
            for step in later:
                if type(node) not in step.nodes:
                    continue
                new = step.rule(node, node_mode, reasoner)
                if new is not node and new != node:
                    fired[step.name] = None
                    node = new
            return node

        current = expr
        for _ in range(MAX_ROUNDS):
            kind = type(current)
            if (kind is And or kind is Or) and kept_operands(current, mode, reasoner):  # type: ignore[arg-type]
                new = every_rule(current, mode, kept=True)  # nothing below the chain can change
            else:
                new = rewrite(current, mode, every_rule)
            if new is current or new == current:
                break
            current = new
        return current, tuple(fired)

    def optimize_hooks(
        self, hooks: tuple[Hook, ...], level: int = DEFAULT_LEVEL
    ) -> tuple[tuple[Hook, ...], tuple[tuple[Hook, Optimized], ...]]:
        """The hooks with their conditions optimized in ``TRUTH`` mode (hooks without one
        keep none), and each hook that has one with what the optimizer made of it."""
        results = tuple(
            (hook, self.optimize(hook.condition, level))
            for hook in hooks
            if hook.condition is not None
        )
        # A hook whose condition is unchanged is kept as it is (most are: no copy to make).
        after = {
            id(hook): result.after for hook, result in results if result.after is not result.before
        }
        optimized = tuple(
            replace(hook, condition=after[id(hook)]) if id(hook) in after else hook
            for hook in hooks
        )
        return optimized, results

    def optimize_hookset(self, hookset: HookSet, level: int = DEFAULT_LEVEL) -> HookSet:
        """``hookset`` with every hook's condition optimized (see ``optimize_hooks``)."""
        if level == 0:
            return hookset
        return replace(hookset, hooks=self.optimize_hooks(hookset.hooks, level)[0])


_MOST_KEPT = 16384


@functools.cache
def _steps_of(
    level: int,
) -> tuple[list[Step], dict[type, list[Step]], list[Step]]:
    """The steps of ``level`` in order; those that rewrite each node type; those that may
    change a chain of independent atoms."""
    steps = [step for step in RULES if 0 < step.level <= level]
    by_type: dict[type, list[Step]] = {
        kind: [step for step in steps if kind in step.nodes] for kind in NODE_TYPES
    }
    return steps, by_type, [step for step in steps if step.on_independent_chains]


# The functions below are ``Optimizer``'s methods on an optimizer of their own (a new one
# when none is given): for a caller that optimizes once; a run that optimizes and checks
# hands one optimizer to both.


def optimize(
    expr: Expr,
    level: int = DEFAULT_LEVEL,
    mode: Mode = Mode.TRUTH,
    optimizer: Optimizer | None = None,
) -> Optimized:
    """``expr`` rewritten by the rules of ``level`` until nothing changes
    (``Optimizer.optimize``)."""
    return (optimizer or Optimizer()).optimize(expr, level, mode)


def is_plainly_kept(
    expr: Expr,
    level: int = DEFAULT_LEVEL,
    mode: Mode = Mode.TRUTH,
    optimizer: Optimizer | None = None,
) -> bool:
    """Whether no rule of ``level`` changes ``expr`` in ``mode``, known at a look
    (``Optimizer.is_plainly_kept``)."""
    return (optimizer or Optimizer()).is_plainly_kept(expr, level, mode)


def optimize_hooks(
    hooks: tuple[Hook, ...], level: int = DEFAULT_LEVEL, optimizer: Optimizer | None = None
) -> tuple[tuple[Hook, ...], tuple[tuple[Hook, Optimized], ...]]:
    """The hooks with their conditions optimized (``Optimizer.optimize_hooks``)."""
    return (optimizer or Optimizer()).optimize_hooks(hooks, level)


def optimize_hookset(
    hookset: HookSet, level: int = DEFAULT_LEVEL, optimizer: Optimizer | None = None
) -> HookSet:
    """``hookset`` with every hook's condition optimized (``Optimizer.optimize_hookset``)."""
    return (optimizer or Optimizer()).optimize_hookset(hookset, level)
