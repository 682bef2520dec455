"""Where a file's XML is: all of a ``.xml`` file, or a Markdown file's first xml fence.

A Rye directive is a Markdown file whose first ```` ```xml ```` fence holds its XML. The
fence is found by CommonMark's rules (backticks or tildes, up to three spaces of indent, a
block without a closing fence runs to the end of the file), and the XML is read in place,
so that every position is the Markdown file's own.
"""

from __future__ import annotations

import re

from hookc.source import Source, Span

_FENCE_OPEN = re.compile(r" {0,3}(`{3,}|~{3,})[ \t]*xml(?:[ \t].*)?", re.IGNORECASE)


def xml_region(source: Source) -> Span | None:
    """The part of the file that is XML: all of it, or the first ```xml fence's body (None
    for a Markdown file without one)."""
    if not source.name.lower().endswith(".md"):
        return Span(0, len(source.text))
    lines = source.text.split("\n")
    offset = 0
    for index, line in enumerate(lines):
        opening = _FENCE_OPEN.fullmatch(line.rstrip("\r"))
        if opening is not None:
            start = offset + len(line) + 1
            if index + 1 == len(lines):  # the fence is the last line: an empty block
                return Span(len(source.text), len(source.text))
            return Span(start, _fence_end(source.text, lines, index + 1, start, opening[1]))
        offset += len(line) + 1
    return None


def _fence_end(text: str, lines: list[str], first: int, offset: int, fence: str) -> int:
    """Where the block closes: a line of at least as many of the same fence characters;
    without one the block runs to the end of the file (as CommonMark says)."""
    closing = re.compile(rf" {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*")
    for line in lines[first:]:
        if closing.fullmatch(line.rstrip("\r")):
            return offset
        offset += len(line) + 1
    return len(text)
