"""Source texts and spans: where every node and diagnostic comes from.

Offsets are 0-based code-point offsets into ``Source.text``; they become 1-based lines and
columns only when a diagnostic is rendered (``Source.position``).
"""

from __future__ import annotations

import bisect
import re

from hookc.records import field, record


@record(slots=True, init=False)
class Span:
    """A half-open range ``[start, end)`` of offsets into one source text."""

    start: int
    end: int

    def __init__(self, start: int, end: int) -> None:
        if not 0 <= start <= end:
            raise ValueError(f"bad span [{start}, {end})")
        # Stored as a plain slotted class stores them: see below.
        self.start = start  # type: ignore[misc]
        self.end = end  # type: ignore[misc]

    def cover(self, other: Span) -> Span:
        """The smallest span holding both."""
        return Span(min(self.start, other.start), max(self.end, other.end))

    def shift(self, offset: int) -> Span:
        return Span(self.start + offset, self.end + offset)


# A span is made for every node of every condition (15,000 for 1,000 hooks), and a frozen
# record's refusing __setattr__ stands in front of every store: its fields were set through
# the slots' setters, each a call through a method wrapper (2 of a span's 3,200 machine
# instructions in 5). Without the refusal a store is the interpreter's own. A span is still
# a frozen record to mypy, which refuses an assignment to its fields anywhere (the two above
# aside), and nothing in hookc changes one.
del Span.__setattr__, Span.__delattr__


@record(slots=True)
class Source:
    """A named text (a file, or an expression given on its own)."""

    name: str
    text: str
    # Where each line starts: found when a position is first asked for, since most texts
    # (every embedded expression is parsed as one) never have a diagnostic to place.
    _starts: tuple[int, ...] | None = field(init=False, repr=False, compare=False, default=None)

    def _line_starts(self) -> tuple[int, ...]:
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
