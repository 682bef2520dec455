"""JSON (RFC 8259) to a ``Located`` tree, keeping every value's position.

Python's ``json`` gives values without places, so this is a small recursive-descent reader
over the text; strings and numbers are read by ``json``'s own scanners, so escapes and
number forms mean exactly what they mean to ``json.loads``. Duplicate keys, which JSON
readers silently collapse to the last one, are reported; so is nesting beyond reason.
"""

from __future__ import annotations

import json.decoder
import json.scanner
import re
from typing import Any

from hookc.frontend.embedded import align
from hookc.frontend.located import Located
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error

MAX_NESTING = 100
_WHITESPACE = re.compile(r"[ \t\n\r]*")
_NUMBER = json.scanner.NUMBER_RE
# json's own string scanner: escapes and control characters as json.loads reads them.
_SCANSTRING: Any = json.decoder.scanstring  # type: ignore[attr-defined]
_LITERALS = {"true": True, "false": False, "null": None}


class _Problem(Exception):
    def __init__(self, at: int, message: str, hint: str | None = None) -> None:
        super().__init__(message)
        self.at, self.message, self.hint = at, message, hint


def load_json(source: Source) -> tuple[Located | None, list[Diagnostic]]:
    """The document as a ``Located`` tree (None for an empty file), or why it is not one."""
    reader = _Reader(source.text)
    try:
        # A byte-order mark (text not read from a file keeps it) is read past, as a file's
        # is when it is read: the format's reader says whether its tools allow one.
        at = reader.skip(1 if source.text.startswith("\ufeff") else 0)
        if at == len(source.text):
            return None, []
        root, at = reader.value(at, depth=0)
        at = reader.skip(at)
        if at != len(source.text):
            raise _Problem(at, "more text after the JSON value", "a file holds one JSON value")
    except _Problem as problem:
        return None, [
            error(
                "HK214",
                f"JSON syntax error: {problem.message}",
                source,
                Span(problem.at, problem.at),
                problem.hint,
            )
        ]
    duplicates = [
        error(
            "HK205",
            f"duplicate key `{key}`: JSON keeps only the last one",
            source,
            span,
            "remove one of them",
        )
        for key, span in reader.duplicates
    ]
    return root, duplicates


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.duplicates: list[tuple[str, Span]] = []

    def skip(self, at: int) -> int:
        match = _WHITESPACE.match(self.text, at)
        return match.end() if match else at

    def value(self, at: int, depth: int, key_span: Span | None = None) -> tuple[Located, int]:
        if depth > MAX_NESTING:
            raise _Problem(at, f"the JSON nests more than {MAX_NESTING} levels deep")
        text = self.text
        char = text[at : at + 1]
        if char == "{":
            return self.object(at, depth, key_span)
        if char == "[":
            return self.array(at, depth, key_span)
        if char == '"':
            string, end = self.string(at)
            offsets = align(text[at + 1 : end - 1], at + 1, string)
            return Located(string, Span(at, end), offsets, key_span=key_span), end
        number = _NUMBER.match(text, at)
        if number is not None:
            integer, fraction, exponent = number.groups()
            value: Any = (
                float(integer + (fraction or "") + (exponent or ""))
                if fraction or exponent
                else int(integer)
            )
            return Located(value, Span(at, number.end()), key_span=key_span), number.end()
        for word, literal in _LITERALS.items():
            if text.startswith(word, at):
                end = at + len(word)
                return Located(literal, Span(at, end), key_span=key_span), end
        if not char:
            raise _Problem(at, "the file ends where a value was expected")
        hint = "JSON has no comments" if text.startswith(("//", "/*"), at) else None
        if char in "}]" or char == ",":
            hint = "JSON allows no comma after the last item"
        if char == "'":
            hint = "JSON strings use double quotes"
        raise _Problem(at, f"a value was expected, not `{char}`", hint)

    def string(self, at: int) -> tuple[str, int]:
        try:
            value, end = _SCANSTRING(self.text, at + 1, True)
        except json.JSONDecodeError as exc:
            raise _Problem(exc.pos, exc.msg.lower()) from None
        return value, end

    def object(self, start: int, depth: int, key_span: Span | None) -> tuple[Located, int]:
        entries: dict[str, Located] = {}
        at = self.skip(start + 1)
        if self.text[at : at + 1] == "}":
            return Located(entries, Span(start, at + 1), key_span=key_span), at + 1
        while True:
            if self.text[at : at + 1] != '"':
                hint = "JSON keys are double-quoted strings"
                if self.text[at : at + 1] == "}":
                    hint = "JSON allows no comma after the last entry"
                raise _Problem(at, "a key was expected", hint)
            key, end = self.string(at)
            span = Span(at, end)
            at = self.skip(end)
            if self.text[at : at + 1] != ":":
                raise _Problem(at, "`:` was expected after the key")
            item, at = self.value(self.skip(at + 1), depth + 1, span)
            if key in entries:
                self.duplicates.append((key, span))
            entries[key] = item
            at = self.skip(at)
            char = self.text[at : at + 1]
            if char == "}":
                return Located(entries, Span(start, at + 1), key_span=key_span), at + 1
            if char != ",":
                raise _Problem(at, "`,` or `}` was expected")
            at = self.skip(at + 1)

    def array(self, start: int, depth: int, key_span: Span | None) -> tuple[Located, int]:
        items: list[Located] = []
        at = self.skip(start + 1)
        if self.text[at : at + 1] == "]":
            return Located(items, Span(start, at + 1), key_span=key_span), at + 1
        while True:
            item, at = self.value(at, depth + 1)
            items.append(item)
            at = self.skip(at)
            char = self.text[at : at + 1]
            if char == "]":
                return Located(items, Span(start, at + 1), key_span=key_span), at + 1
            if char != ",":
                raise _Problem(at, "`,` or `]` was expected")
            at = self.skip(at + 1)
