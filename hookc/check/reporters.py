"""How findings are printed: one small reporter per ``--format``.

Positions are 0-based inside hookc; this is where they become the 1-based lines and
columns that people and tools read.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Mapping, Sequence
from pathlib import Path

import hookc.version
from hookc.check.driver import FileReport
from hookc.source.diagnostics import CODES, Diagnostic, Severity, render_each


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


# ANSI colours for a terminal: severity words, codes and carets.
_COLOURS = {"error": "\x1b[1;31m", "warning": "\x1b[1;33m", "bold": "\x1b[1m", "hint": "\x1b[36m"}
_RESET = "\x1b[0m"


def colour_wanted(choice: str, stream: object, environ: Mapping[str, str]) -> bool:
    """``--color always|never|auto``: auto colours a terminal unless ``NO_COLOR`` is set
    (https://no-color.org) or the terminal is dumb."""
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR") or environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _coloured(block: str, diagnostic: Diagnostic) -> str:
    """A rendered finding with its head line's severity and code in colour, the caret line
    in the severity's colour and the hint dimmed."""
    lines = block.split("\n")
    colour = _COLOURS[diagnostic.severity.value]
    tag = f"{diagnostic.severity.value}[{diagnostic.code}]"
    head, _, rest = lines[0].partition(f": {tag}: ")
    lines[0] = f"{_COLOURS['bold']}{head}{_RESET}: {colour}{tag}{_RESET}: {rest}"
    for index, line in enumerate(lines[1:], start=1):
        if line.lstrip().startswith("^") and set(line.strip()) == {"^"}:
            lines[index] = f"{colour}{line}{_RESET}"
        elif line.startswith("  hint: "):
            lines[index] = f"{_COLOURS['hint']}{line}{_RESET}"
    return "\n".join(lines)


class TextReporter:
    """Each finding as ``path:line:col: severity[code]: message``, its source line and a
    caret; then a count. Nothing at all when there is nothing to say (for pre-commit)."""

    def __init__(self, colour: bool = False) -> None:
        self.colour = colour

    def render(self, reports: Sequence[FileReport]) -> str:
        blocks = [block for report in reports for block in render_each(report.diagnostics)]
        if self.colour:
            found = (d for report in reports for d in report.diagnostics)
            blocks = [_coloured(block, d) for block, d in zip(blocks, found, strict=True)]
        if not blocks:
            return ""
        errors = sum(r.count(Severity.ERROR) for r in reports)
        warnings = sum(r.count(Severity.WARNING) for r in reports)
        summary = (
            f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')} "
            f"({_plural(len(reports), 'file')} checked)"
        )
        # One join: the text is large (400 KB for 1,333 findings), and a copy of it costs.
        return "\n\n".join([*blocks, f"{summary}\n"])


def _position(diagnostic: Diagnostic) -> dict[str, int]:
    line, column = diagnostic.location
    end_line, end_column = diagnostic.source.position(diagnostic.span.end)
    return {"line": line, "column": column, "end_line": end_line, "end_column": end_column}


class JsonReporter:
    """A JSON list of findings: path, 1-based positions, severity, code, message, hint."""

    def render(self, reports: Sequence[FileReport]) -> str:
        findings = [
            {
                "path": report.path,
                **_position(d),
                "severity": d.severity.value,
                "code": d.code,
                "message": d.message,
                "hint": d.hint,
            }
            for report in reports
            for d in report.diagnostics
        ]
        return json.dumps(findings, indent=2, ensure_ascii=False) + "\n"


def _uri(path: str) -> str:
    """A SARIF artifact URI: relative paths stay relative, percent-encoded."""
    as_path = Path(path)
    if as_path.is_absolute():
        return as_path.as_uri()
    return urllib.parse.quote(as_path.as_posix())


class SarifReporter:
    """SARIF 2.1.0, the format code-scanning tools read."""

    def render(self, reports: Sequence[FileReport]) -> str:
        used = sorted({d.code for r in reports for d in r.diagnostics})
        results = []
        for report in reports:
            for d in report.diagnostics:
                position = _position(d)
                message = d.message + (f" ({d.hint})" if d.hint else "")
                results.append(
                    {
                        "ruleId": d.code,
                        "level": "error" if d.severity is Severity.ERROR else "warning",
                        "message": {"text": message},
                        "locations": [
                            {
                                "physicalLocation": {
                                    "artifactLocation": {"uri": _uri(report.path)},
                                    "region": {
                                        "startLine": position["line"],
                                        "startColumn": position["column"],
                                        "endLine": position["end_line"],
                                        "endColumn": position["end_column"],
                                    },
                                }
                            }
                        ],
                    }
                )
        log = {
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "hookc",
                            "version": hookc.version.__version__,
                            "rules": [
                                {"id": code, "shortDescription": {"text": CODES[code]}}
                                for code in used
                            ],
                        }
                    },
                    # hookc counts columns in code points, not SARIF's default UTF-16 units.
                    "columnKind": "unicodeCodePoints",
                    "results": results,
                }
            ],
        }
        return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _escape(text: str, property_: bool = False) -> str:
    """GitHub workflow commands' escaping: of `%`, line breaks, and in properties `:` `,`."""
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


