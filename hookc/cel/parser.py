"""Text to expression IR: the `when` parser, Lark's LALR parser over grammar/cel.lark.

The grammar is the language's one definition. Lark parses it with LALR(1) and the
contextual lexer, running the callbacks below as it reduces (an inline transformer): each
callback hands its construct to ``hookc.cel.build``, which makes the node and its
diagnostics, so no parse tree is built and nothing recurses over the input. Positions come
from Lark's tokens (a node spans its first token to its last). A text that does not parse is
explained by ``hookc.cel.syntax_errors``. A tree is measured iteratively
(``ir.expr.walk``) and rejected past ``MAX_DEPTH`` before any recursive pass sees it.

Lark is imported, and its parser loaded, at the first parse: a run that never parses an
expression (``hookc --version``, a cached compiled module) never loads it.
"""

from __future__ import annotations

import _thread
import dataclasses
import functools
import re

from hookc.cel.build import Lexeme, NodeBuilder
from hookc.cel.literals import INT64_MAX, INT64_MIN
from hookc.ir.expr import Expr, Literal, walk
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error
from hookc.source.resources import data_file

# Neither `typing` nor `threading` is imported at run time, as elsewhere in the compiler
# (``TYPE_CHECKING = False``): every import is start-up that a one-hook compile pays.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from lark import Lark, Token

# Deeper expressions are rejected with HK106. Real conditions are a handful of levels deep;
# the bound keeps every recursive pass (evaluator, printer, code generators) far from
# Python's recursion limit. `&&` and `||` chains are n-ary and add one level, however long.
MAX_DEPTH = 128

_NOTHING_TO_PARSE = re.compile(r"(?:\s|//[^\n]*)*")
# What an int literal beyond int64 is written with: 19 digits or more, or 0x and 16 hex
# digits (a digit first: the search then skips the text up to each digit).
_LONG_NUMBER = re.compile(r"[0-9][0-9a-fA-FxX]{15}")


@dataclasses.dataclass(frozen=True, slots=True)
class ParseResult:
    expr: Expr | None
    diagnostics: tuple[Diagnostic, ...]


# Hook files repeat expressions (`${tool.name}` in many actions, one condition in several
# hooks); results are immutable, so a repeat costs a lookup instead of a parse.
_PARSE_CACHE_SIZE = 4096


@functools.lru_cache(maxsize=_PARSE_CACHE_SIZE)
def parse(text: str, name: str = "<expr>") -> ParseResult:
    """Parse a `when` expression; every problem is a diagnostic, never an exception."""
    source = Source(name, text)
    if _NOTHING_TO_PARSE.fullmatch(text):
        return ParseResult(
            None, (error("HK107", "the expression is empty", source, Span(0, len(text))),)
        )
    expr, found = _read(source, 0, len(text))
    if expr is None:
        from hookc.cel.syntax_errors import syntax_errors  # only for text that is not CEL

        found.extend(syntax_errors(source, grammar()))
        found.sort(key=Diagnostic.sort_key)
        return ParseResult(None, tuple(found))
    _check_limits(source, 0, len(text), expr, found)
    return ParseResult(expr, tuple(found))


def parse_within(source: Source, start: int, end: int) -> ParseResult | None:
    """``source.text[start:end]`` parsed where it stands, its spans and diagnostics those
    of ``source`` (as ``parse`` would give them, moved); None where the text does not parse
    (``parse`` it then, for the syntax error). A front end that finds an expression written
    verbatim in its file so gets its tree without moving every span of a copy. (A text with
    nothing to parse does not parse: ``parse`` says so.)"""
    read = read_within(source, start, end)
    return None if read is None else ParseResult(read[0], tuple(read[1]))


def read_within(source: Source, start: int, end: int) -> tuple[Expr, list[Diagnostic]] | None:
    """``parse_within``'s tree and diagnostics (a list), without the record around them:
    a front end asks this of every condition and template hole it finds in place."""
    expr, found = _read(source, start, end)
    if expr is None:
        return None
    _check_limits(source, start, end, expr, found)
    return expr, found


def _read(source: Source, start: int, end: int) -> tuple[Expr | None, list[Diagnostic]]:
    """The IR of ``source.text[start:end]`` (spans in ``source``) and the builder's
    diagnostics; None for the IR where the text does not parse."""
    from lark.exceptions import UnexpectedInput

    parser = _parser()
    with _LOCK:
        callbacks = _CALLBACKS
        callbacks.nodes = NodeBuilder(source)
        callbacks.offset = start
        try:
            # The callbacks make the parse result an Expr, not a lark Tree.
            expr: Expr | None = parser.parse(source.text[start:end])  # type: ignore[assignment]
        except UnexpectedInput:
            expr = None
        found = callbacks.nodes.diagnostics
    return expr, found


def _check_limits(
    source: Source, start: int, end: int, expr: Expr, found: list[Diagnostic]
) -> None:
    """Adds the findings of the tree's limits to ``found``, then puts it in order."""
    # Every node spans at least one character of its own, so a text shorter than the depth
    # limit cannot exceed it; and only a long number (``_LONG_NUMBER``) can overflow int64.
    if end - start > MAX_DEPTH or _LONG_NUMBER.search(source.text, start, end):
        found.extend(_check_tree(expr, source))
    if found:
        found.sort(key=Diagnostic.sort_key)


