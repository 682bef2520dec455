"""The logic checks: never true, always true, implication, shadowing, risky regexes.

Fixture tables pin each law with its traps (CEL's heterogeneous equality, NaN, errors from
missing keys); Hypothesis proves the three verdicts sound against the reference evaluator
over mixed-type contexts; and ratios over a grid of atom pairs show they are not vacuous.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Iterator
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hookc.cel.evaluator import evaluate
from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.check.logic import logic_diagnostics
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Conditional,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Or,
    Select,
    Unary,
    children,
    walk,
)
from hookc.ir.hooks import Action, Hook, HookSet, Ordering
from hookc.optimize import Optimizer
from hookc.reasoning import Reasoner, candidates, glance, requirements
from hookc.reasoning import facts as reasoning_facts
from hookc.reasoning.domain import (
    UNIVERSE,
    Compare,
    ErrorOrNull,
    KindIn,
    NoneOf,
    OneOf,
    all_choices_of,
    choices_of,
    domain_of,
    empty_alone,
    is_empty,
)
from hookc.reasoning.refutation import Budget
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic
from tests.strategies import expressions

# The reasoner these tests ask, one for the module as one run of hookc has one (its answers
# are pure: sharing it changes only time).
shared = Reasoner()
never_true, always_true, implies = shared.never_true, shared.always_true, shared.implies


def expr(text: str) -> Expr:
    parsed = parse(text).expr
    assert parsed is not None, text
    return parsed


# -- never true ---------------------------------------------------------------------------------

NEVER_TRUE = [
    # constants
    ("false", True),
    ("5", True),
    ("'yes'", True),
    ("null", True),
    ("1 == 2", True),
    ("1 / 0 == 1", True),
    ("!true", True),
    ("true", False),
    ("x + 1", True),
    ("size(x)", True),
    # equality against equality, CEL's heterogeneous equality
    ("x == 1 && x == 2", True),
    ("x == 1 && x == 1.0", False),
    ("x == 1 && x == true", True),
    ("x == 0 && x == false", True),
    ("x == 'a' && x == 1", True),
    ("x == null && x == 0", True),
    ("x == 'a' && x == 'a'", False),
    ("x == -0.0 && x == 0", False),
    # ints and doubles past 2**53: CEL converts the int, both can hold
    ("x == 9007199254740993 && x == 9007199254740992", False),
    ("x > 9007199254740992 && x <= 9007199254740992.0", False),
    # ranges, ints and doubles; NaN fails every comparison
    ("x > 5 && x < 3", True),
    ("cost.spend > 5 && cost.spend < 3", True),
    ("x > 5 && x < 5", True),
    ("x >= 5 && x <= 5", False),
    ("x >= 5 && x < 5.0", True),
    ("x > 1 && x < 2", False),
    ("x > 1.5 && x < 1.5", True),
    ("x >= 1 && x <= 1 && x != 1", True),
    ("x >= 1 && x <= 1 && x != 1.0", True),
    ("x > 'b' && x < 'a'", True),
    ("x >= 'a' && x <= 'a' && x != 'a'", True),
    ("x > 5 && x < 'a'", True),
    ("x < null", True),
    ("!(x < 5) && !(x >= 5)", False),  # NaN
    ("x < 5 && !(x < 5)", True),
    ("x > true", True),  # no bool is above true
    ("x > false", False),
    ("x > false && x != true", True),
    # equality against ranges
    ("x == 3 && x > 5", True),
    ("x == 6 && x > 5", False),
    ("x == 'a' && x > 5", True),
    ("x == 5.5 && x <= 5", True),
    # membership
    ("x == 'a' && x in ['b', 'c']", True),
    ("x == 'a' && x in ['a', 'c']", False),
    ("x in [1, 2] && x in [3, 4]", True),
    ("x in [1, 2] && x in [2.0, 4]", False),
    ("x in [1, 2] && x != 1 && x != 2", True),
    ("x in [1, 2] && !(x in [1, 2])", True),
    ("x in []", True),
    ("['a', 'b'].contains(x) && x == 'c'", True),
    ("x in [y, 2] && x == 3", False),  # not a list of constants
    # x == c && x != c, e && !e
    ("x == 1 && x != 1", True),
    ("x != 1 && !(x != 1) && y", True),
    ("x.startsWith('a') && !x.startsWith('a')", True),
    ("x && !x", True),
    ("x && x == false", True),
    ("x && x", False),
    ("x == y && x != y", True),
    ("x == y && y != x", True),
    ("x > y && !(y < x)", True),
    ("x == x", False),
    ("x != x", False),  # `x != x` is true for... nothing but an error; not provable here
    # has()
    ("has(x) && x == null", True),
    ("!has(x) && x == 1", True),
    ("!has(x) && x != null", True),
    ("!has(x) && x == null", False),
    ("has(x) && !has(x)", True),
    ("has(a.b) && a.b > 1", False),
    # nesting, disjunctions, conditionals
    ("a && (x > 5 && (y || x < 3))", False),
    ("a && (x > 5 && (false || x < 3))", True),
    ("x > 5 && x < 3 || y == 1 && y == 2", True),
    ("x > 5 && x < 3 || y == 1", False),
    ("(x == 1 || x == 2) && x > 3", True),
    ("(x == 1 || x == 4) && x > 3", False),
    ("!(x <= 5 || x >= 3)", False),  # NaN: both comparisons false
    ("!(x <= 5 || x >= 3) && x == 4", True),
    ("x ? false : false", True),
    ("x ? y : false", False),
    ("(x > 1 ? x < 0 : x == 5) && x != 5", True),
    ("not x == 'y' and x == 'y'", True),
    ("x.exists(i, i > 5 && i < 3)", False),  # inside a macro: left alone
]


@pytest.mark.parametrize(("text", "expected"), NEVER_TRUE, ids=[t for t, _ in NEVER_TRUE])
def test_never_true_decides_each_law_and_trap(text: str, expected: bool) -> None:
    assert (never_true(expr(text)) is not None) is expected


def test_never_true_explains_a_contradiction_with_the_atoms_that_cause_it() -> None:
    assert never_true(expr("cost.spend > 5 && tool == 'x' && cost.spend < 3")) == (
        "`cost.spend > 5` and `cost.spend < 3` cannot both hold"
    )
    assert never_true(expr("x >= 1 && y && x <= 1 && x != 1")) == (
        "`x >= 1`, `x <= 1` and `x != 1` cannot all hold"
    )
    assert never_true(expr("x in []")) == "`x in []` can never hold"
    assert never_true(expr("1 / 0 == 1")) == "`1 / 0 == 1` is always an error (division by zero)"


def test_never_true_explains_every_alternative_of_a_disjunction() -> None:
    reason = never_true(expr("(x == 1 || x == 2) && x > 3"))
    assert reason == (
        "no alternative of `x == 1 || x == 2` can hold: `x > 3` and `x == 1` cannot both "
        "hold; `x > 3` and `x == 2` cannot both hold"
    )


# -- always true --------------------------------------------------------------------------------

ALWAYS_TRUE = [
    ("true", True),
    ("1 == 1", True),
    ("!false", True),
    ("'a' in ['a']", True),
    ("1 == 1.0", True),
    ("true == 1", False),
    ("has(x) || !has(x)", True),
    ("has(a.b['c']) || !has(a.b['c'])", True),
    ("has(b[a]) || !has(b[a])", False),  # b = {} and no a: has() fails on the index
    ("!(has(x) && !has(x))", True),
    ("y > 3 || has(a.b) || !has(a.b)", True),
    ("x || true", True),
    ("(x || true) && 2 > 1", True),
    ("x == x", False),  # a missing x is an error
    ("x == 1 || x != 1", False),
    ("x > 5 || x <= 5", False),
    ("has(x) || x == 1", False),
    ("has(x)", False),
    ("has(x) == has(x)", False),  # true, but not provable by these laws
    ("has(x) ? true : true", True),  # has() never fails
    ("x ? true : true", False),
    ("true ? true : x", True),
    ("x", False),
    ("1 / 0 == 1 || true", True),
    ("false", False),
]


@pytest.mark.parametrize(("text", "expected"), ALWAYS_TRUE, ids=[t for t, _ in ALWAYS_TRUE])
def test_always_true_decides_each_law_and_trap(text: str, expected: bool) -> None:
    assert (always_true(expr(text)) is not None) is expected


def test_always_true_says_why() -> None:
    assert always_true(expr("1 == 1")) == "`1 == 1` is constant"
    assert always_true(expr("has(x) || !has(x)")) == (
        "`has(x) || !has(x)` never fails and can never be false: "
        "`!has(x)` and `has(x)` cannot both hold"
    )


# -- implication --------------------------------------------------------------------------------

IMPLIES = [
    ("x == 'a'", "x in ['a', 'b']", True),
    ("x in ['a', 'b']", "x == 'a'", False),
    ("x > 10", "x > 5", True),
    ("x > 5", "x > 10", False),
    ("x > 10.0", "x >= 10", True),
    ("x >= 10", "x > 10", False),
    ("x > 10", "x != 5", True),
    ("x > 10", "x != 50", False),
    ("x == 1", "x == 1.0", True),
    ("x == 1", "x == true", False),
    ("x == 1", "x != 2", True),
    ("x == 1", "has(x)", True),
    ("x == null", "!has(x)", True),
    ("!has(x)", "x != 1", False),  # x missing: `x != 1` is an error
    ("!(x < 5)", "x >= 5", False),  # NaN
    ("x >= 5", "!(x < 5)", True),
    ("x == 1 && y == 2", "y == 2", True),
    ("x == 1 && y == 2", "y == 2 && x == 1", True),
    ("y == 2", "x == 1 && y == 2", False),
    ("x == 1 || x == 2", "x in [1, 2, 3]", True),
    ("x == 1 || x == 5", "x in [1, 2, 3]", False),
    ("p || q", "q || p", True),
    ("p", "p || q", True),
    ("p || q", "p", False),
    ("x", "x == true", True),
    ("x != y", "!(x == y)", True),
    ("x > 5 && x < 3", "anything", True),  # vacuous
    ("anything", "has(x) || !has(x)", True),
    ("x == 'a'", "x.startsWith('a')", False),  # true, but not provable by these laws
    ("x == 9007199254740993", "x == 9007199254740992", False),  # distinct ints
]


@pytest.mark.parametrize(
    ("a", "b", "expected"), IMPLIES, ids=[f"{a} => {b}" for a, b, _ in IMPLIES]
)
def test_implies_decides_each_law_and_trap(a: str, b: str, expected: bool) -> None:
    assert implies(expr(a), expr(b)) is expected


def test_implies_reads_a_missing_condition_as_always_true() -> None:
    assert implies(expr("x == 1"), None)
    assert implies(None, None)
    assert implies(None, expr("true"))
    assert not implies(None, expr("x == 1"))


# -- soundness against the reference evaluator --------------------------------------------------

PATHS: tuple[Expr, ...] = (Ident("a"), Select(Ident("b"), "c"), Select(Ident("b"), "d"))
NAN = math.nan
BIG = 2**53
CONSTANTS: tuple[Any, ...] = (
    -1, 0, 1, 2, 3, BIG, BIG + 1, -BIG - 1,
    0.0, -0.0, 0.5, 1.0, 1.5, 2.0, 2.5, float(BIG), 1e300, NAN, math.inf,
    "", "a", "ab", "b", True, False, None,
)  # fmt: skip

# Where CEL's int-to-double conversion rounds: 2**53 + 1 == 2**53 + 0.0 in CEL.
ROUNDING = (BIG - 1, BIG, BIG + 1, BIG + 2, float(BIG), float(BIG + 2))
constants = st.sampled_from(CONSTANTS) | st.sampled_from(ROUNDING)
paths = st.sampled_from(PATHS)
# has() of a path whose index can fail (b = {} and no a) is an error, not false.
FALLIBLE_PATH = Index(Ident("b"), Ident("a"))
_RELATIONS = ("==", "!=", "<", "<=", ">", ">=")


def _atoms(terms: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    literals = constants.map(Literal)
    lists = st.lists(literals, max_size=3).map(lambda items: List(tuple(items)))
    return st.one_of(
        st.builds(Binary, st.sampled_from(_RELATIONS), terms, literals),
        st.builds(Binary, st.sampled_from(_RELATIONS), literals, terms),
        st.builds(lambda t, items: Binary("in", t, items), terms, lists),
        st.builds(lambda t, items: Call("contains", (t,), items), terms, lists),
        st.builds(Has, terms),
        terms,
        st.builds(Binary, st.sampled_from(_RELATIONS), terms, terms),
        st.builds(
            lambda t, c, op: Binary(op, Binary("+", t, Literal(1)), c),
            terms,
            literals,
            st.sampled_from(_RELATIONS),
        ),
        st.sampled_from((True, False, 1, None)).map(Literal),
    )


def _facts_of(atom: Expr) -> st.SearchStrategy[Any]:
    """The constraints a generated atom puts on its terms, true or false."""
    found = [
        fact.constraint
        for positive in (True, False)
        for fact in shared.facts(requirements.Atom(atom, positive))
    ]
    return st.sampled_from(found) if found else st.nothing()  # a constant atom has none


def _combine(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    return st.one_of(
        children.map(lambda c: Unary("!", c)),
        st.lists(children, min_size=2, max_size=3).map(lambda cs: And(tuple(cs))),
        st.lists(children, min_size=2, max_size=3).map(lambda cs: Or(tuple(cs))),
        st.builds(Conditional, children, children, children),
    )


atoms = _atoms(paths) | st.sampled_from((Has(Ident("b")), Has(FALLIBLE_PATH)))
ATOMS_ON = {path: _atoms(st.just(path)) for path in PATHS}
# Conjunctions over one path make contradictions (and implications) common.
same_path = st.one_of(
    *(
        st.lists(on_path | on_path.map(lambda a: Unary("!", a)), min_size=1, max_size=3)
        for on_path in ATOMS_ON.values()
    )
).map(lambda cs: cs[0] if len(cs) == 1 else And(tuple(cs)))
# Two comparisons of one path with constants that CEL's int-to-double conversion confuses.
rounding = st.builds(
    lambda path, ops, pair: And(
        tuple(Binary(op, path, Literal(c)) for op, c in zip(ops, pair, strict=True))
    ),
    paths,
    st.tuples(st.sampled_from(_RELATIONS), st.sampled_from(_RELATIONS)),
    st.tuples(st.sampled_from(ROUNDING), st.sampled_from(ROUNDING)),
)
conditions = st.recursive(atoms | same_path | rounding, _combine, max_leaves=6)


def _neighbours(value: Any) -> list[Any]:
    """Values that sit on, just off and between the boundaries a constant draws."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return [value]
    if isinstance(value, float) and not math.isfinite(value):
        return [value]
    return [value, value - 1, value + 1, value - 0.5, value + 0.5, float(value), int(value)]


