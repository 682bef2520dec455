"""One immutable record for every finding, and the table of codes it may carry.

A diagnostic keeps 0-based offsets; the 1-based line and column appear only in ``render``
and in the machine-readable reporters built on ``location``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from hookc.source import Source, Span


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


# The transition's table: codes not yet in a rule module of their own (hookc.lint), with
# their one-line meaning. A code added here and in hookc.lint.legacy.LEGACY_RULES (with its
# fixture) works as before; `python -m hookc.lint.migrate HKnnn` moves it into a module.
# Every other code's meaning is its module's RULE.summary. ``CODES`` below holds them all.
LEGACY_CODES: dict[str, str] = {
    # Matcher groups of handlers (Claude Code, docker-agent).
    # Matchers of the other hook systems (the registry, A3S).
    # The flat family (Cursor, Windsurf) and Kiro.
    # hookc fmt.
    # Inline suppressions.
}


class _Codes(Mapping[str, str]):
    """Every code with its one-line meaning: the rule modules' and the legacy table's
    (``hookc.lint.modules``). Membership reads folder listings only; a meaning imports
    its rule's module."""

    def __getitem__(self, code: str) -> str:
        if code in LEGACY_CODES:
            return LEGACY_CODES[code]
        from hookc.lint.modules import rule_module

        summary: str = rule_module(code).RULE.summary  # KeyError: no such code
        return summary

    def __contains__(self, code: object) -> bool:
        if code in LEGACY_CODES:
            return True
        from hookc.lint.modules import rule_modules

        return isinstance(code, str) and code in rule_modules()

    def __iter__(self) -> Iterator[str]:
        from hookc.lint.modules import rule_modules

        return iter(sorted({*LEGACY_CODES, *rule_modules()}))

    def __len__(self) -> int:
        return sum(1 for _ in self)


CODES: Mapping[str, str] = _Codes()


