"""The printer: IR back to `when` text that parses to the same IR."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hookc.cel import to_text
from hookc.cel.parser import parse
from hookc.cel.printer import escaped_text, literal_text
from hookc.ir.expr import Expr, Literal, Select, Unary, walk
from tests.strategies import expressions


def reparse(text: str) -> Expr | None:
    """The tree the parser builds. Semantic findings (an invalid regex literal, an unknown
    function) do not matter to the round trip, so only the tree is compared."""
    return parse(text).expr


@given(expressions)
def test_printed_text_parses_back_to_the_same_ir(expr: Expr) -> None:
    text = to_text(expr)
    assert reparse(text) == expr, text


@given(expressions)
def test_printing_is_stable_under_a_round_trip(expr: Expr) -> None:
    text = to_text(expr)
    reparsed = reparse(text)
    assert reparsed is not None and to_text(reparsed) == text


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("a  &&  (b || c)", "a && (b || c)"),
        ("(a && b) && c", "(a && b) && c"),
        ("a - (b - c)", "a - (b - c)"),
        ("(a - b) - c", "a - b - c"),
        ("-(1)", "-(1)"),
        ("- 1", "-1"),
        ("(-1).x", "(-1).x"),
        ("not a == b", "!(a == b)"),
        ("a ? b : (c ? d : e)", "a ? b : c ? d : e"),
        ("(a ? b : c) ? d : e", "(a ? b : c) ? d : e"),
    ],
)
def test_printer_uses_the_fewest_parentheses_that_keep_the_structure(
    text: str, printed: str
) -> None:
    expr = reparse(text)
    assert expr is not None and to_text(expr) == printed


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("it's", "'it\\'s'"),
        ("a\\b", "'a\\\\b'"),
        ("line\nbreak\t", "'line\\nbreak\\t'"),
        ("\x00\x7f", "'\\u0000\\u007f'"),
        ("\U0001f600é", "'\U0001f600é'"),
        (-0.0, "-0.0"),
        (1e16, "1e+16"),
        (None, "null"),
    ],
)
def test_literals_print_as_cel_source(value: object, text: str) -> None:
    expr = Literal(value)  # type: ignore[arg-type]
    assert to_text(expr) == text
    assert reparse(text) == expr


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan")])
def test_non_finite_doubles_print_as_conversions_that_evaluate_to_them(value: float) -> None:
    import math

    import hookc.cel

    result = hookc.cel.compile(to_text(Literal(value))).evaluate({})
    assert math.isnan(result) if math.isnan(value) else result == value


# Strings near the fast path's edges: quotes, backslashes, escapes, what is not printable.
_STRINGS = st.text(st.sampled_from("a'\"\\\n\r\t\x00\x7f\x85\u2028 é😀")) | st.text()


@given(_STRINGS)
def test_a_string_with_nothing_to_escape_prints_as_the_escaping_prints_it(value: str) -> None:
    assert literal_text(value) == escaped_text(value)


def test_a_field_that_is_not_an_identifier_prints_as_an_index() -> None:
    assert to_text(Select(Literal(None), "retry-after")) == "null['retry-after']"


def test_generated_expressions_reach_every_node_type() -> None:
    """Guards the strategy itself: a round trip over too narrow a space proves little."""
    from hypothesis import find, settings

    seen: set[str] = set()

    def covers_everything(expr: Expr) -> bool:
        seen.update(type(node).__name__ for node, _ in walk(expr))
        return len(seen) >= 14

    find(expressions, covers_everything, settings=settings(max_examples=5000, database=None))
    assert Unary.__name__ in seen