EXTRA_VALUES: tuple[Any, ...] = ([], [1], {}, {"c": 1}, "a\x00", -math.inf, 4, 1.25)

# A context is drawn as a shape with value *slots*, filled afterwards from the constants of
# the condition at hand (and their neighbours), so one fixed strategy serves every condition.
slots = st.tuples(st.sampled_from(("pool", "constants", "extra")), st.integers(0, 2**16))
shapes = st.fixed_dictionaries(
    {}, optional={"a": slots, "b": st.fixed_dictionaries({}, optional={"c": slots, "d": slots})
                  | slots},
)  # fmt: skip


def _filled(shape: Any, pool: list[Any]) -> Any:
    if isinstance(shape, dict):
        return {key: _filled(slot, pool) for key, slot in shape.items()}
    source, index = shape
    choices = {"pool": pool, "constants": CONSTANTS, "extra": EXTRA_VALUES}[source]
    return choices[index % len(choices)]


def _outcomes(data: st.DataObject, condition: Expr) -> Iterator[tuple[dict[str, Any], Any]]:
    """Contexts for the paths ``a``, ``b.c``, ``b.d``, favouring the condition's constants
    (keys missing, null, wrong types, bools beside ints, 1 beside 1.0, NaN), with the value
    of ``condition`` in each."""
    pool = [
        near
        for node, _ in walk(condition)
        if isinstance(node, Literal)
        for near in _neighbours(node.value)
    ] or [0]
    for shape in data.draw(st.lists(shapes, min_size=3, max_size=8)):
        context = _filled(shape, pool)
        yield context, evaluate(condition, context)


