"""``--format gitlab`` (GitLab Code Quality, the Code Climate issue format) and
``--statistics`` (a count of findings per rule, as ruff's)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hookc.cli import main

SETTINGS = """{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bsh", "hooks": [{"type": "command", "command": "echo one", "timeout": 1}]},
      {"matcher": "Bsh", "hooks": [{"type": "command", "command": "echo two"}]},
      {"matcher": "bash", "hooks": [{"type": "command", "command": "sudo rm -rf /"}]}
    ]
  }
}
"""


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text(SETTINGS, encoding="utf-8")


def test_gitlab_issues_have_the_fields_gitlab_reads() -> None:
    status, out, _ = run("check", "--no-config", ".claude/settings.json", "--format", "gitlab")
    issues = json.loads(out)
    assert status == 0
    assert {tuple(sorted(issue)) for issue in issues} == {
        ("check_name", "description", "fingerprint", "location", "severity")
    }
    first = issues[0]
    assert first["location"] == {"path": ".claude/settings.json", "lines": {"begin": 4}}
    assert first["check_name"] == "HK702 matcher-matches-nothing"
    assert first["description"].startswith("HK702 the matcher `Bsh` matches no tool")
    assert {issue["severity"] for issue in issues} <= {"major", "minor"}
    # Unique in the report, the same finding pasted twice included.
    prints = [issue["fingerprint"] for issue in issues]
    assert len(set(prints)) == len(prints)


def gitlab() -> list[dict[str, object]]:
    issues: list[dict[str, object]] = json.loads(
        run("check", "--no-config", ".claude/settings.json", "--format", "gitlab")[1]
    )
    return issues


def test_gitlab_fingerprints_survive_moving_lines() -> None:
    before = gitlab()
    path = Path(".claude/settings.json")
    path.write_text("\n\n" + SETTINGS.replace("  ", "   "), encoding="utf-8")
    after = gitlab()
    assert [i["fingerprint"] for i in after] == [i["fingerprint"] for i in before]
    assert [i["location"] for i in after] != [i["location"] for i in before]


def test_an_error_is_a_major_issue_a_warning_minor() -> None:
    Path(".claude/settings.json").write_text(SETTINGS.replace('"echo one"', "1"), "utf-8")
    severities = {str(i["check_name"])[:5]: i["severity"] for i in gitlab()}
    assert severities["HK303"] == "major" and severities["HK702"] == "minor"


def test_statistics_count_findings_per_rule_most_first_and_mark_the_fixable() -> None:
    status, out, _ = run("check", "--no-config", ".claude/settings.json", "--statistics")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "2\tHK702\t    matcher-matches-nothing"
    assert "1\tHK703\t[*] matcher-case-mismatch" in lines
    assert sum(int(line.split("\t")[0]) for line in lines) == len(
        json.loads(run("check", "--no-config", ".claude/settings.json", "--format", "json")[1])
    )


def test_statistics_as_json() -> None:
    out = run("check", "--no-config", ".claude/settings.json", "--statistics", "--format", "json")
    rows = json.loads(out[1])
    assert rows[0] == {"code": "HK702", "name": "matcher-matches-nothing", "count": 2,
                       "fixable": False}  # fmt: skip


def test_statistics_of_a_clean_file_say_nothing() -> None:
    Path(".claude/settings.json").write_text('{"hooks": {}}', encoding="utf-8")
    assert run("check", "--no-config", ".claude/settings.json", "--statistics") == (0, "", "")
