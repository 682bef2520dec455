"""Broken JSON hook files get the finding that names their mistake, at its line and column,
not "unknown kind of hook file" (HK201): invalid JSON (HK214), events at the top level
(HK230), `hooks` misspelt (HK231), events no host has (HK402)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hookc.check.fix import fix_source
from hookc.frontend.load import load_file
from hookc.source import Source

HANDLERS = '[{"matcher": "Bash", "hooks": [{"type": "command", "command": "echo checked"}]}]'


def findings(path: Path) -> list[tuple[str, int, int]]:
    loaded = load_file(path)
    return [(d.code, *d.location) for d in loaded.diagnostics]


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize("name", ["plugin/hooks/hooks.json", "hooks.json", "my-hooks.json"])
def test_invalid_json_gives_its_line_and_column(tmp_path: Path, name: str) -> None:
    if name.startswith("plugin/"):
        (tmp_path / "plugin" / ".claude-plugin").mkdir(parents=True)
    # No Claude Code event in Claude Code's casing: no host claims it by its content.
    text = '{\n  "version": 1,\n  "hooks": {"stop": [{"command": "./a.sh"},]}\n}\n'
    assert findings(write(tmp_path, name, text)) == [("HK214", 3, 44)]


@pytest.mark.parametrize("name", ["plugin/hooks/hooks.json", "hooks.json"])
def test_events_at_the_top_level(tmp_path: Path, name: str) -> None:
    if name.startswith("plugin/"):
        (tmp_path / "plugin" / ".claude-plugin").mkdir(parents=True)
    text = '{\n  "PreToolUse": ' + HANDLERS + "\n}\n"
    assert findings(write(tmp_path, name, text)) == [("HK230", 2, 3)]


def test_hooks_misspelt_in_claude_settings(tmp_path: Path) -> None:
    """A settings file without hooks is valid, and was silent with `"hook"` too."""
    text = '{\n  "model": "opus",\n  "hook": {"PreToolUse": ' + HANDLERS + "}\n}\n"
    path = write(tmp_path, ".claude/settings.json", text)
    loaded = load_file(path)
    assert [(d.code, *d.location) for d in loaded.diagnostics] == [("HK231", 3, 3)]
    assert fix_source(Source(str(path), text))[1] == 0  # the fix is unsafe
    fixed, applied = fix_source(Source(str(path), text), unsafe=True)
    assert (fixed.text, applied) == (text.replace('"hook"', '"hooks"'), 1)
    assert findings(write(tmp_path, ".claude/settings.json", fixed.text)) == []


def test_events_at_the_top_level_of_claude_settings(tmp_path: Path) -> None:
    text = '{\n  "permissions": {"allow": []},\n  "Stop": ' + HANDLERS + "\n}\n"
    assert findings(write(tmp_path, ".claude/settings.local.json", text)) == [("HK230", 3, 3)]


def test_settings_without_hooks_stay_clean(tmp_path: Path) -> None:
    text = '{\n  "model": "opus",\n  "permissions": {"allow": ["Bash(ls:*)"]}\n}\n'
    assert findings(write(tmp_path, ".claude/settings.json", text)) == []


def test_cursor_file_without_version(tmp_path: Path) -> None:
    text = '{\n  "hooks": {"beforeShellExecution": [{"command": "true"}]}\n}\n'
    assert findings(write(tmp_path, ".cursor/hooks.json", text)) == [("HK740", 1, 1)]


def test_unknown_event_in_an_unclaimed_file(tmp_path: Path) -> None:
    text = '{\n  "hooks": {\n    "BeforeTools": ' + HANDLERS + "\n  }\n}\n"
    loaded = load_file(write(tmp_path, "team-hooks.json", text))
    assert [(d.code, *d.location) for d in loaded.diagnostics] == [("HK402", 3, 5)]
    assert loaded.diagnostics[0].hint == "did you mean `BeforeTool` (gemini-cli, tabnine)?"


def test_a_json_file_with_nothing_of_hooks_is_still_of_unknown_kind(tmp_path: Path) -> None:
    path = write(tmp_path, "package.json", '{"name": "x", "version": "1.0.0"}\n')
    assert findings(path) == [("HK201", 1, 1)]
