"""The parser: the IR it builds, and the diagnostics it gives for text that is not CEL."""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import fields, replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc
import hookc.cel
from hookc.cel.build import NodeBuilder
from hookc.cel.literals import LiteralError, decode_string
from hookc.cel.parser import _LONG_NUMBER, MAX_DEPTH, _check_tree, _parser, parse, parse_within
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
    map_spans,
    walk,
)
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, Severity
from tests import ROOT
from tests.strategies import expressions


def only_diagnostic(text: str) -> Diagnostic:
    result = parse(text)
    assert len(result.diagnostics) == 1, [d.render() for d in result.diagnostics]
    return result.diagnostics[0]


def tree(text: str) -> object:
    result = parse(text)
    assert result.diagnostics == (), [d.render() for d in result.diagnostics]
    return result.expr


# -- the IR the parser builds -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a", Ident("a")),
        ("a.b", Select(Ident("a"), "b")),
        ("a['retry-after']", Index(Ident("a"), Literal("retry-after"))),
        ("a[0]", Index(Ident("a"), Literal(0))),
        ("0x1F", Literal(31)),
        ("007", Literal(7)),
        (".5", Literal(0.5)),
        ("1e3", Literal(1000.0)),
        ("-1", Literal(-1)),
        ("-(1)", Unary("-", Literal(1))),
        ("--1", Unary("-", Literal(-1))),
        ("- 2.5", Literal(-2.5)),
        ("-9223372036854775808", Literal(-9223372036854775808)),
        ("!a", Unary("!", Ident("a"))),
        ("not a", Unary("!", Ident("a"))),
        ("a - 1", Binary("-", Ident("a"), Literal(1))),
        ("a - -1", Binary("-", Ident("a"), Literal(-1))),
        ("true", Literal(True)),
        ("null", Literal(None)),
        ("[]", List(())),
        ("[1, 2,]", List((Literal(1), Literal(2)))),
        ("{}", Map(())),
        ("{'a': 1,}", Map(((Literal("a"), Literal(1)),))),
        ("size(a)", Call("size", (Ident("a"),))),
        ("a.size()", Call("size", (), Ident("a"))),
        ("a.startsWith('x')", Call("startsWith", (Literal("x"),), Ident("a"))),
        ("has(a.b)", Has(Select(Ident("a"), "b"))),
        ("has(a)", Has(Ident("a"))),
        ("has(a['k'])", Has(Index(Ident("a"), Literal("k")))),
        ("a ? b : c", Conditional(Ident("a"), Ident("b"), Ident("c"))),
        (
            "xs.exists(x, x > 1)",
            Comprehension("exists", Ident("xs"), "x", Binary(">", Ident("x"), Literal(1))),
        ),
        (
            "xs.map(x, x > 1, x * 2)",
            Comprehension(
                "map",
                Ident("xs"),
                "x",
                Binary(">", Ident("x"), Literal(1)),
                Binary("*", Ident("x"), Literal(2)),
            ),
        ),
        ("xs.map(x, -x)", Comprehension("map", Ident("xs"), "x", None, Unary("-", Ident("x")))),
    ],
)
def test_parser_builds_the_expected_ir(text: str, expected: object) -> None:
    assert tree(text) == expected


def test_and_or_chains_are_one_wide_node_not_a_deep_one() -> None:
    assert tree("a && b && c") == And((Ident("a"), Ident("b"), Ident("c")))
    assert tree("a or b or c") == Or((Ident("a"), Ident("b"), Ident("c")))


def test_parenthesised_chains_keep_their_grouping() -> None:
    assert tree("(a && b) && c") == And((And((Ident("a"), Ident("b"))), Ident("c")))


def test_and_binds_tighter_than_or() -> None:
    assert tree("a || b && c") == Or((Ident("a"), And((Ident("b"), Ident("c")))))


def test_not_keyword_binds_looser_than_comparison_and_tighter_than_and() -> None:
    expected = And((Unary("!", Binary("==", Ident("x"), Literal("y"))), Ident("z")))
    assert tree("not x == 'y' and z") == expected


