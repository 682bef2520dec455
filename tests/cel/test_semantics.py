"""Edge cases of the `when` language (SPEC §2) that CEL's conformance cases do not cover.

``tests/cel/conformance/cel_core.yaml`` holds the official CEL cases; this file adds the corners
around them: every operator and function at its edges, one named test for each rule of SPEC §2
where CEL and Python disagree (with bindings chosen to trip a Python-based implementation:
``True`` versus ``1``, ``1.0``, NaN, big ints, tuples), hookc's additions (``and``/``or``/
``not``, ``glob``, ``list.contains``, the ``has()`` deviation) and string literals.

Expected values follow CEL (google/cel-spec ``doc/langdef.md``, cel-go where the langdef is
silent) unless SPEC §2 lists a deviation.
"""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any

import pytest

import hookc
import hookc.cel

INT64_MAX = 2**63 - 1
INT64_MIN = -(2**63)
INF = math.inf
NAN = math.nan


class _Outcome:
    """A non-value expectation: the expression fails rather than giving a value."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


ERROR = _Outcome("ERROR")  # evaluation gives a CEL error value (hookc.EvaluationError)
COMPILE_ERROR = _Outcome("COMPILE_ERROR")  # hookc.cel.compile rejects the text
REJECTED = _Outcome("REJECTED")  # either of the two: a certain error caught early or late


def evaluate(text: str, **bindings: Any) -> Any:
    return hookc.cel.compile(text).evaluate(bindings)


def same(actual: Any, expected: Any) -> bool:
    """Equal with exactly the same types, recursively; NaN equals NaN; -0.0 is not 0.0."""
    if type(actual) is not type(expected):
        return False
    if isinstance(expected, float):
        if math.isnan(expected):
            return math.isnan(actual)
        return actual == expected and math.copysign(1, actual) == math.copysign(1, expected)
    if isinstance(expected, list):
        return len(actual) == len(expected) and all(map(same, actual, expected))
    if isinstance(expected, dict):
        typed = {(type(k), k): v for k, v in actual.items()}
        return len(actual) == len(expected) and all(
            (type(k), k) in typed and same(typed[(type(k), k)], v) for k, v in expected.items()
        )
    return bool(actual == expected)


def check(text: str, bindings: dict[str, Any], expected: Any) -> None:
    if expected is COMPILE_ERROR:
        with pytest.raises(hookc.CompileError):
            hookc.cel.compile(text)
    elif expected is REJECTED:
        with pytest.raises((hookc.CompileError, hookc.EvaluationError)):
            evaluate(text, **bindings)
    elif expected is ERROR:
        program = hookc.cel.compile(text)
        with pytest.raises(hookc.EvaluationError):
            result = program.evaluate(bindings)
            pytest.fail(f"{text!r} gave {result!r}, expected an error")
    else:
        result = evaluate(text, **bindings)
        assert same(result, expected), (
            f"{text!r} with {bindings!r} gave {result!r} ({type(result).__name__}), "
            f"expected {expected!r} ({type(expected).__name__})"
        )


def case(text: str, expected: Any, /, **bindings: Any) -> Any:
    """One table row: the expression, its expected outcome, and its bindings."""
    shown = text if not bindings else f"{text} | {bindings!r}"
    return pytest.param(text, bindings, expected, id=shown)


CASE_ARGS = "text, bindings, expected"


# ---------------------------------------------------------------------------------------------
# SPEC §2 rules where CEL differs from Python: one named test each
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("true == 1", False),
        case("1 == true", False),
        case("false == 0", False),
        case("true != 1", True),
        case("x == 1", False, x=True),
        case("x == true", False, x=1),
        case("x == y", False, x=True, y=1),
        case("x == y", False, x=False, y=0.0),
        case("[x] == [1]", False, x=True),
        case("{'k': x} == {'k': 1}", False, x=True),
        case("x == y", False, x=[True, False], y=[1, 0]),
        case("x == y", False, x={"a": True}, y={"a": 1}),
        case("x == y", False, x={True: "a"}, y={1: "a"}),
    ],
)
def test_true_is_not_equal_to_one(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("x == y", True, x=1, y=1.0),
        case("x == 1", True, x=1.0),
        case("x != 1.0", False, x=1),
        case("0 == -0.0", True),
        case("x == y", True, x=2**53, y=float(2**53)),
        case("1 == 1.5", False),
        case("x == y", False, x=3, y=3.0000000001),
        case("x != y", True, x=2, y=2.5),
    ],
)
def test_int_and_double_are_equal_when_numerically_equal(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("[1, 2] == [1.0, 2.0]", True),
        case("[[1]] == [[1.0]]", True),
        case("{'a': [1]} == {'a': [1.0]}", True),
        case("x == y", True, x=[1, 2], y=[1.0, 2.0]),
        case("[1, 2] == [1.0, 2.5]", False),
        case("[1, 2] != [1.0, 2.0]", False),
        case("x == [1.0]", True, x=(1,)),
    ],
)
def test_lists_of_int_and_double_compare_equal(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("1 == 'a'", False),
        case("'1' == 1", False),
        case("null == 0", False),
        case("null == false", False),
        case("null == ''", False),
        case("[] == {}", False),
        case("null == []", False),
        case("[1] == ['1']", False),
        case("{'a': 1} == {'a': '1'}", False),
        case("{1: 'a'} == {'1': 'a'}", False),
        case("[1, 'a'] == ['a', 1]", False),
        case("1 != 'a'", True),
        case("x == y", False, x="1", y=1),
        case("x != y", True, x=None, y=0),
        case("x == y", False, x=[], y={}),
    ],
)
def test_values_of_different_types_are_unequal_not_errors(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("x == y", True, x=(1, 2), y=[1, 2]),
        case("x == [1, 2]", True, x=(1, 2)),
        case("x in [[1, 2]]", True, x=(1, 2)),
        case("{'k': x} == {'k': [1]}", True, x=(1,)),
    ],
)
def test_tuples_are_lists(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


def _nan_cases() -> list[Any]:
    nan = float("nan")  # one object: Python's list == and `in` short-cut on identity
    return [
        case("x == x", False, x=[nan]),
        case("x != x", True, x=[nan]),
        case("x == y", False, x=[nan], y=[nan]),
        case("x == x", False, x=nan),
        case("x == x", False, x={"a": nan}),
        case("x in [x]", False, x=nan),
        case("x in y", False, x=nan, y=[nan]),
        case("[x].contains(x)", False, x=nan),
        case("[0.0/0.0] == [0.0/0.0]", False),
        case("[x].exists(e, e == x)", False, x=nan),
    ]


@pytest.mark.parametrize(CASE_ARGS, _nan_cases())
def test_nan_is_unequal_to_itself_inside_lists(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("-7 / 2", -3),
        case("7 / -2", -3),
        case("-7 / -2", 3),
        case("7 / 2", 3),
        case("-1 / 2", 0),
        case("1 / -2", 0),
        case("x / y", -3, x=-7, y=2),
        case("x / y", -4611686018427387904, x=INT64_MIN, y=2),
        case("-9223372036854775808 / 1", INT64_MIN),
        case("9223372036854775807 / -1", -INT64_MAX),
    ],
)
def test_integer_division_truncates_toward_zero(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("-7 % 3", -1),
        case("7 % -3", 1),
        case("-7 % -3", -1),
        case("-5 % 7", -5),
        case("5 % -7", 5),
        case("-6 % 3", 0),
        case("x % y", -1, x=-7, y=3),
        case("x % y", 1, x=7, y=-3),
        case("-9223372036854775807 % 2", -1),
        case("-9223372036854775808 % 1", 0),
    ],
)
def test_modulus_takes_the_sign_of_the_dividend(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("x + 1", ERROR, x=INT64_MAX),
        case("x + x", ERROR, x=INT64_MAX),
        case("x - 1", ERROR, x=INT64_MIN),
        case("1 - x", ERROR, x=INT64_MIN),
        case("x * 2", ERROR, x=2**62),
        case("x * x", ERROR, x=2**32),
        case("x * -1", ERROR, x=INT64_MIN),
        case("-x", ERROR, x=INT64_MIN),
        case("x / -1", ERROR, x=INT64_MIN),
        case("x % -1", ERROR, x=INT64_MIN),
        case("-9223372036854775808 % -1", ERROR),
        case("9223372036854775807 * 2", ERROR),
        # An intermediate overflow is not rescued by a later operation.
        case("x + 1 - 1", ERROR, x=INT64_MAX),
        case("x * 2 / 2", ERROR, x=2**62),
        # The edges themselves are fine.
        case("x + 0", INT64_MAX, x=INT64_MAX),
        case("x - 1 + 1", INT64_MAX, x=INT64_MAX),
        case("-x", -INT64_MAX, x=INT64_MAX),
        case("x * -1", -INT64_MAX, x=INT64_MAX),
        case("x + 1", INT64_MIN + 1, x=INT64_MIN),
        case("-9223372036854775807 - 1", INT64_MIN),
    ],
)
def test_int64_overflow_is_an_error(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("0 / 0", ERROR),
        case("-5 / 0", ERROR),
        case("x / 0", ERROR, x=5),
        case("x / y", ERROR, x=5, y=0),
        case("-9223372036854775808 / 0", ERROR),
    ],
)
def test_division_by_zero_is_an_error(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("0 % 0", ERROR),
        case("-5 % 0", ERROR),
        case("x % y", ERROR, x=5, y=0),
    ],
)
def test_modulus_by_zero_is_an_error(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("1.0 / 0.0", INF),
        case("-1.0 / 0.0", -INF),
        case("1.0 / -0.0", -INF),
        case("-1.0 / -0.0", INF),
        case("0.0 / 0.0", NAN),
        case("x / y", INF, x=1.0, y=0.0),
        case("x / y", -INF, x=1.5, y=-0.0),
        case("x / y", NAN, x=0.0, y=0.0),
    ],
)
def test_double_division_by_zero_is_infinity(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("1 + 1.0", ERROR),
        case("1.0 + 1", ERROR),
        case("2 - 1.0", ERROR),
        case("2.0 * 2", ERROR),
        case("4 / 2.0", ERROR),
        case("4.0 / 2", ERROR),
        case("5 % 2.0", ERROR),
        case("1.0 / 0", ERROR),
        case("x + 1", ERROR, x=1.0),
        case("x + y", ERROR, x=1, y=1.0),
        case("x * y", ERROR, x=2.0, y=3),
        case("dyn(1) + 1.0", ERROR),
    ],
)
def test_int_and_double_do_not_mix_in_arithmetic(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("false && 1/0 == 1", False),
        case("1/0 == 1 && false", False),
        case("false && missing", False),
        case("missing && false", False),
        case("false && x.nope", False, x={}),
        case("x.nope && false", False, x={}),
        case("false && 'not a bool'", False),
        case("1/0 == 1 and false", False),
        case("false and 1/0 == 1", False),
        case("true && 1/0 == 1 && false", False),
        case("1/0 == 1 && 'x' && false", False),
    ],
)
def test_false_and_error_is_false_in_both_orders(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("true || 1/0 == 1", True),
        case("1/0 == 1 || true", True),
        case("true || missing", True),
        case("missing || true", True),
        case("x.nope || true", True, x={}),
        case("1/0 == 1 or true", True),
        case("true or 1/0 == 1", True),
        case("false || 1/0 == 1 || true || 'x'", True),
    ],
)
def test_true_or_error_is_true_in_both_orders(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("!(1/0 == 1)", ERROR),
        case("!missing", ERROR),
        case("not (1/0 == 1)", ERROR),
        case("!!(1/0 == 1)", ERROR),
        case("!x.nope", ERROR, x={}),
    ],
)
def test_not_error_is_error(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("true && 1/0 == 1", ERROR),
        case("1/0 == 1 && true", ERROR),
        case("false || 1/0 == 1", ERROR),
        case("1/0 == 1 || false", ERROR),
        case("1/0 == 1 || 2/0 == 1", ERROR),
        case("true and missing", ERROR),
    ],
)
def test_error_survives_a_non_deciding_operand(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("x && true", ERROR, x=1),
        case("x || false", ERROR, x=0),
        case("x && true", ERROR, x="yes"),
        case("true && 1", ERROR),
        case("1 || false", ERROR),
        case("true && 'x' && true", ERROR),
        case("!x", ERROR, x=0),
        case("!1", ERROR),
        case("!''", ERROR),
        case("![]", ERROR),
        case("!null", ERROR),
        case("not 1", ERROR),
        # A non-bool operand is absorbed like an error when the other operand decides.
        case("x && false", False, x=1),
        case("x || true", True, x="yes"),
        case("null && false", False),
        case("null || true", True),
        case("null || false", ERROR),
    ],
)
def test_only_bools_are_truthy(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("ctx.tool", ERROR, ctx={}),
        case("ctx['tool']", ERROR, ctx={}),
        case("ctx.a.b", ERROR, ctx={"a": {}}),
        case("nothing_bound", ERROR),
        # It is an error, not null or false: comparing it is still an error ...
        case("ctx.tool == null", ERROR, ctx={}),
        case("ctx.tool != 'x'", ERROR, ctx={}),
        case("!(ctx.tool == 'x')", ERROR, ctx={}),
        # ... that only a deciding logical operand absorbs.
        case("ctx.tool == 'x' || true", True, ctx={}),
        case("ctx.tool == 'x' && false", False, ctx={}),
        # A defaultdict does not invent the key.
        case("ctx.tool", ERROR, ctx=defaultdict(int)),
        case("ctx['tool']", ERROR, ctx=defaultdict(list)),
    ],
)
def test_missing_key_is_an_error_value(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("has(a.b.c)", False, a={}),
        case("has(a.b.c)", False),
        case("has(a.b.c.d)", False, a={"b": {}}),
        case("has(a.b.c)", False, a={"b": None}),
        case("has(a.b.c)", False, a={"b": 5}),
        case("has(a.b.c)", False, a={"b": "text"}),
        case("has(a.b.c)", False, a={"b": [1]}),
        case("has(a.b[0])", False, a={}),
        case("has(a.b[0].c)", False, a={"b": []}),
        case("has(a.b) && a.b > 1", False, a={}),
        case("has(a.b) ? a.b : 0", 0, a={}),
        case("has(ctx.a.b)", False, ctx=defaultdict(dict)),
    ],
)
def test_has_is_false_for_a_missing_intermediate(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("size('😀')", 1),
        case("'😀😀'.size()", 2),
        case(r"size('\U0001F600')", 1),
        case(r"size('e\u0301')", 2),
        case("size(x)", 1, x="\U0001f600"),
        case("size(x)", 5, x="\U0001f468\u200d\U0001f469\u200d\U0001f467"),
        case("size(x)", 6, x="nai\u0308ve"),  # combining diaeresis: one more code point
        case("x.size() == 4", True, x="\U0001f431\U0001f600\U0001f61b\U0001f431"),
    ],
)
def test_size_counts_code_points(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("not x == 'y'", False, x="y"),
        case("not x == 'y'", True, x="z"),
        case("!x == 'y'", ERROR, x="y"),  # `!` binds tighter: (!x) == 'y'
        case("not x != 'y'", True, x="y"),
        case("not x in ['a']", False, x="a"),
        case("not x in ['a']", True, x="b"),
        case("not 1 + 1 == 2", False),
        case("not 1 < 2", False),
        case("not x.y == 1", False, x={"y": 1}),
        case("not size(x) > 3", True, x="ab"),
    ],
)
def test_not_binds_looser_than_comparison(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("not true and false", False),  # (not true) and false
        case("not false or true", True),  # (not false) or true
        case("not true || true", True),
        case("not true && false", False),
        case("true && not false", True),
        case("false or not false", True),
        case("not not true", True),
        case("not !true", True),
        case("x == 'a' and not y", True, x="a", y=False),
    ],
)
def test_not_binds_tighter_than_and_and_or(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("m[true]", ERROR, m={1: "a"}),
        case("m[1]", ERROR, m={True: "a"}),
        case("m[0]", ERROR, m={False: "a"}),
        case("m[false]", ERROR, m={0: "a"}),
        case("m[1.0]", ERROR, m={True: "a"}),
        case("m[true]", "a", m={True: "a"}),
        case("m[1]", "a", m={1: "a"}),
        case("true in m", False, m={1: "a"}),
        case("1 in m", False, m={True: "a"}),
        case("x in m", False, x=True, m={1: "a"}),
        case("x in m", False, x=1, m={True: "a"}),
        case("has(m[true])", False, m={1: "a"}),
        case("m[x]", ERROR, x=True, m={1: "a"}),
    ],
)
def test_map_keys_true_and_one_are_distinct_lookups(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        # CEL keeps 1 and true apart as map keys, but a Python dict cannot hold both: hookc
        # documents this deviation (README) and reports an error rather than losing an entry.
        case("{1: 'a', true: 'b'}[true]", ERROR),
        case("{1: 'a', true: 'b'}[1]", ERROR),
        case("size({0: 'a', false: 'b'})", ERROR),
        case("size({1: 'a', 2: 'b', 'x': true})", 3),
    ],
)
def test_map_literal_with_keys_python_merges_is_an_error_not_a_silent_loss(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("true < 1", ERROR),
        case("1 < true", ERROR),
        case("false >= 0", ERROR),
        case("true > 0.5", ERROR),
        case("x < y", ERROR, x=True, y=2),
        case("x <= 1", ERROR, x=False),
        case("x > 0.5", ERROR, x=True),
    ],
)
def test_bool_is_not_a_number_in_comparisons(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("string(1.0)", "1"),
        case("string(100.0)", "100"),
        case("string(-3.0)", "-3"),
        case("string(x)", "2", x=2.0),
        case("string(x)", "1", x=1.0),
        case("string(x)", "2.5", x=2.5),
    ],
)
def test_string_of_double_drops_trailing_zero(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("'say hello there'.matches('hello')", True),
        case("'abc'.matches('b')", True),
        case("'abc'.matches('^b')", False),
        case("'abc'.matches('b$')", False),
        case("'abc'.matches('^abc$')", True),
        case("'xabcx'.matches('^abc$')", False),
        case("matches('abc', 'c$')", True),
        case("s.matches(p)", True, s="xxabyy", p="ab"),
    ],
)
def test_regex_is_unanchored(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("1 < 2 == true", True),  # (1 < 2) == true; Python: 1 < 2 and 2 == True
        case("3 > 2 > 1", ERROR),  # (3 > 2) > 1 compares a bool with an int
        case("false == false == false", False),
        case("1 == 1 == true", True),
        case("1 in [1] == true", True),
        case("2 > 1 == 1 > 0", ERROR),
    ],
)
def test_relations_are_left_associative_not_chained(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("'a' * 3", ERROR),
        case("3 * 'a'", ERROR),
        case("[1] * 2", ERROR),
        case("x * 2", ERROR, x="ab"),
        case("x * 2", ERROR, x=[1]),
        case("true + true", ERROR),
        case("true + 1", ERROR),
        case("x + x", ERROR, x=True),
        case("x * 3", ERROR, x=True),
        case("-x", ERROR, x=True),
        case("'a' + 1", ERROR),
        case("1 + 'a'", ERROR),
        case("null + null", ERROR),
        case("'ab' - 'b'", ERROR),
        case("[1, 2] - [2]", ERROR),
        case("{'a': 1} + {'b': 2}", ERROR),
        case("[1] + 'a'", ERROR),
        case("'a' / 'b'", ERROR),
        case("'a' % 2", ERROR),
        case("-'a'", ERROR),
        case("-null", ERROR),
        case("-[1]", ERROR),
    ],
)
def test_operators_have_no_python_overloads(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# Arithmetic
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("0 / -5", 0),
        case("2 - 3 - 4", -5),
        case("100 / 10 / 5", 2),
        case("2 * 3 % 4", 2),
        case("1 + 2 * 3", 7),
        case("(1 + 2) * 3", 9),
        case("-2 * -3", 6),
        case("- 2", -2),
        case("-(2) * 3", -6),
        case("--x", 5, x=5),
        case("-x", -5, x=5),
        case("x - y", -1, x=1, y=2),
    ],
)
def test_int_arithmetic(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("1e308 * 10.0", INF),  # double overflow is infinity, not an error
        case("-1e308 * 10.0", -INF),
        case("1e-320 / 1e10", 0.0),
        case("0.1 + 0.2", 0.30000000000000004),
        case("(1.0 / 0.0) - (1.0 / 0.0)", NAN),
        case("(1.0 / 0.0) * 0.0", NAN),
        case("7.0 / 2.0", 3.5),
        case("-7.0 / 2.0", -3.5),
        case("-x", -0.0, x=0.0),
        case("x - y", 0.0, x=1.5, y=1.5),
        case("5.0 % 2.0", ERROR),
        case("x % y", ERROR, x=5.0, y=2.0),
    ],
)
def test_double_arithmetic(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("'a' + 'b'", "ab"),
        case("'😀' + '😀'", "😀😀"),
        case("[1] + [2.0]", [1, 2.0]),
        case("[1] + ['a', null]", [1, "a", None]),
        case("x + [3]", [1, 2, 3], x=(1, 2)),
        case("[] + x", [True], x=[True]),
        case("x + y", [[1], {"a": 1}], x=[[1]], y=[{"a": 1}]),
    ],
)
def test_concatenation(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# Comparisons
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("null < 1", ERROR),
        case("1 < null", ERROR),
        case("'a' < 1", ERROR),
        case("1 > 'a'", ERROR),
        case("{} < {}", ERROR),
        case("x < y", ERROR, x="a", y=1),
        case("x < y", ERROR, x=[1], y=[2]),
        case("1 < 1.5", True),
        case("2 > 1.5", True),
        case("1 >= 1.0", True),
        case("1.0 <= 1", True),
        case("-1 < -0.5", True),
        case("x < y", True, x=1, y=1.5),
        case("0.0/0.0 < 1", False),
        case("1 > 0.0/0.0", False),
        case("0.0/0.0 <= 0.0/0.0", False),
        case("0.0/0.0 >= 1.0", False),
        case("-0.0 < 0", False),
        case("-0.0 >= 0", True),
        case("(1.0/0.0) > 9223372036854775807", True),
        case("(-1.0/0.0) < -9223372036854775808", True),
        case("x < y", True, x=False, y=True),
        case("'B' < 'a'", True),
        case("'é' > 'z'", True),
        case("'a' < 'a\\u0000'", True),
        # Strings order by code point, not by UTF-16 unit: U+FFFF sorts before U+1F600.
        case(r"'\uffff' < '\U0001F600'", True),
        case("x < y", True, x="10", y="9"),
    ],
)
def test_ordering(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("{'a': 1} == {'a': 1, 'b': 2}", False),
        case("{'a': 1, 'b': 2} == {'a': 1}", False),
        case("{'a': 1} == {'b': 1}", False),
        case("{'a': {'b': [1, 2]}} == {'a': {'b': [1, 2.0]}}", True),
        case("x == y", True, x={"a": 1, "b": 2}, y={"b": 2.0, "a": 1.0}),
        case("x == null", True, x=None),
        case("[null] == [null, null]", False),
        case("'' == null", False),
    ],
)
def test_equality(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("1/0 == 1/0", ERROR),
        case("1/0 != 1", ERROR),
        case("missing == missing", ERROR),
        case("missing != null", ERROR),
        case("[1/0] == []", ERROR),
        case("x.a == x.a", ERROR, x={}),
    ],
)
def test_an_error_equals_nothing(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# Conditional
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("true ? 1 : 1/0", 1),
        case("false ? 1/0 : 2", 2),
        case("true ? 1 : missing", 1),
        case("null ? 1 : 2", ERROR),
        case("1 ? 1 : 2", ERROR),
        case("'' ? 1 : 2", ERROR),
        case("x ? 1 : 2", ERROR, x=1),
        case("x ? 1 : 2", ERROR, x=[]),
        case("missing ? 1 : 2", ERROR),
        case("false ? 1 : false ? 2 : 3", 3),
        case("false ? 1 : true ? 2 : 3", 2),
        # The middle operand is a ConditionalOr in CEL's grammar: a nested ?: needs parens.
        case("true ? false ? 1 : 2 : 3", COMPILE_ERROR),
        case("true ? (false ? 1 : 2) : 3", 2),
        case("true || false ? 1 : 2", 1),  # ?: is looser than ||
        case("false ? 1 : 2 == 2", True),
        case("(false ? 1 : 2) + 3", 5),
        case("(true ? {'a': 1} : {}).a", 1),
        case("true ? 1 : 'a'", 1),
    ],
)
def test_conditional(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# Logical operators: spellings, precedence, n-ary chains
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("true and false", False),
        case("false or true", True),
        case("not true", False),
        case("not false", True),
        case("true && false || true", True),
        case("true || false && false", True),  # && binds tighter than ||
        case("true or false and false", True),
        case("false && true || true", True),
        case("true and true && true and false", False),
        case("false or false || false or true", True),
        case("true and !false", True),
    ],
)
def test_logical_operators(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    "name",
    [
        "android",
        "order",
        "notice",
        "nothing",
        "inside",
        "index",
        "true_x",
        "nullable",
        "falsey",
        "in_list",
        "or_else",
        "and_then",
        "not_yet",
        "truth",
        "iff",
    ],
)
def test_names_starting_with_a_keyword_are_names(name: str) -> None:
    assert evaluate(f"{name} == 1", **{name: 1}) is True
    assert evaluate(f"1 in {name}", **{name: [1]}) is True


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("notice or android", True, notice=False, android=True),
        case("x in inventory", True, x=1, inventory=[1]),
        case("order and not nothing", True, order=True, nothing=False),
    ],
)
def test_keywords_next_to_keyword_like_names(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# `in` and hookc's list.contains
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("1 in [1.0]", True),
        case("1.0 in [1]", True),
        case("1.5 in [1]", False),
        case("true in [1]", False),
        case("1 in [true]", False),
        case("x in [1, 2]", False, x=True),
        case("1 in x", False, x=[True]),
        case("0 in x", False, x=[False, None, "", []]),
        case("null in [null]", True),
        case("[1] in [[1.0]]", True),
        case("{'a': 1} in [{'a': 1.0}]", True),
        case("1 in x", True, x=(1, 2)),
        case("'a' in x", True, x={"a": None}),
        case("1.0 in {1: 'a'}", True),
        case("1.5 in {1: 'a'}", False),
        case("true in {1: 'a'}", False),
        case("1 in {true: 'a'}", False),
        case("'1' in {1: 'a'}", False),
        case("'a' in s", ERROR, s="abc"),
        case("1 in 1", ERROR),
        case("1 in null", ERROR),
        case("1/0 in []", ERROR),
        case("1 in x", ERROR, x=5),
        case("'a' in 'abc'", REJECTED),
    ],
)
def test_in(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("[1, 2].contains(1.0)", True),
        case("[1].contains(true)", False),
        case("[true].contains(1)", False),
        case("[[1]].contains([1.0])", True),
        case("[].contains(1)", False),
        case("['a', 1, null].contains(null)", True),
        case("x.contains(y)", True, x=[1, "a"], y="a"),
        case("x.contains(y)", False, x=[1, 0], y=False),
        case("x.contains(1)", True, x=(1, 2)),
        case("x.contains({'k': 1})", True, x=[{"k": 1.0}]),
        case("{'a': 1}.contains('a')", ERROR),
        case("x.contains('a')", ERROR, x=None),
        case("x.contains(1)", ERROR, x=1),
    ],
)
def test_list_contains_is_membership(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# Indexing and selection
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("[1, 2, 3][-1]", ERROR),
        case("x[-1]", ERROR, x=[10, 20]),
        case("[1, 2][2]", ERROR),
        case("[][0]", ERROR),
        case("[1, 2][1.0]", 2),
        case("x[2.0]", 2, x=[0, 1, 2]),
        case("[1, 2][1.5]", ERROR),
        case("[1, 2][-1.0]", ERROR),
        case("[1, 2][1.0 / 0.0]", ERROR),
        case("[1, 2][0.0 / 0.0]", ERROR),
        case("[1, 2][true]", ERROR),
        case("[1, 2][false]", ERROR),
        case("x[y]", ERROR, x=[10, 20], y=True),
        case("[1, 2]['0']", ERROR),
        case("[1, 2][null]", ERROR),
        case("x[y]", ERROR, x=[10], y=2**64),
        case("x[0]", 10, x=(10, 20)),
        case("[[1, 2], [3]][1][0]", 3),
        case("'abc'[0]", ERROR),
        case("null[0]", ERROR),
        case("x[0]", ERROR, x=5),
        case("[1, 1/0][0]", ERROR),
    ],
)
def test_list_index(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("{'a': 1}['b']", ERROR),
        case("{'a': null}['a']", None),
        case("{1: 'a'}[1.0]", "a"),
        case("{1: 'a'}[1.5]", ERROR),
        case("{1: 'a'}['1']", ERROR),
        case("{'1': 'a'}[1]", ERROR),
        case("{'a': 1}[null]", ERROR),
        case("{'a': 1}[['a']]", ERROR),
        case("m['retry-after']", 5, m={"retry-after": 5}),
        case("m[k]", 1, m={"a": 1}, k="a"),
        case("m[k]", "x", m={-1: "x"}, k=-1),
        case("m[k]", ERROR, m={"a": 1}, k="A"),
    ],
)
def test_map_index(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("x.a", 1, x={"a": 1}),
        case("x.a", None, x={"a": None}),
        case("x.a.b", False, x={"a": {"b": False}}),
        case("x.a", ERROR, x={}),
        case("x.a", ERROR, x=5),
        case("x.a", ERROR, x="a"),
        case("x.a", ERROR, x=None),
        case("x.a", ERROR, x=["a"]),
        case("x.a", ERROR, x={1: "a"}),
        case("x.a.b", ERROR, x={"a": None}),
        case("x.size", 3, x={"size": 3}),
        case("x.a", 1, x={"a": 1, True: 2}),
        case(".x", 7, x=7),
        case(".x.a", 1, x={"a": 1}),
        case("{'a': {'b': 2}}.a.b", 2),
        case("[{'a': 1}][0].a", 1),
    ],
)
def test_selection(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# has(): hookc's deviation, true iff the whole path resolves to a non-null value
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("has(a.b)", True, a={"b": 1}),
        case("has(a.b)", False, a={"b": None}),
        case("has(a.b)", False, a={}),
        case("has(a.b)", False),
        case("has(a.b)", False, a=5),
        case("has(a.b)", False, a=None),
        case("has(a.b)", False, a=[1]),
        # Falsy values are present.
        case("has(a.b)", True, a={"b": 0}),
        case("has(a.b)", True, a={"b": False}),
        case("has(a.b)", True, a={"b": ""}),
        case("has(a.b)", True, a={"b": []}),
        case("has(a.b)", True, a={"b": {}}),
        case("has(a.b.c)", True, a={"b": {"c": 0}}),
        # List and map indexes.
        case("has(l[0])", True, l=[1]),
        case("has(l[1])", False, l=[1]),
        case("has(l[-1])", False, l=[1]),
        case("has(l[0])", False, l=[None]),
        case("has(l[0])", False, l=[]),
        case("has(l[1.0])", True, l=[1, 2]),
        case("has(l[true])", False, l=[1, 2]),
        case("has(a.b[0].c)", True, a={"b": [{"c": 1}]}),
        case("has(m['retry-after'])", True, m={"retry-after": "5"}),
        case("has(m['retry-after'])", False, m={}),
        # A bare name.
        case("has(x)", True, x=0),
        case("has(x)", False),
        case("has(x)", False, x=None),
        # The root may be any expression; iteration variables count.
        case("has({'a': null}.a)", False),
        case("[{'a': 1}, {}, {'a': null}].filter(x, has(x.a))", [{"a": 1}]),
        case("has(x.a)", True, x=defaultdict(int, a=1)),
        case("has(x.a)", False, x=defaultdict(int)),
    ],
)
def test_has(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize("text", ["has(1)", "has(a.b, c)", "has()", "has('a')", "has(a + b)"])
def test_has_needs_one_field_path(text: str) -> None:
    with pytest.raises(hookc.CompileError):
        hookc.cel.compile(text)


# ---------------------------------------------------------------------------------------------
# size, string functions
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("size(5)", ERROR),
        case("size(null)", ERROR),
        case("size(true)", ERROR),
        case("size(1.5)", ERROR),
        case("x.size()", ERROR, x=5),
        case("size(x)", ERROR, x=None),
        case("[1, [2, 3]].size()", 2),
        case("{'a': 1, 'b': 2}.size()", 2),
        case("size(x)", 3, x=(1, 2, 3)),
        case("size(x)", 0, x={}),
        case("size([1/0])", ERROR),
        case("(1/0).size()", ERROR),
    ],
)
def test_size(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("'abc'.contains('ABC')", False),
        case("x.contains('b')", True, x="abc"),
        case("'abc'.contains(1)", ERROR),
        case("'abc'.contains(null)", ERROR),
        case("'abc'.contains(['a'])", ERROR),
        case("'abc'.startsWith('ABC')", False),
        case("'abc'.startsWith('abcd')", False),
        case("'abc'.startsWith(1)", ERROR),
        case("'abc'.startsWith(null)", ERROR),
        case("x.startsWith('a')", ERROR, x=1),
        case("x.startsWith('a')", ERROR, x=None),
        case("x.startsWith('a')", ERROR, x=["a"]),
        case("'abc'.endsWith(['c'])", ERROR),
        case("'abc'.endsWith('C')", False),
        case("x.endsWith(y)", True, x="a.py", y=".py"),
        case("'abc'.endsWith(1/0)", ERROR),
    ],
)
def test_string_functions(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("'ABC'.matches('abc')", False),
        case("'ABC'.matches('(?i)abc')", True),
        case(r"'a\nb'.matches('^b')", False),
        case(r"'a\nb'.matches('a.b')", False),
        case(r"'a.c'.matches(r'a\.c')", True),
        case(r"'abc'.matches(r'a\.c')", False),
        case("'abc'.matches('a.c')", True),
        case("'😀'.matches('^.$')", True),
        case("s.matches(p)", ERROR, s="abc", p="["),
        case("s.matches(p)", ERROR, s="abc", p="(?P<x"),
        case("matches(s, p)", ERROR, s="abc", p="*a"),
        case("s.matches(p)", True, s="abc", p="b+"),
        case("'abc'.matches(1)", ERROR),
        case("x.matches('a')", ERROR, x=1),
        case("x.matches('a')", ERROR, x=None),
        case("'abc'.matches('[')", COMPILE_ERROR),
        case("matches('abc', '(')", COMPILE_ERROR),
    ],
)
def test_matches(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        # `*`: any run of characters but `/`.
        case("'ab'.glob('*')", True),
        case("''.glob('*')", True),
        case("'a/b'.glob('*')", False),
        case("'a/b'.glob('a/*')", True),
        case("'a/b/c'.glob('a/*')", False),
        case("'src/a.py'.glob('*.py')", False),
        # `**`: any run including `/`.
        case("'a/b/c'.glob('a/**')", True),
        case("'a'.glob('a/**')", False),
        case("'a/b'.glob('**')", True),
        case("''.glob('**')", True),
        case("'a/x/b'.glob('a**b')", True),
        # `a/**/b` spans zero or more whole directories.
        case("'a/b'.glob('a/**/b')", True),
        case("'a/x/b'.glob('a/**/b')", True),
        case("'a/x/y/b'.glob('a/**/b')", True),
        case("'ab'.glob('a/**/b')", False),
        case("'a/xb'.glob('a/**/b')", False),
        case("'x/a/b'.glob('a/**/b')", False),
        case("'a/b/x'.glob('a/**/b')", False),
        case("'b'.glob('**/b')", True),
        case("'x/y/b'.glob('**/b')", True),
        case("'xb'.glob('**/b')", False),
        case("'src/a.py'.glob('**/*.py')", True),
        case("'a.py'.glob('**/*.py')", True),
        case("'src/a.pyc'.glob('**/*.py')", False),
        # `?`: one character but `/`.
        case("'abc'.glob('a?c')", True),
        case("'ac'.glob('a?c')", False),
        case("'abbc'.glob('a?c')", False),
        case("'a/c'.glob('a?c')", False),
        case("'😀'.glob('?')", True),
        case(r"'a\nb'.glob('a?b')", True),
        # Classes.
        case("'abc'.glob('a[bx]c')", True),
        case("'axc'.glob('a[bx]c')", True),
        case("'ayc'.glob('a[bx]c')", False),
        case("'abc'.glob('a[!b]c')", False),
        case("'ayc'.glob('a[!b]c')", True),
        case("'a5c'.glob('a[0-9]c')", True),
        case("'abc'.glob('a[0-9]c')", False),
        # Whole-string match; everything else is literal.
        case("'abc'.glob('abc')", True),
        case("'abcd'.glob('abc')", False),
        case("'xabc'.glob('abc')", False),
        case("'ABC'.glob('abc')", False),
        case("'a.c'.glob('a.c')", True),
        case("'abc'.glob('a.c')", False),
        case("'a+b'.glob('a+b')", True),
        case("'aab'.glob('a+b')", False),
        case("'(x)|y'.glob('(x)|y')", True),
        case("'y'.glob('(x)|y')", False),
        case("'a$^'.glob('a$^')", True),
        case(r"'a*b'.glob('a\\*b')", True),
        case(r"'axb'.glob('a\\*b')", False),
        case("'a[b'.glob('a[b')", True),
        case("x.glob(y)", True, x="logs/2024/app.log", y="logs/**/*.log"),
        # Not strings.
        case("'x'.glob(1)", ERROR),
        case("x.glob('*')", ERROR, x=1),
        case("x.glob('*')", ERROR, x=None),
        case("x.glob('*')", ERROR, x=["a"]),
    ],
)
def test_glob(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("s.glob(p)", ERROR, s="a", p="[z-a]"),
        case("'a'.glob('[z-a]')", REJECTED),
    ],
)
def test_invalid_glob_class_is_an_error_not_a_crash(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# Conversions
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        # Doubles truncate toward zero and must fit int64.
        case("int(-1.5)", -1),
        case("int(-0.5)", 0),
        case("int(0.999)", 0),
        case("int(-1e-300)", 0),
        case("int(2.0)", 2),
        case("int(x)", 3, x=3.99),
        case("int(x)", -3, x=-3.99),
        case("int(9.2e18)", 9200000000000000000),
        case("int(-9.2e18)", -9200000000000000000),
        case("int(9.3e18)", ERROR),
        case("int(-9.3e18)", ERROR),
        case("int(0.0 / 0.0)", ERROR),
        case("int(1.0 / 0.0)", ERROR),
        case("int(-1.0 / 0.0)", ERROR),
        # Strings are decimal int64 text, as Go's strconv.ParseInt(s, 10, 64).
        case("int('+5')", 5),
        case("int('-5')", -5),
        case("int('-0')", 0),
        case("int('007')", 7),
        case("int('9223372036854775807')", INT64_MAX),
        case("int('-9223372036854775808')", INT64_MIN),
        case("int('9223372036854775808')", ERROR),
        case("int('-9223372036854775809')", ERROR),
        case("int(' 5')", ERROR),
        case("int('5 ')", ERROR),
        case("int(x)", ERROR, x="5\n"),
        case("int('1.5')", ERROR),
        case("int('1e3')", ERROR),
        case("int('0x10')", ERROR),
        case("int('1_000')", ERROR),
        case(r"int('\u0663')", ERROR),  # ARABIC-INDIC DIGIT THREE: Python's int() takes it
        case("int('')", ERROR),
        case("int('+')", ERROR),
        case("int('--5')", ERROR),
        # Other types.
        case("int(5)", 5),
        case("int(x)", 12, x="12"),
        case("int(true)", ERROR),
        case("int(x)", ERROR, x=True),
        case("int(null)", ERROR),
        case("int([1])", ERROR),
    ],
)
def test_int_conversion(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("double(5)", 5.0),
        case("double(x)", 1.5, x=1.5),
        case("double('1e3')", 1000.0),
        case("double('1E3')", 1000.0),
        case("double('.5')", 0.5),
        case("double('5.')", 5.0),
        case("double('+1.5')", 1.5),
        case("double('-.5e-1')", -0.05),
        case("double('inf')", INF),
        case("double('-Infinity')", -INF),
        case("double('NaN')", NAN),
        case("double(' 1')", ERROR),
        case("double('1 ')", ERROR),
        case("double('')", ERROR),
        case("double('abc')", ERROR),
        case("double('1,5')", ERROR),
        case("double('1_000')", ERROR),
        case("double('1e')", ERROR),
        case("double('e3')", ERROR),
        case("double('.')", ERROR),
        case("double(true)", ERROR),
        case("double(x)", ERROR, x=True),
        case("double(null)", ERROR),
    ],
)
def test_double_conversion(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


def test_double_of_an_out_of_range_string_is_an_error() -> None:
    # langdef "Overflow": an error is raised for conversions which exceed the range of the
    # target type (cel-go: strconv.ParseFloat reports ErrRange and double() fails).
    check("double('1e400')", {}, ERROR)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        # Go's %g: shortest digits; exponent form below 1e-4 and from 1e6 (as at least 21).
        case("string(1e6)", "1e+06"),
        case("string(123456.0)", "123456"),
        case("string(100000.0)", "100000"),
        case("string(1234567.0)", "1.234567e+06"),
        case("string(123456789.0)", "1.23456789e+08"),
        case("string(1e21)", "1e+21"),
        case("string(1e100)", "1e+100"),
        case("string(0.0001)", "0.0001"),
        case("string(0.000125)", "0.000125"),
        case("string(0.00001)", "1e-05"),
        case("string(1e-05)", "1e-05"),
        case("string(-1e-7)", "-1e-07"),
        case("string(5e-324)", "5e-324"),
        case("string(0.1)", "0.1"),
        case("string(1.5)", "1.5"),
        case("string(0.1 + 0.2)", "0.30000000000000004"),
        case("string(0.0)", "0"),
        case("string(-0.0)", "-0"),
        case("string(-x)", "-0", x=0.0),
        case("string(1.0 / 0.0)", "+Inf"),
        case("string(-1.0 / 0.0)", "-Inf"),
        case("string(0.0 / 0.0)", "NaN"),
        # bool, int, string, and what has no string().
        case("string(true)", "true"),
        case("string(false)", "false"),
        case("string(x)", "true", x=True),
        case("string(-9223372036854775808)", "-9223372036854775808"),
        case("string('x')", "x"),
        case("string(null)", ERROR),
        case("string(x)", ERROR, x=None),
        case("string([1])", ERROR),
        case("string({})", ERROR),
    ],
)
def test_string_conversion(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        # Go's strconv.ParseBool accepts exactly these twelve spellings.
        *(case(f"bool('{s}')", True) for s in ["1", "t", "T", "true", "True", "TRUE"]),
        *(case(f"bool('{s}')", False) for s in ["0", "f", "F", "false", "False", "FALSE"]),
        *(
            case(f"bool('{s}')", ERROR)
            for s in ["tRue", "truE", "yes", "no", "", " true", "true ", "on", "2", "-1"]
        ),
        case("bool(x)", False, x="false"),  # Python: bool('false') is True
        case("bool(x)", ERROR, x=""),  # Python: bool('') is False
        case("bool(1)", ERROR),
        case("bool(0)", ERROR),
        case("bool(x)", ERROR, x=1),
        case("bool(null)", ERROR),
        case("bool([])", ERROR),
        case("bool(true)", True),
        case("bool(x)", False, x=False),
    ],
)
def test_bool_conversion(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("dyn(1) + 1", 2),
        case("dyn('a') + 'b'", "ab"),
        case("dyn([1, 2])[1]", 2),
        case("dyn({'a': 1}).a", 1),
        case("dyn(null) == null", True),
        case("dyn(true) == 1", False),
        case("dyn(x)", 1.5, x=1.5),
        case("dyn(x)", [1, "a"], x=[1, "a"]),
        case("dyn(1/0)", ERROR),
        case("dyn(1, 2)", COMPILE_ERROR),
    ],
)
def test_dyn(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# Macros
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        # all: false wins over errors; otherwise an error wins over true.
        case("[0, 1].all(x, 1 / x > 0)", ERROR),
        case("[1, 0].all(x, 1 / x > 0)", ERROR),
        case("[0, -1].all(x, 1 / x > 0)", False),
        case("[-1, 0].all(x, 1 / x > 0)", False),
        case("[0].all(x, 1 / x > 0)", ERROR),
        case("['a', false].all(x, x)", False),
        case("['a', true].all(x, x)", ERROR),
        case("[].all(x, 1 / 0 > 0)", True),
        # exists: true wins over errors; otherwise an error wins over false.
        case("[0, 1].exists(x, 1 / x > 0)", True),
        case("[1, 0].exists(x, 1 / x > 0)", True),
        case("[0, -1].exists(x, 1 / x > 0)", ERROR),
        case("[0].exists(x, 1 / x > 0)", ERROR),
        case("['a', true].exists(x, x)", True),
        case("[1].exists(x, x)", ERROR),
        case("[].exists(x, 1 / 0 > 0)", False),
        case("x.exists(k, x[k] > 1)", True, x={"a": 0, "b": 2}),
        # exists_one, filter and map are strict.
        case("[0, 1].exists_one(x, 1 / x == 1)", ERROR),
        case("['a', true].exists_one(x, x)", ERROR),
        case("[1, 2, 1].exists_one(x, x == 1)", False),
        case("[1, 0].filter(x, 1 / x > 0)", ERROR),
        case("[1, 2].filter(x, x)", ERROR),
        case("[1, 0].map(x, 1 / x)", ERROR),
        case("[].map(x, 1 / 0)", []),
        case("[].filter(x, 1 / 0 > 0)", []),
    ],
)
def test_macro_error_handling(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        # Three-argument map: filter, then transform.
        case("[1, 2, 3].map(x, x % 2 == 1, x * 10)", [10, 30]),
        case("[1, 2, 3].map(x, false, x)", []),
        case("[1, 0].map(x, x > 0, 1 / x)", [1]),  # the transform never sees 0
        case("[0, 1].map(x, 1 / x > 0, x)", ERROR),
        case("[1, 2].map(x, x, x)", ERROR),
        # Maps iterate over their keys (in an order CEL leaves open: the results below do not
        # depend on it).
        case("{'a': 1}.map(k, k + k)", ["aa"]),
        case("'bb' in {'a': 1, 'b': 2}.map(k, k + k)", True),
        case("{'a': 1, 'b': 2}.map(k, k + k).size()", 2),
        case("{'a': 1, 'b': 2}.filter(k, k == 'b')", ["b"]),
        case("{'a': 1, 'b': 2}.all(k, k in ['a', 'b'])", True),
        case("{'a': 1, 'b': 2}.exists(k, k == 1)", False),
        case("{'a': 1, 'b': 2}.exists_one(k, k == 'a')", True),
        case("m.map(k, m[k])", [1], m={"x": 1}),
        case("m.map(k, k)", [True], m={True: "a"}),
        case("m.map(k, k).all(k, k in m)", True, m={True: "a", 2: "b", "c": 3}),
        case("{}.all(k, false)", True),
        # Results and chaining.
        case("[1, 2].map(x, x * 1.5)", ERROR),
        case("[1, 2].map(x, double(x) * 1.5)", [1.5, 3.0]),
        case("[1, 2, 3].filter(x, x > 1).map(x, x * 2)", [4, 6]),
        case("[[1], [2, 3]].filter(l, l.size() > 1)", [[2, 3]]),
        case("x.map(e, e * 2)", [2, 4], x=(1, 2)),
        case("x.filter(e, e.startsWith('a'))", ["ab"], x=["ab", "ba"]),
        case("[1, 2, 3].map(x, x).size()", 3),
    ],
)
def test_macros(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("x.all(e, true)", ERROR, x=5),
        case("x.exists(e, true)", ERROR, x="abc"),
        case("x.map(e, e)", ERROR, x=None),
        case("x.filter(e, true)", ERROR, x=True),
        case("x.exists_one(e, true)", ERROR, x=1.5),
        case("'abc'.exists(c, c == 'a')", ERROR),
        case("(1/0).all(x, true)", ERROR),
        case("missing.map(x, x)", ERROR),
    ],
)
def test_macro_on_a_non_list_is_an_error(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("[1, 2].map(x, x)", [1, 2], x=100),
        case("[1, 2].map(y, x + y)", [101, 102], x=100),
        case("[1].map(x, x) + [x]", [1, 100], x=100),
        case("[1, 2].exists(x, x == 100)", False, x=100),
        case("[1].all(x, true) && x == 100", True, x=100),
        case("x.map(x, x * 2)", [2, 4], x=[1, 2]),
        case("[[1, 2], [3]].map(x, x.map(x, x * 10))", [[10, 20], [30]]),
        case("[1, 2].exists(x, [3].exists(x, x == 3))", True),
        case("[1, 2].map(x, [10].map(y, x + y))", [[11], [12]]),
        # The variable does not leak out of the macro.
        case("[1].map(y, y)[0] + y", ERROR),
    ],
)
def test_iteration_variable_shadows_a_binding(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    "text",
    [
        "[1].map(x)",
        "[1].exists(1, true)",
        "[1].all(x.y, true)",
        "exists([1], x, true)",
        "[1].exists_one(x, true, true)",
        "[1].filter(x)",
        "[1].map(x, true, x, x)",
        "[1].all()",
    ],
)
def test_malformed_macro_does_not_compile(text: str) -> None:
    with pytest.raises(hookc.CompileError):
        hookc.cel.compile(text)


# ---------------------------------------------------------------------------------------------
# Strictness: errors inside aggregates and arguments
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("[1, 1/0]", ERROR),
        case("[1, 1/0].size()", ERROR),
        case("{'a': 1/0}", ERROR),
        case("{'a': 1, 'b': 1/0}.a", ERROR),
        case("{1/0: 'a'}", ERROR),
        case("{'a': 1, 'a': 2}", ERROR),
        case("{[1]: 2}", ERROR),
        case("'a'.startsWith(1/0)", ERROR),
        case("int(1/0)", ERROR),
        case("[x, missing]", ERROR, x=1),
    ],
)
def test_errors_propagate_through_strict_operations(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# String literals
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case(r"'\a'", "\a"),
        case(r"'\b'", "\b"),
        case(r"'\f'", "\f"),
        case(r"'\n'", "\n"),
        case(r"'\r'", "\r"),
        case(r"'\t'", "\t"),
        case(r"'\v'", "\v"),
        case(r"'\\'", "\\"),
        case(r"'\''", "'"),
        case(r"'\"'", '"'),
        case(r'"\""', '"'),
        case(r'"\'"', "'"),
        case(r"'\`'", "`"),
        case(r"'\?'", "?"),
        case(r"'\101'", "A"),
        case(r"'\000'", "\x00"),
        case(r"'\377'", "\xff"),
        case(r"'\303\277'", "\xc3\xbf"),  # code points, not UTF-8 bytes
        case(r"'\1012'", "A2"),  # exactly three octal digits
        case(r"'\x41'", "A"),
        case(r"'\X41'", "A"),
        case(r"'\xff'", "\xff"),
        case(r"'\x414'", "A4"),
        case(r"'\x41\x42'", "AB"),
        case(r"'\u00e9'", "\u00e9"),
        case(r"'\u00E9'", "\u00e9"),
        case(r"'\u00411'", "A1"),
        case(r"'\U0001F600'", "\U0001f600"),
        case(r"'\U0001f600'", "\U0001f600"),
        case(r"'a\tb\nc'", "a\tb\nc"),
        case(r"'\\n'", "\\n"),
        case(r"'''\t'''", "\t"),
        case(r'"""\n"""', "\n"),
    ],
)
def test_string_escapes(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case(r"r'\n'", "\\n"),
        case(r"R'\n'", "\\n"),
        case(r"size(r'\n')", 2),
        case(r"r'\\'", "\\\\"),
        case(r'r"\d+"', "\\d+"),
        case(r"r'''\t'''", "\\t"),
        case(r"r'\q'", "\\q"),  # no escapes, so no invalid ones either
        case(r"r'\u12'", "\\u12"),
        case(r"r'\x4'", "\\x4"),
        case(r"'a1'.matches(r'\w\d')", True),
    ],
)
def test_raw_strings(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("'''a\nb'''", "a\nb"),
        case('"""a\nb"""', "a\nb"),
        case("'''a\r\nb'''", "a\r\nb"),
        case("'''\n'''", "\n"),
        case("size('''\n\n''')", 2),
        case("'''it's'''", "it's"),
        case("'''x''x'''", "x''x"),
        case('"""say "hi" """', 'say "hi" '),
        case('"""\'\'\'"""', "'''"),
        case("'''line one\n  line two''' == 'line one\\n  line two'", True),
    ],
)
def test_triple_quoted_strings(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    "text",
    [
        r"'\q'",
        r"'\c'",
        r"'\e'",
        r"'\ '",
        r"'\8'",
        r"'\0'",
        r"'\01'",
        r"'\400'",
        r"'\x4'",
        r"'\x4g'",
        r"'\xg1'",
        r"'\u12'",
        r"'\u00g1'",
        r"'\U0001F60'",
        r"'\ud800'",
        r"'\uDFFF'",
        r"'\U0000D800'",
        r"'\U00110000'",
        r"'\N{BULLET}'",
        r"'''\q'''",
        r"'abc\'",  # the backslash escapes the closing quote
        r"r'\''",
        "'a\nb'",  # single-quoted strings cannot span lines
        '"a\nb"',
        "'''abc",
    ],
)
def test_invalid_string_literal_does_not_compile(text: str) -> None:
    with pytest.raises(hookc.CompileError):
        hookc.cel.compile(text)


