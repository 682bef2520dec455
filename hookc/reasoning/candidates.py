"""Which earlier conditions a condition might imply: an index that keeps the shadow check
(HK505) linear, for ``implies`` to decide each candidate it offers."""

from __future__ import annotations

import itertools
from collections.abc import Collection

from hookc.ir.expr import And, Binary, Expr, Ident, List, Literal, children
from hookc.ir.hooks import Hook
from hookc.reasoning.domain import Constraint, OneOf, Scalar, choices_of, is_safe, kind_of
from hookc.reasoning.facts import Fact, atom_facts, canonical, fact_terms, literal_values
from hookc.reasoning.glance import possible_path
from hookc.reasoning.requirements import Atom, is_atom, split

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    from hookc.reasoning.reasoner import Reasoner

_ValueClass: TypeAlias = "tuple[str, Scalar]"


def _value_class(value: Scalar) -> tuple[str, Scalar]:
    """One key for CEL-equal safe constants (1 and 1.0 are the same class)."""
    if type(value) is str:  # most pinned values: tool names, codes
        return "string", value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return "number", float(value)
    return kind_of(value), value


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
    `x == 'b'`), never invent one: ``implies`` decides every candidate. ``reasoner``
    works out the requirements and the paths of each condition (the run's, which the check
    asks ``implies``).
    """

    def __init__(self, reasoner: Reasoner) -> None:
        self._reasoner = reasoner
        self._hooks: list[Hook] = []
        # Each hook's shape, made once (for its question, then for its place in the index):
        # a memo keyed by conditions would hash each whole, and most are seen once.
        self._shapes: list[_Shape] = []
        self._asked: _Shape | None = None  # the shape of the condition last asked about
        self._pin_term: dict[int, Expr] = {}
        self._pinned: dict[Expr, dict[_ValueClass, list[int]]] = {}
        self._pinned_count: dict[Expr, int] = {}
        self._pinned_kinds: set[type] = set()  # the node types of the pinned terms
        self._classes: dict[int, frozenset[_ValueClass]] = {}
        # The pools of hooks by string are filled only when a question needs them (see
        # ``candidates``): most hooks pin a term every earlier hook of the event pins too,
        # and then no pool is asked, and no condition's strings or paths are read.
        self._paths: list[frozenset[Expr]] = []
        self._stringless: list[int] = []
        self._by_string: dict[str, list[int]] = {}

    def _shape(self, condition: Expr | None) -> _Shape:
        asked = self._asked
        if asked is None or asked.condition is not condition:
            asked = self._asked = _Shape(condition, self._reasoner)
        return asked

    def add(self, hook: Hook) -> None:
        position = len(self._hooks)
        self._hooks.append(hook)
        shape = self._shape(hook.condition)
        self._shapes.append(shape)
        pin = shape.pin
        if pin is None:
            return
        term, classes = pin
        self._pin_term[position] = term
        self._pinned_count[term] = self._pinned_count.get(term, 0) + 1
        self._pinned_kinds.add(type(term))
        self._classes[position] = classes
        by_class = self._pinned.setdefault(term, {})
        for value_class in classes:
            by_class.setdefault(value_class, []).append(position)

    def _pools(self, strings: tuple[str, ...]) -> list[list[int]]:
        """The earlier hooks that name no string, then those that name each of ``strings``
        (the index brought up to date first)."""
        for position in range(len(self._paths), len(self._hooks)):
            shape = self._shapes[position]
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

    def _pins_apart(self, shape: _Shape) -> bool:
        """Whether ``candidates`` would find nothing, known from the condition's pin alone
        (most hooks: `tool == 'Bash'` after hooks on other tools): every earlier hook pins
        the term it pins, to values of no class it pins it to.

        Why: then that term is the only one pinned, and the condition's first constraint
        ``OneOf`` on it is its pin (the first of its atoms' facts that is one), so the term
        is narrowed and no pool is asked, and its choices are some of the pin's values, of
        whose classes no earlier hook has one. A Hypothesis test holds ``candidates`` to
        the general path."""
        pin = shape.pin
        if pin is None:
            return False
        term, classes = pin
        by_class = self._pinned.get(term)
        if by_class is None or self._pinned_count[term] != len(self._hooks):
            return False
        return not any(map(by_class.__contains__, classes))

    def candidates(self, condition: Expr | None) -> list[Hook]:
        """Earlier hooks that ``condition`` might imply, in evaluation order."""
        shape = self._shape(condition)
        if self._pins_apart(shape):
            return []
        found: set[int] = set()
        narrowed: set[Expr] = set()
        # A term the condition says nothing of is not narrowed: only its own terms count.
        on_pinned = _constraints_on(shape, self._pinned, self._pinned_kinds)
        for term, constraints in on_pinned.items():
            by_class = self._pinned[term]
            # Pinned to constants (and so never an error), or left to the general pools.
            choices = choices_of(constraints)
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


_NOT_YET: Any = object()  # a shape's pin not worked out yet (None: it has none)


class _Shape:
    """What the index reads of one condition: the atoms "it is true" requires, in order, as
    (expression, outcome) pairs, the facts of each (made only where a pin or a pinned term
    needs them, once), and, when a pool is asked, the paths it reads and the strings it
    names (sorted)."""

    __slots__ = ("_atoms", "_facts", "_paths", "_pin", "_reasoner", "_strings", "condition")

    def __init__(self, condition: Expr | None, reasoner: Reasoner) -> None:
        self.condition = condition
        self._reasoner = reasoner
        self._atoms: list[tuple[Expr, bool]] | None = None
        self._facts: dict[int, tuple[Fact, ...]] = {}
        self._pin: Any = _NOT_YET
        self._paths: frozenset[Expr] | None = None
        self._strings: tuple[str, ...] | None = None

    @property
    def atoms(self) -> list[tuple[Expr, bool]]:
        """``_top_atoms`` of the condition, made when first asked (most hooks' pins are read
        off their first atom: ``_pin``)."""
        if self._atoms is None:
            self._atoms = _top_atoms(self.condition, self._reasoner)
        return self._atoms

    def facts(self, position: int) -> tuple[Fact, ...]:
        """The facts of the atom at ``position``: ``Reasoner.facts``'s, made without its memo (the
        index reads each hook's atoms once; the memo would hash each atom whole)."""
        found = self._facts.get(position)
        if found is None:
            expr, positive = self.atoms[position]
            found = self._facts[position] = atom_facts(Atom(expr, positive))
        return found

    @property
    def pin(self) -> tuple[Expr, frozenset[_ValueClass]] | None:
        """``_pin`` of the condition, worked out once (its question, then its place)."""
        if self._pin is _NOT_YET:
            self._pin = _pin(self)
        found: tuple[Expr, frozenset[_ValueClass]] | None = self._pin
        return found

    @property
    def paths(self) -> frozenset[Expr]:
        if self._paths is None:
            self._paths = self._reasoner.paths_read(self.condition)
        return self._paths

    @property
    def strings(self) -> tuple[str, ...]:
        if self._strings is None:
            self._strings = tuple(sorted(_strings(self.condition)))
        return self._strings


def _top_atoms(condition: Expr | None, reasoner: Reasoner) -> list[tuple[Expr, bool]]:
    """The atoms of ``requirements(condition, True)``, in order. An atom, or a ``&&`` of
    atoms (most conditions), is its own list: ``requirements`` would make one of each."""
    if condition is None:
        return []
    if is_atom(condition):
        return [(condition, True)]
    if type(condition) is And and all(map(is_atom, condition.operands)):
        return [(operand, True) for operand in condition.operands]
    return [(atom.expr, atom.positive) for atom in split(reasoner.requirements(condition, True))[0]]


def _first_atom(condition: Expr | None) -> Expr | None:
    """The first of ``_top_atoms(condition)`` where it is required true and known at a
    look: the condition, an atom; or the first operand of a ``&&``, an atom (``requirements``
    lists the operands' requirements in order, and an atom's is itself). Else None."""
    if condition is None:
        return None
    if is_atom(condition):
        return condition
    if type(condition) is And:
        operands = condition.operands
        if operands and is_atom(operands[0]):
            return operands[0]
    return None


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


def _constraints_on(
    shape: _Shape, terms: Collection[Expr], kinds: Collection[type] | None = None
) -> dict[Expr, list[Constraint]]:
    """What "the condition is true" says of each of ``terms`` it speaks of: the facts of its
    atoms by term (as ``implies`` reads them), for those terms alone. An atom's facts are on
    the part it tests and on itself (its canonical spelling): an atom whose part and
    spelling are known at a look (``fact_terms``; a plain atom's path and spelling) and
    are neither among ``terms`` has none of them, and its facts are not made.

    ``kinds``: the node types of ``terms``, where the caller keeps them. A spelling of a
    type that no term has is not among them, known without hashing it (the first hash of
    a node costs its whole tree: most terms are paths, most spellings comparisons)."""
    found: dict[Expr, list[Constraint]] = {}
    if terms:
        if kinds is None:
            kinds = {type(term) for term in terms}
        for position, (expr, positive) in enumerate(shape.atoms):
            known = fact_terms(expr)
            if known is None:
                path = possible_path(expr)
                if path is not None:
                    known = path, canonical(expr, positive)[0]
            if (
                known is not None
                and known[0] not in terms
                and (type(known[1]) not in kinds or known[1] not in terms)
            ):
                continue
            for fact in shape.facts(position):
                term = fact.term
                if type(term) in kinds and term in terms:
                    found.setdefault(term, []).append(fact.constraint)
    return found


def _pin(shape: _Shape) -> tuple[Expr, frozenset[_ValueClass]] | None:
    """A term the condition pins to finitely many values, with their classes: the first
    such fact of its atoms, in order."""
    first = _first_atom(shape.condition)
    if first is not None:
        pinned = _plainly_pinned(first)
        if pinned is not None:
            return pinned
    for position in range(len(shape.atoms)):
        for fact in shape.facts(position):
            if isinstance(fact.constraint, OneOf):
                return fact.term, frozenset(map(_value_class, fact.constraint.values))
    return None


def _plainly_pinned(atom: Expr) -> tuple[Expr, frozenset[_ValueClass]] | None:
    """``_pin`` of a condition whose first atom, required true, is ``term == c`` or ``term
    in [c1, c2]`` (``term`` no constant; ``c`` constants, none NaN, each ``is_safe``),
    read off the atom: its first fact is then ``OneOf`` those constants, on ``term``
    (``facts.atom_facts``), without making the facts. Else None (and ``_pin`` makes them). A
    Hypothesis test holds ``_pin`` to the facts."""
    if type(atom) is not Binary:
        return None
    assert isinstance(atom, Binary)
    op, term, right = atom.op, atom.left, atom.right
    if type(term) is Literal:
        return None
    if op == "==" and type(right) is Literal:
        values: tuple[Scalar, ...] = (right.value,)
    elif op == "in" and type(right) is List:
        found = literal_values(right.items)
        if found is None:
            return None
        values = found
    else:
        return None
    for value in values:  # mostly one: a loop, not a generator
        if value != value or not is_safe(value):
            return None
    return term, frozenset(map(_value_class, values))
