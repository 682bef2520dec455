"""``hookc run --protocol copilot`` and ``--protocol vscode`` with real handler scripts:
what each is given on stdin and how its answer and exit status read."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path
from typing import Any

from hookc import handlers
from hookc.cli import main


def script(folder: Path, name: str, body: str) -> str:
    path = folder / name
    path.write_text("#!/bin/sh\n" + body, encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def run(protocol: str, event: str, context: dict[str, Any], *actions: dict[str, Any]) -> Any:
    matches = [(f"h{i}", action) for i, action in enumerate(actions)]
    return handlers.run(protocol, event, context, matches)


def test_copilot_gives_the_camel_case_payload_and_reads_a_deny(tmp_path: Path) -> None:
    seen = tmp_path / "stdin.json"
    guard = script(
        tmp_path,
        "guard.sh",
        f'cat > {seen}\necho \'{{"permissionDecision": "deny", '
        '"permissionDecisionReason": "no rm"}\'\n',
    )
    decision = run(
        "copilot",
        "preToolUse",
        {"toolName": "bash", "toolArgs": {"command": "rm"}},
        {"type": "command", "bash": guard},
    )
    assert (decision.verdict, decision.reason) == ("deny", "no rm")
    given = json.loads(seen.read_text())
    assert given["toolName"] == "bash" and isinstance(given["timestamp"], int)
    assert "sessionId" in given and "hook_event_name" not in given


def test_copilot_pascal_case_events_get_the_vs_code_payload_and_answer(tmp_path: Path) -> None:
    seen = tmp_path / "stdin.json"
    guard = script(
        tmp_path,
        "guard.sh",
        f'cat > {seen}\necho \'{{"hookSpecificOutput": '
        '{"permissionDecision": "ask", "updatedInput": {"command": "ls"}}}\'\n',
    )
    decision = run(
        "copilot",
        "PreToolUse",
        {"tool_name": "bash", "tool_input": {}},
        {"type": "command", "command": guard},
    )
    assert decision.verdict == "ask"
    assert decision.updated_input == {"command": "ls"}
    given = json.loads(seen.read_text())
    assert given["hook_event_name"] == "PreToolUse" and given["timestamp"].endswith("Z")


def test_copilot_rewrites_arguments_with_modified_args(tmp_path: Path) -> None:
    rewrite = script(
        tmp_path, "rewrite.sh", 'echo \'{"modifiedArgs": {"command": "rtk git status"}}\'\n'
    )
    decision = run(
        "copilot", "preToolUse", {"toolName": "bash"}, {"type": "command", "bash": rewrite}
    )
    assert decision.verdict == "proceed"
    assert decision.updated_input == {"command": "rtk git status"}


def test_copilot_is_fail_open(tmp_path: Path) -> None:
    broken = script(tmp_path, "broken.sh", "echo oops >&2\nexit 1\n")
    garbage = script(tmp_path, "garbage.sh", "echo not json\n")
    slow = script(tmp_path, "slow.sh", "sleep 5\n")
    warn = script(tmp_path, "warn.sh", "echo careful >&2\nexit 2\n")
    decision = run(
        "copilot",
        "preToolUse",
        {"toolName": "bash"},
        {"type": "command", "bash": broken},
        {"type": "command", "bash": garbage},
        {"type": "command", "bash": slow, "timeoutSec": 0.5},
        {"type": "command", "bash": warn},
    )
    assert decision.verdict == "proceed" and decision.allowed
    assert [run.failed for run in decision.runs] == [True, True, True, False]
    assert any("careful" in message for message in decision.messages)


def test_copilot_any_deny_wins_and_permission_requests_deny_by_exit_2(tmp_path: Path) -> None:
    allow = script(tmp_path, "allow.sh", 'echo \'{"permissionDecision": "allow"}\'\n')
    deny = script(tmp_path, "deny.sh", 'echo \'{"permissionDecision": "deny"}\'\n')
    both = run(
        "copilot",
        "preToolUse",
        {"toolName": "bash"},
        {"type": "command", "bash": allow},
        {"type": "command", "bash": deny},
    )
    assert both.verdict == "deny"
    refuse = script(tmp_path, "refuse.sh", 'echo \'{"message": "not here"}\'\nexit 2\n')
    permission = run(
        "copilot", "permissionRequest", {"toolName": "bash"}, {"type": "command", "bash": refuse}
    )
    assert (permission.verdict, permission.reason) == ("deny", "not here")
    stop = script(tmp_path, "stop.sh", 'echo \'{"behavior": "deny", "interrupt": true}\'\n')
    assert (
        run(
            "copilot", "permissionRequest", {"toolName": "bash"}, {"type": "command", "bash": stop}
        ).verdict
        == "stop"
    )


def test_copilot_agent_stop_blocks_and_a_powershell_only_entry_does_not_run(tmp_path: Path) -> None:
    block = script(
        tmp_path, "block.sh", 'echo \'{"decision": "block", "reason": "run the tests"}\'\n'
    )
    decision = run(
        "copilot",
        "agentStop",
        {},
        {"type": "command", "bash": block},
        {"type": "command", "powershell": "Write-Output hi"},
    )
    assert (decision.verdict, decision.reason) == ("deny", "run the tests")
    assert len(decision.runs) == 1 and "Windows" in decision.skipped[0]


def test_vscode_blocks_on_exit_2_and_picks_the_platforms_command(tmp_path: Path) -> None:
    seen = tmp_path / "stdin.json"
    block = script(tmp_path, "block.sh", f"cat > {seen}\necho 'rm is not allowed' >&2\nexit 2\n")
    decision = run(
        "vscode",
        "PreToolUse",
        {"tool_name": "run_in_terminal"},
        {"type": "command", "command": "exit 0", "linux": block, "osx": block},
    )
    assert decision.verdict == "deny" and "rm is not allowed" in (decision.reason or "")
    given = json.loads(seen.read_text())
    assert given["hookEventName"] == "PreToolUse" and "sessionId" in given


def test_vscode_reads_claude_style_json_and_the_most_restrictive_wins(tmp_path: Path) -> None:
    def answer(decision: str) -> str:
        return script(
            tmp_path,
            f"{decision}.sh",
            'echo \'{"hookSpecificOutput": {"hookEventName": '
            f'"PreToolUse", "permissionDecision": "{decision}"}}}}\'\n',
        )

    decision = run(
        "vscode",
        "PreToolUse",
        {"tool_name": "x"},
        {"type": "command", "bash": answer("allow")},
        {"type": "command", "bash": answer("ask")},
    )
    assert decision.verdict == "ask"


def test_run_host_copilot_on_a_hooks_file(tmp_path: Path) -> None:
    hooks = tmp_path / ".github" / "hooks"
    hooks.mkdir(parents=True)
    deny = script(
        tmp_path,
        "deny.sh",
        'echo \'{"permissionDecision": "deny", '
        '"permissionDecisionReason": "blocked by policy"}\'\n',
    )
    (hooks / "guard.json").write_text(
        json.dumps(
            {
                "version": 1,
                "hooks": {"preToolUse": [{"type": "command", "matcher": "bash", "bash": deny}]},
            }
        )
    )
    context = tmp_path / "call.json"
    context.write_text(json.dumps({"toolName": "bash", "toolArgs": {"command": "rm -rf /"}}))
    out, err = io.StringIO(), io.StringIO()
    status = main(
        [
            "run",
            str(hooks / "guard.json"),
            "--event",
            "preToolUse",
            "--context",
            str(context),
            "--format",
            "json",
        ],
        stdout=out,
        stderr=err,
    )
    assert status == 0, err.getvalue()
    shown = json.loads(out.getvalue())
    assert (shown["protocol"], shown["verdict"], shown["reason"]) == (
        "copilot",
        "deny",
        "blocked by policy",
    )
    context.write_text(json.dumps({"toolName": "edit"}))
    out = io.StringIO()
    main(
        [
            "run",
            str(hooks / "guard.json"),
            "--event",
            "preToolUse",
            "--context",
            str(context),
            "--format",
            "json",
        ],
        stdout=out,
        stderr=err,
    )
    assert json.loads(out.getvalue())["runs"] == []  # the matcher `bash` does not hold


def test_run_host_vscode_runs_a_bash_guard_on_every_tool(tmp_path: Path) -> None:
    claude = tmp_path / ".claude"
    claude.mkdir()
    block = script(tmp_path, "block.sh", "echo 'not now' >&2\nexit 2\n")
    (claude / "settings.json").write_text(
        json.dumps(
            {
                "hooks": {
                    "PreToolUse": [
                        {"matcher": "Bash", "hooks": [{"type": "command", "command": block}]}
                    ]
                }
            }
        )
    )
    context = tmp_path / "call.json"
    context.write_text(json.dumps({"tool_name": "replace_string_in_file", "tool_input": {}}))
    argv = [
        "run",
        str(claude / "settings.json"),
        "--event",
        "PreToolUse",
        "--context",
        str(context),
        "--format",
        "json",
    ]
    for host, verdict in (("claude-code", "proceed"), ("vscode", "deny")):
        out, err = io.StringIO(), io.StringIO()
        assert main([*argv, "--host", host], stdout=out, stderr=err) == 0, err.getvalue()
        assert json.loads(out.getvalue())["verdict"] == verdict, host
