"""A hook file's XML read by lxml, safely: the only module that imports lxml.

A hook file is untrusted input. Its document type declaration is refused before lxml sees
the text (a DTD is where entities and external references live), and lxml reads what is
left with DTD loading, entity expansion and the network off. What an XML tool would act on
and hookc never does (XInclude, an XSLT stylesheet, an ``xml-stylesheet`` instruction) is
said in a warning, lest the author believe it ran.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from lxml import etree  # type: ignore[import-untyped, unused-ignore]

from hookc.frontend.xml_scan import Tag, skip_blank
from hookc.frontend.xml_syntax_errors import syntax_error
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, warning

# lxml ships no type information: its elements are ``Any`` here.
Element = Any

_DOCTYPE = re.compile(r"<!DOCTYPE", re.IGNORECASE)
_XINCLUDE = "http://www.w3.org/2001/XInclude"
_XSLT = "http://www.w3.org/1999/XSL/Transform"


def parse_xml(source: Source, region: Span) -> tuple[Element | None, list[Diagnostic]]:
    """The root element of the XML in ``region``, or None and why it cannot be read."""
    text = source.text
    doctype = _prolog_doctype(text, region)
    if doctype is not None:
        return None, [
            error(
                "HK204",
                "a DTD (<!DOCTYPE>) is not allowed in hook files: "
                "entities and external references are never read or expanded",
                source,
                doctype,
                "remove the <!DOCTYPE ...> declaration; write characters as &lt; &amp; or &#NN;",
            )
        ]
    try:
        root = etree.fromstring(text[region.start : region.end].encode("utf-8"), _parser())
    except etree.XMLSyntaxError as exc:
        return None, [syntax_error(exc, source, region)]
    if root.getroottree().docinfo.doctype:  # refused above; checked again for safety's sake
        return None, [error("HK204", "a DTD is not allowed in hook files", source, region)]
    return root, []


def _parser() -> Any:
    """A parser that reads no DTD, expands no entity and opens no connection; documents are
    handed over as UTF-8 bytes, whatever their XML declaration says."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=False,
        encoding="utf-8",
    )


def _prolog_doctype(text: str, region: Span) -> Span | None:
    """The ``<!DOCTYPE`` of the prolog, the only place one can stand: skip white space, the
    XML declaration, processing instructions and comments, and look."""
    position = region.start
    while True:
        position = skip_blank(text, position, region.end)
        if text.startswith("<?", position):
            closing = "?>"
        elif text.startswith("<!--", position):
            closing = "-->"
        else:
            found = _DOCTYPE.match(text, position, region.end)
            return Span(found.start(), found.end()) if found else None
        close = text.find(closing, position + 2, region.end)
        if close == -1:
            return None  # lxml will tell what is unfinished
        position = close + len(closing)


def ignored_processing(
    root: Element, tags: Mapping[Element, Tag], source: Source, region: Span
) -> Iterator[Diagnostic]:
    """HK204 warnings for what an XML tool would act on and hookc never does: XInclude
    (nothing is included), an XSLT stylesheet as the root and an ``xml-stylesheet``
    instruction (nothing is transformed). Silence would let the author believe they ran."""
    hint = "remove it: hookc reads the document as written, and nothing else"
    if etree.QName(root).namespace == _XSLT:
        message = "an XSLT stylesheet is read as it is: hookc applies no transformation"
        yield warning("HK204", message, source, tags[root].name_span, hint)
    for element in root.iter():
        if isinstance(element.tag, str) and etree.QName(element).namespace == _XINCLUDE:
            message = "XInclude is not processed: nothing is included"
            yield warning("HK204", message, source, tags[element].name_span, hint)
    for sibling in root.itersiblings(preceding=True):
        if isinstance(sibling, etree._ProcessingInstruction) and sibling.target == "xml-stylesheet":
            at = source.text.find("<?xml-stylesheet", region.start, region.end)
            place = Span(at, at + len("<?xml-stylesheet")) if at >= 0 else region
            message = "the xml-stylesheet instruction is ignored: hookc applies no stylesheet"
            yield warning("HK204", message, source, place, hint)