SOUNDNESS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SOUNDNESS
@given(st.data())
def test_never_true_is_sound(data: st.DataObject) -> None:
    condition = data.draw(conditions)
    reason = never_true(condition)
    if reason is not None:
        for context, value in _outcomes(data, condition):
            assert value is not True, (reason, context)


@SOUNDNESS
@given(st.data())
def test_always_true_is_sound(data: st.DataObject) -> None:
    excluded_middle = st.builds(
        lambda p: Or((Has(p), Unary("!", Has(p)))), paths | st.just(FALLIBLE_PATH)
    )
    condition = data.draw(conditions | excluded_middle)
    reason = always_true(condition)
    if reason is not None:
        for context, value in _outcomes(data, condition):
            assert value is True, (reason, context, value)


def _weaker(data: st.DataObject, condition: Expr) -> Expr:
    """A condition that ``condition`` may well imply: some of its conjuncts, or an atom on a
    path it mentions; or any condition."""
    way = data.draw(st.sampled_from(("conjuncts", "atom", "any")))
    if way == "conjuncts":
        parts = condition.operands if isinstance(condition, And) else (condition,)
        mask = data.draw(st.integers(1, 2 ** len(parts) - 1))
        kept = tuple(part for i, part in enumerate(parts) if mask >> i & 1)
        return kept[0] if len(kept) == 1 else And(kept)
    if way == "atom":
        mentioned = [p for p in PATHS if any(node == p for node, _ in walk(condition))]
        path = mentioned[data.draw(st.integers(0, len(mentioned) - 1))] if mentioned else PATHS[0]
        return data.draw(ATOMS_ON[path])
    return data.draw(conditions)