class GithubReporter:
    """GitHub Actions workflow commands: each finding an annotation on its file and line
    (``::error file=...,line=...::message``)."""

    def render(self, reports: Sequence[FileReport]) -> str:
        lines = []
        for report in reports:
            for d in report.diagnostics:
                position = _position(d)
                properties = ",".join(
                    f"{key}={_escape(str(value), property_=True)}"
                    for key, value in (
                        ("file", report.path),
                        ("line", position["line"]),
                        ("col", position["column"]),
                        ("endLine", position["end_line"]),
                        ("endColumn", position["end_column"]),
                        ("title", f"hookc {d.code}"),
                    )
                )
                message = d.message + (f" ({d.hint})" if d.hint else "")
                lines.append(f"::{d.severity.value} {properties}::{_escape(message)}\n")
        return "".join(lines)


class GitlabReporter:
    """GitLab Code Quality (the Code Climate issue format GitLab reads from a job's
    ``codequality`` report): a JSON list of issues, each with a ``description``, a
    ``check_name``, a ``fingerprint`` unique in the report and stable across runs (the
    baseline's, which survives moving lines, with the file's path), a ``severity`` (an error
    is ``major``, a warning ``minor``) and ``location.path`` and ``location.lines.begin``."""

    def render(self, reports: Sequence[FileReport]) -> str:
        import hashlib

        from hookc.check.baseline import entries, path_key

        issues = []
        seen: dict[str, int] = {}
        for report, d, print_ in entries(reports):
            key = f"{path_key(report.path)}\0{d.code}\0{print_}"
            # The same finding twice in a file: each its own issue, numbered in order.
            seen[key] = seen.get(key, 0) + 1
            digest = hashlib.sha256(f"{key}\0{seen[key]}".encode()).hexdigest()
            issues.append(
                {
                    "description": f"{d.code} {d.message}" + (f" ({d.hint})" if d.hint else ""),
                    "check_name": _check_name(d.code),
                    "fingerprint": digest[:32],
                    "severity": "major" if d.severity is Severity.ERROR else "minor",
                    "location": {
                        "path": report.path,
                        "lines": {"begin": d.location[0]},
                    },
                }
            )
        return json.dumps(issues, indent=2, ensure_ascii=False) + "\n"


def _check_name(code: str) -> str:
    """``HK702 matcher-matches-nothing``: the code with the rule's name, where it has one."""
    from hookc.lint.registry import rule

    name = rule(code).name
    return f"{code} {name}" if name else code


def statistics(reports: Sequence[FileReport], machine: bool = False) -> str:
    """How many findings of each code, as ruff's ``--statistics``: a line a code (count,
    code, ``[*]`` where some of them can be fixed, name), most first; a JSON list of
    ``count``, ``code``, ``name``, ``fixable`` when ``machine``."""
    from collections import Counter

    from hookc.lint.registry import rule

    counts: Counter[str] = Counter()
    fixable: set[str] = set()
    for report in reports:
        for d in report.diagnostics:
            counts[d.code] += 1
            if d.fix is not None:
                fixable.add(d.code)
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    if machine:
        listed = [
            {"code": code, "name": rule(code).name, "count": count, "fixable": code in fixable}
            for code, count in rows
        ]
        return json.dumps(listed, indent=2) + "\n"
    if not rows:
        return ""
    width = len(str(rows[0][1]))
    return "".join(
        f"{count:>{width}}\t{code}\t{'[*] ' if code in fixable else '    '}{rule(code).name}\n"
        for code, count in rows
    )


REPORTERS: dict[
    str, type[TextReporter | JsonReporter | SarifReporter | GithubReporter | GitlabReporter]
] = {
    "text": TextReporter,
    "json": JsonReporter,
    "sarif": SarifReporter,
    "github": GithubReporter,
    "gitlab": GitlabReporter,
}