def test_bang_binds_tighter_than_comparison() -> None:
    assert tree("!x == y") == Binary("==", Unary("!", Ident("x")), Ident("y"))


def test_relations_are_left_associative() -> None:
    assert tree("a == b == c") == Binary("==", Binary("==", Ident("a"), Ident("b")), Ident("c"))


def test_conditional_is_right_associative() -> None:
    expected = Conditional(Ident("a"), Ident("b"), Conditional(Ident("c"), Ident("d"), Ident("e")))
    assert tree("a ? b : c ? d : e") == expected


def test_keywords_are_whole_words_only() -> None:
    assert tree("android && order && notice && index") == And(
        (Ident("android"), Ident("order"), Ident("notice"), Ident("index"))
    )
    assert only_diagnostic("x in_list").code == "HK101"
    assert only_diagnostic("a orb").code == "HK101"


def test_comments_run_to_the_end_of_the_line() -> None:
    assert tree("a // the first\n && b // the second") == And((Ident("a"), Ident("b")))


def test_spans_are_excluded_from_equality_but_recorded() -> None:
    first, second = parse("a == 1").expr, parse("  a   ==   1").expr
    assert first == second and hash(first) == hash(second)
    assert first is not None and second is not None
    assert (first.span, second.span) != (None, None) and first.span != second.span


def test_spans_cover_the_whole_node_including_parentheses() -> None:
    text = "x && (a.b[0] == 'k')"
    expr = parse(text).expr
    assert isinstance(expr, And)
    grouped = expr.operands[1]
    assert grouped.span is not None
    assert text[grouped.span.start : grouped.span.end] == "(a.b[0] == 'k')"


def test_literals_of_equal_python_value_but_different_cel_type_are_different_nodes() -> None:
    assert Literal(1) != Literal(True)
    assert Literal(1) != Literal(1.0)
    assert Literal(0.0) != Literal(-0.0)
    assert Literal(float("nan")) == Literal(float("nan"))


# -- diagnostics --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code", "column", "message_part", "hint_part"),
    [
        ("limit_code = 'x'", "HK101", 12, "`=` is not an operator", "`==`"),
        ("a & b", "HK101", 3, "`&` is not an operator", "&&"),
        ("a | b", "HK101", 3, "`|` is not an operator", "||"),
        ("a # note", "HK101", 3, "`#` does not start a comment", "//"),
        ("a /* note */", "HK101", 4, "no /* */ comments", "//"),
        ("'abc", "HK102", 1, "unterminated string", "close it with '"),
        ('x == "abc', "HK102", 6, "unterminated string", 'close it with "'),
        ("x == '''abc", "HK102", 6, "unterminated string", None),
        ("(a == b", "HK101", 1, "`(` is never closed", "add `)`"),
        ("f(a, [1, 2)", "HK101", 6, "`[` is never closed", "add `]`"),
        ("a == b)", "HK101", 7, "unmatched `)`", None),
        ("a &&", "HK101", 5, "an operand is missing after `&&`", None),
        ("a ==", "HK101", 5, "an operand is missing after `==`", None),
        ("a b", "HK101", 3, "missing operator before `b`", None),
        ("a == 1 b", "HK101", 8, "missing operator before `b`", None),
        ("&& a", "HK101", 1, "`&&` has no left operand", None),
        ("a.", "HK101", 3, "a field name must follow `.`", None),
        ("1u", "HK103", 1, "unsigned integer", "plain int: 1"),
        ("x == b'abc'", "HK103", 6, "bytes literals", None),
        ("'a\\qb'", "HK104", 3, "invalid escape sequence `\\q`", "raw string"),
        ("'\\ud800'", "HK104", 2, "not a Unicode scalar value", None),
        ("9223372036854775808", "HK105", 1, "int64 range", None),
        ("-9223372036854775809", "HK105", 1, "int64 range", None),
        ("x > 1e400", "HK105", 5, "beyond the range of a double", "double('inf')"),
        ("", "HK107", 1, "empty", None),
        ("   // only a comment", "HK107", 1, "empty", None),
        ("if == 1", "HK108", 1, "`if` is a reserved word", None),
        ("a.in", "HK108", 3, "`in` is a keyword in CEL", "a['in']"),
        ("a.null", "HK108", 3, "`null` is a keyword in CEL", "a['null']"),
        ("len(x)", "HK110", 1, "unknown function `len`", "`size`"),
        ("x.startswith('a')", "HK110", 1, "unknown method `startswith`", "`startsWith`"),
        ("x.size(1)", "HK110", 1, "`size` takes 0 arguments, not 1", None),
        ("int(1, 2)", "HK110", 1, "`int` takes 1 argument, not 2", None),
        ("has(1)", "HK111", 1, "has() takes one field path", None),
        ("exists(xs, x, x > 1)", "HK111", 1, "called as a method", None),
        ("xs.all(1, true)", "HK111", 1, "`all` takes a variable name", None),
        ("x.matches('(')", "HK112", 11, "invalid regular expression", None),
        ("matches(x, '[a')", "HK112", 12, "invalid regular expression", None),
        ("'a' in 'abc'", "HK113", 1, "not a substring", "'abc'.contains('a')"),
        ("x\x00", "HK101", 2, "unexpected character U+0000", None),
        ("x == 1 @", "HK101", 8, "unexpected character `@`", None),
    ],
)
def test_mistakes_get_a_located_diagnostic_with_a_hint(
    text: str, code: str, column: int, message_part: str, hint_part: str | None
) -> None:
    diagnostic = only_diagnostic(text)
    assert diagnostic.code == code
    assert diagnostic.severity is Severity.ERROR
    assert diagnostic.location == (1, column)
    assert message_part in diagnostic.message
    if hint_part is not None:
        assert diagnostic.hint is not None and hint_part in diagnostic.hint


