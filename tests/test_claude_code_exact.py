"""Claude Code files read exactly: derived ids unique per file, MCP matchers, matchers
hookc cannot run, and hooks in skill and agent front matter."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from hookc.cli import main
from hookc.frontend.discover import expand
from hookc.frontend.load import load_file

ROOT = Path(__file__).resolve().parent.parent
REPO = ROOT / "tests" / "fixtures" / "claude-code-repo"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- derived ids: unique per file -------------------------------------------------------


def test_a_repository_with_two_plugins_and_two_settings_files_checks_clean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(REPO)
    assert len(expand(["."])) == 4  # both plugins' hooks.json and both settings files
    status, out, _ = run("check", "--strict", ".")
    assert "HK401" not in out
    assert (status, out) == (0, "")


def test_derived_ids_name_the_file_relative_to_the_working_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(REPO)
    ids = {
        name: [hook.id for hook in load_file(name).hookset.hooks]  # type: ignore[union-attr]
        for name in ("./plugins/guard/hooks/hooks.json", ".claude/settings.local.json")
    }
    assert ids == {
        "./plugins/guard/hooks/hooks.json": [
            "plugins/guard/hooks/hooks.PreToolUse.0.0",
            "plugins/guard/hooks/hooks.PostToolUse.0.0",
        ],
        ".claude/settings.local.json": [
            ".claude/settings.local.PreToolUse.0.0",
            ".claude/settings.local.Notification.0.0",
        ],
    }
    # The same file named another way has the same ids.
    absolute = load_file(str(REPO / ".claude" / "settings.local.json")).hookset
    assert absolute is not None
    assert [hook.id for hook in absolute.hooks] == ids[".claude/settings.local.json"]


def test_user_and_project_settings_checked_together_do_not_collide(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    user = write(home / ".claude" / "settings.json", (REPO / ".claude/settings.json").read_text())
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(REPO)
    status, out, _ = run("check", ".claude/settings.json", str(user))
    assert status == 0, out
    hookset = load_file(str(user)).hookset
    assert hookset is not None
    assert hookset.hooks[0].id == "~/.claude/settings.PreToolUse.0.0"
