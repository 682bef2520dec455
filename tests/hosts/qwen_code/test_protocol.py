"""`hookc run` on a Qwen Code settings file: Claude Code's answers, millisecond command
timeouts, `QWEN_PROJECT_DIR` (real handler scripts written into the test's folder)."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path
from typing import Any

from hookc.cli import main


def script(folder: Path, name: str, body: str) -> str:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def run_hooks(tmp_path: Path, handlers: list[dict[str, Any]]) -> dict[str, Any]:
    project = tmp_path / "project"
    (project / ".qwen").mkdir(parents=True, exist_ok=True)
    settings = project / ".qwen" / "settings.json"
    group = {"matcher": "run_shell_command", "hooks": handlers}
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [group]}}))
    context = tmp_path / "context.json"
    context.write_text(
        json.dumps({"tool_name": "run_shell_command", "tool_input": {"command": "rm -rf /"}})
    )
    out, err = io.StringIO(), io.StringIO()
    argv = ["run", str(settings), "--event", "PreToolUse", "--context", str(context)]
    status = main([*argv, "--format", "json", "--cwd", str(project)], stdout=out, stderr=err)
    assert status == 0, err.getvalue()
    decision: dict[str, Any] = json.loads(out.getvalue())
    return decision


def command(path: str, **extra: Any) -> dict[str, Any]:
    return {"type": "command", "command": path, **extra}


def test_a_qwen_file_runs_by_its_own_protocol(tmp_path: Path) -> None:
    allow = script(tmp_path, "allow.sh", "exit 0")
    assert run_hooks(tmp_path, [command(allow)])["protocol"] == "qwen-code"


def test_a_deny_answer_and_exit_2_block_the_call(tmp_path: Path) -> None:
    answer = {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                     "permissionDecision": "deny",
                                     "permissionDecisionReason": "no rm"}}  # fmt: skip
    deny = script(tmp_path, "deny.sh", f"echo '{json.dumps(answer)}'")
    decision = run_hooks(tmp_path, [command(deny)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "no rm")
    two = script(tmp_path, "two.sh", "echo 'rm is refused' >&2; exit 2")
    decision = run_hooks(tmp_path, [command(two)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "rm is refused")


def test_an_allow_answer_lets_the_call_through(tmp_path: Path) -> None:
    answer = {"hookSpecificOutput": {"hookEventName": "PreToolUse",
                                     "permissionDecision": "allow"}}  # fmt: skip
    allow = script(tmp_path, "allow.sh", f"echo '{json.dumps(answer)}'")
    decision = run_hooks(tmp_path, [command(allow)])
    assert decision["verdict"] == "allow" and decision["allowed"]


def test_a_command_timeout_is_milliseconds(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", "sleep 5; echo 'rm is refused' >&2; exit 2")
    decision = run_hooks(tmp_path, [command(slow, timeout=300)])  # 0.3 s, not 300 s
    assert decision["allowed"]  # a timeout is a non-blocking error, as in Claude Code
    (run,) = decision["runs"]
    assert "timed out" in str(run["error"])


def test_the_project_folder_is_in_the_environment(tmp_path: Path) -> None:
    show = script(tmp_path, "show.sh", 'echo "$QWEN_PROJECT_DIR" >&2; exit 2')
    decision = run_hooks(tmp_path, [command(show)])
    assert decision["reason"] == str(tmp_path / "project")