@pytest.mark.parametrize(
    ("name", "spelling"), [("True", "true"), ("False", "false"), ("None", "null")]
)
def test_python_literal_names_compile_with_a_warning(name: str, spelling: str) -> None:
    program = hookc.cel.compile(f"x == {name}")
    (warning,) = program.warnings
    assert warning.code == "HK150" and warning.severity is Severity.WARNING
    assert warning.hint == f"CEL spells it `{spelling}`"
    with pytest.raises(hookc.EvaluationError):  # it is a variable, and there is none
        program.evaluate({"x": True})


def test_diagnostic_renders_path_line_column_source_line_and_caret() -> None:
    diagnostic = only_diagnostic("a == 1 &&\n  b = 2")
    assert diagnostic.render() == (
        "<expr>:2:5: error[HK101]: `=` is not an operator in CEL\n"
        "      b = 2\n"
        "        ^\n"
        "  hint: use `==` to compare"
    )


def test_caret_spans_the_whole_offending_token() -> None:
    rendered = only_diagnostic("x.matches('(')").render().splitlines()
    assert rendered[1:3] == ["    x.matches('(')", "              ^^^"]


def test_a_control_character_is_shown_without_misaligning_the_caret() -> None:
    rendered = only_diagnostic("'\x01' @").render().splitlines()
    assert rendered[1] == "    '\N{REPLACEMENT CHARACTER}' @"
    assert rendered[2] == "        ^"


def test_a_tab_before_the_caret_stays_a_tab_in_its_padding() -> None:
    rendered = only_diagnostic("a &&\n\t b = 2").render().splitlines()
    assert rendered[1:3] == ["    \t b = 2", "    \t   ^"]


def test_compile_error_carries_every_diagnostic_sorted_by_position() -> None:
    with pytest.raises(hookc.CompileError) as caught:
        hookc.cel.compile("len(a) == 1u && b.startswith('x')")
    codes = [(d.code, d.location) for d in caught.value.diagnostics]
    assert codes == [("HK110", (1, 1)), ("HK103", (1, 11)), ("HK110", (1, 17))]
    assert "error[HK110]: unknown function `len`" in str(caught.value)


