"""lxml's elements paired with where each is written, and their values placed in the file.

lxml says what a document holds; ``hookc.frontend.xml_scan`` says where each element is
written. ``PlacedElements`` pairs the two, element for element, and reads an element's
attributes and text as ``Located`` strings whose ``OffsetMap`` places every character, for
the readers of a directive's hooks (``hookc.frontend.native_xml`` and
``hookc.hosts.rye.xml``, which takes one as its only way to reach the XML). It touches
lxml's elements only through their own methods, so it imports no lxml.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from hookc.frontend.located import Located
from hookc.frontend.xml_scan import SPACE, Tag, scan_elements
from hookc.frontend.xml_text import Decoded, character_data, element_content
from hookc.source import Source, Span

if TYPE_CHECKING:
    from hookc.frontend.xml_parse import Element


class PlacedElements:
    """Every element of one document, with where it is written and what it holds."""

    def __init__(self, source: Source, root: Element, region: Span) -> None:
        self.source = source
        elements = [node for node in root.iter() if isinstance(node.tag, str)]
        tags = scan_elements(source.text, region)
        _check_pairing(elements, tags)
        self.tags: dict[Element, Tag] = dict(zip(elements, tags, strict=True))

    @staticmethod
    def local_name(element: Element) -> str:
        """An element's name without its namespace ("" for a comment or instruction)."""
        tag = element.tag  # `{namespace}name` or `name`; a comment's tag is not a string
        return tag.rpartition("}")[2] if isinstance(tag, str) else ""

    @staticmethod
    def children(element: Element) -> Iterator[Element]:
        """The element's children that are elements (not comments or instructions)."""
        return (child for child in element if isinstance(child.tag, str))

    def tag(self, element: Element) -> Tag:
        """Where ``element`` is written."""
        return self.tags[element]

    def text(self, element: Element, strip: bool = False) -> Located:
        """An element's own text, placed character by character."""
        tag = self.tags[element]
        expected = _lxml_text(element)
        raw_text = self.source.text[tag.content_start : tag.content_end]
        if raw_text == expected:
            decoded = Decoded.verbatim(raw_text, tag.content_start)
        else:
            children = [self.tags[child] for child in self.children(element)]
            decoded = element_content(self.source.text, tag, children)
        if strip:
            decoded, expected = decoded.strip(), expected.strip(SPACE)
        raw = Span(tag.content_start, max(tag.content_start, tag.content_end))
        return decoded.located(expected, raw, self.source, None)

    def attributes(self, element: Element) -> Iterator[tuple[str, Located]]:
        """The element's attributes outside any namespace, as strings placed in the file
        (``key_span`` the name, ``span`` the value between its quotes)."""
        tag = self.tags[element]
        for name, value in element.attrib.items():
            if name.startswith("{"):
                continue  # another vocabulary's attribute (xml:lang, say): not ours
            where = tag.attributes[name]
            raw = self.source.text[where.value.start : where.value.end]
            if raw == value:
                decoded = Decoded.verbatim(raw, where.value.start)
            else:
                decoded = Decoded()
                character_data(
                    self.source.text, where.value.start, where.value.end, decoded, attribute=True
                )
            node = decoded.located(str(value), where.value, self.source, where.name)
            # An attribute's span is the whole raw value between its quotes.
            yield name, Located(node.value, where.value, node.offsets, where.name)


def _check_pairing(elements: list[Element], tags: list[Tag]) -> None:
    """The scanner and lxml must agree element for element; a disagreement is a hookc bug."""
    if len(elements) != len(tags) or any(
        PlacedElements.local_name(element) != tag.name.rpartition(":")[2]
        for element, tag in zip(elements, tags, strict=True)
    ):
        raise RuntimeError("internal error: the XML scanner lost its place; please report it")


def _lxml_text(element: Element) -> str:
    """lxml's view of an element's own text, to check the scanner's decoding against."""
    return (element.text or "") + "".join(child.tail or "" for child in element)
