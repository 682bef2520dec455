"""Source texts and spans: where every node and diagnostic comes from.

The package holds what every phase shares about the texts hookc reads: ``Source`` and
``Span`` (here), the one ``Diagnostic`` record with its table of codes (``diagnostics``),
and where hookc's own data files are (``resources``: the grammar, the schemas).

Offsets are 0-based code-point offsets into ``Source.text``; they become 1-based lines and
columns only when a diagnostic is rendered (``Source.position``).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True, init=False)
class Span:
    """A half-open range ``[start, end)`` of offsets into one source text."""

    start: int
    end: int

    def __init__(self, start: int, end: int) -> None:
        if not 0 <= start <= end:
            raise ValueError(f"bad span [{start}, {end})")
        # The slots are set through their descriptors (half the time of the
        # object.__setattr__ by name that a frozen dataclass's __init__ uses): a
        # file's front end and parser make a span for every value and every node (26,000
        # for 1,000 hooks).
        _set_start(self, start)
        _set_end(self, end)

    def cover(self, other: Span) -> Span:
        """The smallest span holding both."""
        return Span(min(self.start, other.start), max(self.end, other.end))

    def shift(self, offset: int) -> Span:
        return Span(self.start + offset, self.end + offset)


# The slots' own setters, which a frozen class's __setattr__ does not stand in front of.
_set_start: Callable[[Span, int], None] = vars(Span)["start"].__set__
_set_end: Callable[[Span, int], None] = vars(Span)["end"].__set__


@dataclass(frozen=True, slots=True)
class Source:
    """A named text (a file, or an expression given on its own)."""

    name: str
    text: str
    # Where each line starts: found when a position is first asked for, since most texts
    # (every embedded expression is parsed as one) never have a diagnostic to place.
    _starts: tuple[int, ...] | None = field(init=False, repr=False, compare=False, default=None)
    # The file began with a UTF-8 byte-order mark, which reading it left out of ``text``: a
    # format whose tools refuse one (JSON's) can still say so.
    bom: bool = field(repr=False, compare=False, default=False)

    def _line_starts(self) -> tuple[int, ...]:
        """The offset where each line starts, in order (the first is 0)."""
        if self._starts is None:
            starts = (0, *(match.end() for match in re.finditer("\n", self.text)))
            object.__setattr__(self, "_starts", starts)  # a cache: the text stays as it is
            return starts
        return self._starts

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based (line, column) of an offset; the column counts code points."""
        starts = self._line_starts()
        offset = max(0, min(offset, len(self.text)))
        line = bisect.bisect_right(starts, offset) - 1
        return line + 1, offset - starts[line] + 1

    def line_bounds(self, line: int) -> tuple[int, int]:
        """The offsets where a 1-based line starts and ends (before its line break)."""
        starts = self._line_starts()
        start = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        while end > start and self.text[end - 1] == "\r":
            end -= 1
        return start, end

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line break."""
        starts = self._line_starts()
        start = starts[line - 1]
        end = starts[line] - 1 if line < len(starts) else len(self.text)
        return self.text[start:end].rstrip("\r")