# How sure a fix is (``hookc.lint.rule.FIXES`` without "none"): a safe one keeps what the
# author meant and `hookc check --fix` applies it; an unsafe one may change what the hook
# does (a timeout's unit) and is applied only with --unsafe-fixes.
FIX_SAFETIES = ("safe", "unsafe")


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the text of ``span`` (0-based offsets into the source's text) with ``text``."""

    span: Span
    text: str


@dataclass(frozen=True, slots=True)
class Fix:
    """What would mend a finding: edits confined to the finding's own text, how safe they are
    (``FIX_SAFETIES``) and what they do, in words (``write `PreToolUse` ``). Where what is
    mended is written in several places (a TOML event named in each table header below it),
    the edits are in each of those places, and ``hookc check --fix`` makes all or none."""

    edits: tuple[Edit, ...]
    safety: str
    title: str

    def __post_init__(self) -> None:
        if self.safety not in FIX_SAFETIES:
            raise ValueError(f"fix safety {self.safety!r} not in {FIX_SAFETIES}")
        if not self.edits:
            raise ValueError("a fix without an edit")


def replacing(
    source: Source, span: Span, old: str, new: str, safety: str = "safe", title: str = ""
) -> Fix | None:
    """A fix that writes ``new`` where ``old`` is written inside ``span``: as it is (YAML's
    plain scalar, a JSON string without escapes) or as a JSON string writes it. None where
    it is not written there exactly once in either form: a fix that cannot be sure of its
    place is not offered."""
    import json  # only for a finding that has a fix

    region = source.text[span.start : span.end]
    forms = [(old, new), (json.dumps(old, ensure_ascii=False)[1:-1],
                          json.dumps(new, ensure_ascii=False)[1:-1])]  # fmt: skip
    for written, replacement in forms:
        if written and region.count(written) == 1:
            at = span.start + region.index(written)
            edit = Edit(Span(at, at + len(written)), replacement)
            return Fix((edit,), safety, title or f"write `{new}`")
    return None


# Longer source lines are shown as a window of this many characters around the caret.
_WIDEST_LINE = 100


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding: a code of ``CODES``, how severe, what and where (0-based offsets into
    ``source``), and a hint for the fix when there is one."""

    code: str
    severity: Severity
    message: str
    source: Source
    span: Span
    hint: str | None = None
    # The span's text is a secret: shown masked wherever the source line is printed.
    masked: bool = False
    # What mends it (`hookc check --fix`), if something can: edits inside ``span`` (or in
    # the other places the same name is written: ``Fix``).
    fix: Fix | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"undocumented diagnostic code {self.code}")

    @property
    def location(self) -> tuple[int, int]:
        """1-based (line, column) of the start of the span."""
        return self.source.position(self.span.start)

    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.source.name, self.span.start, self.span.end, self.code, self.message)

    def render(self) -> str:
        """``name:line:col: severity[code]: message``, the source line, a caret, a hint
        (``render_each``)."""
        return render_each((self,))[0]


def render_each(diagnostics: Iterable[Diagnostic]) -> list[str]:
    """Each finding as ``name:line:col: severity[code]: message``, its source line with a
    caret under the span, and its hint.

    A finding about a whole file that could not be read has no line to show; a long line is
    shown as a window around the caret; the commonest finding, on a short printable line,
    is written at once, any other by ``_snippet``.
    """
    out = []
    for diagnostic in diagnostics:
        source = diagnostic.source
        line, column = source.position(diagnostic.span.start)
        snippet = ""
        if source.text and diagnostic.masked:
            source = _masked(source, diagnostic.span)
        if source.text:
            line_start, line_end = source.line_bounds(line)
            start = line_start + column - 1
            end = diagnostic.span.end
            shown = source.text[line_start:line_end]
            # The commonest: a short plain line (no tab: a tab is not printable), the span on
            # it (a span starts before it ends), shown as _snippet shows it.
            if (
                line_end - line_start <= _WIDEST_LINE
                and line_start <= end <= line_end
                and shown.isprintable()
            ):
                padding = " " * (column - 1)
                snippet = f"\n    {shown}\n    {padding}{'^' * max(1, end - start)}"
            else:
                snippet = _snippet(source, line_start, line_end, line, column, end)
        hint = f"\n  hint: {diagnostic.hint}" if diagnostic.hint else ""
        # ``_value_``: the member's value, without ``Enum.value``'s descriptor call.
        out.append(
            f"{source.name}:{line}:{column}: {diagnostic.severity._value_}[{diagnostic.code}]: "
            f"{diagnostic.message}{snippet}{hint}"
        )
    return out


def mask(text: str) -> str:
    """A secret as it may be shown: its first four characters (a key's kind: `sk-a`,
    `AKIA`, `ghp_`), then one `*` a character, so the caret still lines up."""
    return text[:4] + "*" * (len(text) - 4)


def _masked(source: Source, span: Span) -> Source:
    text = source.text
    return Source(
        source.name, text[: span.start] + mask(text[span.start : span.end]) + text[span.end :]
    )


def _snippet(
    source: Source, line_start: int, line_end: int, line: int, column: int, end: int
) -> str:
    """The 1-based ``line`` (a window of it, if long), which starts and ends at those
    offsets, and under it the caret line from ``column`` to the offset ``end``: two lines,
    each indented and after a line break."""
    # Only the shown window of the line is read: a file of one long line with thousands
    # of findings costs each finding a window, not the line (that was quadratic).
    length = line_end - line_start
    if line_start <= end <= line_end:  # most spans: the end's place is read off the line
        end_line, end_column = line, end - line_start + 1
    else:
        end_line, end_column = source.position(end)
    width = max(1, end_column - column if end_line == line else length - column + 1)
    start = column - 1
    first, last = 0, length
    if length > _WIDEST_LINE:
        first = max(0, min(start - _WIDEST_LINE // 2, length - _WIDEST_LINE))
        last = first + _WIDEST_LINE
    # One visible character per code point, so the caret stays aligned. (Most windows
    # are printable throughout: one test in C then, not one a character.)
    text = source.text[line_start + first : line_start + last]
    if not text.isprintable():
        # U+FFFD, the replacement character: spelt `\N{...}`, it would make compiling
        # this module (a run without .pyc files) import unicodedata.
        text = "".join(c if c.isprintable() or c == "\t" else "\ufffd" for c in text)
    if length > _WIDEST_LINE:
        prefix = "…" if first else ""
        text = prefix + text + ("…" if last < length else "")
        start = start - first + len(prefix)
        width = min(width, len(text) - start)
    # Keep tabs in the padding so the caret lines up under tab-indented source.
    before = text[:start]
    padding = (
        "".join(c if c == "\t" else " " for c in before) if "\t" in before else " " * len(before)
    )
    return f"\n    {text}\n    {padding}{'^' * max(1, width)}"


def in_order(diagnostics: Iterable[Diagnostic]) -> tuple[Diagnostic, ...]:
    """The findings sorted (``Diagnostic.sort_key``), each finding once.

    Equal findings have equal keys: a finding is compared only with those kept before it
    under the same key, and none is hashed (a record's hash asks each field's, the
    severity's in Python: more than the sort). Findings that differ under one key keep the
    order they came in."""
    found = list(diagnostics)
    keys = [diagnostic.sort_key() for diagnostic in found]
    kept: list[Diagnostic] = []
    last: tuple[str, int, int, str, str] | None = None
    same: list[Diagnostic] = []  # the findings kept under the key ``last``
    for i in sorted(range(len(found)), key=keys.__getitem__):
        diagnostic, key = found[i], keys[i]
        if key != last:
            last, same = key, [diagnostic]
        elif diagnostic in same:
            continue
        else:
            same.append(diagnostic)
        kept.append(diagnostic)
    return tuple(kept)


def has_error(diagnostics: Iterable[Diagnostic]) -> bool:
    """Whether any of ``diagnostics`` is an error (warnings alone let a file through)."""
    return any(d.severity is Severity.ERROR for d in diagnostics)


def error(
    code: str,
    message: str,
    source: Source,
    span: Span,
    hint: str | None = None,
    fix: Fix | None = None,
) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, source, span, hint, fix=fix)


def warning(
    code: str,
    message: str,
    source: Source,
    span: Span,
    hint: str | None = None,
    masked: bool = False,
    fix: Fix | None = None,
) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, source, span, hint, masked, fix)
