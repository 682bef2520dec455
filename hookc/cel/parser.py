"""Text to expression IR: the entry point of the `when` parser.

Most texts are read by ``hookc.cel.descent``, a recursive-descent reader of the grammar;
what it does not take (a syntax error, deep nesting) goes to Lark (``hookc.cel.lark_parser``,
the grammar's definition and the source of every syntax diagnostic), which is then imported
for the first time: a hook file that parses never loads Lark. Both build the IR through
``hookc.cel.build``. A tree is measured iteratively (``ir.expr.walk``) and rejected past
``MAX_DEPTH`` before any recursive pass sees it.
"""

from __future__ import annotations

import functools
import re

from hookc import records
from hookc.cel import descent
from hookc.cel.literals import INT64_MAX, INT64_MIN
from hookc.diagnostics import Diagnostic, error
from hookc.ir.expr import Expr, Literal, walk
from hookc.source import Source, Span

# Deeper expressions are rejected with HK106. Real conditions are a handful of levels deep;
# the bound keeps every recursive pass (evaluator, printer, code generators) far from
# Python's recursion limit. `&&` and `||` chains are n-ary and add one level, however long.
MAX_DEPTH = 128

_NOTHING_TO_PARSE = re.compile(r"(?:\s|//[^\n]*)*")
# What an int literal beyond int64 is written with: 19 digits or more, or 0x and 16 hex
# digits (a digit first: the search then skips the text up to each digit).
_LONG_NUMBER = re.compile(r"[0-9][0-9a-fA-FxX]{15}")


@records.record(slots=True)
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
    read: tuple[Expr | None, list[Diagnostic]] | None = descent.parse(source)
    if read is None:
        from hookc.cel import lark_parser  # only for what the fast reader does not take

        read = lark_parser.parse(source)
    return _result(source, 0, len(text), *read)


def parse_within(source: Source, start: int, end: int) -> ParseResult | None:
    """``source.text[start:end]`` parsed where it stands, its spans and diagnostics those
    of ``source`` (as ``parse`` would give them, moved); None where the fast reader does
    not take the text (``parse`` it then). A front end that finds an expression written
    verbatim in its file so gets its tree without moving every span of a copy. (A text with
    nothing to parse is not taken: ``parse`` says so.)"""
    read = read_within(source, start, end)
    return None if read is None else ParseResult(read[0], tuple(read[1]))


def read_within(source: Source, start: int, end: int) -> tuple[Expr, list[Diagnostic]] | None:
    """``parse_within``'s tree and diagnostics (a list), without the record around them:
    a front end asks this of every condition and template hole it finds in place."""
    read = descent.parse(source, start, end)
    if read is None:
        return None
    expr, found = read
    _check_limits(source, start, end, expr, found)
    return expr, found


def _result(
    source: Source, start: int, end: int, expr: Expr | None, found: list[Diagnostic]
) -> ParseResult:
    if expr is not None:
        _check_limits(source, start, end, expr, found)
    elif found:
        found.sort(key=Diagnostic.sort_key)
    return ParseResult(expr, tuple(found))


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