@SOUNDNESS
@given(st.data())
def test_implies_is_sound(data: st.DataObject) -> None:
    a = data.draw(conditions)
    b = _weaker(data, a)
    if implies(a, b):
        for context, value in _outcomes(data, And((a, b))):
            if evaluate(a, context) is True:
                assert evaluate(b, context) is True, (context, value)


# -- not vacuous: what the laws catch over a grid of atom pairs ---------------------------------

GRID_CONSTANTS = ("0", "1", "1.0", "2", "2.5", "'a'", "'b'", "true", "false", "null")
GRID_ATOMS = [
    *(f"x {op} {c}" for op in _RELATIONS for c in GRID_CONSTANTS),
    "x in [1, 2]", "x in ['a', 1.0]", "x in []", "has(x)", "x",
]  # fmt: skip
GRID = [expr(text) for text in GRID_ATOMS] + [Unary("!", expr(text)) for text in GRID_ATOMS]
GRID_VALUES: tuple[Any, ...] = (
    None, True, False, -1, 0, 0.5, 1, 1.0, 1.5, 2, 2.25, 2.5, 3, NAN, math.inf, -math.inf,
    "", "a", "a\x00", "ab", "b", "c", [], {},
)  # fmt: skip
GRID_CONTEXTS = [{}, *({"x": value} for value in GRID_VALUES)]


