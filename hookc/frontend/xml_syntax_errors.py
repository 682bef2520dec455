"""lxml's syntax errors as hookc's HK203 diagnostics, at their place in the file.

lxml counts lines and columns from the start of the XML it was given; a directive's XML
starts at its fence, lower in the Markdown file. The commonest mistakes in a hook file are
a condition's ``<`` or ``&&`` written raw in an attribute or text: those are said in plain
words, with what to write instead, rather than in libxml2's.
"""

from __future__ import annotations

import re
from typing import Any

from hookc.frontend.xml_scan import attribute_at
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error

_LXML_POSITION = re.compile(r",? line \d+, column \d+\s*$")
_LXML_LINE = re.compile(r"\bline (\d+)")
_UNDEFINED_ENTITY = re.compile(r"Entity '([^']*)' not defined")

_LT_IN_WHEN = "write `&lt;`, or move the condition into a <when><![CDATA[ ... ]]></when> child"
_AMP_IN_WHEN = "write `and` instead of `&&` (or `&amp;&amp;`), or use a <when> CDATA child"


def syntax_error(exc: Any, source: Source, region: Span) -> Diagnostic:
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
        attribute = attribute_at(text, culprit, region.start)
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
    attribute = attribute_at(text, culprit, region.start)
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
