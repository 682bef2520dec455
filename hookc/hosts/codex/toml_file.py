"""A Codex ``config.toml`` as a ``Located`` tree, so that findings in its ``[hooks]`` tables
have a line and column, and fixes a place to edit.

``tomllib`` parses the file (its syntax errors are the file's findings) but gives no
positions, so a small scanner reads the text again, which ``tomllib`` has by then found to
be valid TOML, for where each thing is written: table headers (``[hooks]``,
``[[hooks.PreToolUse]]``, ``[[hooks.PreToolUse.hooks]]``), ``key = value`` lines with
dotted and quoted keys, and the values inside inline tables and arrays (``hooks = [{ type =
"command", timeout = 30 }]``), on lines that end in ``\\n`` or ``\\r\\n``. It builds the
tables as TOML does (an ``[[array]]`` header adds an element; a header or dotted key below
one goes into its last element). A table defined by a header is placed at the header, the
key of an entry at its key (the last part of a dotted key) and its value at the value. The
values themselves are always ``tomllib``'s; whatever the scanner did not place takes the
span of the nearest enclosing value it did: a finding then points at its table or key,
never at a wrong one.

``key_places`` finds every place a key is written (each header and dotted key naming
``hooks.<event>``), for a fix that renames the key: TOML names a table of arrays in every
header below it.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from typing import Any

from hookc.frontend.located import Located
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error

_POSITION = re.compile(r"at line (\d+), column (\d+)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
# A date-time may hold a space (``1979-05-27 07:32:00Z``); every other bare value (a number,
# a boolean, a date or time without one) runs up to a space, a comma, a bracket or a comment.
_DATE_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?"
)
_BARE_VALUE = re.compile(r"[^ \t\r\n,\]\}#]+")


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
    scanner = _Scanner(source.text)
    # A construct the scanner does not know stops it: what it placed is kept.
    with contextlib.suppress(_Unscannable):
        scanner.document()
    return _located(data, scanner.root, Span(0, len(source.text))), []


def key_places(source: Source, path: tuple[str, ...]) -> list[Span]:
    """Every span (quotes included) where the last key of ``path`` is written as the key of
    that path: in table headers, dotted keys, ``key = value`` lines and inline tables; array
    elements are not counted in the path. Empty where the text cannot be scanned whole."""
    scanner = _Scanner(source.text)
    try:
        scanner.document()
    except _Unscannable:
        return []
    return [span for written, span in scanner.keys if written == path]


@dataclass(slots=True)
class _Place:
    """Where a table, an array or a value is written; a table's entries, an array's items."""

    span: Span
    key_span: Span | None = None
    entries: dict[str, _Place] = field(default_factory=dict)
    items: list[_Place] = field(default_factory=list)
    array_of_tables: bool = False


class _Unscannable(Exception):
    """The text holds what the scanner does not read (tomllib did): stop placing."""


class _Scanner:
    """Reads valid TOML for positions: ``root`` holds the places, ``keys`` every key part
    written, with its path of keys (array elements left out)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.root = _Place(Span(0, len(text)))
        self.keys: list[tuple[tuple[str, ...], Span]] = []

    # -- statements ---------------------------------------------------------------------

    def document(self) -> None:
        table: _Place = self.root
        path: tuple[str, ...] = ()
        while True:
            self.blank(lines=True)
            if self.at >= len(self.text):
                return
            if self.text.startswith("[[", self.at):
                table, path = self.header(array=True)
            elif self.text[self.at] == "[":
                table, path = self.header(array=False)
            else:
                self.key_value(table, path)
            self.blank(lines=False)
            if self.at < len(self.text) and self.text[self.at] not in "\r\n":
                raise _Unscannable(self.at)

    def header(self, array: bool) -> tuple[_Place, tuple[str, ...]]:
        start = self.at
        self.at += 2 if array else 1
        parts = self.key(())
        close = "]]" if array else "]"
        if not self.text.startswith(close, self.at):
            raise _Unscannable(self.at)
        self.at += len(close)
        span = Span(start, self.at)
        place = self.root
        for name, key_span in parts[:-1]:
            place = _last(place.entries.setdefault(name, _Place(span, key_span)))
        name, key_span = parts[-1]
        path = tuple(name for name, _ in parts)
        if array:
            tables = place.entries.setdefault(name, _Place(span, key_span, array_of_tables=True))
            table = _Place(span, key_span)
            tables.items.append(table)
            return table, path
        table = place.entries.get(name) or _Place(span, key_span)
        table.span, table.key_span = span, key_span  # a super-table defined after its child
        place.entries[name] = table
        return table, path

    def key_value(self, table: _Place, path: tuple[str, ...]) -> None:
        parts = self.key(path)
        self.blank(lines=False)
        if not self.text.startswith("=", self.at):
            raise _Unscannable(self.at)
        self.at += 1
        self.blank(lines=False)
        value = self.value(path + tuple(name for name, _ in parts))
        for name, key_span in parts[:-1]:
            table = table.entries.setdefault(name, _Place(key_span, key_span))
        name, key_span = parts[-1]
        value.key_span = key_span
        table.entries[name] = value

    def key(self, path: tuple[str, ...]) -> list[tuple[str, Span]]:
        """A dotted key's parts, each with its span; each is recorded in ``keys``."""
        parts = []
        while True:
            self.blank(lines=False)
            start = self.at
            char = self.text[start : start + 1]
            if char == '"':
                self.at = self.basic_string_end(start)
                name = _decode(self.text[start : self.at])
            elif char == "'":
                self.at = self.text.index("'", start + 1) + 1
                name = self.text[start + 1 : self.at - 1]
            else:
                bare = _BARE_KEY.match(self.text, start)
                if bare is None:
                    raise _Unscannable(start)
                self.at = bare.end()
                name = bare.group()
            span = Span(start, self.at)
            path = (*path, name)
            self.keys.append((path, span))
            parts.append((name, span))
            self.blank(lines=False)
            if not self.text.startswith(".", self.at):
                return parts
            self.at += 1

    # -- values -------------------------------------------------------------------------

    def value(self, path: tuple[str, ...]) -> _Place:
        start = self.at
        text = self.text
        if text.startswith('"""', start):
            self.at = self.closing(start, '"""')
        elif text.startswith("'''", start):
            self.at = self.closing(start, "'''")
        elif text.startswith('"', start):
            self.at = self.basic_string_end(start)
        elif text.startswith("'", start):
            self.at = text.index("'", start + 1) + 1
        elif text.startswith("{", start):
            return self.inline_table(path)
        elif text.startswith("[", start):
            return self.array(path)
        else:
            found = _DATE_TIME.match(text, start) or _BARE_VALUE.match(text, start)
            if found is None:
                raise _Unscannable(start)
            self.at = found.end()
        return _Place(Span(start, self.at))

    def inline_table(self, path: tuple[str, ...]) -> _Place:
        place = _Place(Span(self.at, self.at))
        self.at += 1
        while True:
            self.blank(lines=False)
            if self.text.startswith("}", self.at):
                break
            self.key_value(place, path)
            self.blank(lines=False)
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith("}", self.at):
                raise _Unscannable(self.at)
        self.at += 1
        place.span = Span(place.span.start, self.at)
        return place

    def array(self, path: tuple[str, ...]) -> _Place:
        place = _Place(Span(self.at, self.at))
        self.at += 1
        while True:
            self.blank(lines=True)
            if self.text.startswith("]", self.at):
                break
            place.items.append(self.value(path))
            self.blank(lines=True)
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith("]", self.at):
                raise _Unscannable(self.at)
        self.at += 1
        place.span = Span(place.span.start, self.at)
        return place

    def basic_string_end(self, start: int) -> int:
        """Just after the ``"`` that closes the basic string opening at ``start``."""
        at = start + 1
        while at < len(self.text):
            char = self.text[at]
            if char == "\\":
                at += 2
            elif char == '"':
                return at + 1
            elif char == "\n":
                break
            else:
                at += 1
        raise _Unscannable(start)

    def closing(self, start: int, quotes: str) -> int:
        """Just after the quotes that close a multi-line string (up to two more quotes
        before them belong to the string)."""
        at = start + 3
        while True:
            found = self.text.find(quotes[0], at)
            if found < 0:
                raise _Unscannable(start)
            if quotes == '"""' and _escaped(self.text, found, start + 3):
                at = found + 1
                continue
            if self.text.startswith(quotes, found):
                end = found + 3
                extra = 0
                while extra < 2 and self.text.startswith(quotes[0], end):
                    end += 1
                    extra += 1
                return end
            at = found + 1

    def blank(self, lines: bool) -> None:
        """Past spaces, tabs and a comment; and line breaks (and blank or comment lines)
        where ``lines``."""
        text = self.text
        while self.at < len(text):
            char = text[self.at]
            if char in " \t":
                self.at += 1
            elif char == "#":
                while self.at < len(text) and text[self.at] not in "\r\n":
                    self.at += 1
            elif lines and (char == "\n" or text.startswith("\r\n", self.at)):
                self.at += 1 if char == "\n" else 2
            else:
                return


