"""The reasoning about conditions that ``hookc check`` and the optimizer share: whether a
condition can never be true (``never_true``), is always true (``always_true``), or is true
whenever another is (``implies``), and whether it always evaluates to a bool (``is_total``).

Every verdict must hold under SPEC §2: a condition evaluates to true, to false or to an error
(a missing key, a type with no operator), ``&&``/``||`` absorb errors the way Kleene's logic
absorbs "unknown", ``==`` is CEL's heterogeneous equality, and NaN compares false with
everything. A hook fires iff its condition is exactly ``true``. So the laws here reason about
"evaluates to true" and "evaluates to false" as two separate outcomes, and never treat "not
true" as "false". They are incomplete on purpose: whatever they do not understand could be
true, false or an error, and then they say nothing.

The machinery, in order:

- ``_requirements`` turns "``e`` evaluates to true (or false)" into a conjunction of atoms and
  choices (negation pushed inward; exact for both outcomes).
- ``_facts`` reads each atom as constraints on the value of one sub-expression, its *term*
  (``x > 5`` constrains ``x``; every atom also pins its own value to a bool).
- ``_Domain`` over-approximates the values a term can take under some constraints; empty
  means a contradiction (``never_true``), contained in a constraint means entailment
  (``implies``).
- ``_refute`` and ``_proves`` split choices case by case, within a budget.

It imports neither the checks nor the optimizer: both import it.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Iterable, Sequence

from hookc.cel.catalog import GLOBAL_FUNCTIONS, METHODS
from hookc.cel.evaluator import evaluate
from hookc.cel.printer import to_text
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Map,
    Or,
    Select,
    Unary,
    children,
    path_steps,
)
from hookc.records import field, record, replace
from hookc.runtime.values import CelError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

_Scalar: TypeAlias = "int | float | str | bool | None"

# Case splits and sub-proofs one question may spend before the answer is "don't know".
_BUDGET = 256


# -- requirements: what "e evaluates to true/false" asks of its parts -------------------------


@record(slots=True)
class _Atom:
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


@record(slots=True)
class _Choice:
    """At least one alternative holds; each alternative is a conjunction of requirements.

    Alternatives stay unexpanded until a case split needs them, so nested conditionals
    cost nothing until they are looked at.
    """

    alternatives: tuple[tuple[_Atom, ...], ...]
    source: _Atom

    def text(self) -> str:
        return self.source.text()


_Item: TypeAlias = "_Atom | _Choice"


@functools.lru_cache(maxsize=65536)
def _requirements(expr: Expr, positive: bool) -> tuple[_Item, ...]:
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
    """
    # Type tests, not a match: asked of every condition and each of its operands.
    kind = type(expr)
    if kind is And or kind is Or:
        operands: tuple[Expr, ...] = expr.operands  # type: ignore[union-attr]
        if (kind is And) is positive:
            # An operand that is an atom (most are) is one without asking the memo.
            items: list[_Item] = []
            for operand in operands:
                if _is_atom(operand):
                    items.append(_Atom(operand, positive))
                else:
                    items.extend(_requirements(operand, positive))
            return tuple(items)
        one_each = tuple((_Atom(operand, positive),) for operand in operands)
        return (_Choice(one_each, _Atom(expr, positive)),)
    if kind is Unary and expr.op == "!":  # type: ignore[union-attr]
        return _requirements(expr.operand, not positive)  # type: ignore[union-attr]
    if kind is Conditional:
        assert isinstance(expr, Conditional)
        alternatives: tuple[tuple[_Atom, ...], ...] = (
            (_Atom(expr.condition, True), _Atom(expr.then, positive)),
            (_Atom(expr.condition, False), _Atom(expr.otherwise, positive)),
        )
        return (_Choice(alternatives, _Atom(expr, positive)),)
    return (_Atom(expr, positive),)


def _is_atom(expr: Expr) -> bool:
    """Whether ``_requirements`` leaves ``expr`` whole, as one atom, for either outcome."""
    kind = type(expr)
    if kind is And or kind is Or or kind is Conditional:
        return False
    return kind is not Unary or expr.op != "!"  # type: ignore[union-attr]


def _expand(atoms: Iterable[_Atom]) -> tuple[_Item, ...]:
    return tuple(item for atom in atoms for item in _requirements(atom.expr, atom.positive))


def _split(items: Sequence[_Item]) -> tuple[list[_Atom], list[_Choice]]:
    atoms = [item for item in items if isinstance(item, _Atom)]
    choices = [item for item in items if isinstance(item, _Choice)]
    return atoms, choices


# -- constraints on one term --------------------------------------------------------------------

_UNIVERSE = frozenset({"number", "string", "bool", "null", "list", "map", "other"})
_KINDS = tuple(sorted(_UNIVERSE))  # the same kinds in a fixed order, to go through them
_NOT_NULL = _UNIVERSE - {"null"}
_ORDERED = frozenset({"number", "string", "bool"})
_ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_OPPOSITE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}
# Within ±2**53 every int is exactly a double.
_EXACT = 2**53


@record(slots=True)
class _OneOf:
    """The term is CEL-equal to one of ``values`` (so not an error)."""

    values: tuple[_Scalar, ...]


@record(slots=True)
class _NoneOf:
    """The term is not an error and is CEL-equal to none of ``values``."""

    values: tuple[_Scalar, ...]


@record(slots=True)
class _Compare:
    """The term compares with ``bound`` (same kind) and ``term op bound`` holds, or it is NaN
    and ``nan_ok`` (what ``!(x < 5)`` allows: NaN compares false with everything)."""

    op: str
    bound: _Scalar
    nan_ok: bool


@record(slots=True)
class _KindIn:
    """The term is not an error and its kind is one of ``kinds``."""

    kinds: frozenset[str]


@record(slots=True)
class _ErrorOrNull:
    """The term is an error or null: what ``!has(path)`` says of ``path``."""


_Constraint: TypeAlias = "_OneOf | _NoneOf | _Compare | _KindIn | _ErrorOrNull"


