"""Baselines: the findings a project has today, recorded so that ``check`` fails on new ones
only (``--write-baseline FILE``, then ``--baseline FILE``).

A finding is recorded by its file, its code and a fingerprint that survives moving lines:
a hash of the code, the id of the hook it is on (``hookc.check.owners``), the text it points
at (its whitespace collapsed: re-indenting keeps it) and its message with every number left
out (a message may name a line: "the same as the one on line 4"). No line or column goes
in. A secret's finding keeps its secret out of the file: only the hash is written, and the
message, which shows no secret.

Findings with equal fingerprints in one file (the same mistake pasted twice) are counted:
a baseline of one hides one of them, and the second is new.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path, PurePath

from hookc.check.driver import FileReport
from hookc.source.diagnostics import Diagnostic

VERSION = 1
_NUMBER = re.compile(r"\d+")


class BaselineError(ValueError):
    """A baseline file that cannot be read or written."""


def fingerprint(diagnostic: Diagnostic, hook_id: str) -> str:
    """The finding's fingerprint: 16 hex digits of a SHA-256 (``hookc.check.baseline``)."""
    text = diagnostic.source.text[diagnostic.span.start : diagnostic.span.end]
    message = _NUMBER.sub("#", diagnostic.message)
    key = "\0".join((diagnostic.code, hook_id, " ".join(text.split()), message))
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]


def path_key(path: str) -> str:
    """A report's path as a baseline writes it: normalised, with ``/``."""
    return PurePath(os.path.normpath(path)).as_posix()


def entries(reports: Sequence[FileReport]) -> Iterator[tuple[FileReport, Diagnostic, str]]:
    """Each finding with its fingerprint, file by file."""
    for report in reports:
        if not report.diagnostics:
            continue
        for diagnostic, hook_id in zip(report.diagnostics, report.hook_ids(), strict=True):
            yield report, diagnostic, fingerprint(diagnostic, hook_id)


def write_baseline(path: str | Path, reports: Sequence[FileReport]) -> int:
    """Record every finding of ``reports`` in ``path``; the number recorded."""
    findings = sorted(
        (
            {
                "path": path_key(report.path),
                "code": diagnostic.code,
                "fingerprint": print_,
                "message": diagnostic.message,
            }
            for report, diagnostic, print_ in entries(reports)
        ),
        key=lambda f: (f["path"], f["code"], f["fingerprint"], f["message"]),
    )
    text = json.dumps({"hookc-baseline": VERSION, "findings": findings}, indent=2) + "\n"
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BaselineError(f"{path}: cannot write the baseline: {exc.strerror or exc}") from None
    return len(findings)


def read_baseline(path: str | Path) -> Counter[tuple[str, str, str]]:
    """The findings a baseline file records, as (path, code, fingerprint) with counts."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise BaselineError(f"{path}: cannot read the baseline: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise BaselineError(f"{path}: not a hookc baseline (not JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("hookc-baseline") != VERSION:
        raise BaselineError(f"{path}: not a hookc baseline (written by --write-baseline)")
    findings = data.get("findings")
    keys = ("path", "code", "fingerprint")
    if not isinstance(findings, list) or not all(
        isinstance(f, dict) and all(isinstance(f.get(k), str) for k in keys) for f in findings
    ):
        raise BaselineError(f"{path}: its `findings` must be a list of path, code, fingerprint")
    return Counter((f["path"], f["code"], f["fingerprint"]) for f in findings)


def without_baseline(
    reports: Sequence[FileReport], known: Counter[tuple[str, str, str]]
) -> list[FileReport]:
    """The reports with the findings the baseline records left out (each recorded finding
    hides one finding of its fingerprint)."""
    left = Counter(known)
    hidden: set[int] = set()
    for _report, diagnostic, print_ in entries(reports):
        key = (path_key(_report.path), diagnostic.code, print_)
        if left[key] > 0:
            left[key] -= 1
            hidden.add(id(diagnostic))
    return [
        replace(report, diagnostics=tuple(d for d in report.diagnostics if id(d) not in hidden))
        for report in reports
    ]