def test_compile_rejects_non_text() -> None:
    with pytest.raises(TypeError):
        hookc.cel.compile(b"1 + 2")  # type: ignore[arg-type]


# -- hostile input: always a diagnostic, never an exception ----------------------------------


def _outcome(text: str) -> str:
    """'ok' or the codes of the diagnostics; anything else (an exception) fails the test."""
    try:
        hookc.cel.compile(text)
    except hookc.CompileError as exc:
        assert exc.diagnostics, "a CompileError must carry diagnostics"
        return ",".join(sorted({d.code for d in exc.diagnostics}))
    return "ok"


@pytest.mark.parametrize(
    ("text", "outcome"),
    [
        ("[" * 10_000 + "]" * 10_000, "HK106"),
        ("!" * 10_000 + "x", "HK106"),
        ("-(" * 10_000 + "x" + ")" * 10_000, "HK106"),
        ("size(" * 10_000 + "x" + ")" * 10_000, "HK106"),
        ("a" + ".b" * 10_000, "HK106"),
        ("x" + " + x" * 10_000, "HK106"),
        ("(" * 10_000 + "1" + ")" * 10_000, "ok"),  # parentheses alone add no depth
        ("(" * 10_000, "HK101"),
        ("x == 1 || " * 10_000 + "true", "ok"),  # 100 KB: a wide `||`, not a deep one
        ("'" + "a" * 100_000 + "'", "ok"),
        ("'" + "a" * 100_000, "HK102"),
        ("x" * 100_000, "ok"),
        ("@" * 100_000, "HK101"),
        ("\x00", "HK101"),
        ("'\x00'", "ok"),  # a NUL inside a string literal is a character like any other
        ("a /* never closed", "HK101"),
        ("'''never closed", "HK102"),
        ("r'never closed", "HK102"),
        ("\ufeffx", "HK101"),
    ],
    ids=lambda value: value[:20] if isinstance(value, str) else value,
)
def test_hostile_input_is_a_diagnostic_never_an_exception(text: str, outcome: str) -> None:
    assert _outcome(text) == outcome


