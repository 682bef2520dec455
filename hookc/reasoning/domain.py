"""The abstract domain of the reasoning: *constraints* on the value of one term, and the
*domain* of values a term may still take while some constraints hold.

A domain over-approximates: emptiness (no value meets every constraint) proves a
contradiction, and a domain inside a constraint proves that the constraint holds. Values
are grouped by *kind* (numbers, ints and doubles on one real line, strings, bools, null,
lists, maps, other); within a kind a constraint is an interval, a set of constants pinned
(``==``, ``in``) or excluded (``!=``), all under CEL's heterogeneous equality (``1 == 1.0``,
``true != 1``) and with NaN comparing false with everything. Constants that a double cannot
hold exactly (``is_safe``) only tell a term's kind.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

Scalar: TypeAlias = "int | float | str | bool | None"

UNIVERSE = frozenset({"number", "string", "bool", "null", "list", "map", "other"})
_KINDS = tuple(sorted(UNIVERSE))  # the same kinds in a fixed order, to go through them
NOT_NULL = UNIVERSE - {"null"}
ORDERED = frozenset({"number", "string", "bool"})
ORDER: dict[str, Callable[[Any, Any], bool]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
# Within ±2**53 every int is exactly a double.
_EXACT = 2**53


@dataclass(frozen=True, slots=True)
class OneOf:
    """The term is CEL-equal to one of ``values`` (so not an error)."""

    values: tuple[Scalar, ...]


@dataclass(frozen=True, slots=True)
class NoneOf:
    """The term is not an error and is CEL-equal to none of ``values``."""

    values: tuple[Scalar, ...]


@dataclass(frozen=True, slots=True)
class Compare:
    """The term compares with ``bound`` (same kind) and ``term op bound`` holds, or it is NaN
    and ``nan_ok`` (what ``!(x < 5)`` allows: NaN compares false with everything)."""

    op: str
    bound: Scalar
    nan_ok: bool


@dataclass(frozen=True, slots=True)
class KindIn:
    """The term is not an error and its kind is one of ``kinds``."""

    kinds: frozenset[str]


@dataclass(frozen=True, slots=True)
class ErrorOrNull:
    """The term is an error or null: what ``!has(path)`` says of ``path``."""


Constraint: TypeAlias = "OneOf | NoneOf | Compare | KindIn | ErrorOrNull"


_KIND_OF_TYPE = {bool: "bool", int: "number", float: "number", str: "string", type(None): "null"}


def kind_of(value: Scalar) -> str:
    kind = _KIND_OF_TYPE.get(type(value))
    if kind is not None:
        return kind
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else "null"


def is_nan(value: Scalar) -> bool:
    # Exact types first: every fact asks it of its constants, nearly all strings.
    kind = type(value)
    if kind is str:
        return False
    return (kind is float or isinstance(value, float)) and math.isnan(value)  # type: ignore[arg-type]


def is_safe(value: Scalar) -> bool:
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


def same(left: Scalar, right: Scalar) -> bool:
    """CEL equality of two safe scalars: kinds first (``true != 1``), then the value."""
    return kind_of(left) == kind_of(right) and left == right


@dataclass(frozen=True, slots=True)
class Interval:
    """A convex set of numbers (ints and doubles on one real line) or of strings.

    Bounds are of one kind; ``None`` is unbounded. Emptiness is decided only when a bound
    crosses the other: an open interval between adjacent doubles or strings counts as
    non-empty, which errs on the side of "could be true".
    """

    low: Any = None
    low_closed: bool = False
    high: Any = None
    high_closed: bool = False

    def meet(self, op: str, bound: Any) -> Interval:
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


@dataclass(frozen=True, slots=True)
class Domain:
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
    choices: tuple[Scalar, ...] | None
    numbers: Interval
    nan: bool
    strings: Interval
    bools: frozenset[bool]
    excluded: tuple[Scalar, ...]
    # The kinds of which the domain may hold a (non-error) value, in `_KINDS` order: what
    # every question asked of the domain starts with, worked out once.
    live: tuple[str, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        live = tuple(kind for kind in _KINDS if _part_nonempty(self, kind))
        object.__setattr__(self, "live", live)


def _allowed_kinds(constraint: Constraint) -> frozenset[str]:
    match constraint:
        case OneOf(values=values):
            return frozenset(map(kind_of, values))
        case Compare(bound=bound):
            kind = kind_of(bound)
            return frozenset({kind}) if kind in ORDERED else frozenset()
        case KindIn(kinds=kinds):
            return kinds
        case ErrorOrNull():
            return frozenset({"null"})
    return UNIVERSE


def holds(value: Scalar, constraint: Constraint) -> bool:
    """Whether a safe constant (and so every value CEL-equal to it) meets ``constraint``."""
    match constraint:
        case OneOf(values=values):
            return any(same(value, other) for other in values)
        case NoneOf(values=values):
            return not any(same(value, other) for other in values)
        case Compare(op=op, bound=bound):
            kind = kind_of(value)
            return kind == kind_of(bound) and kind in ORDERED and ORDER[op](value, bound)
        case KindIn(kinds=kinds):
            return kind_of(value) in kinds
    return value is None  # ErrorOrNull


def domain_of(constraints: Sequence[Constraint]) -> Domain:
    kinds = UNIVERSE
    numbers = strings = Interval()
    nan = True
    bools = frozenset({False, True})
    excluded: list[Scalar] = []
    for constraint in constraints:
        kinds &= _allowed_kinds(constraint)
        match constraint:
            case Compare(op=op, bound=bound, nan_ok=nan_ok):
                kind = kind_of(bound)
                if kind == "number":
                    numbers, nan = numbers.meet(op, bound), nan and nan_ok
                elif kind == "string":
                    strings = strings.meet(op, bound)
                elif kind == "bool":
                    bools = frozenset(b for b in bools if ORDER[op](b, bound))
            case NoneOf(values=values):
                excluded.extend(values)
    return Domain(
        may_error=all(isinstance(c, ErrorOrNull) for c in constraints),
        kinds=kinds,
        choices=choices_of(constraints),
        numbers=numbers,
        nan=nan,
        strings=strings,
        bools=bools,
        excluded=tuple(excluded),
    )


def choices_of(constraints: Sequence[Constraint]) -> tuple[Scalar, ...] | None:
    """``domain_of(constraints).choices``: where ``==`` or ``in`` pins the term, the distinct
    constants of the first such constraint that meet all of them; else None."""
    if len(constraints) == 1:
        # The shadow index asks this of `x == c` alone, mostly: `c` meets it unless NaN.
        only = constraints[0]
        if type(only) is OneOf and len(only.values) == 1:
            value = only.values[0]
            return only.values if value == value else ()
    return all_choices_of(constraints)


def all_choices_of(constraints: Sequence[Constraint]) -> tuple[Scalar, ...] | None:
    """``choices_of`` worked out in full."""
    for pinned in constraints:
        if isinstance(pinned, OneOf):
            values = pinned.values
            return tuple(
                value
                for i, value in enumerate(values)
                if not any(same(value, earlier) for earlier in values[:i])
                and all(holds(value, constraint) for constraint in constraints)
            )
    return None


def _is_excluded(domain: Domain, value: Scalar) -> bool:
    return any(same(value, other) for other in domain.excluded)


def _live_bools(domain: Domain) -> list[bool]:
    return [b for b in sorted(domain.bools) if not _is_excluded(domain, b)]


def _has_room(domain: Domain, interval: Interval) -> bool:
    """An interval minus the excluded values is non-empty (unless it is one excluded point)."""
    if interval.is_empty():
        return False
    return not any(_is_excluded(domain, p) for p in interval.point())


def _part_nonempty(domain: Domain, kind: str) -> bool:
    """Whether the domain may hold a (non-error) value of ``kind``."""
    if kind not in domain.kinds:
        return False
    if domain.choices is not None:
        return any(kind_of(value) == kind for value in domain.choices)
    if kind == "number":
        return domain.nan or _has_room(domain, domain.numbers)
    if kind == "string":
        return _has_room(domain, domain.strings)
    if kind == "bool":
        return bool(_live_bools(domain))
    if kind == "null":
        return not _is_excluded(domain, None)
    return True  # lists, maps: no constraint here speaks of them


def is_empty(domain: Domain) -> bool:
    return not domain.may_error and not domain.live


def entails(domain: Domain, constraint: Constraint) -> bool:
    """Whether every value of the domain (errors included) meets ``constraint``."""
    if is_empty(domain):
        return True
    if isinstance(constraint, ErrorOrNull):
        return all(kind == "null" for kind in domain.live)
    if domain.may_error:  # every other constraint excludes errors
        return False
    if domain.choices is not None:
        return all(holds(value, constraint) for value in domain.choices)
    return all(_part_entails(domain, kind, constraint) for kind in domain.live)


def _part_entails(domain: Domain, kind: str, constraint: Constraint) -> bool:
    """Whether every value of ``kind`` in the domain meets ``constraint`` (no ``choices``)."""
    interval = domain.strings if kind == "string" else domain.numbers
    match constraint:
        case KindIn(kinds=kinds):
            return kind in kinds
        case Compare(op=op, bound=bound, nan_ok=nan_ok):
            if kind_of(bound) != kind:
                return False
            if kind == "bool":
                return all(ORDER[op](b, bound) for b in _live_bools(domain))
            return interval.within(op, bound) and (kind != "number" or nan_ok or not domain.nan)
        case OneOf(values=values):
            if kind == "bool":
                return all(any(same(b, v) for v in values) for b in _live_bools(domain))
            if kind == "null":
                return None in values
            if kind == "number" and domain.nan:
                return False
            point = interval.point() if kind in ("number", "string") else ()
            return any(same(p, v) for p in point for v in values)
        case NoneOf(values=values):
            return not any(_may_be(domain, kind, v) for v in values if kind_of(v) == kind)
    return False


def _may_be(domain: Domain, kind: str, value: Scalar) -> bool:
    """Whether a value of ``kind`` CEL-equal to ``value`` may be in the domain."""
    if _is_excluded(domain, value):
        return False
    if kind == "bool":
        return value in domain.bools
    if kind in ("number", "string"):
        return (domain.numbers if kind == "number" else domain.strings).contains(value)
    return True


def empty_alone(constraint: Constraint) -> bool:
    """``is_empty(domain_of([constraint]))``, read off the one constraint: only a list of
    constants none of which is itself (NaN), no kind at all, or an ordering that no value of
    its bound's kind meets (``x < null``, ``x < false``) leaves nothing. ``NoneOf`` leaves
    lists and maps, ``ErrorOrNull`` errors, and one bound leaves half a line of numbers or
    strings."""
    # Type tests, not a match: asked of every fact of every atom refuted.
    kind = type(constraint)
    if kind is OneOf:
        return all(value != value for value in constraint.values)  # type: ignore[union-attr]
    if kind is KindIn:
        return not constraint.kinds  # type: ignore[union-attr]
    if kind is Compare:
        op, bound = constraint.op, constraint.bound  # type: ignore[union-attr]
        bound_kind = kind_of(bound)
        if bound_kind == "bool":
            return not any(ORDER[op](b, bound) for b in (False, True))
        return bound_kind not in ORDERED
    return False