def _truth_table(condition: Expr) -> tuple[bool, ...]:
    return tuple(evaluate(condition, context) is True for context in GRID_CONTEXTS)


@pytest.fixture(scope="module")
def grid_tables() -> dict[Expr, tuple[bool, ...]]:
    return {atom: _truth_table(atom) for atom in GRID}


def test_never_true_catches_every_contradiction_between_two_atoms_of_the_grid(
    grid_tables: dict[Expr, tuple[bool, ...]],
) -> None:
    contradictions = 0
    missed: list[str] = []
    for first, second in itertools.combinations(GRID, 2):
        both = And((first, second))
        truly_never = not any(map(min, grid_tables[first], grid_tables[second]))
        found = never_true(both) is not None
        assert truly_never or not found, both
        if truly_never and not found:
            missed.append(to_text(both))
        contradictions += truly_never
    assert contradictions > 3000
    assert missed == []


def test_implies_proves_every_implication_between_two_atoms_of_the_grid(
    grid_tables: dict[Expr, tuple[bool, ...]],
) -> None:
    implications = 0
    missed: list[str] = []
    for first, second in itertools.permutations(GRID, 2):
        if not any(grid_tables[first]):
            continue  # vacuous implications are never_true's business
        truly = all(b for a, b in zip(grid_tables[first], grid_tables[second], strict=True) if a)
        found = implies(first, second)
        assert truly or not found, (first, second)
        if truly and not found:
            missed.append(f"{to_text(first)} => {to_text(second)}")
        implications += truly
    assert implications > 1000
    assert missed == []


ROUNDING_ATOMS = [Binary(op, Ident("x"), Literal(c)) for op in _RELATIONS for c in ROUNDING] + [
    Unary("!", Binary(op, Ident("x"), Literal(c))) for op in _RELATIONS for c in ROUNDING
]
ROUNDING_CONTEXTS = [
    {"x": value}
    for c in ROUNDING
    for value in {*_neighbours(c), c - 2, c + 3, float(c) * (1 + 2**-52), -float(c)}
]


def test_never_true_and_implies_stay_sound_where_ints_round_to_doubles() -> None:
    """Every pair of comparisons with constants near 2**53, against values on, between and
    beside them: CEL compares an int with a double by rounding the int."""
    tables = {
        atom: [evaluate(atom, context) is True for context in ROUNDING_CONTEXTS]
        for atom in ROUNDING_ATOMS
    }
    for first, second in itertools.permutations(ROUNDING_ATOMS, 2):
        together = [a and b for a, b in zip(tables[first], tables[second], strict=True)]
        if any(together):
            assert never_true(And((first, second))) is None, (first, second)
        if implies(first, second):
            assert all(b for a, b in zip(tables[first], tables[second], strict=True) if a), (
                first,
                second,
            )


# -- fast paths agree with the full reasoning ----------------------------------------------------

_SCALARS = st.sampled_from(CONSTANTS) | st.sampled_from(ROUNDING)
one_constraint = st.one_of(
    st.lists(_SCALARS, max_size=3).map(lambda vs: OneOf(tuple(vs))),
    st.lists(_SCALARS, max_size=3).map(lambda vs: NoneOf(tuple(vs))),
    st.builds(Compare, st.sampled_from(("<", "<=", ">", ">=")), _SCALARS, st.booleans()),
    st.frozensets(st.sampled_from(sorted(UNIVERSE))).map(KindIn),
    st.just(ErrorOrNull()),
)


@settings(max_examples=1000, deadline=None)
@given(one_constraint | atoms.flatmap(_facts_of))
def test_one_constraint_is_empty_exactly_when_its_domain_is(constraint: Any) -> None:
    assert empty_alone(constraint) == is_empty(domain_of([constraint]))


@settings(max_examples=1000, deadline=None)
@given(one_constraint | _SCALARS.map(lambda value: OneOf((value,))))
def test_the_choices_of_one_constraint_are_those_worked_out_in_full(constraint: Any) -> None:
    assert choices_of([constraint]) == all_choices_of([constraint])


# Conjunctions of atoms on distinct paths, where `never_true` answers from the atoms alone.
distinct_paths = (
    st.permutations(PATHS)
    .flatmap(lambda order: st.tuples(*(ATOMS_ON[path] for path in order[:3])))
    .map(And)
)


@settings(max_examples=1000, deadline=None)
@given(conditions | distinct_paths | st.lists(atoms, min_size=2, max_size=4).map(tuple).map(And))
def test_never_true_answers_as_the_full_refutation_does(condition: Expr) -> None:
    full = shared.refute(shared.requirements(condition, True), Budget())
    assert never_true(condition) == full
    if glance.plain_paths(condition) is not None:
        assert full is None