@record(slots=True)
class _Fact:
    """A constraint on ``term`` that ``atom`` implies; ``exact`` if it implies the atom too."""

    term: Expr
    constraint: _Constraint
    atom: _Atom
    exact: bool


# The kind of each exact type a constant has (asked of every constant in every domain).
_KIND_OF_TYPE = {bool: "bool", int: "number", float: "number", str: "string", type(None): "null"}


def _kind(value: _Scalar) -> str:
    kind = _KIND_OF_TYPE.get(type(value))
    if kind is not None:
        return kind
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else "null"


def _is_nan(value: _Scalar) -> bool:
    # Exact types first: every fact asks it of its constants, nearly all strings.
    kind = type(value)
    if kind is str:
        return False
    return (kind is float or isinstance(value, float)) and math.isnan(value)  # type: ignore[arg-type]


def _is_safe(value: _Scalar) -> bool:
    """Whether CEL compares ``value`` with every int and double as the real number it is.

    CEL compares an int with a double by converting the int to a double, which rounds past
    2**53: ``9007199254740993 == 9007199254740992.0`` is true. Ints up to 2**53 convert
    exactly, and a double below 2**53 in magnitude compares with any int as on the real line
    (an int that rounds is itself beyond 2**53). Constants outside that range only tell us
    the term's kind.
    """
    kind = type(value)
    if kind is str or kind is bool or value is None:  # most constants: no isinstance chain
        return True
    if isinstance(value, bool) or not isinstance(value, int | float):
        return True
    if isinstance(value, int):
        return abs(value) <= _EXACT
    return math.isfinite(value) and abs(value) < _EXACT


def _same(left: _Scalar, right: _Scalar) -> bool:
    """CEL equality of two safe scalars: kinds first (``true != 1``), then the value."""
    return _kind(left) == _kind(right) and left == right


def _literal_values(items: Iterable[Expr]) -> tuple[_Scalar, ...] | None:
    values: list[_Scalar] = []
    for item in items:
        if not isinstance(item, Literal):
            return None
        values.append(item.value)
    return tuple(values)


def _atom_facts(atom: _Atom) -> tuple[_Fact, ...]:
    """Constraints ``atom`` puts on terms: on the compared sub-expression where the atom is
    a comparison with a constant, ``in``, ``contains`` or ``has``, and always on the atom's
    own value (``e`` is true means ``e`` equals ``true``). Evaluation is deterministic and
    every atom of a conjunction sees the same context, so a term has one value throughout.
    ``_facts`` keeps them by atom.
    """
    fact = _term_fact(atom)
    key, positive = _canonical(atom.expr, atom.positive)
    if isinstance(key, Literal):
        return () if fact is None else (fact,)
    own = _Fact(key, _IS_TRUE if positive else _IS_FALSE, atom, exact=True)
    return (own,) if fact is None else (fact, own)


# Kept: the shadow check asks about the same atoms once per candidate pair. (Its index of
# earlier conditions reads each hook's atoms once, without the memo: see `candidates`.)
_facts = functools.lru_cache(maxsize=65536)(_atom_facts)


def _fact_terms(expr: Expr) -> tuple[Expr, Expr] | None:
    """Where one look tells them, the terms the facts of the atom ``expr`` (either outcome)
    can be on: a non-constant compared with a constant on its right (not ``!=``), or ``in``
    anything, tests its left operand; ``has`` tests its path; and each is its own canonical
    spelling. Else None. A Hypothesis test holds it to ``_facts``."""
    kind = type(expr)
    if kind is Binary:
        assert isinstance(expr, Binary)
        op = expr.op
        if type(expr.left) is not Literal and (
            op == "in" or (op in _SPELLED_AS_WRITTEN and type(expr.right) is Literal)
        ):
            return expr.left, expr
    elif kind is Has:
        return expr.path, expr  # type: ignore[union-attr]
    return None


_SPELLED_AS_WRITTEN = frozenset({"==", "<", "<=", ">", ">="})


# What every atom says of its own value (one of each, shared: constraints are immutable).
_IS_TRUE = _OneOf((True,))
_IS_FALSE = _OneOf((False,))


def _term_fact(atom: _Atom) -> _Fact | None:
    """The constraint ``atom`` puts on the sub-expression it tests, if it tests one."""
    # Type tests, not a match: every atom of every condition is read here once.
    expr = atom.expr
    kind = type(expr)
    if kind is Binary:
        assert isinstance(expr, Binary)
        op, left, right = expr.op, expr.left, expr.right
        if op in _MIRROR:
            if type(right) is Literal and type(left) is not Literal:
                return _relation_fact(left, op, right.value, atom)
            if type(left) is Literal and type(right) is not Literal:
                return _relation_fact(right, _MIRROR[op], left.value, atom)
        elif op == "in" and type(right) is List and type(left) is not Literal:
            values = _literal_values(right.items)
            if values is not None:
                return _membership_fact(left, values, atom)
    elif kind is Call:
        assert isinstance(expr, Call)
        target, args = expr.target, expr.args
        if (
            expr.function == "contains"
            and type(target) is List
            and len(args) == 1
            and type(args[0]) is not Literal
        ):
            values = _literal_values(target.items)
            if values is not None:
                return _membership_fact(args[0], values, atom)
    elif kind is Has:
        assert isinstance(expr, Has)
        # has(p) is true iff p evaluates to a value that is not null (has() resolves a
        # path exactly as evaluation does, with "missing" for an error), false iff p is
        # an error or null.
        constraint = _KindIn(_NOT_NULL) if atom.positive else _ErrorOrNull()
        return _Fact(expr.path, constraint, atom, exact=True)
    return None