def _escaped(text: str, at: int, start: int) -> bool:
    """Whether the character at ``at`` follows an odd number of backslashes."""
    count = 0
    while at - 1 - count >= start and text[at - 1 - count] == "\\":
        count += 1
    return count % 2 == 1


def _decode(quoted: str) -> str:
    import tomllib

    decoded = tomllib.loads(f"k = {quoted}")["k"]
    assert isinstance(decoded, str)
    return decoded


def _last(place: _Place) -> _Place:
    """Where a header below ``place`` goes: an array of tables' last element."""
    return place.items[-1] if place.array_of_tables and place.items else place


def _located(value: Any, place: _Place | None, parent: Span) -> Located:
    """``tomllib``'s value with the places the scanner found, the parent's where none."""
    if place is None:
        span, key_span = parent, None
    else:
        span, key_span = place.span, place.key_span
    if isinstance(value, dict):
        entries = place.entries if place is not None else {}
        children = {k: _located(v, entries.get(k), span) for k, v in value.items()}
        return Located(children, span, key_span=key_span)
    if isinstance(value, list):
        items = place.items if place is not None else []
        return Located(
            [
                _located(item, items[index] if index < len(items) else None, span)
                for index, item in enumerate(value)
            ],
            span,
            key_span=key_span,
        )
    return Located(value, span, key_span=key_span)
