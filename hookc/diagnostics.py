"""One immutable record for every finding, and the table of codes it may carry.

A diagnostic keeps 0-based offsets; the 1-based line and column appear only in ``render``
and in the machine-readable reporters built on ``location``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from hookc.records import record
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
    # Hook files.
    "HK201": "file cannot be read (missing, not UTF-8, binary)",
    "HK202": "YAML syntax error",
    "HK203": "XML syntax error",
    "HK204": "unsafe XML: a DTD or entity declaration; XInclude, XSLT, a stylesheet (ignored)",
    "HK205": "hook file does not match the hook schema",
    "HK206": "file too large",
    "HK207": "YAML aliases expand to too many nodes",
    "HK208": "no hooks found in the file",
    "HK209": "a hook has both `when` and `condition`",
    "HK210": "invalid condition tree",
    "HK211": "invalid `${...}` template",
    "HK212": "invalid expression node (canonical YAML's node form)",
    "HK213": "invalid parameter tag (canonical YAML's `template`, `double` or `params`)",
    "HK214": "JSON syntax error",
    "HK220": "the YAML holds more than 1,000,000 values",
    # Actions.
    "HK301": "unknown action type",
    "HK302": "unknown action parameter",
    "HK303": "action parameter of the wrong type",
    "HK304": "action parameter not one of its allowed values",
    "HK305": "required action parameter missing",
    "HK306": "a hook must have exactly one action",
    # Hooks.
    "HK401": "duplicate hook id",
    "HK402": "event not known to the profile",
    "HK403": "file written for another profile or ordering",
    "HK404": "events of another host: the file's host loads none of them",
    # Paths, types and logic.
    "HK501": "path not in the event context schema",
    "HK502": "operator applied to a path whose schema type can never match",
    "HK503": "condition can never be true",
    "HK504": "condition is always true",
    "HK505": "hook shadowed by an earlier hook under first-match",
    "HK507": "template reads a path not in the event context schema",
    "HK508": "template reads, under another name, a path the hook's condition reads",
    "HK509": "two hooks that both take control with the same condition (all-match ordering)",
    # Matcher groups of handlers (Claude Code, docker-agent).
    "HK701": "matcher on an event that ignores matchers",
    "HK702": "matcher that matches no name the profile knows",
    "HK703": "matcher that differs from a known name only by case",
    "HK704": "field a handler or matcher group does not have (the tool ignores it)",
    "HK705": "timeout that is not a positive number of seconds",
    "HK706": "timeout so long it is likely milliseconds",
    "HK707": "script under the project that is missing or not executable",
    "HK708": "unknown builtin",
    "HK709": "builtin on an event it does not serve",
    "HK710": "duplicate handler that never runs a second time",
    "HK711": "regular expression hookc cannot translate to RE2 (hookc's `matches`)",
    "HK712": "matcher the tool runs and hookc cannot: its hooks are kept, not evaluated",
    "HK713": "`if` filter that never lets the handler run (a non-tool event, no tool named)",
    "HK714": "`if` rule hookc cannot decide: the handler runs on every call of its tool",
    "HK715": "template that builds a shell command from the event",
    "HK716": "command or environment variable no process can be given (NUL, `=` in a name)",
    "HK717": "timeout so short it is likely seconds, where timeouts are milliseconds",
    # Matchers of the other hook systems (the registry, A3S).
    "HK721": "unknown matcher key",
    "HK722": "matcher reads a field the event does not carry: the hook never runs",
    "HK723": "async hook's answer ignored: A3S answers Continue at once on this event",
    "HK724": "invalid regular expression that A3S matches as plain text",
    # hookc fmt.
    "HK601": "not a native YAML hook file (fmt lays out those only)",
    "HK602": "file fmt cannot rewrite faithfully: left as it was",
    # Inline suppressions.
    "HK801": "suppression that silences nothing",
    "HK802": "suppression that cannot be read",
}


# Longer source lines are shown as a window of this many characters around the caret.
_WIDEST_LINE = 100


@record(slots=True)
class Diagnostic:
    """One finding: a code of ``CODES``, how severe, what and where (0-based offsets into
    ``source``), and a hint for the fix when there is one."""

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
    code: str, message: str, source: Source, span: Span, hint: str | None = None
) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, source, span, hint)


def warning(
    code: str, message: str, source: Source, span: Span, hint: str | None = None
) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, source, span, hint)