def _check_tree(expr: Expr, source: Source) -> list[Diagnostic]:
    """Limits that only the whole tree shows: depth, and int literals after negation."""
    found: list[Diagnostic] = []
    for node, depth in walk(expr):
        assert node.span is not None
        if depth > MAX_DEPTH:
            return [
                error(
                    "HK106",
                    f"the expression is nested more than {MAX_DEPTH} levels deep",
                    source,
                    node.span,
                    "split it into simpler conditions",
                )
            ]
        if (
            isinstance(node, Literal)
            and type(node.value) is int
            and not INT64_MIN <= node.value <= INT64_MAX
        ):
            found.append(
                error(
                    "HK105",
                    "integer literal is beyond the int64 range",
                    source,
                    node.span,
                    "write it as a double (with a decimal point) if a float is meant",
                )
            )
    return found


# -- Lark -------------------------------------------------------------------------------------


class _Callbacks:
    """Lark's callbacks, one per named alternative of grammar/cel.lark, handing each to the
    builder of the text being parsed. ``offset`` is where that text starts in its source
    (Lark counts from the start of what it is given)."""

    def __init__(self) -> None:
        self.nodes = NodeBuilder(Source("<expr>", ""))
        self.offset = 0

    def _lexeme(self, token: Token) -> Lexeme:
        offset = self.offset
        return Lexeme(token.type, str(token), token.start_pos + offset, token.end_pos + offset)  # type: ignore[operator]

    # (A token is a str: a test for it needs no import of Lark.)
    def _start(self, item: Token | Expr) -> int:
        if isinstance(item, str):
            return item.start_pos + self.offset  # type: ignore[operator]
        assert item.span is not None
        return item.span.start

    def _end(self, item: Token | Expr) -> int:
        if isinstance(item, str):
            return item.end_pos + self.offset  # type: ignore[operator]
        assert item.span is not None
        return item.span.end

    # -- primaries ---------------------------------------------------------------------------

    def ident(self, children: list[Token]) -> Expr:
        return self.nodes.ident(self._start(children[0]), self._lexeme(children[-1]))

    def int_literal(self, children: list[Token]) -> Expr:
        return self.nodes.literal(self._lexeme(children[0]))

    double_literal = string_literal = unsupported_literal = int_literal
    true = false = null = int_literal

    def paren(self, children: list[Any]) -> Expr:
        left, inner, right = children
        return self.nodes.paren(self._start(left), inner, self._end(right))

    def list_literal(self, children: list[Any]) -> Expr:
        items = _exprs(children)
        return self.nodes.list_literal(self._start(children[0]), items, self._end(children[-1]))

    def entry(self, children: list[Expr]) -> tuple[Expr, Expr]:
        key, value = children
        return key, value

    def map_literal(self, children: list[Any]) -> Expr:
        entries = [c for c in children if isinstance(c, tuple)]
        return self.nodes.map_literal(self._start(children[0]), entries, self._end(children[-1]))

    def args(self, children: list[Expr]) -> list[Expr]:
        return children

    # -- members and calls -------------------------------------------------------------------

    def select(self, children: list[Any]) -> Expr:
        operand, name = children
        return self.nodes.select(operand, self._lexeme(name))

    def index(self, children: list[Any]) -> Expr:
        operand, key, close = children
        return self.nodes.index(operand, key, self._end(close))

    def call(self, children: list[Any]) -> Expr:
        name, args, close = children
        return self.nodes.call(self._lexeme(name), args or [], self._end(close))

    def method_call(self, children: list[Any]) -> Expr:
        target, name, args, close = children
        return self.nodes.method_call(target, self._lexeme(name), args or [], self._end(close))

    # -- operators ---------------------------------------------------------------------------

    def logical_not(self, children: list[Any]) -> Expr:
        bang, operand = children
        return self.nodes.logical_not(self._start(bang), operand)

    keyword_not = logical_not

    def negate(self, children: list[Any]) -> Expr:
        minus, operand = children
        return self.nodes.negate(self._start(minus), operand)

    def binary(self, children: list[Any]) -> Expr:
        left, op, right = children
        return self.nodes.binary(left, str(op), right)

    def and_(self, children: list[Any]) -> Expr:
        return self.nodes.and_(_exprs(children))

    def or_(self, children: list[Any]) -> Expr:
        return self.nodes.or_(_exprs(children))

    def conditional(self, children: list[Expr]) -> Expr:
        condition, then, otherwise = children
        return self.nodes.conditional(condition, then, otherwise)


def _exprs(children: list[Any]) -> list[Expr]:
    """The expression children, without tokens and Lark's placeholders for empty options."""
    return [c for c in children if c is not None and not isinstance(c, str | list)]


# The callbacks keep per-parse state (the builder, the offset); one parse at a time uses them.
_CALLBACKS = _Callbacks()
_LOCK = _thread.allocate_lock()


@functools.cache
def grammar() -> str:
    """The text of grammar/cel.lark."""
    return data_file("grammar", "cel.lark").read_text(encoding="utf-8")


@functools.cache
def _parser() -> Lark:
    """The parser, made at the first parse and kept. ``cache=True`` keeps Lark's analysis
    of the grammar in the temp directory (keyed by a hash of the grammar, the options and
    Lark's version): a few milliseconds to load instead of some 40 to build."""
    from lark import Lark

    return Lark(grammar(), parser="lalr", lexer="contextual", transformer=_CALLBACKS, cache=True)
