"""Inline suppressions: ``# hookc: ignore[HK501]`` in YAML, ``<!-- hookc: ignore[HK501] -->``
in XML, silence those codes on one hook; a reason may follow the ``]`` after a space
(``# hookc: ignore[HK501]  the legacy agent sends it``).

A suppression belongs to the hook whose text holds it, or to the hook right below it when it
stands on its own lines above one (only blank and comment lines between). It silences
warnings only (an error means the hook cannot be compiled as written). A suppression that
silences nothing is itself reported (HK801), so that stale ones do not pile up; a malformed
one too (HK802).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from hookc.frontend.comments import comments
from hookc.ir.hooks import Hook
from hookc.source import Source, Span
from hookc.source.diagnostics import CODES, Diagnostic, Severity, has_error, warning

MARKER = "hookc:"
# The patterns are compiled (and cached by `re`) on first use: most files have no comment.
# After the `]`, a reason may follow a space (`hookc: ignore[HK501]  legacy paths`), as after
# ruff's noqa comments.
_SUPPRESSION = r"^\s*hookc:\s*ignore\s*(?:\[(?P<codes>[^\]]*)\](?:\s+\S.*)?)?\s*$"
_CODE = r"HK\d{3}"
# A line with nothing but a comment (or nothing), and the text between a suppression and
# the hook right below it: blank lines and other comments only.
_TRAILING = r"(?s)\s*(?:#.*|<!--.*-->\s*)?\s*"
_BETWEEN = r"(?s)(?:\s|#[^\n]*|<!--.*?-->)*"


@dataclass(frozen=True, slots=True)
class Suppression:
    codes: tuple[str, ...]
    span: Span


def apply_suppressions(
    source: Source, hooks: Sequence[Hook], diagnostics: Iterable[Diagnostic]
) -> list[Diagnostic]:
    """``diagnostics`` without the warnings that a suppression on their hook silences, and
    with a warning for each suppression that silenced nothing or cannot be read."""
    found = list(diagnostics)
    if MARKER not in source.text:
        return found
    suppressions, malformed = _suppressions(source)
    if not suppressions and not malformed:
        return found
    regions = _Regions(source, hooks)
    by_region: dict[Span, list[Suppression]] = {}
    for suppression in suppressions:
        region = regions.owner(suppression)
        if region is not None:
            by_region.setdefault(region, []).append(suppression)
    used: set[tuple[int, str]] = set()
    kept = []
    for diagnostic in found:
        region = regions.holding(diagnostic.span.start)
        on_hook = by_region.get(region, []) if region is not None else []
        silencing = [s for s in on_hook if diagnostic.code in s.codes]
        if diagnostic.severity is Severity.WARNING and silencing:
            used.update((id(suppression), diagnostic.code) for suppression in silencing)
        else:
            kept.append(diagnostic)
    kept.extend(malformed)
    if has_error(found):
        return kept  # hooks with errors are not lowered: which suppression they use is unknown
    for suppression in suppressions:
        on_a_hook = regions.owner(suppression) is not None
        for code in suppression.codes:
            if (id(suppression), code) in used:
                continue
            where = "on this hook" if on_a_hook else "here: it is on no hook"
            kept.append(
                warning(
                    "HK801",
                    f"the suppression of {code} silences nothing {where}",
                    source,
                    suppression.span,
                    "remove it (it applies to the hook it is in, or the hook right below it)",
                )
            )
    return kept


def _suppressions(source: Source) -> tuple[list[Suppression], list[Diagnostic]]:
    suppressions, malformed = [], []
    for comment in comments(source):
        if MARKER not in comment.text:
            continue
        match = re.match(_SUPPRESSION, comment.text)
        written = (match["codes"] or "") if match else ""
        codes = [c.strip().upper() for c in written.split(",") if c.strip()]
        bad = [c for c in codes if not re.fullmatch(_CODE, c) or c not in CODES]
        if match is None or not codes or bad:
            problem = f"unknown code `{bad[0]}`" if bad else "it names no code"
            if match is None and not bad and "]" in comment.text:
                problem = "a reason after `]` needs a space before it"
            malformed.append(
                warning(
                    "HK802",
                    f"this suppression cannot be read: {problem}",
                    source,
                    comment.span,
                    "write `hookc: ignore[HK501]`, or several codes: `hookc: ignore[HK501, HK505]`,"
                    " then a reason if you like",
                )
            )
            continue
        suppressions.append(Suppression(tuple(dict.fromkeys(codes)), comment.span))
    return suppressions, malformed


class _Regions:
    """The hooks' texts, in order, found by offset with a binary search."""

    def __init__(self, source: Source, hooks: Sequence[Hook]) -> None:
        self.source = source
        self.spans = sorted(
            (_region(source, hook) for hook in hooks if hook.span is not None),
            key=lambda span: (span.start, span.end),
        )
        self.starts = [span.start for span in self.spans]

    def holding(self, offset: int) -> Span | None:
        index = bisect.bisect_right(self.starts, offset) - 1
        if index >= 0 and offset < self.spans[index].end:
            return self.spans[index]
        return None

    def owner(self, suppression: Suppression) -> Span | None:
        """The hook the suppression is in, or stands right above (only blank and comment
        lines between)."""
        inside = self.holding(suppression.span.start)
        if inside is not None:
            return inside
        index = bisect.bisect_left(self.starts, suppression.span.end)
        if index == len(self.spans):
            return None
        below = self.spans[index]
        between = self.source.text[suppression.span.end : below.start]
        return below if re.fullmatch(_BETWEEN, between) else None


def _region(source: Source, hook: Hook) -> Span:
    """The hook's text, from the start of its first line (a YAML list item's `-`) to its
    last line of content: a YAML node's span runs on over the comment lines after it, which
    stand above the next hook and belong to it."""
    assert hook.span is not None
    start = source.text.rfind("\n", 0, hook.span.start) + 1
    lines = source.text[start : hook.span.end].splitlines(keepends=True)
    while len(lines) > 1 and re.fullmatch(_TRAILING, lines[-1]):
        lines.pop()
    return Span(start, start + len("".join(lines)))
