"""One file, several hosts: a Claude Code settings file read for Claude Code, Copilot and
VS Code (``--host``, ``hosts`` and ``per-file-hosts`` in the configuration), the places
where they disagree reported with their positions, and ``eval --host all``."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from hookc.cli import main

SETTINGS = {
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo guard"}]},
            {"matcher": "Edit|Write", "hooks": [{"type": "command", "command": "echo fmt"}]},
        ],
        "Notification": [{"hooks": [{"type": "command", "command": "echo ping"}]}],
        "Stop": [{"hooks": [{"type": "agent", "prompt": "Are the tests green?"}]}],
    }
}
_FINDING = re.compile(r"^\S+:(\d+):(\d+): (?:warning|error)\[(HK\d+)\]: (.*)$", re.MULTILINE)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / ".claude").mkdir()
    (tmp_path / ".claude" / "settings.json").write_text(json.dumps(SETTINGS, indent=2) + "\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def findings(text: str) -> list[tuple[str, int, int, str]]:
    return [
        (code, int(line), int(col), message.split(":")[0])
        for line, col, code, message in _FINDING.findall(text)
    ]


def test_the_hosts_disagreements_are_reported_at_their_places(project: Path) -> None:
    status, out, _ = run("check", "--host", "claude-code,copilot,vscode", ".claude/settings.json")
    assert status == 0
    assert findings(out) == [
        ("HK750", 5, 20, "the hosts disagree on `Bash`"),  # Copilot: ^(?:Bash)$ over `bash`
        ("HK752", 5, 20, "under vscode"),  # VS Code: the Bash guard runs on every tool
        ("HK750", 14, 20, "the hosts disagree on `Edit|Write`"),
        ("HK752", 14, 20, "under vscode"),
        ("HK753", 23, 5, "under copilot"),  # Notification: neither fires it
        ("HK753", 23, 5, "under vscode"),
        ("HK754", 37, 21, "under copilot"),  # an agent handler: neither has one
        ("HK754", 37, 21, "under vscode"),
    ]
    assert "it selects none of copilot's tools (ask_user, bash, create, edit" in out
    assert "hint: for copilot: write `bash`" in out


def test_a_claude_settings_file_is_claude_codes_alone_by_default(project: Path) -> None:
    _, out, _ = run("check", ".claude/settings.json")
    assert findings(out) == []


def test_hosts_in_the_configuration_and_per_file(project: Path) -> None:
    (project / "hookc.toml").write_text('hosts = ["claude-code", "copilot"]\n')
    _, out, _ = run("check", ".claude/settings.json")
    assert [f[0] for f in findings(out)] == ["HK750", "HK750", "HK753", "HK754"]
    (project / "hookc.toml").write_text(
        'hosts = ["claude-code", "copilot"]\n[per-file-hosts]\n".claude/settings*.json" = '
        '["claude-code", "vscode"]\n'
    )
    _, out, _ = run("check", ".claude/settings.json")
    assert [f[0] for f in findings(out)] == ["HK752", "HK752", "HK753", "HK754"]
    _, out, _ = run("check", "--host", "copilot", ".claude/settings.json")  # --host wins
    assert [f[0] for f in findings(out)] == ["HK703", "HK703", "HK402", "HK754"]


def test_a_configured_host_that_does_not_load_a_file_leaves_it_to_its_own(
    project: Path,
) -> None:
    (project / ".gemini").mkdir()
    (project / ".gemini" / "settings.json").write_text('{"hooks": {}}')
    (project / "hookc.toml").write_text('hosts = "all"\n')
    status, out, _ = run("check", ".gemini/settings.json", ".claude/settings.json")
    assert status == 0
    assert all(".claude" in line for line in out.splitlines() if "warning[" in line)


def test_eval_answers_as_each_host_side_by_side(project: Path) -> None:
    (project / "call.json").write_text('{"tool_name": "bash", "tool_input": {"command": "ls"}}')
    argv = ("eval", ".claude/settings.json", "--event", "PreToolUse", "--context", "call.json")
    status, out, _ = run(*argv, "--host", "all")
    assert status == 0
    sections = re.split(r"^== (\S+) ==$", out, flags=re.MULTILINE)[1:]
    answers = {
        host: json.loads(text) for host, text in zip(sections[::2], sections[1::2], strict=True)
    }
    fired = {host: [hit["id"] for hit in hits] for host, hits in answers.items()}
    assert fired == {
        "claude-code": [],  # `Bash` is one exact name, and Copilot's tool is `bash`
        "copilot": [],  # ^(?:Bash)$ does not match `bash` either
        "vscode": [".claude/settings.PreToolUse.0.0", ".claude/settings.PreToolUse.1.0"],
    }


def test_eval_host_copilot_answers_as_copilot(project: Path) -> None:
    (project / "call.json").write_text('{"tool_name": "Bash"}')
    argv = ("eval", ".claude/settings.json", "--event", "PreToolUse", "--context", "call.json")
    _, copilot, _ = run(*argv, "--host", "copilot", "--explain")
    assert 'tool_name matcher "Bash"  ->  true' in copilot
    _, vscode, _ = run(*argv, "--host", "vscode", "--explain")
    assert vscode.count("no condition: always true") == 2


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (("--host", "nobody"), "unknown host 'nobody'"),
        (("--host", "copilot", "--profile", "copilot"), "--host and --profile"),
    ],
)
def test_host_usage_errors(project: Path, argv: tuple[str, ...], message: str) -> None:
    status, _, err = run("check", *argv, ".claude/settings.json")
    assert status == 2 and message in err