def _relation_fact(term: Expr, op: str, value: _Scalar, atom: _Atom) -> _Fact:
    """``term op value`` evaluating to ``atom.positive``, as a constraint on ``term``.

    ``==``/``!=`` never fail on values, so false means "not an error and not equal".
    An ordering is false only for comparable operands (else it is an error), and for a NaN
    term: hence ``nan_ok`` on the negated form. Ordering with null is always an error.
    """
    if op in ("==", "!="):
        equal = (op == "==") is atom.positive
        if _is_nan(value):  # nothing equals NaN: `x == NaN` is false, `x != NaN` true
            return _Fact(term, _OneOf(()) if equal else _KindIn(_UNIVERSE), atom, exact=True)
        if not _is_safe(value):
            kinds = frozenset({_kind(value)}) if equal else _UNIVERSE
            return _Fact(term, _KindIn(kinds), atom, exact=False)
        constraint: _Constraint = _OneOf((value,)) if equal else _NoneOf((value,))
        return _Fact(term, constraint, atom, exact=True)
    kind = _kind(value)
    if kind == "null":
        return _Fact(term, _KindIn(frozenset()), atom, exact=True)
    if _is_nan(value):  # every number compares false with NaN; other kinds are errors
        kinds = frozenset() if atom.positive else frozenset({"number"})
        return _Fact(term, _KindIn(kinds), atom, exact=True)
    if not _is_safe(value):
        return _Fact(term, _KindIn(frozenset({kind})), atom, exact=False)
    order = op if atom.positive else _OPPOSITE[op]
    return _Fact(term, _Compare(order, value, nan_ok=not atom.positive), atom, exact=True)


def _membership_fact(term: Expr, values: tuple[_Scalar, ...], atom: _Atom) -> _Fact:
    """``term in [c1, c2]``: membership is CEL equality with some element (a list literal
    of constants never fails). NaN elements equal nothing, so dropping them is exact."""
    values = tuple(value for value in values if not _is_nan(value))
    if all(_is_safe(value) for value in values):
        constraint: _Constraint = _OneOf(values) if atom.positive else _NoneOf(values)
        return _Fact(term, constraint, atom, exact=True)
    if atom.positive:
        return _Fact(term, _KindIn(frozenset(map(_kind, values))), atom, exact=False)
    safe = tuple(value for value in values if _is_safe(value))
    return _Fact(term, _NoneOf(safe), atom, exact=False)


def _canonical(expr: Expr, positive: bool) -> tuple[Expr, bool]:
    """One spelling for atoms that are true together: ``a != b`` is true iff ``a == b`` is
    false (both fail exactly when an operand does), ``a > b`` is ``b < a``, and ``==`` is
    symmetric. Errors are errors whichever operand raised them.

    The spelling is the one most atoms are written in, so that most are their own and no
    node is made for them: a constant compared with anything else goes on the right
    (``tool == 'Bash'``, ``cost > 5``); otherwise ``==`` puts the operand that prints first
    first, and ``>``, ``>=`` become ``<``, ``<=``.
    """
    if type(expr) is not Binary:
        return expr, positive
    assert isinstance(expr, Binary)
    op, left, right = expr.op, expr.left, expr.right
    if op == "!=":
        op, positive = "==", not positive
    elif op not in _MIRROR:
        return expr, positive
    constant_left = type(left) is Literal
    if constant_left is not (type(right) is Literal):
        swap = constant_left
    elif op == "==":
        swap = _prints_before(right, left)
    else:
        swap = op == ">" or op == ">="
    if swap:
        return Binary(_MIRROR[op], right, left), positive
    return (expr if op == expr.op else Binary(op, left, right)), positive


def _prints_before(first: Expr, second: Expr) -> bool:
    """``to_text(first) < to_text(second)``, read off the first characters where they differ
    and are known without printing (``tool == 'Bash'``: a name against a quote)."""
    a, b = _first_character(first), _first_character(second)
    if a and b and a != b:
        return a < b
    return to_text(first) < to_text(second)


def _first_character(expr: Expr) -> str:
    """The first character of ``to_text(expr)`` for a string constant (a quote) or a path
    (its name's), else ``''`` (not known without printing)."""
    if type(expr) is Literal:
        return "'" if type(expr.value) is str else ""
    steps = path_steps(expr)
    return "" if steps is None else steps[0][:1]


# -- domains: the values a term may still take ------------------------------------------------


@record(slots=True)
class _Interval:
    """A convex set of numbers (ints and doubles on one real line) or of strings.

    Bounds are of one kind; ``None`` is unbounded. Emptiness is decided only when a bound
    crosses the other: an open interval between adjacent doubles or strings counts as
    non-empty, which errs on the side of "could be true".
    """

    low: Any = None
    low_closed: bool = False
    high: Any = None
    high_closed: bool = False

    def meet(self, op: str, bound: Any) -> _Interval:
        """The part of the interval where ``value op bound`` holds."""
        closed = op in ("<=", ">=")
        if op in ("<", "<="):
            if self.high is None or bound < self.high:
                return replace(self, high=bound, high_closed=closed)
            if bound == self.high:
                return replace(self, high_closed=self.high_closed and closed)
            return self
        if self.low is None or bound > self.low:
            return replace(self, low=bound, low_closed=closed)
        if bound == self.low:
            return replace(self, low_closed=self.low_closed and closed)
        return self

    def is_empty(self) -> bool:
        if self.low is None or self.high is None:
            return False
        if self.low == self.high:
            return not (self.low_closed and self.high_closed)
        return bool(self.low > self.high)

    def point(self) -> tuple[Any, ...]:
        """``(p,)`` if the interval is exactly ``{p}``, else ``()``."""
        single = self.low is not None and self.low == self.high and not self.is_empty()
        return (self.low,) if single else ()

    def contains(self, value: Any) -> bool:
        above = self.low is None or self.low < value or (self.low == value and self.low_closed)
        below = self.high is None or value < self.high or (self.high == value and self.high_closed)
        return above and below

    def within(self, op: str, bound: Any) -> bool:
        """Whether every member ``v`` satisfies ``v op bound``."""
        if self.is_empty():
            return True
        if op in ("<", "<="):
            if self.high is None:
                return False
            return bool(
                self.high < bound or (self.high == bound and (op == "<=" or not self.high_closed))
            )
        if self.low is None:
            return False
        return bool(self.low > bound or (self.low == bound and (op == ">=" or not self.low_closed)))


