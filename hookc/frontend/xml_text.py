"""XML text decoded as XML decodes it, each character with the place it was written.

An attribute value or an element's text is what lxml says it is; this module decodes the
same raw text again (references, line breaks, CDATA sections) to learn where each decoded
character stands in the file, and so give the value an ``OffsetMap``: a diagnostic inside
``when="a &lt; b"`` then lands on its character, ``&lt;`` or not.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hookc.frontend.embedded import OffsetMap, align
from hookc.frontend.located import Located
from hookc.frontend.xml_scan import SPACE, Tag, markup_end
from hookc.source import Source, Span

_REFERENCE = re.compile(r"&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}


@dataclass(slots=True)
class Decoded:
    """Decoded characters, each with the raw offsets it was written between."""

    chars: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)

    @classmethod
    def verbatim(cls, text: str, start: int) -> Decoded:
        """Text that reads as it is written (no reference, no markup, no line break to
        normalize): each character stands where it is. The common case, made cheap."""
        offsets = range(start, start + len(text))
        return cls(list(text), list(offsets), [offset + 1 for offset in offsets])

    def add(self, char: str, start: int, end: int) -> None:
        self.chars.append(char)
        self.starts.append(start)
        self.ends.append(end)

    @property
    def value(self) -> str:
        return "".join(self.chars)

    def strip(self) -> Decoded:
        """Without white space at either end (element text such as a directive name)."""
        first, last = 0, len(self.chars)
        while first < last and self.chars[first] in SPACE:
            first += 1
        while last > first and self.chars[last - 1] in SPACE:
            last -= 1
        return Decoded(self.chars[first:last], self.starts[first:last], self.ends[first:last])

    def located(self, expected: str, raw: Span, source: Source, key: Span | None) -> Located:
        """The value as a ``Located`` string placed at ``raw`` in the file."""
        value = self.value
        if value != expected:  # decoding disagrees with lxml: fall back to matching chars
            offsets = align(source.text[raw.start : raw.end], raw.start, expected)
            return Located(expected, raw, offsets, key)
        if not self.chars:
            return Located(value, Span(raw.start, raw.start), OffsetMap([], raw.start), key)
        span = Span(self.starts[0], self.ends[-1])
        return Located(value, span, OffsetMap(self.starts, self.ends[-1]), key)


def character_data(
    text: str, start: int, end: int, out: Decoded, *, attribute: bool, references: bool = True
) -> None:
    """Decode raw text as XML does: references become their character (standing at the
    ``&``), a line break (CR LF, CR or LF) becomes LF, and in an attribute value a line
    break or tab becomes a space."""
    index = start
    while index < end:
        char = text[index]
        if char == "&" and references:
            reference = _REFERENCE.match(text, index, end)
            if reference is not None:
                out.add(_referenced(reference[1]), index, reference.end())
                index = reference.end()
                continue
        if char == "\r":
            after = index + 2 if text.startswith("\r\n", index) and index + 1 < end else index + 1
            out.add(" " if attribute else "\n", index, after)
            index = after
            continue
        out.add(" " if attribute and char in "\t\n" else char, index, index + 1)
        index += 1


def _referenced(name: str) -> str:
    if name.startswith("#x"):
        return chr(int(name[2:], 16))
    if name.startswith("#"):
        return chr(int(name[1:]))
    return _NAMED[name]


def element_content(text: str, tag: Tag, children: list[Tag]) -> Decoded:
    """The text directly inside an element: character data and CDATA sections, without
    comments, processing instructions and the child elements."""
    out = Decoded()
    child_at = {child.start: child for child in children}
    index = tag.content_start
    while index < tag.content_end:
        lt = text.find("<", index, tag.content_end)
        stop = tag.content_end if lt == -1 else lt
        character_data(text, index, stop, out, attribute=False)
        if lt == -1:
            break
        if text.startswith("<![CDATA[", lt):
            close = text.index("]]>", lt + 9)
            character_data(text, lt + 9, close, out, attribute=False, references=False)
            index = close + 3
        else:  # a comment or an instruction is skipped, a child element is not its text
            after_markup = markup_end(text, lt)
            index = child_at[lt].end if after_markup is None else after_markup
    return out
