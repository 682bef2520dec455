"""The fast reader (``hookc.cel.descent``) agrees with Lark on grammar/cel.lark: for every
text it takes, the same tree, spans and diagnostics; and it takes the texts people write."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.cel import descent, lark_parser, to_text
from hookc.cel.build import NodeBuilder
from hookc.cel.literals import LiteralError, decode_string
from hookc.cel.parser import parse, parse_within
from hookc.diagnostics import Diagnostic
from hookc.ir.expr import Expr, Literal, map_spans, walk
from hookc.records import fields, replace
from hookc.source import Source
from tests.fuzz.targets import expressions as mutated_expressions
from tests.strategies import expressions

ROOT = Path(__file__).resolve().parent.parent


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


def _findings(found: list[Diagnostic]) -> list[object]:
    ordered = sorted(found, key=Diagnostic.sort_key)
    return [(d.code, d.severity, d.message, d.span, d.hint) for d in ordered]


def agrees_with_lark(text: str) -> bool:
    """Whether the fast reader took the text; fails if it read it otherwise than Lark."""
    source = Source("<expr>", text)
    read = descent.parse(source)
    if read is None:
        return False
    expr, found = read
    lark_expr, lark_found = lark_parser.parse(source)
    assert lark_expr is not None, f"Lark rejects {text!r}, which the fast reader took"
    assert _tree(expr) == _tree(lark_expr), text
    assert _findings(found) == _findings(lark_found), text
    return True


def test_terminal_patterns_are_larks() -> None:
    compiled = {t.name: t.pattern.to_regexp() for t in lark_parser._PARSER.terminals}
    assert {name: compiled[name] for name in descent.TERMINALS} == descent.TERMINALS


# Pieces of every terminal, keyword-like names in every position, and separators that
# Lark ignores: token soup finds where two lexers could cut a text differently.
_PIECES = [
    "a", "b.c", "not", "in", "or", "and", "true", "false", "null", "True", "None", "has",
    "size", "if", "as", "rye", "notx", "in_", "or1", "andy", "b", "r", "br", "u", "e5",
    "1", "0x1F", "1u", "1.5", ".5", "1e3", "1.", "9223372036854775808", "'s'", '"s"',
    "r'\\d'", "b'x'", "'''t'''", "'\\q'", "'a, b'", "'('", "==", "!=", "<", "<=", ">",
    ">=", "+", "-", "*", "/", "%", "!", "&&", "||", "?", ":", ",", ".", "(", ")", "[",
    "]", "{", "}", "matches", "exists", "x", "map", "glob", "startsWith", "@", "=",
]  # fmt: skip
_SURROUNDINGS = st.sampled_from(["", "x", "when: '", "'", '"', "a1", "_", " // c", "'''", "é"])
_SEPARATORS = st.sampled_from(["", " ", "", " ", "\n", " // c\n", "\t"])
token_soup = st.lists(st.tuples(st.sampled_from(_PIECES), _SEPARATORS), max_size=14).map(
    lambda pairs: "".join(piece + gap for piece, gap in pairs)
)


@settings(max_examples=400)
@given(token_soup)
def test_token_soup_is_read_as_lark_reads_it(text: str) -> None:
    agrees_with_lark(text)


@given(mutated_expressions)
def test_mutated_conditions_are_read_as_lark_reads_them(text: str) -> None:
    agrees_with_lark(text)


@given(expressions)
def test_printed_expressions_are_taken_and_read_as_lark_reads_them(expr: Expr) -> None:
    assert agrees_with_lark(to_text(expr))


def _written_conditions() -> list[str]:
    """The `when` conditions of the example hook files."""
    found = []
    for path in sorted((ROOT / "examples").glob("**/*.yaml")):
        try:
            document = yaml.safe_load(path.read_text(encoding="utf-8", errors="replace"))
        except yaml.YAMLError:
            continue
        hooks = document.get("hooks") if isinstance(document, dict) else None
        for hook in hooks if isinstance(hooks, list) else []:
            if isinstance(hook, dict) and isinstance(hook.get("when"), str):
                found.append(hook["when"])
    return found


def test_the_example_conditions_that_parse_are_taken_by_the_fast_reader() -> None:
    conditions = _written_conditions()
    assert len(conditions) > 20
    for text in conditions:
        expr = lark_parser.parse(Source("<expr>", text))[0]
        # Nesting past a few dozen levels (an example of HK106) is Lark's to read.
        if expr is not None and max(depth for _, depth in walk(expr)) < 30:
            assert agrees_with_lark(text), text


# The reader's tokens the plain way: a match per token, its kind the name of the terminal
# that matched (the first in the reader's order), identifiers marked as keywords by text.
_TERMINAL = re.compile(
    descent._SKIP
    + "(?:"
    + "|".join(f"(?P<{name}>{descent.TERMINALS[name]})" for name in descent._ORDER)
    + ")"
)
_KEYWORDS = {"not": "NOT", "true": "TRUE", "false": "FALSE", "null": "NULL"}
_WORD_OPERATORS = {"in": "IN", "or": "OR_KW", "and": "AND_KW"}


def _tokens_one_by_one(
    text: str, start: int, end: int
) -> tuple[list[str], list[str], list[int], list[int]] | None:
    kinds, texts, starts, ends = [], [], [], []
    at = start
    while (match := _TERMINAL.match(text, at, end)) is not None:
        kind = match.lastgroup
        assert kind is not None
        first, at = match.span(kind)
        word = text[first:at]
        if kind == "IDENT" and word in _KEYWORDS:
            kind = _KEYWORDS[word]
        elif (
            kind == "IDENT"
            and word in _WORD_OPERATORS
            and re.match(r"(?:in|or|and)\b", text[first:end])
        ):
            kind = _WORD_OPERATORS[word]
        kinds.append(kind)
        texts.append(word)
        starts.append(first)
        ends.append(at)
    if re.compile(descent._SKIP + r"\Z").match(text, at, end) is None:
        return None
    return [*kinds, "$END"], [*texts, ""], [*starts, end], [*ends, end]


_CHARACTERS = st.text(st.sampled_from("abrRB1.eExXuU_'\"\\ \n/+-!=<>&|()[]{}?:,é\t"), max_size=12)


@settings(max_examples=400)
@given(st.one_of(token_soup, _CHARACTERS), _SURROUNDINGS, _SURROUNDINGS)
def test_one_scan_of_a_text_cuts_and_names_its_tokens_as_a_match_per_token_does(
    text: str, before: str, after: str
) -> None:
    whole = before + text + after
    cut = (len(before), len(before) + len(text))
    one_by_one = _tokens_one_by_one(whole, *cut)
    if one_by_one is None:
        assert descent._tokens(whole, *cut) is None
        return
    kinds, texts, starts, ends = one_by_one
    # The reader keeps the kinds of operators and keywords, and reads a name or a literal
    # by its text as ``kind_of`` does.
    kept = [descent._BY_TEXT.get(token) for token in texts]
    assert descent._tokens(whole, *cut) == (kept, texts, starts, ends)
    assert [descent.kind_of(token) for token in texts] == kinds


def test_deep_nesting_and_syntax_errors_are_left_to_lark() -> None:
    assert descent.parse(Source("<expr>", "(" * 100 + "1" + ")" * 100)) is None
    assert descent.parse(Source("<expr>", "a &&")) is None
    assert descent.parse(Source("<expr>", "a b")) is None
    assert descent.parse(Source("<expr>", "f(a,)")) is None


@given(st.one_of(token_soup, expressions.map(to_text)), _SURROUNDINGS, _SURROUNDINGS)
def test_a_text_read_in_place_is_the_text_read_alone_and_moved(
    text: str, before: str, after: str
) -> None:
    source = Source("file", before + text + after)
    within = parse_within(source, len(before), len(before) + len(text))
    if within is None:
        return
    alone = parse(text, "file")
    assert alone.expr is not None and within.expr is not None
    moved = map_spans(alone.expr, lambda span: span.shift(len(before)))
    assert _tree(within.expr) == _tree(moved)
    assert within.diagnostics == tuple(
        replace(d, source=source, span=d.span.shift(len(before))) for d in alone.diagnostics
    )


def test_a_text_that_parses_does_not_load_lark() -> None:
    script = (
        "import sys; from hookc.cel.parser import parse; "
        "assert parse('a.b == 1 && c in [2]').expr is not None; "
        "assert not any(name.partition('.')[0] == 'lark' for name in sys.modules); "
        "assert parse('a &&').expr is None and 'lark' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=ROOT)


_STRING = re.compile(descent.TERMINALS["STRING"])


@given(st.text(st.sampled_from("ab'\"\\nrR \t"), max_size=10))
def test_a_string_literal_without_escapes_is_what_its_quotes_hold(text: str) -> None:
    match = _STRING.match(text)
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


# Dotted paths and what comes near them: keywords first and after dots, digits, spaces,
# comments, quotes, calls.
_PATH_PIECES = st.sampled_from(
    ["a", "b_1", "_", "x", "not", "in", "or", "and", "true", "null", "as", "if", "None",
     "True", "has", "r", ".", ".", " ", "\n", "1", "5", "'", "(", ")", " // c", "é", "in_"]
)  # fmt: skip


@settings(max_examples=400)
@given(st.lists(_PATH_PIECES, max_size=8).map("".join), _SURROUNDINGS, _SURROUNDINGS)
def test_a_dotted_path_is_read_as_the_rules_read_it(text: str, before: str, after: str) -> None:
    source = Source("<expr>", before + text + after)
    cut = (len(before), len(before) + len(text))
    path = descent._path(source, *cut)
    if path is None:
        return
    read = descent._read(source, *cut)
    assert read is not None, text
    assert _tree(path[0]) == _tree(read[0]), text
    assert _findings(path[1]) == _findings(read[1]), text
