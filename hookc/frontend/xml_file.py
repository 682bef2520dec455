"""Directive XML (SPEC §3.2) to a ``Located`` tree in the shape of the native YAML format.

A Rye directive is a Markdown file whose first ```` ```xml ```` fence holds the XML; a
``.xml`` file is XML throughout. lxml parses it with DTDs, entities and the network off, and
a document type declaration is refused before lxml sees it. lxml knows an element's line but
no column, so a small scanner walks the same (by then well-formed) text to find every start
tag, attribute and text run; each value gets an ``OffsetMap`` from its decoded characters to
the file, so a diagnostic inside ``when="…"`` lands on its character, ``&amp;`` or not.

    <hook id="rl" event="error" priority="5" when="...">    {id, event, priority: 5, when,
      <escalate target="user_approval"/>                       action: {type: escalate,
    </hook>                                                             target: ...}}
    <directive>my_app/x</directive>                          {type: call_directive, directive}
    <emit_event event_type="t"><param name="k">v</param>     {type: emit_event, event_type,
                                                               payload: {k: v}}
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from lxml import etree  # type: ignore[import-untyped, unused-ignore]

from hookc.diagnostics import Diagnostic, error, warning
from hookc.frontend.actions import describe
from hookc.frontend.embedded import OffsetMap, align
from hookc.frontend.located import Located
from hookc.frontend.rye_xml import RyeHooks, is_rye_hooks
from hookc.profile import Profile
from hookc.source import Source, Span

# lxml ships no type information: its elements are ``Any`` here.
Element = Any

_SPACE = " \t\r\n"  # XML's white space; Python's `\s` also takes characters XML names may hold
_NAME = re.compile(r"[^ \t\r\n/>=]+")
_BLANK = re.compile(r"[ \t\r\n]+")
_REFERENCE = re.compile(r"&(#x[0-9a-fA-F]+|#[0-9]+|lt|gt|amp|quot|apos);")
_NAMED = {"lt": "<", "gt": ">", "amp": "&", "quot": '"', "apos": "'"}
_FENCE_OPEN = re.compile(r" {0,3}(`{3,}|~{3,})[ \t]*xml(?:[ \t].*)?", re.IGNORECASE)
_DOCTYPE = re.compile(r"<!DOCTYPE", re.IGNORECASE)
_INTEGER = re.compile(r"[+-]?[0-9]+")
_BOOLEAN = {"true": True, "false": False}
_LXML_POSITION = re.compile(r",? line \d+, column \d+\s*$")
_LXML_LINE = re.compile(r"\bline (\d+)")
_UNDEFINED_ENTITY = re.compile(r"Entity '([^']*)' not defined")

_LT_IN_WHEN = "write `&lt;`, or move the condition into a <when><![CDATA[ ... ]]></when> child"
_AMP_IN_WHEN = "write `and` instead of `&&` (or `&amp;&amp;`), or use a <when> CDATA child"


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


def load_xml(source: Source, profile: Profile) -> tuple[Located | None, list[Diagnostic]]:
    """The hooks of a directive as a ``Located`` document (None when it holds none), with
    everything found wrong on the way."""
    region = _xml_region(source)
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
    text = source.text
    if not text[region.start : region.end].strip(_SPACE):
        return None, []  # an empty file: the caller says it holds no hooks
    doctype = _doctype(text, region)
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
        return None, [_syntax_error(exc, source, region)]
    if root.getroottree().docinfo.doctype:  # refused above; checked again for safety's sake
        return None, [error("HK204", "a DTD is not allowed in hook files", source, region)]
    elements = [node for node in root.iter() if isinstance(node.tag, str)]
    tags = _scan(text, region)
    _check_pairing(elements, tags)
    builder = _Builder(source, profile, dict(zip(elements, tags, strict=True)))
    document = builder.document(root)
    return document, [
        *_ignored_processing(root, builder.tags, source, region),
        *builder.diagnostics,
    ]


_XINCLUDE = "http://www.w3.org/2001/XInclude"
_XSLT = "http://www.w3.org/1999/XSL/Transform"


def _ignored_processing(
    root: Element, tags: dict[Element, _Tag], source: Source, region: Span
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


# --- Where the XML is ---------------------------------------------------------------------


def _xml_region(source: Source) -> Span | None:
    """The part of the file that is XML: all of it, or the first ```xml fence's body."""
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


def _doctype(text: str, region: Span) -> Span | None:
    """The ``<!DOCTYPE`` of the prolog, the only place one can stand: skip white space, the
    XML declaration, processing instructions and comments, and look."""
    position = region.start
    while True:
        position = _skip_blank(text, position, region.end)
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


def _skip_blank(text: str, position: int, end: int | None = None) -> int:
    """The offset of the first character at or after ``position`` that is not white space."""
    blank = _BLANK.match(text, position, len(text) if end is None else end)
    return position if blank is None else blank.end()


# --- Syntax errors ------------------------------------------------------------------------


def _syntax_error(exc: Any, source: Source, region: Span) -> Diagnostic:
    """lxml's complaint at its place in the file, in plainer words where a condition
    written in an attribute is the likely cause."""
    text = source.text
    line, column = exc.position if exc.position else (1, 1)
    line_start, line_end = _line_bounds(text, region, line)
    at = min(line_start + max(column - 1, 0), line_end)
    raw_message = _LXML_POSITION.sub("", exc.msg or str(exc))
    # lxml counts lines from the start of the XML; in a .md file the fence starts lower.
    shift = source.position(region.start)[0] - 1
    message = _LXML_LINE.sub(lambda found: f"line {int(found[1]) + shift}", raw_message)
    if "Unescaped '<'" in raw_message:
        before = text.rfind("<", line_start, at)
        culprit = at if text.startswith("<", at) or before == -1 else before
        attribute = _attribute_at(text, culprit, region.start)
        return error(
            "HK203",
            "a `<` inside an attribute value must be written `&lt;`",
            source,
            Span(culprit, culprit + 1),
            _LT_IN_WHEN if attribute == "when" else "write `&lt;`",
        )
    if "EntityRef" in raw_message:
        return _bare_ampersand(source, region, at, line_start)
    undefined = _UNDEFINED_ENTITY.search(raw_message)
    if undefined is not None:
        reference = f"&{undefined[1]};"
        found = text.rfind(reference, line_start, at)
        place = Span(found, found + len(reference)) if found != -1 else Span(at, at)
        return error(
            "HK203",
            f"unknown entity `{reference}`",
            source,
            place,
            "XML itself defines only &lt; &gt; &amp; &quot; &apos; and references like &#160;",
        )
    if "StartTag: invalid element name" in raw_message:
        lt = text.rfind("<", line_start, at + 1)
        if lt != -1:
            return error(
                "HK203",
                "a `<` in text must be written `&lt;`",
                source,
                Span(lt, lt + 1),
                "write `&lt;`, or wrap the text in <![CDATA[ ... ]]>",
            )
    if "Excessive depth" in raw_message:
        message = "the XML nests more than 256 elements deep"
    return error("HK203", f"XML syntax error: {message}", source, Span(at, at))


def _bare_ampersand(source: Source, region: Span, at: int, line_start: int) -> Diagnostic:
    """A ``&`` that starts no entity reference: usually ``&&`` in a condition."""
    text = source.text
    amp = text.rfind("&", line_start, at)
    culprit = amp if amp != -1 else at
    end = culprit + (2 if text.startswith("&&", culprit) else 1)
    attribute = _attribute_at(text, culprit, region.start)
    if attribute is None:
        return error(
            "HK203",
            "a bare `&` in text must be written `&amp;`",
            source,
            Span(culprit, end),
            "write `and` instead of `&&` (or `&amp;&amp;`), or wrap the text in <![CDATA[ ... ]]>",
        )
    return error(
        "HK203",
        "a bare `&` inside an attribute value must be written `&amp;`",
        source,
        Span(culprit, end),
        _AMP_IN_WHEN if attribute == "when" else "write `&amp;`",
    )


def _line_bounds(text: str, region: Span, line: int) -> tuple[int, int]:
    """Start and end offsets of the XML's ``line`` (1-based, counted from the region)."""
    start = region.start
    for _ in range(line - 1):
        newline = text.find("\n", start, region.end)
        if newline == -1:
            break
        start = newline + 1
    end = text.find("\n", start, region.end)
    return start, region.end if end == -1 else end


def _attribute_at(text: str, offset: int, floor: int) -> str | None:
    """The name of the attribute whose quoted value holds ``offset``, if any.

    Everything before ``offset`` is well-formed (lxml stops at the first error), so the
    last ``<`` that opens a tag before it is the tag we may be in.
    """
    lt = offset
    while True:
        lt = text.rfind("<", floor, lt)
        if lt == -1:
            return None
        if _NAME.match(text, lt + 1) and text[lt + 1] not in "!?":
            break
    tag_name = _NAME.match(text, lt + 1)
    assert tag_name is not None  # checked in the loop above
    position = tag_name.end()
    while position < offset:
        position = _skip_blank(text, position)
        name = _NAME.match(text, position)
        if position >= offset or name is None:
            return None
        position = _skip_blank(text, name.end())
        if not text.startswith("=", position):
            return None
        position = _skip_blank(text, position + 1)
        quote = text[position : position + 1]
        if quote not in ('"', "'"):
            return None
        close = text.find(quote, position + 1)
        if close == -1 or close >= offset:
            return name.group() if position < offset else None
        position = close + 1
    return None


# --- Where each element is written --------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Attribute:
    name: Span
    value: Span  # the raw text between the quotes


@dataclass(slots=True)
class _Tag:
    """Where one element is written: its name, its attributes, its content, all of it."""

    name: str
    name_span: Span
    start: int
    attributes: dict[str, _Attribute] = field(default_factory=dict)
    content_start: int = 0
    content_end: int = 0  # the `<` of the end tag; content_start for an empty-element tag
    end: int = 0

    @property
    def span(self) -> Span:
        return Span(self.start, self.end)

    @property
    def start_tag(self) -> Span:
        return Span(self.start, self.content_start)


def _scan(text: str, region: Span) -> list[_Tag]:
    """Every element of a well-formed document, in document order (lxml's ``iter`` order).

    Comments, CDATA sections and processing instructions are stepped over whole, so a
    ``<`` inside them is not taken for a tag; attribute values may hold ``>``.
    """
    tags: list[_Tag] = []
    open_tags: list[_Tag] = []
    position = region.start
    while (lt := text.find("<", position, region.end)) != -1:
        if text.startswith("<!--", lt):
            position = text.index("-->", lt + 4) + 3
        elif text.startswith("<![CDATA[", lt):
            position = text.index("]]>", lt + 9) + 3
        elif text.startswith("<?", lt):
            position = text.index("?>", lt + 2) + 2
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


def _start_tag(text: str, lt: int) -> tuple[_Tag, bool]:
    """The start tag at ``lt``, and whether it is an empty-element tag (``<x/>``)."""
    name = _NAME.match(text, lt + 1)
    assert name is not None  # the document is well-formed
    tag = _Tag(name.group(), Span(name.start(), name.end()), lt)
    position = name.end()
    while True:
        position = _skip_blank(text, position)
        if text.startswith("/>", position):
            tag.content_start = tag.content_end = tag.end = position + 2
            return tag, True
        if text.startswith(">", position):
            tag.content_start = position + 1
            return tag, False
        attribute = _NAME.match(text, position)
        assert attribute is not None
        position = _skip_blank(text, attribute.end())
        position = _skip_blank(text, position + 1)  # past the `=`
        close = text.index(text[position], position + 1)
        tag.attributes[attribute.group()] = _Attribute(
            Span(attribute.start(), attribute.end()), Span(position + 1, close)
        )
        position = close + 1


def _check_pairing(elements: list[Element], tags: list[_Tag]) -> None:
    """The scanner and lxml must agree element for element; a disagreement is a hookc bug."""
    if len(elements) != len(tags) or any(
        _local(element) != tag.name.rpartition(":")[2]
        for element, tag in zip(elements, tags, strict=True)
    ):
        raise RuntimeError("internal error: the XML scanner lost its place; please report it")


# --- Decoding text with its positions -----------------------------------------------------


@dataclass(slots=True)
class _Decoded:
    """Decoded characters, each with the raw offsets it was written between."""

    chars: list[str] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)

    @classmethod
    def verbatim(cls, text: str, start: int) -> _Decoded:
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

    def strip(self) -> _Decoded:
        """Without white space at either end (element text such as a directive name)."""
        first, last = 0, len(self.chars)
        while first < last and self.chars[first] in _SPACE:
            first += 1
        while last > first and self.chars[last - 1] in _SPACE:
            last -= 1
        return _Decoded(self.chars[first:last], self.starts[first:last], self.ends[first:last])

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


def _character_data(
    text: str, start: int, end: int, out: _Decoded, *, attribute: bool, references: bool = True
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


def _content(text: str, tag: _Tag, children: list[_Tag]) -> _Decoded:
    """The text directly inside an element: character data and CDATA sections, without
    comments, processing instructions and the child elements."""
    out = _Decoded()
    child_at = {child.start: child for child in children}
    index = tag.content_start
    while index < tag.content_end:
        lt = text.find("<", index, tag.content_end)
        stop = tag.content_end if lt == -1 else lt
        _character_data(text, index, stop, out, attribute=False)
        if lt == -1:
            break
        if text.startswith("<![CDATA[", lt):
            close = text.index("]]>", lt + 9)
            _character_data(text, lt + 9, close, out, attribute=False, references=False)
            index = close + 3
        elif text.startswith("<!--", lt):
            index = text.index("-->", lt + 4) + 3
        elif text.startswith("<?", lt):
            index = text.index("?>", lt + 2) + 2
        else:
            index = child_at[lt].end
    return out


# --- Building the document ----------------------------------------------------------------


def _local(element: Element) -> str:
    """An element's name without its namespace ("" for a comment or instruction)."""
    return str(etree.QName(element).localname) if isinstance(element.tag, str) else ""


def _children(element: Element) -> Iterator[Element]:
    return (child for child in element if isinstance(child.tag, str))


def _lxml_text(element: Element) -> str:
    """lxml's view of an element's own text, to check the scanner's decoding against."""
    return (element.text or "") + "".join(child.tail or "" for child in element)


class _Builder:
    def __init__(self, source: Source, profile: Profile, tags: dict[Element, _Tag]) -> None:
        self.source = source
        self.profile = profile
        self.tags = tags
        self.diagnostics: list[Diagnostic] = []

    def fail(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(error(code, message, self.source, span, hint))

    def document(self, root: Element) -> Located | None:
        """``{hooks: [...]}`` from every outermost ``<hooks>`` (the root may be one)."""
        sections = [
            element
            for element in root.iter()
            if _local(element) == "hooks"
            and not any(_local(above) == "hooks" for above in element.iterancestors())
        ]
        if not sections:
            self.diagnostics.append(
                warning(
                    "HK208",
                    "no <hooks> element in this directive",
                    self.source,
                    self.tags[root].name_span,
                    "hooks are written in a <hooks> element, usually inside <metadata>",
                )
            )
            return None
        span = self.tags[sections[0]].span.cover(self.tags[sections[-1]].span)
        first = self.tags[sections[0]].name_span
        elements = [hook for section in sections for hook in _children(section)]
        if is_rye_hooks([e for e in elements if _local(e) == "hook"], _local):
            return self.rye_document(elements, span, first)
        hooks = [hook for section in sections for hook in self.section(section)]
        return Located({"hooks": Located(hooks, span, key_span=first)}, span)

    def rye_document(self, elements: list[Element], span: Span, first: Span) -> Located:
        """A Rye directive's hooks, in Rye's shape (``hookc.frontend.rye_xml``)."""
        reader = RyeHooks(
            self.source,
            self.tags.__getitem__,
            self.attributes,
            lambda element: self.text(element),
            _local,
        )
        hooks = []
        for element in elements:
            if _local(element) == "hook":
                hooks.append(element)
            else:
                self.fail(
                    "HK205",
                    f"<{_local(element)}> inside <hooks>: only <hook> elements belong there",
                    self.tags[element].name_span,
                )
        document = reader.document(hooks, span, first)
        self.diagnostics.extend(reader.diagnostics)
        return document

    def section(self, section: Element) -> Iterator[Located]:
        for child in _children(section):
            if _local(child) == "hook":
                hook = self.hook(child)
                if hook is not None:
                    yield hook
            else:
                self.fail(
                    "HK205",
                    f"<{_local(child)}> inside <hooks>: only <hook> elements belong there",
                    self.tags[child].name_span,
                )

    def hook(self, element: Element) -> Located | None:
        """A hook's mapping, or None (and a diagnostic) when it cannot be one."""
        errors = len(self.diagnostics)
        tag = self.tags[element]
        entries: dict[str, Located] = {}
        for name, node in self.attributes(element):
            entries[name] = self.hook_attribute(name, node)
        actions = []
        for child in _children(element):
            if _local(child) == "when":
                self.when_child(child, entries)
            else:
                actions.append(child)
        if len(actions) == 1:
            entries["action"] = self.action(actions[0])
        else:
            self.wrong_action_count(tag, actions)
        if len(self.diagnostics) > errors:
            return None
        return Located(entries, tag.span, key_span=tag.name_span)

    def hook_attribute(self, name: str, node: Located) -> Located:
        """``priority`` and ``enabled`` are read as their types; the rest stay strings."""
        text = str(node.value).strip(_SPACE)
        if name == "priority":
            if _INTEGER.fullmatch(text):
                return Located(int(text), node.span, key_span=node.key_span)
            self.fail(
                "HK205", f"`priority` must be an integer, not {describe(node.value)}", node.span
            )
        elif name == "enabled":
            if text in _BOOLEAN:
                return Located(_BOOLEAN[text], node.span, key_span=node.key_span)
            self.fail(
                "HK205", f"`enabled` must be true or false, not {describe(node.value)}", node.span
            )
        return node

    def when_child(self, child: Element, entries: dict[str, Located]) -> None:
        tag = self.tags[child]
        if "when" in entries:
            self.fail(
                "HK209",
                "this hook already has a condition: give it either a `when` attribute "
                "or one <when> child",
                tag.name_span,
            )
            return
        if self.text_only(child):
            condition = self.text(child)
            entries["when"] = Located(
                condition.value, condition.span, condition.offsets, tag.name_span
            )

    def wrong_action_count(self, tag: _Tag, actions: list[Element]) -> None:
        if not actions:
            self.fail(
                "HK306",
                "this hook has no action",
                tag.name_span,
                'give it one action element, such as <retry max_attempts="3"/>',
            )
            return
        names = ", ".join(f"<{_local(action)}>" for action in actions)
        self.fail(
            "HK306",
            f"a hook must have exactly one action; this one has {len(actions)}: {names}",
            tag.name_span,
            "split it into one hook per action",
        )

    def action(self, element: Element) -> Located:
        """``{type, parameters...}``: the element's name, its attributes (read later as the
        catalog's types), its ``<param>`` children as the object parameter."""
        tag = self.tags[element]
        shorthand = _local(element) == "directive"
        type_name = "call_directive" if shorthand else _local(element)
        entries = {"type": Located(type_name, tag.name_span, key_span=tag.name_span)}
        for name, node in self.attributes(element):
            if name == "type":
                self.fail(
                    "HK302",
                    "an action element takes no `type` attribute: its name is the action type",
                    node.key_span or node.span,
                )
                continue
            entries[name] = Located(node.value, node.span, node.offsets, node.key_span, text=True)
        params = []
        for child in _children(element):
            if _local(child) == "param":
                params.append(child)
            else:
                self.fail(
                    "HK205",
                    f"<{_local(child)}> inside <{_local(element)}>: an action's parameters are "
                    "its attributes, and <param> children fill its object parameter",
                    self.tags[child].name_span,
                )
        self.action_text(element, shorthand, entries)
        if params:
            self.params(type_name, params, entries)
        return Located(entries, tag.span, key_span=tag.name_span)

    def action_text(self, element: Element, shorthand: bool, entries: dict[str, Located]) -> None:
        """The text of ``<directive>name</directive>`` is the directive to call; any other
        action element holds no text."""
        tag = self.tags[element]
        text = self.text(element, strip=True)
        if not text.value:
            return
        if not shorthand:
            self.fail(
                "HK205",
                f"<{_local(element)}> holds text; an action's parameters are its attributes",
                text.span,
            )
        elif "directive" in entries:
            self.fail(
                "HK205",
                "the directive is given twice: as the element's text and as an attribute",
                text.span,
            )
        else:
            entries["directive"] = Located(text.value, text.span, text.offsets, tag.name_span)

    def params(self, type_name: str, params: list[Element], entries: dict[str, Located]) -> None:
        """``<param name="k">v</param>`` children as the action's object parameter."""
        action_type = self.profile.action_types.get(type_name)
        if action_type is None:
            return  # the catalog check reports the unknown type, with a "did you mean"
        spec = action_type.object_param
        first = self.tags[params[0]].name_span
        if spec is None:
            names = [p.name for p in action_type.params]
            self.fail(
                "HK302",
                f"`{type_name}` has no object parameter for <param> children to fill",
                first,
                f"give its parameters as attributes: {', '.join(names)}"
                if names
                else f"`{type_name}` takes no parameters",
            )
            return
        if spec.name in entries:
            self.fail(
                "HK205",
                f"`{spec.name}` is given both as an attribute and by <param> children",
                first,
            )
            return
        members: dict[str, Located] = {}
        for param in params:
            self.param(param, members)
        span = self.tags[params[0]].span.cover(self.tags[params[-1]].span)
        entries[spec.name] = Located(members, span, key_span=first)

    def param(self, element: Element, members: dict[str, Located]) -> None:
        tag = self.tags[element]
        names = dict(self.attributes(element))
        name = names.get("name")
        if name is None:
            self.fail("HK205", "a <param> needs a `name` attribute", tag.name_span)
            return
        if name.value in members:
            self.fail(
                "HK205",
                f"the parameter `{name.value}` is given twice",
                name.span,
                "remove one of them",
            )
            return
        if self.text_only(element):
            value = self.text(element, strip=True)
            members[name.value] = Located(value.value, value.span, value.offsets, name.span)

    def text_only(self, element: Element) -> bool:
        """Whether ``element`` holds only text (a condition, a parameter's value)."""
        for child in _children(element):
            self.fail(
                "HK205",
                f"<{_local(element)}> holds text only, not a <{_local(child)}> element",
                self.tags[child].name_span,
                "write < as &lt;, or wrap the text in <![CDATA[ ... ]]>",
            )
            return False
        return True

    def text(self, element: Element, strip: bool = False) -> Located:
        """An element's own text, placed character by character."""
        tag = self.tags[element]
        expected = _lxml_text(element)
        raw_text = self.source.text[tag.content_start : tag.content_end]
        if raw_text == expected:
            decoded = _Decoded.verbatim(raw_text, tag.content_start)
        else:
            children = [self.tags[child] for child in _children(element)]
            decoded = _content(self.source.text, tag, children)
        if strip:
            decoded, expected = decoded.strip(), expected.strip(_SPACE)
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
                decoded = _Decoded.verbatim(raw, where.value.start)
            else:
                decoded = _Decoded()
                _character_data(
                    self.source.text, where.value.start, where.value.end, decoded, attribute=True
                )
            node = decoded.located(str(value), where.value, self.source, where.name)
            # An attribute's span is the whole raw value between its quotes.
            yield name, Located(node.value, where.value, node.offsets, where.name)
