"""One immutable record for every finding, and the table of codes it may carry.

A diagnostic keeps 0-based offsets; the 1-based line and column appear only in ``render``
and in the machine-readable reporters built on ``location``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from hookc.source import Source, Span


class Severity(enum.Enum):
    ERROR = "error"
    WARNING = "warning"


# Every code hookc can emit, with its one-line meaning. The README's table is checked against
# this mapping, so a new code cannot go undocumented.
CODES: dict[str, str] = {
    "HK101": "syntax error in an expression",
    "HK102": "unterminated string literal",
    "HK103": "unsupported literal (uint or bytes)",
    "HK104": "invalid escape sequence in a string literal",
    "HK105": "numeric literal out of range (int64 or double)",
    "HK106": "expression nested too deeply",
    "HK107": "empty expression",
    "HK108": "reserved word used as a name",
    "HK110": "unknown function, or wrong number of arguments",
    "HK111": "invalid use of a macro (has, exists, all, exists_one, filter, map)",
    "HK112": "invalid regular expression or glob pattern",
    "HK113": "operator applied to operands it can never accept",
    "HK150": "Python spelling of a literal (True, False, None) read as a variable name",
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    source: Source
    span: Span
    hint: str | None = None

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
        """``name:line:col: severity[code]: message``, the source line, a caret, a hint."""
        line, column = self.location
        # One visible character per code point, so the caret stays aligned.
        text = "".join(
            c if c.isprintable() or c == "\t" else "\N{REPLACEMENT CHARACTER}"
            for c in self.source.line_text(line)
        )
        end_line, end_column = self.source.position(self.span.end)
        width = end_column - column if end_line == line else len(text) - column + 1
        # Keep tabs in the padding so the caret lines up under tab-indented source.
        padding = "".join(c if c == "\t" else " " for c in text[: column - 1])
        out = [
            f"{self.source.name}:{line}:{column}: "
            f"{self.severity.value}[{self.code}]: {self.message}",
            f"    {text}",
            f"    {padding}{'^' * max(1, width)}",
        ]
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)


def error(
    code: str, message: str, source: Source, span: Span, hint: str | None = None
) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, source, span, hint)


def warning(
    code: str, message: str, source: Source, span: Span, hint: str | None = None
) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, source, span, hint)
