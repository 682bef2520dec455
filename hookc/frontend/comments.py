"""The comments of a hook file, with their places: what ``hookc fmt`` must keep and where
inline suppressions (``# hookc: ignore[HK501]``) are written.

YAML comments are found with the same scanner that loads the file (libyaml's when there is
one), so the two can never disagree on what is a comment and what is text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from hookc.frontend.yaml_file import LOADER
from hookc.source import Source, Span

# Compiled (and cached by `re`) for the first XML or Markdown file.
_XML_COMMENT = r"(?s)<!--(.*?)-->"
_CDATA = r"(?s)<!\[CDATA\[.*?\]\]>"


@dataclass(frozen=True, slots=True)
class Comment:
    """A comment's text (without ``#`` or ``<!-- -->``) and its span in the source."""

    text: str
    span: Span


def comments(source: Source) -> list[Comment]:
    """The comments of a YAML or XML/Markdown file, in order; [] for text that does not
    scan (the front end reports why)."""
    if _is_xml(source.name):
        return xml_comments(source.text)
    return yaml_comments(source.text)


def _is_xml(name: str) -> bool:
    return name.lower().endswith((".xml", ".md"))


def yaml_comments(text: str) -> list[Comment]:
    if "#" not in text:
        return []
    scalars = scalar_spans(text)
    return [] if scalars is None else comments_between_scalars(text, scalars)


def scalar_spans(text: str) -> list[tuple[int, int]] | None:
    """Where the scalars of a YAML text are (a ``#`` or a blank line in one is text), or
    None if the text does not scan."""
    try:
        return [
            (token.start_mark.index, token.end_mark.index)
            for token in yaml.scan(text, Loader=LOADER)
            if isinstance(token, yaml.ScalarToken)
        ]
    except yaml.YAMLError:
        return None


def comments_between_scalars(text: str, scalars: list[tuple[int, int]]) -> list[Comment]:
    """The comments of a YAML text whose scalars (``scalar_spans``) are already found: each
    `#` after white space or at a line's start, outside every scalar."""
    found = []
    inside = iter(scalars)
    current = next(inside, None)
    position = 0
    while (position := text.find("#", position)) != -1:
        while current is not None and current[1] <= position:
            current = next(inside, None)
        in_scalar = current is not None and current[0] <= position < current[1]
        if in_scalar or (position > 0 and text[position - 1] not in " \t\n\r\ufeff"):
            position += 1
            continue
        end = text.find("\n", position)
        end = len(text) if end == -1 else end
        found.append(Comment(text[position + 1 : end].rstrip("\r"), Span(position, end)))
        position = end
    return found


def xml_comments(text: str) -> list[Comment]:
    """``<!-- -->`` comments outside CDATA sections (inside one, they are text)."""
    if "<!--" not in text:
        return []
    cdata = [(m.start(), m.end()) for m in re.finditer(_CDATA, text)]
    return [
        Comment(match.group(1), Span(match.start(), match.end()))
        for match in re.finditer(_XML_COMMENT, text)
        if not any(start <= match.start() < end for start, end in cdata)
    ]