# ---------------------------------------------------------------------------------------------
# Other literals, comments, names
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("0x10", 16),
        case("0XfF", 255),
        case("0x7fffffffffffffff", INT64_MAX),
        case("-0x8000000000000000", INT64_MIN),
        case("9223372036854775807", INT64_MAX),
        case(".5", 0.5),
        case("1e3", 1000.0),
        case("1E-2", 0.01),
        case("5e0", 5.0),
        case("[1, 2,]", [1, 2]),
        case("{'a': 1,}", {"a": 1}),
        case("1 + // comment\n 2", 3),
        case("'//' + 'x'", "//x"),
        case("[1, 'a', null, 1.5, true, [], {}]", [1, "a", None, 1.5, True, [], {}]),
        case("{'a': [1, {'b': null}], 'c': 2.0}", {"a": [1, {"b": None}], "c": 2.0}),
        case("{1: 'a', false: 'b'}[false]", "b"),
    ],
)
def test_literals(text: str, bindings: dict[str, Any], expected: Any) -> None:
    check(text, bindings, expected)


@pytest.mark.parametrize(
    "text",
    [
        "0x8000000000000000",
        "9223372036854775808",
        "-9223372036854775809",
        "-(9223372036854775808)",
        "1u",
        "0x1U",
        "b'abc'",
        'B"abc"',
        "",
        "   ",
        "// only a comment",
        "if",
        "while == 1",
        "let",
        "in",
        "1 = 1",
        "a & b",
        "1 +",
        "(1",
        "[1",
        "len('a')",
        "'a'.startswith('a')",
        "size(1, 2)",
        "'a'.contains()",
    ],
)
def test_does_not_compile(text: str) -> None:
    with pytest.raises(hookc.CompileError):
        hookc.cel.compile(text)


