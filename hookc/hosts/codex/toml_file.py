"""A Codex ``config.toml`` as a ``Located`` tree, so that findings in its ``[hooks]`` tables
have a line and column.

``tomllib`` parses the file (its syntax errors are the file's findings) but gives no
positions, so positions are found in the text: each table header (``[hooks]``,
``[[hooks.PreToolUse]]``, ``[[hooks.PreToolUse.hooks]]``) is located by its line, the
``n``-th element of an array of tables is the ``n``-th header of that path within its parent's
lines, and each ``key = value`` by the line that assigns the key within its table's own
lines (the value's span runs from after ``=`` to the end of that line). What cannot be
located so (a value inside an inline table or array, a dotted key ``a.b = 1``, a line that
looks like a header inside a multi-line string) takes the span of the nearest enclosing
value that could be: a finding then points at its table or key line, never at a wrong
table. The values themselves are always ``tomllib``'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from hookc.frontend.located import Located
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error

_HEADER = re.compile(r"^[ \t]*(\[\[?)[ \t]*([^\[\]\n]+?)[ \t]*\]\]?[ \t]*(?:#.*)?$", re.MULTILINE)
_KEY_PART = re.compile(r"""[ \t]*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))[ \t]*""")
_POSITION = re.compile(r"at line (\d+), column (\d+)")


@dataclass(frozen=True, slots=True)
class _Header:
    path: tuple[str, ...]
    array: bool
    start: int  # where the header's line starts
    end: int  # where it ends (its own key lines follow)


def load_toml(source: Source) -> tuple[Located | None, list[Diagnostic]]:
    """The document as a ``Located`` tree, or the TOML syntax error (HK736)."""
    import tomllib  # only for a TOML file: start-up stays light

    try:
        data = tomllib.loads(source.text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _POSITION.search(message)
        at = 0
        if found:
            line, column = int(found.group(1)), int(found.group(2))
            lines = source.text.split("\n")
            line = min(max(line, 1), len(lines))
            at = sum(len(text) + 1 for text in lines[: line - 1]) + column - 1
            at = min(at, len(source.text))
            message = message[: found.start()].rstrip(" (")
        return None, [error("HK736", f"TOML syntax error: {message}", source, Span(at, at))]
    headers = _headers(source.text)
    text = source.text
    whole = Span(0, len(text))
    first_header = headers[0].start if headers else len(text)
    root = _Builder(text, headers).table(data, (), whole, (0, first_header), (0, len(text)))
    return root, []


def _headers(text: str) -> list[_Header]:
    found = []
    for match in _HEADER.finditer(text):
        path = _key_path(match.group(2))
        if path is not None:
            found.append(_Header(path, match.group(1) == "[[", match.start(), match.end()))
    return found


def _key_path(text: str) -> tuple[str, ...] | None:
    """A dotted key as its parts, or None when it is not one."""
    parts = []
    for piece in _split_dots(text):
        match = _KEY_PART.fullmatch(piece)
        if match is None:
            return None
        parts.append(next(group for group in match.groups() if group is not None))
    return tuple(parts)


def _split_dots(text: str) -> list[str]:
    pieces, current, quote = [], "", ""
    for char in text:
        if quote:
            current += char
            if char == quote:
                quote = ""
        elif char in "\"'":
            quote = char
            current += char
        elif char == ".":
            pieces.append(current)
            current = ""
        else:
            current += char
    pieces.append(current)
    return pieces


class _Builder:
    def __init__(self, text: str, headers: list[_Header]) -> None:
        self.text = text
        self.headers = headers

    def table(
        self,
        data: dict[str, Any],
        path: tuple[str, ...],
        span: Span,
        own: tuple[int, int],
        scope: tuple[int, int],
    ) -> Located:
        """A table: ``own`` holds its ``key = value`` lines, ``scope`` its sub-tables."""
        children: dict[str, Located] = {}
        for key, value in data.items():
            children[key] = self.entry(key, value, (*path, key), span, own, scope)
        return Located(children, span)

    def entry(
        self,
        key: str,
        value: Any,
        path: tuple[str, ...],
        parent: Span,
        own: tuple[int, int],
        scope: tuple[int, int],
    ) -> Located:
        line = self.key_line(key, own)
        if isinstance(value, dict) and line is None:
            header = self.header(path, scope, array=False)
            if header is not None:
                at = self.headers.index(header)
                return self.table(
                    value, path, Span(header.start, header.end), self.own(at), self.scope(at)
                )
            inner = self.first_within(path, scope)  # defined only by its sub-tables
            where = Span(inner.start, inner.end) if inner is not None else parent
            return self.table(value, path, where, (0, 0), scope)
        if isinstance(value, list) and line is None and value and _all_tables(value):
            tables = [h for h in self.in_scope(scope) if h.path == path and h.array]
            items = []
            for index, item in enumerate(value):
                if index < len(tables):
                    at = self.headers.index(tables[index])
                    where = Span(tables[index].start, tables[index].end)
                    items.append(self.table(item, path, where, self.own(at), self.scope(at)))
                else:
                    items.append(self.plain(item, parent))
            where = Span(tables[0].start, tables[0].end) if tables else parent
            return Located(items, where)
        if line is None:
            return self.plain(value, parent)
        key_span, value_span = line
        located = self.plain(value, value_span)
        return Located(located.value, value_span, key_span=key_span)

    def plain(self, value: Any, span: Span) -> Located:
        """A value whose parts cannot be located one by one: all at ``span``."""
        if isinstance(value, dict):
            return Located({k: self.plain(v, span) for k, v in value.items()}, span)
        if isinstance(value, list):
            return Located([self.plain(item, span) for item in value], span)
        return Located(value, span)

    def key_line(self, key: str, own: tuple[int, int]) -> tuple[Span, Span] | None:
        """The key's span and its value's, from the line assigning it in ``own``."""
        start, end = own
        if start >= end:
            return None
        name = re.escape(key)
        pattern = re.compile(
            rf"""^[ \t]*(?:{name}|"{name}"|'{name}')[ \t]*=[ \t]*(.*?)[ \t]*$""", re.MULTILINE
        )
        match = pattern.search(self.text, start, end)
        if match is None:
            return None
        key_start = match.start() + len(match.group(0)) - len(match.group(0).lstrip(" \t"))
        key_end = self.text.index("=", key_start, match.end())
        key_text = self.text[key_start:key_end].rstrip(" \t")
        value_span = Span(match.start(1), max(match.end(1), match.start(1)))
        return Span(key_start, key_start + len(key_text)), value_span

    def in_scope(self, scope: tuple[int, int]) -> list[_Header]:
        return [h for h in self.headers if scope[0] <= h.start < scope[1]]

    def header(self, path: tuple[str, ...], scope: tuple[int, int], array: bool) -> _Header | None:
        return next((h for h in self.in_scope(scope) if h.path == path and h.array == array), None)

    def first_within(self, path: tuple[str, ...], scope: tuple[int, int]) -> _Header | None:
        return next((h for h in self.in_scope(scope) if h.path[: len(path)] == path), None)

    def own(self, at: int) -> tuple[int, int]:
        """The lines of the table headed by ``headers[at]``: up to the next header."""
        end = self.headers[at + 1].start if at + 1 < len(self.headers) else len(self.text)
        return self.headers[at].end, end

    def scope(self, at: int) -> tuple[int, int]:
        """Where the sub-tables of ``headers[at]`` may be: up to the next header that is
        not below it."""
        path = self.headers[at].path
        for later in self.headers[at + 1 :]:
            if len(later.path) <= len(path) or later.path[: len(path)] != path:
                return self.headers[at].start, later.start
        return self.headers[at].start, len(self.text)


def _all_tables(items: list[Any]) -> bool:
    return all(isinstance(item, dict) for item in items)