@settings(max_examples=1000, deadline=None)
@given(conditions | distinct_paths | st.lists(atoms, min_size=1, max_size=4).map(tuple).map(And))
def test_a_plain_condition_is_a_plainly_possible_atom_or_a_conjunction_of_such_apart(
    condition: Expr,
) -> None:
    operands = condition.operands if isinstance(condition, And) else (condition,)
    tested = [glance.possible_path(operand) for operand in operands]
    plain = None not in tested and len(set(tested)) == len(tested)
    assert glance.plain_paths(condition) == (set(tested) if plain else None)


@settings(max_examples=1000, deadline=None)
@given(conditions | distinct_paths | st.lists(atoms, min_size=1, max_size=4).map(tuple).map(And))
def test_a_verdict_at_a_look_is_the_verdict_of_the_general_path(condition: Expr) -> None:
    # `_verdict` answers a condition the optimizer keeps at a look without asking
    # `never_true` or the optimizer.
    from hookc.check import logic

    optimizer = Optimizer(shared)
    quick = logic._verdict(condition, optimizer)
    with patch.object(Optimizer, "is_plainly_kept", lambda *optimizer_condition: False):
        assert logic._verdict(condition, optimizer) == quick


@settings(max_examples=1000, deadline=None)
@given(atoms | _atoms(paths | st.just(FALLIBLE_PATH)))
def test_a_plainly_possible_atom_is_one_that_is_not_refuted_alone(atom: Expr) -> None:
    if glance.possible_path(atom) is not None:
        assert shared.refuted_atom(requirements.Atom(atom, True)) is None
        assert glance.possible_path(atom) in shared.paths_read(atom)


@settings(max_examples=300, deadline=None)
@given(st.lists(constants.map(Literal) | paths, max_size=4))
def test_a_path_in_a_list_is_plainly_possible_when_it_holds_constants_one_not_nan(
    items: list[Expr],
) -> None:
    atom = Binary("in", PATHS[1], List(tuple(items)))
    literal = all(isinstance(item, Literal) for item in items)
    one_not_nan = any(item.value == item.value for item in items if isinstance(item, Literal))
    assert glance.possible_path(atom) == (PATHS[1] if literal and one_not_nan else None)


# Hook files pin one path again and again (`tool == '...'`), mostly to other values.
_pinned_to = st.text("abcdef", max_size=2) | st.integers(-9, 9) | constants
_pins = st.one_of(
    st.builds(lambda c: Binary("==", PATHS[0], Literal(c)), _pinned_to),
    st.builds(lambda c: Binary("==", Literal(c), PATHS[0]), _pinned_to),
    st.lists(_pinned_to.map(Literal), max_size=3).map(
        lambda cs: Binary("in", PATHS[0], List(tuple(cs)))
    ),
)
# What follows a pin: any atom, or another test of the pinned path (`x != 'b'`).
_after_a_pin = atoms | st.builds(
    lambda op, c: Binary(op, PATHS[0], Literal(c)), st.sampled_from(["==", "!="]), _pinned_to
)
pinning = _pins | st.builds(lambda pin, rest: And((pin, rest)), _pins, _after_a_pin)


@settings(max_examples=500, deadline=None)
@given(conditions | distinct_paths | pinning, st.data())
def test_the_shadow_index_reads_of_a_condition_what_its_facts_say(
    condition: Expr, data: st.DataObject
) -> None:
    shape = candidates._Shape(condition, shared)
    atoms = requirements.split(shared.requirements(condition, True))[0]
    assert shape.atoms == [(atom.expr, atom.positive) for atom in atoms]
    first = candidates._first_atom(condition)
    if first is not None:
        assert shape.atoms[0] == (first, True)
    named = {node.value for node, _ in walk(condition) if isinstance(node, Literal)}
    assert shape.strings == tuple(sorted(value for value in named if isinstance(value, str)))
    facts = [fact for atom in atoms for fact in shared.facts(atom)]
    known = [*dict.fromkeys(fact.term for fact in facts), *PATHS]
    terms = set(data.draw(st.lists(st.sampled_from(known), max_size=4)))
    expected: dict[Expr, list[Any]] = {}
    for fact in facts:
        if fact.term in terms:
            expected.setdefault(fact.term, []).append(fact.constraint)
    assert list(candidates._constraints_on(shape, terms).items()) == list(expected.items())
    pins = [
        (fact.term, frozenset(map(candidates._value_class, fact.constraint.values)))
        for fact in facts
        if isinstance(fact.constraint, OneOf)
    ]
    assert candidates._pin(shape) == (pins[0] if pins else None)


@settings(max_examples=500, deadline=None)
@given(atoms | conditions | expressions, st.booleans())
def test_the_terms_known_at_a_look_hold_every_fact_of_the_atom(atom: Expr, positive: bool) -> None:
    known = reasoning_facts.fact_terms(atom)
    if known is not None:
        assert {fact.term for fact in shared.facts(requirements.Atom(atom, positive))} <= set(known)


earlier = conditions | distinct_paths | atoms | st.none()
# (Three in four: `|` would weigh each alternative of `earlier` as one of `pinning`.)
mostly_pinning = st.integers(0, 3).flatmap(lambda i: pinning if i else earlier)


