"""hookc.handlers never hangs or crashes its caller, whatever a command handler does: real
subprocesses that hang, flood their output, die by a signal, leave children behind, print
invalid JSON or refuse their input; and the decision each leads to is the tool's own.

The hang and the children are checked to leave nothing behind: every process of the
handler's group (its shell writes its pid, which is the group's id) is gone afterwards.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
from pathlib import Path

import pytest

from hookc import handlers
from tests.handlers.groups import command, live_members

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX process groups")

BASH = {"tool_name": "Bash", "tool_input": {"command": "rm -rf /tmp/x"}}


def group_of(pidfile: Path) -> int:
    return int(pidfile.read_text().split()[0])


def survivors(pidfile: Path) -> list[int]:
    """The group's members still running once SIGKILL, sent before the run returned, has
    had time to land (the kernel delivers it asynchronously)."""
    deadline = time.monotonic() + 2
    while (members := live_members(group_of(pidfile))) and time.monotonic() < deadline:
        time.sleep(0.01)
    return members


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_a_hanging_handler_is_killed_at_its_timeout_with_its_whole_group(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    hang = command(f"echo $$ > {pidfile}; sleep 60 & sleep 60", timeout=1)
    start = time.monotonic()
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("hang", hang)])
    elapsed = time.monotonic() - start
    (run,) = decision.runs
    assert elapsed < 2.0
    assert run.timed_out and run.signal == 9 and run.exit_code is None
    assert run.error == "timed out after 1 s"
    # Claude Code: a hook that times out is a non-blocking error; the call goes ahead.
    assert decision.verdict == "proceed"
    assert decision.messages == ("PreToolUse hook error (hang): timed out after 1 s",)
    assert survivors(pidfile) == []


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_children_left_running_do_not_hold_the_caller_and_do_not_outlive_the_run(
    tmp_path: Path,
) -> None:
    pidfile = tmp_path / "pid"
    # The background sleep keeps stdout open: waiting for end of output would take 30 s.
    forks = command(f"echo $$ > {pidfile}; sleep 30 & (sleep 30 &); echo started", timeout=20)
    start = time.monotonic()
    decision = handlers.run("claude_code", "SessionStart", {}, [("forks", forks)])
    assert time.monotonic() - start < 5
    (run,) = decision.runs
    assert run.exit_code == 0 and run.stdout == "started\n" and not run.timed_out
    assert decision.additional_context == "started"  # SessionStart: plain stdout is context
    assert survivors(pidfile) == []


def test_a_flood_of_output_is_bounded_and_the_exit_status_still_counts() -> None:
    flood = command("head -c 5000000 /dev/zero | tr '\\0' x; echo done >&2; exit 2")
    decision = handlers.run(
        "claude_code", "PreToolUse", BASH, [("flood", flood)], output_limit=10_000
    )
    (run,) = decision.runs
    assert run.truncated
    assert run.stdout == "x" * 10_000
    assert run.exit_code == 2
    assert decision.verdict == "deny" and decision.reason == "done"


def test_an_endless_flood_is_cut_off_by_the_timeout() -> None:
    decision = handlers.run(
        "docker_agent",
        "post_tool_use",
        {},
        [("yes", command("yes", timeout=1))],
        output_limit=4096,
    )
    (run,) = decision.runs
    assert run.timed_out and run.truncated and len(run.stdout) == 4096
    # docker-agent: a failed hook warns (on_error defaults to warn) on an event that is
    # not fail-closed.
    assert decision.verdict == "proceed"
    assert decision.messages == (
        "post_tool_use hook failed to execute: hook 'yes': timed out after 1 s",
    )


def test_a_handler_killed_by_a_signal_is_a_non_blocking_error() -> None:
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("killed", command("kill -9 $$"))])
    (run,) = decision.runs
    assert run.signal == 9 and run.exit_code is None and not run.timed_out
    assert run.error == "killed by signal 9"
    assert decision.verdict == "proceed"


def test_a_handler_killed_by_a_signal_fails_closed_on_docker_agents_pre_tool_use() -> None:
    decision = handlers.run("docker_agent", "pre_tool_use", BASH, [("k", command("kill -9 $$"))])
    assert decision.verdict == "deny"
    assert decision.reason == (
        "pre_tool_use hook failed to execute: hook 'kill -9 $$': killed by signal 9"
    )


def test_invalid_json_is_plain_text_to_claude_code_and_a_failure_to_docker_agent() -> None:
    broken = command('echo \'{"hookSpecificOutput": {"permissionDecision": "deny"\'')
    claude = handlers.run("claude_code", "PreToolUse", BASH, [("broken", broken)])
    assert claude.verdict == "proceed" and claude.runs[0].output is None
    assert claude.runs[0].error is None
    docker = handlers.run("docker_agent", "pre_tool_use", BASH, [("broken", broken)])
    assert docker.verdict == "deny"  # pre_tool_use fails closed
    assert docker.runs[0].error is not None
    assert docker.runs[0].error.startswith("invalid hook output")


def test_exit_2_blocks_with_stderr_as_the_reason_even_beside_a_json_allow() -> None:
    """The reference (2.1.214 and later): exit 2 blocks whatever the JSON says; the JSON is
    still read, and with no blocking reason of its own the message is stderr."""
    blocker = command(
        'echo \'{"hookSpecificOutput": {"hookEventName": "PreToolUse",'
        ' "permissionDecision": "allow", "additionalContext": "read anyway"}}\'; '
        "echo 'no recursive deletes' >&2; exit 2"
    )
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("b", blocker)])
    assert decision.verdict == "deny"
    assert decision.reason == "no recursive deletes"
    assert decision.runs[0].output is not None
    assert decision.additional_context == "read anyway"


def test_a_handler_that_never_reads_a_large_input_does_not_hang() -> None:
    context = {"tool_name": "Write", "tool_input": {"content": "x" * 3_000_000}}
    decision = handlers.run("claude_code", "PreToolUse", context, [("lazy", command("exit 0"))])
    assert decision.runs[0].exit_code == 0 and decision.verdict == "proceed"


def test_a_handler_reads_a_large_input_whole() -> None:
    context = {"tool_name": "Write", "tool_input": {"content": "y" * 3_000_000}}
    counts = command("wc -c")
    decision = handlers.run("docker_agent", "post_tool_use", context, [("wc", counts)])
    sent = json.dumps(
        {**context, "session_id": "", "cwd": os.getcwd(), "hook_event_name": "post_tool_use"}
    )
    assert int(decision.runs[0].stdout) == len(sent.encode())


def test_a_command_that_cannot_start_is_a_failed_handler(tmp_path: Path) -> None:
    missing = command("true", working_dir=str(tmp_path / "nowhere"))
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("m", missing)])
    (run,) = decision.runs
    assert run.error is not None and run.error.startswith("could not start:")
    assert decision.verdict == "proceed"


def overlap_commands(tmp_path: Path, count: int) -> list[tuple[str, dict[str, object]]]:
    """Handlers that record when they start and end, each taking 0.3 s."""
    return [
        (
            f"h{i}",
            command(
                f"date +%s.%N > {tmp_path}/{i}.start; sleep 0.3; date +%s.%N > {tmp_path}/{i}.end"
            ),
        )
        for i in range(count)
    ]


def intervals(tmp_path: Path, count: int) -> list[tuple[float, float]]:
    return [
        (float((tmp_path / f"{i}.start").read_text()), float((tmp_path / f"{i}.end").read_text()))
        for i in range(count)
    ]


def test_claude_code_runs_matching_handlers_at_once(tmp_path: Path) -> None:
    decision = handlers.run("claude_code", "PreToolUse", BASH, overlap_commands(tmp_path, 4))
    assert [run.exit_code for run in decision.runs] == [0, 0, 0, 0]
    spans = intervals(tmp_path, 4)
    assert max(start for start, _ in spans) < min(end for _, end in spans)  # all overlap


def test_the_registry_runs_handlers_one_after_another(tmp_path: Path) -> None:
    handlers.run("registry", "PostAbilityCall", {}, overlap_commands(tmp_path, 3))
    spans = intervals(tmp_path, 3)
    assert all(spans[i][1] <= spans[i + 1][0] for i in range(2))


def test_the_asyncio_api_runs_commands_and_coroutine_builtins_together(tmp_path: Path) -> None:
    async def note(payload: dict[str, object], action: object) -> dict[str, object]:
        await asyncio.sleep(0.3)
        event = payload["hook_event_name"]
        return {"hookSpecificOutput": {"hookEventName": event, "additionalContext": f"saw {event}"}}

    matches = [*overlap_commands(tmp_path, 2), ("note", {"type": "builtin", "command": "note"})]

    async def main() -> handlers.Decision:
        ticks = 0

        async def ticker() -> None:  # the event loop stays free while handlers run
            nonlocal ticks
            for _ in range(5):
                await asyncio.sleep(0.02)
                ticks += 1

        decision, _ = await asyncio.gather(
            handlers.arun(
                "claude_code",
                "UserPromptSubmit",
                {"prompt": "hi"},
                matches,
                builtins={"note": note},
            ),
            ticker(),
        )
        assert ticks == 5
        return decision

    decision = asyncio.run(main())
    spans = intervals(tmp_path, 2)
    assert max(start for start, _ in spans) < min(end for _, end in spans)
    assert decision.additional_context == "saw UserPromptSubmit"
    assert [run.kind for run in decision.runs] == ["command", "command", "builtin"]


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads /proc")
def test_cancelling_the_asyncio_call_kills_its_commands(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    hang = command(f"echo $$ > {pidfile}; sleep 60", timeout=120)

    async def main() -> None:
        task = asyncio.ensure_future(handlers.arun("claude_code", "Stop", {}, [("hang", hang)]))
        while not pidfile.exists() or not pidfile.read_text().strip():
            await asyncio.sleep(0.01)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    start = time.monotonic()
    asyncio.run(main())
    assert time.monotonic() - start < 5
    assert survivors(pidfile) == []


def test_a_builtin_that_raises_or_returns_nonsense_is_a_failed_handler() -> None:
    def broken(payload: dict[str, object], action: object) -> None:
        raise RuntimeError("no database")

    def chatty(payload: dict[str, object], action: object) -> str:
        return "allow"

    decision = handlers.run(
        "docker_agent",
        "pre_tool_use",
        BASH,
        [
            ("a", {"type": "builtin", "command": "broken"}),
            ("b", {"type": "builtin", "command": "chatty"}),
        ],
        builtins={"broken": broken, "chatty": chatty},
    )
    assert [run.error for run in decision.runs] == [
        "raised RuntimeError: no database",
        "returned str, not a dict or None",
    ]
    assert decision.verdict == "deny"  # pre_tool_use fails closed


def test_a_slow_coroutine_builtin_times_out() -> None:
    async def slow(payload: dict[str, object], action: object) -> None:
        await asyncio.sleep(30)

    start = time.monotonic()
    decision = handlers.run(
        "a3s",
        "pre_tool_use",
        {"tool": "Bash"},
        [("slow", {"type": "handler", "timeout_ms": 200})],
        builtins={"slow": slow},
    )
    assert time.monotonic() - start < 5
    assert decision.runs[0].timed_out
    assert decision.verdict == "deny"
    assert decision.reason == "Required hook 'slow' failed: timed out after 0.2 s"
