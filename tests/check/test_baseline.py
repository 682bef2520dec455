"""Baselines (``--write-baseline``, ``--baseline``), per-hook ignores for files without
comments, and ``hookc rule --file`` suggesting only what works for the file's format."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hookc.cli import main

SETTINGS = """{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bsh", "hooks": [{"type": "command", "command": "echo one"}]},
      {"matcher": "Edit", "hooks": [{"type": "command", "command": "echo two", "timout": 5}]}
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


def check(*extra: str) -> tuple[int, str, str]:
    return run("check", "--no-config", "--strict", ".claude/settings.json", *extra)


def test_a_baseline_makes_check_pass_and_a_new_finding_fails_it() -> None:
    assert check()[0] == 1
    status, _, err = check("--write-baseline", "base.json")
    assert status == 0 and "recorded 2 findings in base.json" in err
    recorded = json.loads(Path("base.json").read_text(encoding="utf-8"))
    assert [f["code"] for f in recorded["findings"]] == ["HK702", "HK704"]
    assert all("line" not in f for f in recorded["findings"])
    assert check("--baseline", "base.json") == (0, "", "")
    # A new mistake: a third group with an unknown field.
    path = Path(".claude/settings.json")
    path.write_text(
        SETTINGS.replace(
            '"timout": 5}]}',
            '"timout": 5}]},\n      {"hooks": [{"type": "command", "command": "x", "sync": 1}]}',
        ),
        encoding="utf-8",
    )
    status, out, _ = check("--baseline", "base.json")
    assert status == 1
    assert "`sync`" in out and "`timout`" not in out and "Bsh" not in out


def test_moving_lines_keeps_the_baseline() -> None:
    check("--write-baseline", "base.json")
    path = Path(".claude/settings.json")
    moved = "\n\n\n" + SETTINGS.replace('{"matcher": "Bsh"', '\n\n  {"matcher": "Bsh"')
    path.write_text(moved.replace("  ", "    "), encoding="utf-8")  # re-indented too
    assert check()[0] == 1
    assert check("--baseline", "base.json") == (0, "", "")


def test_the_same_mistake_twice_is_counted() -> None:
    path = Path(".claude/settings.json")
    path.write_text(SETTINGS.replace('"matcher": "Edit"', '"matcher": "Bsh"'), encoding="utf-8")
    check("--write-baseline", "base.json")
    # Three groups of the same mistake: the baseline knew two.
    three = SETTINGS.replace('"matcher": "Edit"', '"matcher": "Bsh"').replace(
        '"timout": 5}]}',
        '"timout": 5}]},\n      {"matcher": "Bsh", "hooks": [{"type": "command", "command": "z"}]}',
    )
    path.write_text(three, encoding="utf-8")
    status, out, _ = check("--baseline", "base.json", "--format", "json")
    assert status == 1
    assert [f["code"] for f in json.loads(out)] == ["HK702"]


def test_a_secret_is_not_written_into_the_baseline() -> None:
    key = "sk-ant-api03-" + "a1B2c3D4" * 12
    Path(".claude/settings.json").write_text(
        SETTINGS.replace("echo one", f"curl -H 'x-api-key: {key}' https://example.com"),
        encoding="utf-8",
    )
    check("--write-baseline", "base.json")
    text = Path("base.json").read_text(encoding="utf-8")
    assert "HK910" in text and key not in text and key[8:20] not in text


@pytest.mark.parametrize(
    ("content", "why"),
    [("not json", "not JSON"), ('{"findings": []}', "not a hookc baseline")],
)
def test_a_broken_baseline_is_a_usage_error(content: str, why: str) -> None:
    Path("base.json").write_text(content, encoding="utf-8")
    status, _, err = check("--baseline", "base.json")
    assert status == 2 and why in err


def test_a_missing_baseline_is_a_usage_error() -> None:
    status, _, err = check("--baseline", "nowhere.json")
    assert status == 2 and "cannot read the baseline" in err


# -- per-hook ignores ----------------------------------------------------------------------------


def configure(text: str) -> None:
    Path("hookc.toml").write_text(text, encoding="utf-8")


def test_per_hook_ignores_silence_a_warning_on_the_hooks_they_name() -> None:
    configure('[per-hook-ignores]\n".claude/settings.PreToolUse.0.*" = ["HK702"]\n')
    status, out, _ = run("check", "--strict", ".claude/settings.json", "--format", "json")
    found = [(f["code"], f["line"]) for f in json.loads(out)]
    assert found == [("HK704", 5)]
    assert status == 1
    configure('[per-hook-ignores]\n"*" = ["HK702", "unknown-handler-field"]\n')
    assert run("check", "--strict", ".claude/settings.json") == (0, "", "")


def test_a_per_hook_ignore_for_other_hooks_silences_nothing() -> None:
    configure('[per-hook-ignores]\n".claude/settings.PreToolUse.1.*" = ["HK702"]\n')
    _, out, _ = run("check", ".claude/settings.json", "--format", "json")
    assert [f["code"] for f in json.loads(out)] == ["HK702", "HK704"]


def test_per_hook_ignores_silence_no_error() -> None:
    Path(".claude/settings.json").write_text(SETTINGS.replace('"echo one"', "1"), encoding="utf-8")
    configure('[per-hook-ignores]\n"*" = ["ALL"]\n')
    status, out, _ = run("check", ".claude/settings.json")
    assert status == 1 and "error[HK303]" in out


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('per-hook-ignores = ["HK702"]\n', "`per-hook-ignores` must be a table"),
        ('[per-hook-ignores]\n"*" = ["HK999"]\n', "unknown rule `HK999`"),
        ('[per-hook-ignores]\n"*" = "HK702"\n', "must be a list of strings"),
    ],
)
def test_bad_per_hook_ignores_are_refused(text: str, why: str) -> None:
    configure(text)
    status, _, err = run("check", ".claude/settings.json")
    assert status == 2 and why in err


# -- hookc rule --file -------------------------------------------------------------------------


def test_rule_suggests_no_comment_for_a_json_file() -> None:
    status, out, _ = run("rule", "HK702", "--file", ".claude/settings.json")
    assert status == 0
    assert "hookc: ignore[" not in out
    assert '`[tool.hookc.per-hook-ignores]` `".claude/settings.*" = ["HK702"]`' in out


def test_rule_suggests_a_comment_for_a_yaml_file() -> None:
    out = run("rule", "HK505", "--file", "policies.hooks.yaml")[1]
    assert "`# hookc: ignore[HK505]` comment" in out
    assert "per-hook-ignores" not in out


def test_rule_without_a_file_says_comments_are_for_commented_formats() -> None:
    out = run("rule", "HK702")[1]
    assert "per-hook-ignores" in out and "JSON files, which have no comments" in out


def test_a_finding_is_on_the_innermost_hook_around_it_else_the_next() -> None:
    from hookc.check.owners import owner_ids
    from hookc.ir.hooks import Action, Hook
    from hookc.source import Source, Span
    from hookc.source.diagnostics import warning

    source = Source("x", "0123456789" * 3)
    action = Action("abort", {})
    hooks = [
        Hook(id="outer", event="e", condition=None, action=action, span=Span(2, 20)),
        Hook(id="inner", event="e", condition=None, action=action, span=Span(5, 9)),
        Hook(id="last", event="e", condition=None, action=action, span=Span(24, 28)),
    ]
    at = [Span(6, 8), Span(3, 4), Span(21, 22), Span(29, 30), Span(6, 6), Span(0, 1)]
    found = [warning("HK702", "m", source, span) for span in at]
    assert owner_ids(found, hooks) == ("inner", "outer", "last", "", "", "outer")