@pytest.mark.parametrize(
    CASE_ARGS,
    [
        case("True", ERROR),  # a variable named True, not the literal
        case("None == null", ERROR),
        case("True", 7, **{"True": 7}),
        case("x == True", ERROR, x=True),
    ],
)
def test_python_literal_spellings_are_variable_names(
    text: str, bindings: dict[str, Any], expected: Any
) -> None:
    check(text, bindings, expected)


# ---------------------------------------------------------------------------------------------
# The API
# ---------------------------------------------------------------------------------------------


def test_evaluate_without_bindings() -> None:
    program = hookc.cel.compile("1 + 2")
    assert program.evaluate() == 3
    assert program.evaluate(None) == 3
    assert program.evaluate({}) == 3


def test_a_program_is_reusable_with_other_bindings() -> None:
    program = hookc.cel.compile("x.a > 1")
    assert program.evaluate({"x": {"a": 2}}) is True
    assert program.evaluate({"x": {"a": 0}}) is False
    with pytest.raises(hookc.EvaluationError):
        program.evaluate({"x": {}})


def test_bindings_must_be_a_mapping() -> None:
    with pytest.raises(TypeError):
        hookc.cel.compile("1").evaluate([("x", 1)])  # type: ignore[arg-type]


def test_evaluation_does_not_mutate_bindings() -> None:
    bindings: dict[str, Any] = {"x": [1, 2], "m": defaultdict(int)}
    evaluate("x + [3] == [1, 2, 3] && !has(m.a) && [0].exists(i, i in m)", **bindings)
    assert bindings == {"x": [1, 2], "m": {}}
