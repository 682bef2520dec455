"""``${...}`` templates in action parameters (SPEC §3.1), parsed with the expression grammar."""

from __future__ import annotations

from hookc.frontend.embedded import OffsetMap, parse_embedded
from hookc.ir.expr import Expr
from hookc.ir.hooks import Template
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error


def parse_template(
    text: str, source: Source, offsets: OffsetMap | None
) -> tuple[str | Template, list[Diagnostic]]:
    """``text`` itself if it holds no ``${``, else its Template (holes parsed as expressions)."""
    if "${" not in text:
        return text, []
    where = offsets or OffsetMap.contiguous(0, len(text))
    parts: list[str | Expr] = []
    diagnostics: list[Diagnostic] = []
    position = 0
    while (start := text.find("${", position)) != -1:
        if start > position:
            parts.append(text[position:start])
        end = _closing_brace(text, start + 2)
        if end is None:
            diagnostics.append(
                error(
                    "HK211",
                    "`${` is never closed",
                    source,
                    where.span(Span(start, start + 2)),
                    "end the expression with `}`",
                )
            )
            return text, diagnostics
        inner = text[start + 2 : end]
        if not inner.strip():
            diagnostics.append(
                error("HK211", "empty `${}`", source, where.span(Span(start, end + 1)))
            )
        else:
            expr, found = parse_embedded(inner, source, where.sub(start + 2, end))
            diagnostics.extend(found)
            if expr is not None:
                parts.append(expr)
        position = end + 1
    if position < len(text):
        parts.append(text[position:])
    span = where.span(Span(0, len(text)))
    return Template(tuple(parts), span=span), diagnostics


def _closing_brace(text: str, start: int) -> int | None:
    """The index of the ``}`` that closes a hole, skipping braces inside string literals and
    nested map literals (``${ {'a': 1}['a'] }``)."""
    depth = 0
    quote: str | None = None
    index = start
    while index < len(text):
        char = text[index]
        if quote is not None:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = None
        elif char in "'\"":
            quote = char
        elif char == "{":
            depth += 1
        elif char == "}":
            if depth == 0:
                return index
            depth -= 1
        index += 1
    return None