@settings(max_examples=500, deadline=None)
@given(st.lists(earlier, max_size=12) | st.lists(mostly_pinning, min_size=3, max_size=12))
@example(  # `x == 'a'`, then `x in ['a', 'b'] && x != 'b'`: the earlier hook is a candidate
    [
        Binary("==", PATHS[0], Literal("a")),
        And(
            (
                Binary("in", PATHS[0], List((Literal("a"), Literal("b")))),
                Binary("!=", PATHS[0], Literal("b")),
            )
        ),
    ]
)
def test_the_shadow_index_offers_what_it_would_with_every_pool_and_pin_asked(
    found: list[Expr | None],
) -> None:
    # `candidates` leaves the pools alone when every earlier hook pins a narrowed term, and
    # asks nothing more when every earlier hook pins the term it pins to other values.
    hooks = [Hook(f"h{i}", "error", condition, Action("log")) for i, condition in enumerate(found)]
    quick, general = candidates.EarlierConditions(shared), candidates.EarlierConditions(shared)
    general._all_pinned_on = lambda terms: False  # type: ignore[method-assign]
    general._pins_apart = lambda shape: False  # type: ignore[method-assign]
    general._pinned_kinds = _EVERY_KIND  # no term is passed over for its type
    for hook in hooks:
        offered = quick.candidates(hook.condition)
        assert offered == general.candidates(hook.condition)
        quick.add(hook)
        general.add(hook)
        assert quick._pinned_kinds == {type(term) for term in quick._pinned}


class _EveryKind(set[type]):
    def __contains__(self, item: object) -> bool:
        return True


_EVERY_KIND = _EveryKind()


@settings(max_examples=500, deadline=None)
@given(conditions | expressions)
def test_paths_read_are_the_plain_paths_a_walk_meets_first(condition: Expr) -> None:
    expected: set[Expr] = set()
    stack = [condition]
    while stack:
        node = stack.pop()
        if isinstance(node, Ident | Select | Index) and glance.is_plain_path(node):
            expected.add(node)
        else:
            stack.extend(children(node))
    assert shared.paths_read.__wrapped__(condition) == expected


@settings(max_examples=1000, deadline=None)
@given(conditions | distinct_paths | st.lists(atoms, min_size=2, max_size=4).map(tuple).map(And))
def test_always_true_answers_as_the_general_path_does(condition: Expr) -> None:
    general = shared.always(condition, True, Budget(), last=True)
    assert always_true.__wrapped__(condition) == general
    if glance.plainly_fallible(condition):
        assert general is None


@settings(max_examples=500, deadline=None)
@given(st.data())
def test_one_canonical_spelling_for_mirrored_and_negated_comparisons(data: st.DataObject) -> None:
    sides = paths | constants.map(Literal)
    atom = Binary(data.draw(st.sampled_from(_RELATIONS)), data.draw(sides), data.draw(sides))
    positive = data.draw(st.booleans())
    canonical = reasoning_facts.canonical(atom, positive)
    mirrored = Binary(reasoning_facts.MIRROR[atom.op], atom.right, atom.left)
    assert reasoning_facts.canonical(mirrored, positive) == canonical
    if atom.op in ("==", "!="):
        negated = Binary("!=" if atom.op == "==" else "==", atom.left, atom.right)
        assert reasoning_facts.canonical(negated, not positive) == canonical
    # The spelling means the same: `a > b` is `b < a`, `a != b` is true iff `a == b` is false.
    spelled, spelled_positive = canonical
    for context, value in _outcomes(data, atom):
        assert (value is positive) == (evaluate(spelled, context) is spelled_positive), context


_printed = st.one_of(
    expressions,
    conditions,
    st.sampled_from(PATHS),
    st.text(max_size=3).map(Literal),
    st.sampled_from(("", "a", "'", "(", "!", "b\x00")).map(Literal),
)


@settings(max_examples=1000, deadline=None)
@given(_printed, _printed)
def test_prints_before_orders_as_the_printed_texts_do(first: Expr, second: Expr) -> None:
    assert reasoning_facts.prints_before(first, second) == (to_text(first) < to_text(second))


# -- diagnostics --------------------------------------------------------------------------------


def hookset(text: str, *, first_match: bool = True, name: str = "hooks.txt") -> HookSet:
    """Hooks from lines ``id event [priority] [disabled]: condition`` (no ``:``, no
    condition), with spans into ``text`` as a front end would give them."""
    source = Source(name, text)
    hooks = []
    offset = 0
    for line in text.splitlines(keepends=True):
        head, colon, condition_text = line.rstrip("\n").partition(":")
        if head.strip():
            hook_id, event, *rest = head.split()
            condition = None
            if colon:
                condition = moved(expr(condition_text), offset + len(head) + 1)
            hooks.append(
                Hook(
                    id=hook_id,
                    event=event,
                    condition=condition,
                    action=Action("log"),
                    priority=int(rest[0]) if rest and rest[0].lstrip("-").isdigit() else 0,
                    enabled="disabled" not in rest,
                    span=Span(offset, offset + len(line.rstrip("\n"))),
                    source=source,
                )
            )
        offset += len(line)
    return HookSet(tuple(hooks), Ordering(first_match=first_match))


