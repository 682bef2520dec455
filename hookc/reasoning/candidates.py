"""Which earlier conditions a condition might imply: an index that keeps the shadow check
(HK505) linear, for ``implies`` to decide each candidate it offers."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Collection

from hookc.ir.expr import And, Expr, Ident, Literal, children
from hookc.ir.hooks import Hook
from hookc.reasoning.engine import (
    _Atom,
    _canonical,
    _choices,
    _Constraint,
    _fact_terms,
    _facts,
    _is_atom,
    _kind,
    _OneOf,
    _plainly_possible,
    _requirements,
    _Scalar,
    _split,
    paths_read,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

_ValueClass: TypeAlias = "tuple[str, _Scalar]"


def _value_class(value: _Scalar) -> tuple[str, _Scalar]:
    """One key for CEL-equal safe constants (1 and 1.0 are the same class)."""
    if type(value) is str:  # most pinned values: tool names, codes
        return "string", value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return "number", float(value)
    return _kind(value), value


class EarlierConditions:
    """The earlier hooks of one event, indexed so that a hook meets only plausible shadows.

    A hook whose condition pins a term (``tool == 'Bash'``, ``tool in [...]``) can only be
    implied by a condition that pins the same term to some of the same values, so 10,000
    hooks on distinct tools cost about what 10 do. Other earlier hooks are worth asking
    about only if the new condition reads every path they read (no condition can be proved
    to imply one about a path it never reads) and, when they name strings, names one of
    them too (shadows among string conditions are almost always a repeated value, `tool ==
    'Bash'` before `tool == 'Bash' && ...`). At most ``_CANDIDATES`` of them, the nearest.
    These filters keep the check linear; they may skip a provable shadow (`x != 'a'` before
    `x == 'b'`), never invent one: ``implies`` decides every candidate.
    """

    def __init__(self) -> None:
        self._hooks: list[Hook] = []
        self._pin_term: dict[int, Expr] = {}
        self._pinned: dict[Expr, dict[_ValueClass, list[int]]] = {}
        self._pinned_count: dict[Expr, int] = {}
        self._classes: dict[int, frozenset[_ValueClass]] = {}
        # The pools of hooks by string are filled only when a question needs them (see
        # ``candidates``): most hooks pin a term every earlier hook of the event pins too,
        # and then no pool is asked, and no condition's strings or paths are read.
        self._paths: list[frozenset[Expr]] = []
        self._stringless: list[int] = []
        self._by_string: dict[str, list[int]] = {}

    def add(self, hook: Hook) -> None:
        position = len(self._hooks)
        self._hooks.append(hook)
        pin = _pin(_shape(hook.condition))
        if pin is None:
            return
        term, classes = pin
        self._pin_term[position] = term
        self._pinned_count[term] = self._pinned_count.get(term, 0) + 1
        self._classes[position] = classes
        by_class = self._pinned.setdefault(term, {})
        for value_class in classes:
            by_class.setdefault(value_class, []).append(position)

    def _pools(self, strings: tuple[str, ...]) -> list[list[int]]:
        """The earlier hooks that name no string, then those that name each of ``strings``
        (the index brought up to date first)."""
        for position in range(len(self._paths), len(self._hooks)):
            shape = _shape(self._hooks[position].condition)
            self._paths.append(shape.paths)
            if not shape.strings:
                self._stringless.append(position)
            for string in shape.strings:
                self._by_string.setdefault(string, []).append(position)
        return [self._stringless, *(self._by_string.get(s, []) for s in strings)]

    def _all_pinned_on(self, terms: Collection[Expr]) -> bool:
        """Whether every earlier hook pins one of ``terms``: no pool then holds a hook that
        ``candidates`` would take from it."""
        pinned = 0
        for term in terms:  # one, mostly: a loop, not a generator
            pinned += self._pinned_count[term]
        return pinned == len(self._hooks)

    def candidates(self, condition: Expr | None) -> list[Hook]:
        """Earlier hooks that ``condition`` might imply, in evaluation order."""
        shape = _shape(condition)
        found: set[int] = set()
        narrowed: set[Expr] = set()
        # A term the condition says nothing of is not narrowed: only its own terms count.
        for term, constraints in _constraints_on(shape, self._pinned).items():
            by_class = self._pinned[term]
            # Pinned to constants (and so never an error), or left to the general pools.
            choices = _choices(constraints)
            if choices is None:
                continue
            narrowed.add(term)
            classes = frozenset(map(_value_class, choices))
            if classes:
                first = next(iter(classes)) if len(classes) == 1 else min(classes, key=repr)
                earlier = by_class.get(first)
                if earlier:  # most pinned values are an earlier hook's of none
                    pinned = (p for p in reversed(earlier) if classes <= self._classes[p])
                    # Only the nearest `_CANDIDATES` of all can be kept.
                    found.update(itertools.islice(pinned, _CANDIDATES))
        # The pools skip every hook pinned on a narrowed term.
        if not self._all_pinned_on(narrowed):
            paths = shape.paths
            for pool in self._pools(shape.strings):
                taken = 0
                for position in reversed(pool):
                    if (
                        self._pin_term.get(position) in narrowed
                        or not self._paths[position] <= paths
                    ):
                        continue
                    found.add(position)
                    taken += 1
                    if taken == _CANDIDATES:
                        break
        if not found:
            return []  # most hooks: nothing earlier pins their values
        nearest = sorted(found)[-_CANDIDATES:]
        return [self._hooks[position] for position in nearest]


# How many earlier hooks one hook is compared with, at most (see ``EarlierConditions``).
_CANDIDATES = 8


class _Shape:
    """What the index reads of one condition: the atoms "it is true" requires, in order, as
    (expression, outcome) pairs (their facts are made only where a pin or a pinned term needs
    them), and, when a pool is asked, the paths it reads and the strings it names (sorted)."""

    __slots__ = ("_paths", "_strings", "atoms", "condition")

    def __init__(self, condition: Expr | None) -> None:
        self.condition = condition
        self.atoms = _top_atoms(condition)
        self._paths: frozenset[Expr] | None = None
        self._strings: tuple[str, ...] | None = None

    @property
    def paths(self) -> frozenset[Expr]:
        if self._paths is None:
            self._paths = paths_read(self.condition)
        return self._paths

    @property
    def strings(self) -> tuple[str, ...]:
        if self._strings is None:
            self._strings = tuple(sorted(_strings(self.condition)))
        return self._strings


@functools.lru_cache(maxsize=65536)  # each hook's, as a candidate and as an earlier hook
def _shape(condition: Expr | None) -> _Shape:
    return _Shape(condition)


def _top_atoms(condition: Expr | None) -> list[tuple[Expr, bool]]:
    """The atoms of ``_requirements(condition, True)``, in order. An atom, or a ``&&`` of
    atoms (most conditions), is its own list: ``_requirements`` would make one of each."""
    if condition is None:
        return []
    if _is_atom(condition):
        return [(condition, True)]
    if type(condition) is And and all(map(_is_atom, condition.operands)):
        return [(operand, True) for operand in condition.operands]
    return [(atom.expr, atom.positive) for atom in _split(_requirements(condition, True))[0]]


def _strings(condition: Expr | None) -> frozenset[str]:
    found: set[str] = set()
    stack = [] if condition is None else [condition]
    while stack:
        # Children read where they stand: constants and names (most nodes) are not stacked.
        for child in children(stack.pop()):
            kind = type(child)
            if kind is Literal:
                if isinstance(child.value, str):  # type: ignore[union-attr]
                    found.add(child.value)  # type: ignore[union-attr]
            elif kind is not Ident:  # names have no children
                stack.append(child)
    if type(condition) is Literal and isinstance(condition.value, str):
        found.add(condition.value)
    return frozenset(found)


def _constraints_on(shape: _Shape, terms: Collection[Expr]) -> dict[Expr, list[_Constraint]]:
    """What "the condition is true" says of each of ``terms`` it speaks of: the facts of its
    atoms by term (as ``implies`` reads them), for those terms alone. An atom's facts are on
    the part it tests and on itself (its canonical spelling): an atom whose part and
    spelling are known at a look (``_fact_terms``; a plain atom's path and spelling) and
    are neither among ``terms`` has none of them, and its facts are not made."""
    found: dict[Expr, list[_Constraint]] = {}
    if terms:
        for expr, positive in shape.atoms:
            known = _fact_terms(expr)
            if known is None:
                path = _plainly_possible(expr)
                if path is not None:
                    known = path, _canonical(expr, positive)[0]
            if known is not None and known[0] not in terms and known[1] not in terms:
                continue
            for fact in _facts(_Atom(expr, positive)):
                if fact.term in terms:
                    found.setdefault(fact.term, []).append(fact.constraint)
    return found


def _pin(shape: _Shape) -> tuple[Expr, frozenset[_ValueClass]] | None:
    """A term the condition pins to finitely many values, with their classes: the first
    such fact of its atoms, in order."""
    for expr, positive in shape.atoms:
        for fact in _facts(_Atom(expr, positive)):
            if isinstance(fact.constraint, _OneOf):
                return fact.term, frozenset(map(_value_class, fact.constraint.values))
    return None


CACHES = (_shape,)
