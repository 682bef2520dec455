"""How findings are printed: one small reporter per ``--format``.

Positions are 0-based inside hookc; this is where they become the 1-based lines and
columns that people and tools read.
"""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Sequence
from pathlib import Path

import hookc.version
from hookc.check.run import FileReport
from hookc.diagnostics import CODES, Diagnostic, Severity


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class TextReporter:
    """Each finding as ``path:line:col: severity[code]: message``, its source line and a
    caret; then a count. Nothing at all when there is nothing to say (for pre-commit)."""

    def render(self, reports: Sequence[FileReport]) -> str:
        blocks = [d.render() for report in reports for d in report.diagnostics]
        if not blocks:
            return ""
        errors = sum(r.count(Severity.ERROR) for r in reports)
        warnings = sum(r.count(Severity.WARNING) for r in reports)
        summary = (
            f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')} "
            f"({_plural(len(reports), 'file')} checked)"
        )
        return "\n\n".join(blocks) + f"\n\n{summary}\n"


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


REPORTERS: dict[str, type[TextReporter | JsonReporter | SarifReporter]] = {
    "text": TextReporter,
    "json": JsonReporter,
    "sarif": SarifReporter,
}