def moved(node: Any, offset: int) -> Any:
    """The tree with every span shifted by ``offset``, as a front end places an expression
    parsed on its own into its file."""
    if isinstance(node, tuple):
        return tuple(moved(part, offset) for part in node)
    if not isinstance(node, Expr):
        return node
    changes = {
        f.name: moved(getattr(node, f.name), offset)
        for f in dataclasses.fields(node)
        if f.name != "span"
    }
    span = None if node.span is None else node.span.shift(offset)
    return dataclasses.replace(node, span=span, **changes)


def rendered(found: list[Diagnostic]) -> list[str]:
    return [f"{d.location[0]}:{d.location[1]} {d.code} {d.message}" for d in found]


def test_logic_diagnostics_reports_never_true_at_the_condition_with_its_reason() -> None:
    text = "fine error: x > 1\nbroken limit: cost.spend > 5 && cost.spend < 3\n"
    assert rendered(logic_diagnostics(hookset(text))) == [
        "2:15 HK503 condition can never be true: "
        "`cost.spend > 5` and `cost.spend < 3` cannot both hold"
    ]


def test_logic_diagnostics_reports_always_true_only_for_written_conditions() -> None:
    text = "a error: 1 == 1\nb limit\nc tool: has(x) || !has(x)\n"
    found = logic_diagnostics(hookset(text, first_match=False))
    assert [(d.code, d.location[0]) for d in found] == [("HK504", 1), ("HK504", 3)]
    assert found[0].message == "condition is always true: `1 == 1` is constant"


def test_logic_diagnostics_reports_a_shadowed_hook_with_the_line_of_its_shadow() -> None:
    text = (
        "broad error: x > 5\n"
        "other limit: x > 20\n"
        "narrow error: x > 10 && y == 'a'\n"
        "unrelated error: x < 5\n"
    )
    assert rendered(logic_diagnostics(hookset(text))) == [
        "3:15 HK505 hook `narrow` can never fire: the earlier hook `broad` (line 1) "
        "matches whenever it does"
    ]


def test_logic_diagnostics_follows_evaluation_order_not_file_order() -> None:
    text = "narrow error 0: x > 10\nbroad error 5: x > 5\n"
    found = logic_diagnostics(hookset(text))
    assert [(d.code, d.location[0]) for d in found] == [("HK505", 1)]
    assert "the earlier hook `broad` (line 2)" in found[0].message


def test_logic_diagnostics_reports_no_shadowing_without_first_match_or_from_disabled_hooks() -> (
    None
):
    assert logic_diagnostics(hookset("a error: x > 5\nb error: x > 10\n", first_match=False)) == []
    assert logic_diagnostics(hookset("a error 0 disabled: x > 5\nb error: x > 10\n")) == []


def test_logic_diagnostics_shadows_everything_after_a_hook_without_condition() -> None:
    found = logic_diagnostics(hookset("catch_all error\nlater error: x == 1\nnone error\n"))
    assert [(d.code, d.location[0]) for d in found] == [("HK505", 2), ("HK505", 3)]


def test_logic_diagnostics_does_not_call_a_never_true_hook_shadowed() -> None:
    found = logic_diagnostics(hookset("a error: x > 1\nb error: x > 5 && x < 3\n"))
    assert [d.code for d in found] == ["HK503"]


def test_logic_diagnostics_skips_hooks_without_a_source() -> None:
    hook = Hook("a", "error", expr("false"), Action("log"))
    assert logic_diagnostics(HookSet((hook,))) == []


def test_logic_diagnostics_stays_linear_for_many_hooks_on_distinct_tools() -> None:
    lines = [f"h{i} pre_tool_use: tool == 'T{i}' && size(args) > 0" for i in range(3000)]
    lines.append("again pre_tool_use: tool in ['T7'] && size(args) > 0 && user == 'x'")
    found = logic_diagnostics(hookset("\n".join(lines) + "\n"))
    assert [(d.code, d.location[0]) for d in found] == [("HK505", 3001)]
    assert "`h7` (line 8)" in found[0].message


def test_logic_diagnostics_report_what_only_the_optimizer_proves() -> None:
    # `double('inf')` is a call, not a constant, to the laws above; the optimizer folds it,
    # and then the two lists share no value.
    never = "a error: x in [double('inf'), 2.0] && x in [0]\n"
    assert [d.message for d in logic_diagnostics(hookset(never))] == [
        "condition can never be true: it simplifies to `false` (fold_constants, narrow)"
    ]
    always = "b error: (has(a) || y) || !has(a)\n"
    found = logic_diagnostics(hookset(always, first_match=False))
    assert [d.message for d in found] == [
        "condition is always true: it simplifies to `true` (flatten, complement)"
    ]
