"""``hookc run --protocol cursor``: real handler scripts (in tmp_path) answering as Cursor's
protocol says: ``permission`` allow/deny/ask, exit 2, failures that fail open unless
``failClosed``, ``updated_input``, ``followup_message`` and ``loop_limit``, timeouts."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path
from typing import Any

from hookc import handlers
from hookc.cli import main


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\ncat > /dev/null\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def run(event: str, context: dict[str, Any], *actions: dict[str, Any]) -> handlers.Decision:
    matches = [(f"h{i}", {"type": "command", **a}) for i, a in enumerate(actions)]
    return handlers.run("cursor", event, context, matches, timeout=None)


SHELL = {"command": "git push"}


def test_permission_answers_merge_deny_over_ask_over_allow(tmp_path: Path) -> None:
    allow = script(tmp_path, "allow.sh", """echo '{"permission": "allow"}'""")
    ask = script(tmp_path, "ask.sh", """echo '{"permission": "ask", "user_message": "sure?"}'""")
    deny = script(
        tmp_path, "deny.sh", """echo '{"permission": "deny", "agent_message": "no pushes"}'"""
    )
    assert run("beforeShellExecution", SHELL, {"command": allow}).verdict == "allow"
    assert run("beforeShellExecution", SHELL, {"command": allow}, {"command": ask}).verdict == "ask"
    decision = run("beforeShellExecution", SHELL, {"command": ask}, {"command": deny})
    assert (decision.verdict, decision.reason) == ("deny", "no pushes")
    assert [n.text for n in decision.notices] == ["sure?", "no pushes"]


def test_exit_2_denies_with_stderr_as_the_reason(tmp_path: Path) -> None:
    blocker = script(tmp_path, "block.sh", "echo 'pushing is off' >&2; exit 2")
    decision = run("preToolUse", {"tool_name": "Shell"}, {"command": blocker})
    assert (decision.verdict, decision.reason) == ("deny", "pushing is off")
    # An event that asks no permission cannot be blocked.
    assert run("afterShellExecution", SHELL, {"command": blocker}).verdict == "proceed"


def test_a_failing_handler_fails_open_unless_fail_closed(tmp_path: Path) -> None:
    broken = script(tmp_path, "broken.sh", "echo 'not json'; exit 0")
    crash = script(tmp_path, "crash.sh", "exit 1")
    for command in (broken, crash):
        open_ = run("beforeReadFile", {"file_path": ".env"}, {"command": command})
        assert open_.verdict == "proceed" and open_.messages
        closed = run(
            "beforeReadFile", {"file_path": ".env"}, {"command": command, "failClosed": True}
        )
        assert closed.verdict == "deny"
    silent = script(tmp_path, "silent.sh", "exit 0")
    assert run("preToolUse", {}, {"command": silent, "failClosed": True}).verdict == "deny"
    assert run("preToolUse", {}, {"command": silent}).verdict == "proceed"


def test_a_timeout_fails_open_or_closed(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", "sleep 5")
    decision = run("beforeShellExecution", SHELL, {"command": slow, "timeout": 0.3})
    assert decision.verdict == "proceed" and decision.runs[0].timed_out
    decision = run(
        "beforeShellExecution", SHELL, {"command": slow, "timeout": 0.3, "failClosed": True}
    )
    assert decision.verdict == "deny"


def test_updated_input_and_the_payload_cursor_sends(tmp_path: Path) -> None:
    echo = script(
        tmp_path,
        "rewrite.sh",
        """echo '{"permission": "allow", "updated_input": {"command": "git push --dry-run"}}'""",
    )
    decision = run("beforeShellExecution", SHELL, {"command": echo})
    assert decision.updated_input == {"command": "git push --dry-run"}
    seen = tmp_path / "seen.json"
    spy = tmp_path / "spy.sh"
    spy.write_text(f"#!/bin/sh\ncat > {seen}\n", encoding="utf-8")
    spy.chmod(0o755)
    run("beforeShellExecution", SHELL, {"command": str(spy)})
    payload = json.loads(seen.read_text(encoding="utf-8"))
    assert payload["hook_event_name"] == "beforeShellExecution"
    assert payload["command"] == "git push"
    assert {"conversation_id", "generation_id", "workspace_roots"} <= payload.keys()


def test_follow_ups_stop_at_the_loop_limit(tmp_path: Path) -> None:
    again = script(tmp_path, "again.sh", """echo '{"followup_message": "run the tests"}'""")
    decision = run("stop", {"loop_count": 1}, {"command": again})
    assert decision.output == {"followup_message": "run the tests"}
    assert run("stop", {"loop_count": 5}, {"command": again}).output is None  # default 5
    assert run("stop", {"loop_count": 2}, {"command": again, "loop_limit": 2}).output is None
    unlimited = run("stop", {"loop_count": 99}, {"command": again, "loop_limit": None})
    assert unlimited.output == {"followup_message": "run the tests"}


def test_hookc_run_speaks_cursors_protocol_on_a_hooks_file(tmp_path: Path) -> None:
    deny = script(tmp_path, "deny.sh", """echo '{"permission": "deny", "user_message": "no"}'""")
    hooks = tmp_path / ".cursor" / "hooks.json"
    hooks.parent.mkdir()
    hooks.write_text(
        json.dumps(
            {"version": 1, "hooks": {"preToolUse": [
                {"command": deny, "matcher": "Shell"},
                {"command": "exit 2", "matcher": "Write"},
            ]}}
        ),
        encoding="utf-8",
    )  # fmt: skip
    context = tmp_path / "ctx.json"
    context.write_text('{"tool_name": "Shell", "tool_input": {"command": "rm -rf /"}}')
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["run", str(hooks), "--event", "preToolUse", "--context", str(context),
         "--protocol", "cursor", "--format", "json", "--cwd", str(tmp_path)],
        stdout=out, stderr=err,
    )  # fmt: skip
    assert status == 0, err.getvalue()
    decision = json.loads(out.getvalue())
    assert decision["verdict"] == "deny"
    assert [r["target"] for r in decision["runs"]] == [deny]
