"""Where each element of an XML document is written: its name, attributes and content.

lxml gives an element's line but no column, so this scanner walks the document's text (well-
formed by then: lxml has read it) and finds every start tag, attribute value and end tag, in
lxml's document order; ``hookc.frontend.xml_elements`` pairs them with lxml's elements. The
scanner also holds the lexical rules the other hand-written readers of XML text share (white
space, names) and, for syntax errors, finds the attribute a given offset stands in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hookc.source import Span

SPACE = " \t\r\n"  # XML's white space; Python's `\s` also takes characters XML names may hold
NAME = re.compile(r"[^ \t\r\n/>=]+")
_BLANK = re.compile(r"[ \t\r\n]+")
# Markup that holds no element and may hold a `<`: comments, CDATA sections, instructions.
_MARKUP = (("<!--", "-->"), ("<![CDATA[", "]]>"), ("<?", "?>"))


def skip_blank(text: str, position: int, end: int | None = None) -> int:
    """The offset of the first character at or after ``position`` that is not white space."""
    blank = _BLANK.match(text, position, len(text) if end is None else end)
    return position if blank is None else blank.end()


def markup_end(text: str, lt: int) -> int | None:
    """Where the comment, CDATA section or processing instruction at ``lt`` ends, or None
    when ``lt`` opens none of them (a tag)."""
    for opening, closing in _MARKUP:
        if text.startswith(opening, lt):
            return text.index(closing, lt + len(opening)) + len(closing)
    return None


@dataclass(frozen=True, slots=True)
class Attribute:
    name: Span
    value: Span  # the raw text between the quotes


@dataclass(slots=True)
class Tag:
    """Where one element is written: its name, its attributes, its content, all of it."""

    name: str
    name_span: Span
    start: int
    attributes: dict[str, Attribute] = field(default_factory=dict)
    content_start: int = 0
    content_end: int = 0  # the `<` of the end tag; content_start for an empty-element tag
    end: int = 0

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)


def scan_elements(text: str, region: Span) -> list[Tag]:
    """Every element of a well-formed document, in document order (lxml's ``iter`` order).

    Comments, CDATA sections and processing instructions are stepped over whole, so a
    ``<`` inside them is not taken for a tag; attribute values may hold ``>``.
    """
    tags: list[Tag] = []
    open_tags: list[Tag] = []
    position = region.start
    while (lt := text.find("<", position, region.end)) != -1:
        after_markup = markup_end(text, lt)
        if after_markup is not None:
            position = after_markup
        elif text.startswith("</", lt):
            tag = open_tags.pop()
            tag.content_end = lt
            position = tag.end = text.index(">", lt) + 1
        else:
            tag, closed = _start_tag(text, lt)
            tags.append(tag)
            if not closed:
                open_tags.append(tag)
            position = tag.content_start
    return tags


def _start_tag(text: str, lt: int) -> tuple[Tag, bool]:
    """The start tag at ``lt``, and whether it is an empty-element tag (``<x/>``)."""
    name = NAME.match(text, lt + 1)
    assert name is not None  # the document is well-formed
    tag = Tag(name.group(), Span(name.start(), name.end()), lt)
    position = name.end()
    while True:
        position = skip_blank(text, position)
        if text.startswith("/>", position):
            tag.content_start = tag.content_end = tag.end = position + 2
            return tag, True
        if text.startswith(">", position):
            tag.content_start = position + 1
            return tag, False
        attribute = NAME.match(text, position)
        assert attribute is not None
        position = skip_blank(text, attribute.end())
        position = skip_blank(text, position + 1)  # past the `=`
        close = text.index(text[position], position + 1)
        tag.attributes[attribute.group()] = Attribute(
            Span(attribute.start(), attribute.end()), Span(position + 1, close)
        )
        position = close + 1


def attribute_at(text: str, offset: int, floor: int) -> str | None:
    """The name of the attribute whose quoted value holds ``offset``, if any.

    Everything before ``offset`` is well-formed (lxml stops at the first error), so the
    last ``<`` that opens a tag before it is the tag we may be in.
    """
    lt = offset
    while True:
        lt = text.rfind("<", floor, lt)
        if lt == -1:
            return None
        if NAME.match(text, lt + 1) and text[lt + 1] not in "!?":
            break
    tag_name = NAME.match(text, lt + 1)
    assert tag_name is not None  # checked in the loop above
    position = tag_name.end()
    while position < offset:
        position = skip_blank(text, position)
        name = NAME.match(text, position)
        if position >= offset or name is None:
            return None
        position = skip_blank(text, name.end())
        if not text.startswith("=", position):
            return None
        position = skip_blank(text, position + 1)
        quote = text[position : position + 1]
        if quote not in ('"', "'"):
            return None
        close = text.find(quote, position + 1)
        if close == -1 or close >= offset:
            return name.group() if position < offset else None
        position = close + 1
    return None