@record(slots=True)
class _Domain:
    """An over-approximation of the values a term may take while some constraints hold.

    ``may_error``: the term may be an error (only ``!has(p)`` allows one). ``kinds``: the
    kinds its values may have. ``choices``: when ``==`` or ``in`` pins the term, the
    constants that pass every other constraint, each standing for every value CEL-equal to
    it (with safe constants all those values pass the same constraints). Otherwise, per
    kind: an interval of numbers plus NaN when ``nan``, an interval of strings, a set of
    bools, all minus ``excluded``.
    """

    may_error: bool
    kinds: frozenset[str]
    choices: tuple[_Scalar, ...] | None
    numbers: _Interval
    nan: bool
    strings: _Interval
    bools: frozenset[bool]
    excluded: tuple[_Scalar, ...]
    # The kinds of which the domain may hold a (non-error) value, in `_KINDS` order: what
    # every question asked of the domain starts with, worked out once.
    live: tuple[str, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        live = tuple(kind for kind in _KINDS if _part_nonempty(self, kind))
        object.__setattr__(self, "live", live)


def _allowed_kinds(constraint: _Constraint) -> frozenset[str]:
    match constraint:
        case _OneOf(values=values):
            return frozenset(map(_kind, values))
        case _Compare(bound=bound):
            kind = _kind(bound)
            return frozenset({kind}) if kind in _ORDERED else frozenset()
        case _KindIn(kinds=kinds):
            return kinds
        case _ErrorOrNull():
            return frozenset({"null"})
    return _UNIVERSE


def _holds(value: _Scalar, constraint: _Constraint) -> bool:
    """Whether a safe constant (and so every value CEL-equal to it) meets ``constraint``."""
    match constraint:
        case _OneOf(values=values):
            return any(_same(value, other) for other in values)
        case _NoneOf(values=values):
            return not any(_same(value, other) for other in values)
        case _Compare(op=op, bound=bound):
            kind = _kind(value)
            return kind == _kind(bound) and kind in _ORDERED and _ORDER[op](value, bound)
        case _KindIn(kinds=kinds):
            return _kind(value) in kinds
    return value is None  # _ErrorOrNull


def _domain(constraints: Sequence[_Constraint]) -> _Domain:
    kinds = _UNIVERSE
    numbers = strings = _Interval()
    nan = True
    bools = frozenset({False, True})
    excluded: list[_Scalar] = []
    for constraint in constraints:
        kinds &= _allowed_kinds(constraint)
        match constraint:
            case _Compare(op=op, bound=bound, nan_ok=nan_ok):
                kind = _kind(bound)
                if kind == "number":
                    numbers, nan = numbers.meet(op, bound), nan and nan_ok
                elif kind == "string":
                    strings = strings.meet(op, bound)
                elif kind == "bool":
                    bools = frozenset(b for b in bools if _ORDER[op](b, bound))
            case _NoneOf(values=values):
                excluded.extend(values)
    return _Domain(
        may_error=all(isinstance(c, _ErrorOrNull) for c in constraints),
        kinds=kinds,
        choices=_choices(constraints),
        numbers=numbers,
        nan=nan,
        strings=strings,
        bools=bools,
        excluded=tuple(excluded),
    )


def _choices(constraints: Sequence[_Constraint]) -> tuple[_Scalar, ...] | None:
    """``_domain(constraints).choices``: where ``==`` or ``in`` pins the term, the distinct
    constants of the first such constraint that meet all of them; else None."""
    if len(constraints) == 1:
        # The shadow index asks this of `x == c` alone, mostly: `c` meets it unless NaN.
        only = constraints[0]
        if type(only) is _OneOf and len(only.values) == 1:
            value = only.values[0]
            return only.values if value == value else ()
    return _all_choices(constraints)


def _all_choices(constraints: Sequence[_Constraint]) -> tuple[_Scalar, ...] | None:
    """``_choices`` worked out in full."""
    for pinned in constraints:
        if isinstance(pinned, _OneOf):
            values = pinned.values
            return tuple(
                value
                for i, value in enumerate(values)
                if not any(_same(value, earlier) for earlier in values[:i])
                and all(_holds(value, constraint) for constraint in constraints)
            )
    return None


def _is_excluded(domain: _Domain, value: _Scalar) -> bool:
    return any(_same(value, other) for other in domain.excluded)


def _live_bools(domain: _Domain) -> list[bool]:
    return [b for b in sorted(domain.bools) if not _is_excluded(domain, b)]


def _has_room(domain: _Domain, interval: _Interval) -> bool:
    """An interval minus the excluded values is non-empty (unless it is one excluded point)."""
    if interval.is_empty():
        return False
    return not any(_is_excluded(domain, p) for p in interval.point())


def _part_nonempty(domain: _Domain, kind: str) -> bool:
    """Whether the domain may hold a (non-error) value of ``kind``."""
    if kind not in domain.kinds:
        return False
    if domain.choices is not None:
        return any(_kind(value) == kind for value in domain.choices)
    if kind == "number":
        return domain.nan or _has_room(domain, domain.numbers)
    if kind == "string":
        return _has_room(domain, domain.strings)
    if kind == "bool":
        return bool(_live_bools(domain))
    if kind == "null":
        return not _is_excluded(domain, None)
    return True  # lists, maps: no constraint here speaks of them


def _is_empty(domain: _Domain) -> bool:
    return not domain.may_error and not domain.live


def _entails(domain: _Domain, constraint: _Constraint) -> bool:
    """Whether every value of the domain (errors included) meets ``constraint``."""
    if _is_empty(domain):
        return True
    if isinstance(constraint, _ErrorOrNull):
        return all(kind == "null" for kind in domain.live)
    if domain.may_error:  # every other constraint excludes errors
        return False
    if domain.choices is not None:
        return all(_holds(value, constraint) for value in domain.choices)
    return all(_part_entails(domain, kind, constraint) for kind in domain.live)


def _part_entails(domain: _Domain, kind: str, constraint: _Constraint) -> bool:
    """Whether every value of ``kind`` in the domain meets ``constraint`` (no ``choices``)."""
    interval = domain.strings if kind == "string" else domain.numbers
    match constraint:
        case _KindIn(kinds=kinds):
            return kind in kinds
        case _Compare(op=op, bound=bound, nan_ok=nan_ok):
            if _kind(bound) != kind:
                return False
            if kind == "bool":
                return all(_ORDER[op](b, bound) for b in _live_bools(domain))
            return interval.within(op, bound) and (kind != "number" or nan_ok or not domain.nan)
        case _OneOf(values=values):
            if kind == "bool":
                return all(any(_same(b, v) for v in values) for b in _live_bools(domain))
            if kind == "null":
                return None in values
            if kind == "number" and domain.nan:
                return False
            point = interval.point() if kind in ("number", "string") else ()
            return any(_same(p, v) for p in point for v in values)
        case _NoneOf(values=values):
            return not any(_may_be(domain, kind, v) for v in values if _kind(v) == kind)
    return False


def _may_be(domain: _Domain, kind: str, value: _Scalar) -> bool:
    """Whether a value of ``kind`` CEL-equal to ``value`` may be in the domain."""
    if _is_excluded(domain, value):
        return False
    if kind == "bool":
        return value in domain.bools
    if kind in ("number", "string"):
        return (domain.numbers if kind == "number" else domain.strings).contains(value)
    return True


# -- never true ---------------------------------------------------------------------------------


class _Budget:
    """Work left for one question; when it runs out the answer is "don't know"."""

    def __init__(self, steps: int = _BUDGET) -> None:
        self.steps = steps

    def spend(self) -> bool:
        self.steps -= 1
        return self.steps >= 0


@functools.lru_cache(maxsize=65536)  # the optimizer asks it of every hook's nodes
def never_true(expr: Expr) -> str | None:
    """A reason why ``expr`` can evaluate to ``true`` in no context at all, or None.

    Laws, over the conjunction that "``expr`` is true" requires (``_requirements``):
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
    if _is_atom(expr):
        if _plainly_possible(expr) is not None:
            return None
        return _refuted_atom(_Atom(expr, True))
    if type(expr) is And and plain_paths(expr) is not None:
        return None
    if type(expr) is Or and any(_plainly_possible(op) is not None for op in expr.operands):
        # "`a || b` is true" is a choice of its operands, nothing beside it: `_refute`
        # returns None on reaching an alternative that can be true alone.
        return None
    items = _requirements(expr, True)
    if len(items) == 1 and isinstance(items[0], _Atom):
        return _refuted_atom(items[0])
    if _independent(items):
        return None
    return _refute(items, _Budget())


def _plainly_possible(expr: Expr) -> Expr | None:
    """The path that ``expr`` tests, when ``expr`` is a plain atom that can be true on its
    own (so ``never_true`` of it is None): a plain path compared with a constant (either
    side) that is not NaN, and for an ordering a number or a string; a plain path ``in`` a
    list of constants not all NaN; ``has`` of a plain path. Else None.

    The laws say so without facts or memos: such an atom reads a path (so it is no
    constant), is a test (so it may be a bool), and its two facts are on different terms
    (the path, and the atom) and each leaves a value (a constant that equals itself, its
    negation, half a line of numbers or strings, the kinds of some constants, any value but
    null). A Hypothesis test holds it to ``_refuted_atom``.
    """
    kind = type(expr)
    if kind is Binary:
        assert isinstance(expr, Binary)
        op, left, right = expr.op, expr.left, expr.right
        if op == "in":
            if type(right) is not List or not _is_plain_path(left):
                return None
            # Constants only, one of them not NaN: one loop, no generators (the optimizer and
            # the checks ask this of every atom, several times).
            possible = False
            for item in right.items:
                if type(item) is not Literal:
                    return None
                if not possible and item.value == item.value:
                    possible = True
            return left if possible else None
        if op not in _MIRROR:
            return None
        if type(right) is Literal:
            path, constant = left, right
        elif type(left) is Literal:
            path, constant = right, left
        else:
            return None
        value = constant.value
        if not _is_plain_path(path) or value != value:  # NaN
            return None
        if op == "==" or op == "!=":
            return path
        return path if type(value) in (int, float, str) else None
    if kind is Has:
        path = expr.path  # type: ignore[union-attr]
        return path if _is_plain_path(path) else None
    return None


def plainly_possible(expr: Expr) -> bool:
    """Whether ``expr`` is a plain atom that can be true on its own (``_plainly_possible``):
    then ``never_true(expr)`` is None, known without its memo."""
    return _plainly_possible(expr) is not None


def plain_paths(expr: Expr) -> set[Expr] | None:
    """The paths a *plain* condition tests, the commonest kind (``tool == 'Bash' &&
    cost.spend > 5``): a plainly possible atom (``_plainly_possible``), or a ``&&`` of such
    atoms no two of which test one path. None for any other condition.

    ``never_true`` of a plain condition is None: no two of its atoms constrain one term (a
    fact's term is the path or the atom, and equal atoms test equal paths), so
    ``_independent`` holds of the conjunction, whose atoms are each possible. The optimizer
    keeps most plain conditions as they are (``optimize.independent.plainly_kept``).
    """
    if type(expr) is And:
        tested: set[Expr] = set()
        for operand in expr.operands:
            path = _plainly_possible(operand)
            if path is None or path in tested:
                return None
            tested.add(path)
        return tested
    path = _plainly_possible(expr)
    return None if path is None else {path}


@functools.lru_cache(maxsize=65536)
def _refuted_atom(atom: _Atom) -> str | None:
    """``never_true`` of one atom, kept per atom: the optimizer asks it of each operand of a
    conjunction that ``never_true`` has asked it of already (see ``_independent``). It is
    ``_refute((atom,), budget)``: one atom makes no case split, so a whole budget is not
    touched."""
    reason = _impossible_atom(atom)
    if reason is not None:
        return reason
    facts = _facts(atom)
    if len(facts) > 1 and len({fact.term for fact in facts}) < len(facts):
        return _conflict((atom,))
    # Each fact alone on its term (the usual case: the compared term and the atom's own
    # value): ``_conflict`` without grouping them, and a fact that leaves nothing needs no
    # other to make the contradiction.
    for fact in facts:
        if _empty_alone(fact.constraint):
            return _cannot_hold([atom])
    return None


def _independent(items: Sequence[_Item]) -> bool:
    """Atoms only, no two of which constrain one term (``tool == 'Bash' && cost > 5``), and
    none refuted alone.

    Such a conjunction can be refuted only where one of its atoms can be alone: an atom is
    impossible alone or not at all, and each term's facts are those of the one atom that
    speaks of it. So when no atom is refuted alone, neither is the conjunction.
    """
    terms: set[Expr] = set()
    for item in items:
        if type(item) is not _Atom or _refuted_atom(item) is not None:
            return False
        for fact in _facts(item):
            if fact.term in terms:
                return False
            terms.add(fact.term)
    return True


def _refute(items: Sequence[_Item], budget: _Budget) -> str | None:
    """A reason why the requirements cannot all hold, or None (also when out of budget)."""
    if not budget.spend():
        return None
    atoms, choices = _split(items)
    for atom in atoms:
        reason = _impossible_atom(atom)
        if reason is not None:
            return reason
    reason = _conflict(atoms)
    if reason is not None or not choices:
        return reason
    choice = min(choices, key=lambda c: len(c.alternatives))
    rest = [item for item in items if item is not choice]
    reasons: list[str] = []
    for alternative in choice.alternatives:
        reason = _refute((*rest, *_expand(alternative)), budget)
        if reason is None:
            return None
        reasons.append(reason)
    if not reasons:
        return f"`{choice.text()}` has no alternative"
    if len(reasons) == 1:
        return reasons[0]
    return f"no alternative of `{choice.text()}` can hold: " + "; ".join(dict.fromkeys(reasons))


def _impossible_atom(atom: _Atom) -> str | None:
    value = _constant_value(atom.expr)
    if value is _UNKNOWN:
        if _never_bool(atom.expr):
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


def _facts_by_term(atoms: Iterable[_Atom]) -> dict[Expr, list[_Fact]]:
    found: dict[Expr, list[_Fact]] = {}
    for atom in atoms:
        for fact in _facts(atom):
            found.setdefault(fact.term, []).append(fact)
    return found


def _unsatisfiable(facts: tuple[_Fact, ...]) -> bool:
    """Whether no value meets every fact's constraint. Most terms of a condition carry one
    fact (`tool == 'Bash' && cost > 5`): that is decided without building a domain."""
    if len(facts) == 1:
        return _empty_alone(facts[0].constraint)
    return _unsatisfiable_together(facts)


def _empty_alone(constraint: _Constraint) -> bool:
    """``_is_empty(_domain([constraint]))``, read off the one constraint: only a list of
    constants none of which is itself (NaN), no kind at all, or an ordering that no value of
    its bound's kind meets (``x < null``, ``x < false``) leaves nothing. ``_NoneOf`` leaves
    lists and maps, ``_ErrorOrNull`` errors, and one bound leaves half a line of numbers or
    strings."""
    # Type tests, not a match: asked of every fact of every atom refuted.
    kind = type(constraint)
    if kind is _OneOf:
        return all(value != value for value in constraint.values)  # type: ignore[union-attr]
    if kind is _KindIn:
        return not constraint.kinds  # type: ignore[union-attr]
    if kind is _Compare:
        op, bound = constraint.op, constraint.bound  # type: ignore[union-attr]
        bound_kind = _kind(bound)
        if bound_kind == "bool":
            return not any(_ORDER[op](b, bound) for b in (False, True))
        return bound_kind not in _ORDERED
    return False


# A condition's facts are asked about again for each of its parts (the optimizer refutes
# every operand it rewrites): the verdict on a term's facts is kept. A fact is keyed by its
# atom, whose literals compare by CEL type (`x == 1` and `x == true` are different atoms),
# and its constraint is made from the atom alone, so equal facts have equal verdicts.
@functools.lru_cache(maxsize=65536)
def _unsatisfiable_together(facts: tuple[_Fact, ...]) -> bool:
    return _is_empty(_domain([fact.constraint for fact in facts]))


def _conflict(atoms: Sequence[_Atom]) -> str | None:
    for facts in _facts_by_term(atoms).values():
        if _unsatisfiable(tuple(facts)):
            # Drop what the contradiction does not need, so the message names its cause.
            needed = list(facts)
            for fact in facts:
                fewer = [kept for kept in needed if kept is not fact]
                if _unsatisfiable(tuple(fewer)):
                    needed = fewer
            return _cannot_hold([fact.atom for fact in needed])
    return None


def _cannot_hold(atoms: Sequence[_Atom]) -> str:
    texts = list(dict.fromkeys(f"`{atom.text()}`" for atom in atoms))
    if len(texts) == 1:
        return f"{texts[0]} can never hold"
    both = "both" if len(texts) == 2 else "all"
    return f"{', '.join(texts[:-1])} and {texts[-1]} cannot {both} hold"


# -- constants and kinds of values ---------------------------------------------------------------

_UNKNOWN: Any = object()
_NON_BOOL_FUNCTIONS = frozenset({"size", "int", "double", "string"})


def _constant_value(expr: Expr) -> Any:
    """The value of an expression that reads no variable, or ``_UNKNOWN`` (a value shared
    between callers: none of them changes it).

    Evaluated with the reference evaluator, so constant atoms mean exactly what they mean
    at run time. Patterns are left alone (matching is linear, but a constant text may be
    long), and so is anything the evaluator does not know.
    """
    if paths_read(expr):
        # It reads a name (every path starts at one): `_evaluated` would find it. Asked
        # first, and of `paths_read`'s memo alone, since the optimizer and the shadow check
        # ask for the same paths anyway.
        return _UNKNOWN
    return _evaluated(expr)


@functools.lru_cache(maxsize=65536)  # asked of every constant atom in every proof
def _evaluated(expr: Expr) -> Any:
    """``_constant_value`` of an expression that reads no path."""
    stack = [expr]
    while stack:  # in any order: one variable, macro or unknown call anywhere decides
        node = stack.pop()
        kind = type(node)
        if kind is Ident or kind is Comprehension:
            return _UNKNOWN
        if kind is Call:
            assert isinstance(node, Call)
            known = GLOBAL_FUNCTIONS if node.target is None else METHODS
            if node.function in ("matches", "glob") or known.get(node.function) != len(node.args):
                return _UNKNOWN
        stack.extend(children(node))
    return evaluate(expr, {})


def _never_bool(expr: Expr) -> bool:
    """Expressions whose value is never a bool: arithmetic, lists, maps, ``size``, ``int``,
    ``double``, ``string``, ``filter`` and ``map`` (each gives its own kind or an error)."""
    kind = type(expr)
    if kind is Binary:
        return expr.op in _ARITHMETIC  # type: ignore[union-attr]
    if kind is Unary:
        return expr.op == "-"  # type: ignore[union-attr]
    if kind is Call:
        return expr.function in _NON_BOOL_FUNCTIONS  # type: ignore[union-attr]
    if kind is Comprehension:
        return expr.macro in ("filter", "map")  # type: ignore[union-attr]
    return kind is List or kind is Map


_ARITHMETIC = frozenset({"+", "-", "*", "/", "%"})


def _is_plain_path(expr: Expr) -> bool:
    """``a.b['c'][0]``: has() of such a path is true or false, never an error."""
    # Type tests, not a match: asked of every path node of every condition.
    while True:
        kind = type(expr)
        if kind is Ident:
            return True
        if kind is Select or (kind is Index and type(expr.index) is Literal):  # type: ignore[union-attr]
            expr = expr.operand  # type: ignore[union-attr]
        else:
            return False


@functools.lru_cache(maxsize=65536)  # `always_true` asks it of a chain and of each operand
def is_total(expr: Expr) -> bool:
    """Whether ``expr`` always evaluates to a bool, never to an error."""
    # Type tests, not a match: asked of every operand of every condition.
    kind = type(expr)
    if kind is Literal:
        return isinstance(expr.value, bool)  # type: ignore[union-attr]
    if kind is Has:
        return _is_plain_path(expr.path)  # type: ignore[union-attr]
    if kind is And or kind is Or:
        return all(map(is_total, expr.operands))  # type: ignore[union-attr]
    if kind is Unary and expr.op == "!":  # type: ignore[union-attr]
        return is_total(expr.operand)  # type: ignore[union-attr]
    if kind is Binary:
        assert isinstance(expr, Binary)
        if expr.op == "==" or expr.op == "!=":
            return _never_fails(expr.left) and _never_fails(expr.right)
        right = expr.right
        if expr.op == "in" and type(right) is List:
            return _never_fails(expr.left) and all(map(_never_fails, right.items))
    if kind is Conditional:
        assert isinstance(expr, Conditional)
        return is_total(expr.condition) and is_total(expr.then) and is_total(expr.otherwise)
    return type(_constant_value(expr)) is bool


def _never_fails(expr: Expr) -> bool:
    """Whether ``expr`` never evaluates to an error (of any kind)."""
    kind = type(expr)
    if kind is Literal:
        return True
    if kind is List:
        return all(map(_never_fails, expr.items))  # type: ignore[union-attr]
    if path_steps(expr) is not None:
        return False  # it reads a variable: an error in a context without it
    if is_total(expr):
        return True
    value = _constant_value(expr)
    return value is not _UNKNOWN and not isinstance(value, CelError)


# -- always true --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=65536)  # `implies` asks it of every earlier hook it meets
def always_true(expr: Expr) -> str | None:
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
    return _always(expr, True, _Budget(), last=True)


def plainly_fallible(expr: Expr) -> bool:
    """Whether ``always_true(expr)`` is None, known at a look: ``expr`` is a comparison or an
    ``in`` of a plain path with constants (``_plainly_fallible``), or a ``&&`` with one among
    its operands. Such an atom is an error where the path is missing, so it is not always
    true, and neither is a ``&&`` it stands in: ``_always`` would say so on reaching it,
    after the operands before it."""
    if _plainly_fallible(expr):
        return True
    return type(expr) is And and any(map(_plainly_fallible, expr.operands))


def _plainly_fallible(expr: Expr) -> bool:
    """A comparison or an ``in`` of a plain path with constants (``_plainly_possible``):
    it fails where the path is missing, so it is not total (``is_total``), and ``_always``
    finds no reason for it (it is no constant and not total), and returns None on meeting
    it as an operand of a ``&&`` it is asked to prove true. A Hypothesis test holds
    ``always_true`` to the general path."""
    return type(expr) is Binary and _plainly_possible(expr) is not None


def _always(expr: Expr, value: bool, budget: _Budget, last: bool = False) -> str | None:
    """A reason why ``expr`` evaluates to the bool ``value`` in every context. ``last``: no
    question asked after this one spends what it leaves of the budget."""
    constant = _constant_value(expr)
    if constant is not _UNKNOWN:
        return f"`{to_text(expr)}` is constant" if constant is value else None
    # Type tests, not a match: asked of every operand of every condition.
    kind = type(expr)
    if kind is Unary and expr.op == "!":  # type: ignore[union-attr]
        return _always(expr.operand, not value, budget, last)  # type: ignore[union-attr]
    if kind is And or kind is Or:
        operands: tuple[Expr, ...] = expr.operands  # type: ignore[union-attr]
        if (kind is And) is value:
            # `&&` true, `||` false: every operand must be.
            reasons = []
            for operand in operands:
                reason = _always(operand, value, budget)
                if reason is None and last and not is_total(operand):
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
                reason = _always(operand, value, budget)
                if reason is not None:
                    return reason
            deciding = tuple(operand for operand in operands if is_total(operand))
            if 1 < len(deciding) < len(operands):
                part = And(deciding) if kind is And else Or(deciding)
                reason = _by_refutation(part, value, budget)
                if reason is not None:
                    return reason
    elif kind is Conditional:
        assert isinstance(expr, Conditional)
        if _always(expr.condition, True, budget) is not None:
            return _always(expr.then, value, budget)
        if _always(expr.condition, False, budget) is not None:
            return _always(expr.otherwise, value, budget)
    return _by_refutation(expr, value, budget)


def _by_refutation(expr: Expr, value: bool, budget: _Budget) -> str | None:
    """``expr`` never fails, and evaluating to ``not value`` is refuted."""
    if not is_total(expr):
        return None
    reason = _refute(_requirements(expr, not value), budget)
    if reason is None:
        return None
    opposite = "false" if value else "true"
    return f"`{to_text(expr)}` never fails and can never be {opposite}: {reason}"


# -- implication --------------------------------------------------------------------------------


def implies(a: Expr | None, b: Expr | None) -> bool:
    """True only if ``b`` evaluates to true in every context where ``a`` does.

    ``None`` is "no condition", true everywhere. Laws (``a`` read as the conjunction it
    requires):
    - ``b`` is ``a``, or ``b`` is always true, or ``a`` is never true (vacuously);
    - ``b = b1 && b2``: ``a`` implies each; ``b = b1 || b2``: ``a`` implies one;
      ``a = a1 || a2``: each implies ``b`` (case split);
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
    if always_true(b) is not None:
        return True
    if a is None:
        return False
    if never_true(a) is not None:
        return True
    return _proves(_premise(a), _requirements(b, True), _Budget())


class _Premise:
    """Requirements known to hold, worked out once for every question asked of them: their
    atoms and choices, the atoms' facts by term, the values each term is left with (made
    when first asked), and whether they contradict each other (decided at most once).

    ``implies`` keeps one per condition (``_premise``): the shadow check asks each hook's
    condition whether it implies several earlier ones, and the optimizer asks the same
    conjunction about each of its operands.
    """

    def __init__(self, items: Sequence[_Item], refutation: Any = _UNKNOWN) -> None:
        self.items = tuple(items)
        atoms, choices = _split(self.items)
        self.choices = choices
        self.facts = _facts_by_term(atoms)
        self._domains: dict[Expr, _Domain] = {}
        # `_UNKNOWN` until decided. Once decided it stands for every later question: a
        # reason found is a reason; "none found" was found with at least the budget any
        # later step of the same question has left (budgets only shrink), and a premise
        # shared between questions (`_premise`) is decided with a whole budget up front.
        self._refutation = refutation

    def domain(self, term: Expr) -> _Domain:
        """The values ``term`` may take while the atoms hold."""
        found = self._domains.get(term)
        if found is None:
            found = _domain([fact.constraint for fact in self.facts.get(term, ())])
            self._domains[term] = found
        return found

    def refutation(self, budget: _Budget) -> str | None:
        """A reason why the requirements cannot all hold, or None."""
        if self._refutation is _UNKNOWN:
            self._refutation = _refute(self.items, budget)
        result: str | None = self._refutation
        return result


@functools.lru_cache(maxsize=16384)
def _premise(condition: Expr) -> _Premise:
    """ "``condition`` is true" as a premise; asked only of conditions that ``never_true``
    could not refute with a whole budget, so no step of a question can refute it either."""
    return _Premise(_requirements(condition, True), refutation=never_true(condition))


def _proves(known: _Premise, goals: Sequence[_Item], budget: _Budget) -> bool:
    """Whether the goals hold whenever every known requirement does; False when unsure."""
    if not budget.spend():
        return False
    pending: list[_Item] = []
    for goal in goals:
        if isinstance(goal, _Atom):
            if not _settles(known, goal):
                pending.append(goal)
        elif not any(_proves(known, _expand(alt), budget) for alt in goal.alternatives):
            pending.append(goal)
        if pending and not known.choices:
            break  # no case split to come: one goal left open is as good as all of them
    if not pending:
        return True
    if known.choices:
        choice = min(known.choices, key=lambda c: len(c.alternatives))
        rest = [item for item in known.items if item is not choice]
        return all(
            _proves(_Premise((*rest, *_expand(alternative))), pending, budget)
            for alternative in choice.alternatives
        )
    return known.refutation(budget) is not None


def _settles(known: _Premise, goal: _Atom) -> bool:
    """Whether the known facts leave the goal atom no way but to hold."""
    constant = _constant_value(goal.expr)
    if constant is not _UNKNOWN:
        return constant is goal.positive
    # A term the known facts say nothing of may be anything, an error included: no
    # constraint holds of all of that, so only the terms they speak of are looked at.
    # (A loop, not a generator: the shadow check asks this of every candidate's atoms.)
    facts = known.facts
    for fact in _facts(goal):
        term = fact.term
        if fact.exact and term in facts and _entails(known.domain(term), fact.constraint):
            return True
    return False


@functools.lru_cache(maxsize=65536)
def paths_read(condition: Expr | None) -> frozenset[Expr]:
    """The maximal field paths a condition reads (spans aside, as IR values)."""
    if condition is None:
        return frozenset()
    if isinstance(condition, And | Or):
        # The optimizer has asked about each operand already (``ranges``): join theirs.
        return frozenset().union(*map(paths_read, condition.operands))
    if _is_plain_path(condition):
        return frozenset((condition,))
    found: set[Expr] = set()
    stack: list[Expr] = [condition]
    while stack:
        # Children read where they stand: constants and paths (most nodes) are not stacked.
        for child in children(stack.pop()):
            kind = type(child)
            if kind is Literal:
                continue  # no path, no children
            if (kind is Ident or kind is Select or kind is Index) and _is_plain_path(child):
                found.add(child)
            else:
                stack.append(child)
    return frozenset(found)


# Memoized answers (pure: forgetting them changes only time and memory).
CACHES = (
    _requirements,
    _facts,
    _unsatisfiable_together,
    _evaluated,
    never_true,
    _refuted_atom,
    always_true,
    is_total,
    _premise,
    paths_read,
)
