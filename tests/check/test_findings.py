"""Findings do not hide each other: a schema error in one hook leaves that hook's other
mistakes and every other hook's findings to be reported, and ``check``, ``compile`` and
``eval`` print the same findings the same way (sorted, with hints and a count)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.test_examples import run

MANY_MISTAKES = """\
hooks:
  - id: a
    event: error
    priority: high
    when: "x = 1"
    action: {type: retry, max_attempts: "3", colour: red}
  - id: c
    event: limit
    when: "limit_code == 'a' && limit_code == 'b'"
    action: {type: abort}
"""
CODES = [
    ("error", "HK205", 4),  # priority is no integer
    ("error", "HK101", 5),  # in the same hook: `=` for `==`
    ("error", "HK303", 6),  # max_attempts is a string
    ("error", "HK302", 6),  # no parameter `colour`
    ("warning", "HK503", 9),  # another hook: never true
]
_FINDING = re.compile(r"^\S+:(\d+):\d+: (error|warning)\[(HK\d{3})\]", re.MULTILINE)


def findings(text: str) -> list[tuple[str, str, int]]:
    return [(kind, code, int(line)) for line, kind, code in _FINDING.findall(text)]


def test_a_schema_error_hides_neither_its_hook_s_other_mistakes_nor_other_hooks_warnings(
    tmp_path: Path,
) -> None:
    path = tmp_path / "policies.yaml"
    path.write_text(MANY_MISTAKES)
    status, out, _ = run("check", str(path))
    assert status == 1
    assert findings(out) == CODES
    assert out.endswith("4 errors, 1 warning (1 file checked)\n")


def test_check_compile_and_eval_print_the_same_findings(tmp_path: Path) -> None:
    path = tmp_path / "policies.yaml"
    path.write_text(MANY_MISTAKES)
    _, checked, _ = run("check", str(path))
    status, compiled, _ = run("compile", str(path), "-o", str(tmp_path / "build"))
    assert status == 1 and compiled == checked
    context = tmp_path / "context.json"
    context.write_text("{}")
    status, evaluated, _ = run("eval", str(path), "--event", "error", "--context", str(context))
    assert status == 1 and evaluated == checked


def test_eval_reports_warnings_on_standard_error_and_still_answers(tmp_path: Path) -> None:
    path = tmp_path / "policies.yaml"
    path.write_text(
        "hooks:\n  - id: c\n    event: limit\n"
        "    when: \"limit_code == 'a' && limit_code == 'b'\"\n    action: {type: abort}\n"
    )
    context = tmp_path / "context.json"
    context.write_text("{}")
    status, out, err = run("eval", str(path), "--event", "limit", "--context", str(context))
    assert status == 0 and out == "null\n"
    assert findings(err) == [("warning", "HK503", 4)]
    assert err.endswith("0 errors, 1 warning (1 file checked)\n")
