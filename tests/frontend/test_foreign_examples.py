"""examples/claude-code/ and examples/docker-agent/: what hookc prints for them, exactly.

Each case is a command line run from the repository root and the golden file holding its
output (``HOOKC_UPDATE_GOLDEN=1`` rewrites the goldens); ``compile --target yaml`` is
compared by the canonical file it writes.
"""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from hookc.cli import main
from tests import ROOT

UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"
SETTINGS = "examples/claude-code/project/.claude/settings.json"
PLUGIN = "examples/claude-code/plugin/hooks/hooks.json"
CURRENT = "examples/claude-code/current/.claude/settings.json"  # Claude Code 2.1's vocabulary
AGENT = "examples/docker-agent/agent.yaml"

CASES = {
    "examples/claude-code/check.expected": ("check", SETTINGS, PLUGIN),
    "examples/claude-code/eval-bash-rm.expected": (
        "eval", SETTINGS, "--event", "PreToolUse",
        "--context", "examples/claude-code/bash-rm.json", "--explain",
    ),
    "examples/claude-code/check-current.expected": ("check", CURRENT),
    "examples/claude-code/eval-current-edit.expected": (
        "eval", CURRENT, "--event", "PostToolUse",
        "--context", "examples/claude-code/edit-file.json", "--explain",
    ),
    "examples/claude-code/eval-mcp-issue.expected": (
        "eval", SETTINGS, "--event", "PostToolUse",
        "--context", "examples/claude-code/mcp-issue.json", "--explain",
    ),
    # The plugin's secret scan has `if: Bash(git commit:*)`: not for `ls`, but for a commit
    # that is the second subcommand.
    "examples/claude-code/eval-if-ls.expected": (
        "eval", PLUGIN, "--event", "PreToolUse",
        "--context", "examples/claude-code/bash-ls.json", "--explain",
    ),
    "examples/claude-code/eval-if-commit.expected": (
        "eval", PLUGIN, "--event", "PreToolUse",
        "--context", "examples/claude-code/bash-commit.json",
    ),
    "examples/docker-agent/check.expected": ("check", AGENT),
    "examples/docker-agent/eval-github-call.expected": (
        "eval", AGENT, "--event", "pre_tool_use",
        "--context", "examples/docker-agent/github-call.json", "--explain",
    ),
    "examples/docker-agent/eval-shell-call.expected": (
        "eval", AGENT, "--event", "post_tool_use",
        "--context", "examples/docker-agent/shell-call.json", "--explain",
    ),
}  # fmt: skip

CANONICAL = {
    "examples/claude-code/settings.hooks.yaml": SETTINGS,
    "examples/claude-code/hooks.hooks.yaml": PLUGIN,
    "examples/docker-agent/agent.hooks.yaml": AGENT,
}


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def compare_or_update(golden: Path, actual: str) -> None:
    if UPDATE:
        golden.write_bytes(actual.encode("utf-8"))
        return
    assert golden.exists(), f"{golden} is missing: run with HOOKC_UPDATE_GOLDEN=1"
    assert actual == golden.read_bytes().decode("utf-8")


@pytest.mark.parametrize("golden", sorted(CASES))
def test_the_example_prints_exactly_its_golden_file(
    golden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    status, out, err = run(*CASES[golden])
    assert status == 0
    if CASES[golden][0] == "eval":  # eval reports a file's warnings as check does, on stderr
        assert err == run("check", CASES[golden][1])[1]
    else:
        assert err == ""
    compare_or_update(ROOT / golden, out)


@pytest.mark.parametrize("golden", sorted(CANONICAL))
def test_the_example_compiles_to_its_canonical_yaml(
    golden: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(ROOT)
    name = Path(golden).name.removesuffix(".hooks.yaml")
    status, _, err = run("compile", CANONICAL[golden], "-o", str(tmp_path), "--name", name,
                         "--target", "yaml")  # fmt: skip
    assert status == 0, err
    compare_or_update(ROOT / golden, (tmp_path / f"{name}.hooks.yaml").read_text("utf-8"))


def test_the_canonical_yaml_checks_clean_with_the_profile_it_declares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    status, out, _ = run("check", *CANONICAL)
    assert status == 0
    assert "error[" not in out and "warning[" not in out, out


def test_the_example_scripts_are_executable_except_the_one_the_check_names() -> None:
    scripts = sorted((ROOT / "examples").glob("*/**/*.sh"))
    assert scripts
    not_executable = [p.name for p in scripts if not os.access(p, os.X_OK)]
    assert not_executable == ["save-notes.sh"]  # HK707 in examples/claude-code/check.expected


def test_a_compiled_module_returns_the_handlers_that_would_run_in_order(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from tests.properties import load

    monkeypatch.chdir(ROOT)
    status, _, err = run("compile", SETTINGS, "-o", str(tmp_path), "--name", "claude")
    assert status == 0, err
    module = load((tmp_path / "claude.py").read_text("utf-8"))
    assert module.evaluate_all("PreToolUse", {"tool_name": "Bash"}) == [
        (
            "examples/claude-code/project/.claude/settings.PreToolUse.0.0",
            {
                "type": "command",
                "command": '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard-bash.sh',
                "timeout": 10,
                "async": False,
                "asyncRewake": False,
                "shell": "bash",
                "statusMessage": "Checking the command",
                "once": False,
            },
        )
    ]
    assert [
        hook_id for hook_id, _ in module.evaluate_all("PreToolUse", {"tool_name": "Write"})
    ] == ["examples/claude-code/project/.claude/settings.PreToolUse.1.0"]
    assert module.evaluate_all("PreToolUse", {"tool_name": "Grep"}) == []


def test_a_profile_given_on_the_command_line_overrides_detection(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(ROOT)
    status, out, _ = run("check", "--profile", "default", SETTINGS)
    assert status == 1
    assert "error[HK201]: the profile `default` reads native files" in out
    assert "not a `.json` file" in out
    status, out, _ = run("check", "--profile", "claude-code", AGENT)
    assert status == 1 and "error[HK201]: the profile `claude-code` reads claude-code" in out
    status, out, _ = run("check", "--profile", "docker-agent", AGENT)
    assert status == 0 and "error[" not in out
