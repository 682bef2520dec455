"""Directive XML (SPEC §3.2) to a ``Located`` tree: the XML front end's entry.

A Rye directive is a Markdown file whose first ```` ```xml ```` fence holds the XML; a
``.xml`` file is XML throughout. Each step is a module of its own:

- ``xml_region``: where the XML is (the whole file, or the fence's body);
- ``xml_parse``: lxml reads it safely (a DTD is refused before lxml sees it), and its syntax
  errors are said in hookc's words (``xml_syntax_errors``);
- ``xml_elements``: lxml knows an element's line but no column, so ``xml_scan`` walks the
  same text to find where each element and attribute is written, and ``xml_text`` decodes
  each value again to place every character (an ``OffsetMap``);
- ``native_xml`` reads the ``<hook>`` elements in the native format's shape, ``rye_xml`` in
  Rye's, when they are Rye's.
"""

from __future__ import annotations

from hookc.frontend.located import Located
from hookc.frontend.native_xml import NativeHooks, not_a_hook
from hookc.frontend.xml_elements import PlacedElements
from hookc.frontend.xml_parse import Element, ignored_processing, parse_xml
from hookc.frontend.xml_region import xml_region
from hookc.frontend.xml_scan import SPACE
from hookc.hosts.profile import Profile
from hookc.hosts.rye.xml import RyeHooks, is_rye_hooks
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, warning


def load_xml(source: Source, profile: Profile) -> tuple[Located | None, list[Diagnostic]]:
    """The hooks of a directive as a ``Located`` document (None when it holds none), with
    everything found wrong on the way."""
    region = xml_region(source)
    if region is None:
        return None, [
            warning(
                "HK208",
                "no ```xml block in this Markdown file",
                source,
                Span(0, 0),
                "a directive holds its XML, and its <hooks>, in its first ```xml fence",
            )
        ]
    if not source.text[region.start : region.end].strip(SPACE):
        return None, []  # an empty file: the caller says it holds no hooks
    root, refused = parse_xml(source, region)
    if root is None:
        return None, refused
    xml = PlacedElements(source, root, region)
    document, found = _hooks_document(xml, root, profile)
    return document, [*ignored_processing(root, xml.tags, source, region), *found]


def _hooks_document(
    xml: PlacedElements, root: Element, profile: Profile
) -> tuple[Located | None, list[Diagnostic]]:
    """The hooks of every outermost ``<hooks>`` (the root may be one), read the native
    way, or Rye's when they are Rye's hooks."""
    sections = [
        element
        for element in root.iter()
        if xml.local_name(element) == "hooks"
        and not any(xml.local_name(above) == "hooks" for above in element.iterancestors())
    ]
    if not sections:
        return None, [
            warning(
                "HK208",
                "no <hooks> element in this directive",
                xml.source,
                xml.tag(root).name_span,
                "hooks are written in a <hooks> element, usually inside <metadata>",
            )
        ]
    span = xml.tag(sections[0]).span.cover(xml.tag(sections[-1]).span)
    first = xml.tag(sections[0]).name_span
    elements = [hook for section in sections for hook in xml.children(section)]
    hooks = [element for element in elements if xml.local_name(element) == "hook"]
    if not is_rye_hooks(hooks, xml):
        native = NativeHooks(xml, profile)
        return native.document(elements, span, first), native.diagnostics
    strays = [not_a_hook(xml, e) for e in elements if xml.local_name(e) != "hook"]
    rye = RyeHooks(xml)
    document = rye.document(hooks, span, first)
    return document, [*strays, *rye.diagnostics]
