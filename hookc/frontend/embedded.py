"""Expressions embedded in a file (a YAML string, an XML attribute, a ``${...}`` template).

An embedded expression is parsed on its own; an *offset map* then says where each of its
characters stands in the file, so that its diagnostics and IR spans point at the file. The
map matters where the file writes a character differently from its value: ``''`` in a
single-quoted YAML string, ``&lt;`` in an XML attribute, a folded line break.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from hookc.cel.parser import parse, read_within
from hookc.ir.expr import Expr, map_spans
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic


class OffsetMap:
    """File offsets of the characters of an embedded text, and of its end."""

    __slots__ = ("_end", "_offsets")

    def __init__(self, offsets: Sequence[int], end: int) -> None:
        # A range stays one: most strings are written verbatim, and a file holds millions
        # of their characters.
        self._offsets = offsets if isinstance(offsets, range) else tuple(offsets)
        self._end = end

    # Equal by where the characters stand, as the records that hold a map compare: a value
    # read from YAML works its map out when asked (``frontend.yaml_file``), a new one each
    # time, and stays equal to itself. Rarely asked: a range and a tuple compare as tuples.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, OffsetMap):
            return NotImplemented
        return self._end == other._end and tuple(self._offsets) == tuple(other._offsets)

    def __hash__(self) -> int:
        return hash((self._end, tuple(self._offsets)))

    def verbatim_start(self) -> int | None:
        """Where the text starts if each of its characters follows the last in the file
        (the text may still differ from the file's: a caller compares)."""
        offsets = self._offsets
        if isinstance(offsets, range) and offsets.step == 1 and self._end == offsets.stop:
            return offsets.start
        return None

    @classmethod
    def contiguous(cls, start: int, length: int) -> OffsetMap:
        """For text written verbatim at ``start`` (a plain YAML scalar, a CDATA section)."""
        return cls(range(start, start + length), start + length)

    def sub(self, start: int, end: int) -> OffsetMap:
        """The map of ``text[start:end]``."""
        end_offset = self._offsets[end] if end < len(self._offsets) else self._end
        return OffsetMap(self._offsets[start:end], end_offset)

    def span(self, span: Span) -> Span:
        """Where ``span`` of the embedded text stands in the file."""
        offsets = self._offsets
        if isinstance(offsets, range) and span.end <= len(offsets):
            # Written verbatim: the span moves as a whole (every node of every expression).
            return Span(offsets.start + span.start, offsets.start + span.end)
        start = self._at(span.start)
        if span.end <= span.start:
            return Span(start, start)
        return Span(start, max(start, self._at(span.end - 1) + 1))

    def _at(self, index: int) -> int:
        if index < len(self._offsets):
            return self._offsets[index]
        return self._end


def align(raw: str, raw_start: int, value: str) -> OffsetMap:
    """An offset map for ``value``, written in the file as ``raw`` (starting at ``raw_start``).

    Each character of the value is matched with the next equal character of the raw text
    (any white space matches any white space: folding turns line breaks into spaces), which
    skips quotes, escape backslashes and indentation. Where nothing matches, the character
    keeps the last position found: a diagnostic may then point a little early, never
    outside the text.
    """
    # Most values are written as they are, bare or between quotes.
    if raw == value:
        return OffsetMap.contiguous(raw_start, len(value))
    if raw[1:-1] == value and raw[:1] in ("'", '"'):
        return OffsetMap.contiguous(raw_start + 1, len(value))
    offsets = []
    position = 0
    last = raw_start
    for char in value:
        found = _find(raw, char, position)
        if found == -1:
            offsets.append(last)
            continue
        last = raw_start + found
        offsets.append(last)
        position = found + 1
    return OffsetMap(offsets, raw_start + position if value else raw_start)


def align_within(text: str, start: int, end: int, value: str) -> OffsetMap:
    """``align(text[start:end], start, value)``, without copying the raw text where the
    value is written verbatim, bare or between quotes: a file's every string comes here."""
    at = _verbatim_at(text, start, end, value)
    if at is not None:
        return OffsetMap.contiguous(at, len(value))
    return align(text[start:end], start, value)


def _verbatim_at(text: str, start: int, end: int, value: str) -> int | None:
    """Where ``value`` starts if ``text[start:end]`` is it, bare or between quotes."""
    length = len(value)
    if end - start == length and text.startswith(value, start):
        return start
    if end - start == length + 2 and text[start] in "'\"" and text.startswith(value, start + 1):
        return start + 1
    return None


class AlignedWhenAsked(OffsetMap):
    """``align_within(text, start, end, value)``, worked out when first used: a file's
    every string gets a map, and most (keys' values, ids, names) are never asked."""

    __slots__ = ("_raw_end", "_raw_start", "_text", "_value")

    def __init__(self, text: str, start: int, end: int, value: str) -> None:
        # Not OffsetMap's: its two slots stay empty until one is read.
        self._text, self._raw_start, self._raw_end, self._value = text, start, end, value

    def verbatim_start(self) -> int | None:
        # Asked of every condition, which is parsed in place when written verbatim: that
        # needs no map.
        at = _verbatim_at(self._text, self._raw_start, self._raw_end, self._value)
        return at if at is not None else super().verbatim_start()

    def __getattr__(self, name: str) -> object:
        # Only reached for a slot not yet set (``_offsets`` or ``_end``): align now.
        if name not in ("_offsets", "_end"):
            raise AttributeError(name)
        aligned = align_within(self._text, self._raw_start, self._raw_end, self._value)
        self._offsets, self._end = aligned._offsets, aligned._end
        return getattr(self, name)


def _find(raw: str, char: str, start: int) -> int:
    if not char.isspace():
        return raw.find(char, start)
    for index in range(start, len(raw)):
        if raw[index].isspace():
            return index
    return -1


def parse_embedded(
    text: str, source: Source, offsets: OffsetMap
) -> tuple[Expr | None, list[Diagnostic]]:
    """Parse ``text`` and place its tree and diagnostics in ``source`` through ``offsets``."""
    start = offsets.verbatim_start()
    if start is not None and source.text.startswith(text, start):
        # Written as it is (most conditions): read in place, the spans already the file's.
        within = read_within(source, start, start + len(text))
        if within is not None:
            return within
    result = parse(text, source.name)
    diagnostics = [
        replace(diagnostic, source=source, span=offsets.span(diagnostic.span))
        for diagnostic in result.diagnostics
    ]
    if result.expr is None:
        return None, diagnostics
    return map_spans(result.expr, offsets.span), diagnostics