def test_depth_limit_is_stated_in_the_message() -> None:
    diagnostic = only_diagnostic("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert diagnostic.message == f"the expression is nested more than {MAX_DEPTH} levels deep"
    assert _outcome("[" * MAX_DEPTH + "]" * MAX_DEPTH) == "ok"


def test_a_pattern_that_python_warns_about_compiles_without_a_warning() -> None:
    # `re` emits FutureWarning for "[[": a warning is not the author's error, and under
    # warnings-as-errors it must not become an exception.
    assert hookc.cel.compile("'[a'.matches('[[a]')").evaluate({}) is True


# Int literals near and past int64's ends, in every spelling, negated or not, beside digits
# and hex letters that are no part of them.
_NUMBERS = st.builds(
    lambda value, spelling, sign: sign.format(spelling.format(value)),
    st.one_of(
        st.integers(0, 2**70),
        st.integers(2**63 - 3, 2**63 + 3),
        st.integers(2**64 - 3, 2**64 + 3),
    ),
    st.sampled_from(["{}", "{:#x}", "{:#X}", "0x{:020x}", "{}.5", "{}u", "{}e3", "'{}'"]),
    st.sampled_from(["{}", "-{}", "--{}", "-({})", "[{}]", "f{}"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(_NUMBERS, st.sampled_from(["abcdef", "x", "1.5"])), min_size=1,
                max_size=3))  # fmt: skip
def test_the_tree_is_walked_for_int64_wherever_an_int_literal_could_be_beyond_it(
    operands: list[str],
) -> None:
    # The walk that finds int literals past int64 (HK105) is skipped for a text without a
    # long number (``_LONG_NUMBER``): it would have found nothing.
    text = " + ".join(operands)
    result = parse(text)
    if result.expr is not None and not _LONG_NUMBER.search(text):
        assert _check_tree(result.expr, Source("<expr>", text)) == []


# -- a text read where it stands in its file ------------------------------------------------


def _tree(expr: Expr | None) -> list[object]:
    """Every node with its span and depth, one node at a time (node equality leaves spans
    out, and recurses: a tree past the depth limit would exhaust the stack)."""
    if expr is None:
        return []
    return [(_fields(node), node.span, depth) for node, depth in walk(expr)]


def _fields(node: Expr) -> tuple[object, ...]:
    values = [getattr(node, field.name) for field in fields(node) if field.name != "span"]
    return (type(node).__name__, *map(_summary, values))


def _summary(value: object) -> object:
    if isinstance(value, Expr):
        return type(value).__name__
    if isinstance(value, tuple):
        return tuple(_summary(item) for item in value)
    return type(value).__name__, repr(value)  # 1, True and 1.0 apart; NaN equal to itself


# Pieces of every terminal, keyword-like names in every position, and separators that the
# lexer ignores.
_PIECES = [
    "a", "b.c", "not", "in", "or", "and", "true", "null", "True", "has", "if", "rye", "notx",
    "in_", "1", "0x1F", "1u", "1.5", ".5", "9223372036854775808", "'s'", "r'\\d'", "b'x'",
    "'''t'''", "'\\q'", "'a, b'", "==", "<", "+", "-", "!", "&&", "||", "?", ":", ",", ".",
    "(", ")", "[", "]", "{", "}", "matches", "x", "@",
]  # fmt: skip
_SURROUNDINGS = st.sampled_from(["", "x", "when: '", "'", '"', "a1", "_", " // c", "'''", "é"])
token_soup = st.lists(
    st.tuples(st.sampled_from(_PIECES), st.sampled_from(["", " ", "\n", " // c\n"])),
    max_size=12,
).map(lambda pairs: "".join(piece + gap for piece, gap in pairs))


@settings(max_examples=200)
@given(st.one_of(token_soup, expressions.map(hookc.cel.to_text)), _SURROUNDINGS, _SURROUNDINGS)
def test_a_text_read_in_place_is_the_text_read_alone_and_moved(
    text: str, before: str, after: str
) -> None:
    source = Source("file", before + text + after)
    within = parse_within(source, len(before), len(before) + len(text))
    alone = parse(text, "file")
    if within is None:
        assert alone.expr is None  # only a text that does not parse is left to ``parse``
        return
    assert alone.expr is not None and within.expr is not None
    moved = map_spans(alone.expr, lambda span: span.shift(len(before)))
    assert _tree(within.expr) == _tree(moved)
    assert within.diagnostics == tuple(
        replace(d, source=source, span=d.span.shift(len(before))) for d in alone.diagnostics
    )


def test_a_deeply_nested_text_is_read_in_place_too() -> None:
    text = "[" * 200 + "1" + "]" * 200
    source = Source("file", f"x: {text}")
    within = parse_within(source, 3, len(source.text))
    assert within is not None and within.expr == parse(text).expr
    assert [d.code for d in within.diagnostics] == ["HK106"]
    assert within.diagnostics[0].span.start >= 3


def test_lark_is_loaded_at_the_first_parse_not_at_import() -> None:
    script = (
        "import sys; from hookc.cel.parser import parse; "
        "assert not any(name.partition('.')[0] == 'lark' for name in sys.modules); "
        "assert parse('a.b == 1 && c in [2]').expr is not None and 'lark' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)


@given(st.text(st.sampled_from("ab'\"\\nrR \t"), max_size=10))
def test_a_string_literal_without_escapes_is_what_its_quotes_hold(text: str) -> None:
    (string,) = (t for t in _parser().terminals if t.name == "STRING")
    match = re.compile(string.pattern.to_regexp()).match(text)
    if match is None:
        return
    token = match[0]
    try:
        expected: object = decode_string(token)
    except LiteralError:
        expected = LiteralError
    builder = NodeBuilder(Source("<expr>", token))
    literal = builder.literal_at("STRING", token, 0, len(token))
    assert isinstance(literal, Literal)
    if expected is LiteralError:
        assert literal.value == "" and [d.code for d in builder.diagnostics] == ["HK104"]
    else:
        assert literal.value == expected and builder.diagnostics == []
