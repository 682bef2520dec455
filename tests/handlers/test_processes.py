"""hookc.handlers leaves no process behind and never raises for what it is given: a command
or a variable no process can be given, an interrupt, more handlers than descriptors, a
timeout too long for a selector, or a context with values JSON cannot say as they are.

Every handler that might outlive the run writes its shell's pid (its group's id) first;
the test then asserts the whole group is gone.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from hookc import handlers
from hookc.handlers import process
from tests import ROOT
from tests.handlers.groups import command, live_members

pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not os.path.isdir("/proc"), reason="POSIX groups, /proc"
)


def wait_for_pid(pidfile: Path, within: float = 20.0) -> int:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        text = pidfile.read_text().strip() if pidfile.exists() else ""
        if text:
            return int(text.split()[0])
        time.sleep(0.01)
    raise AssertionError(f"{pidfile} was never written")


def gone(pgid: int, within: float = 10.0) -> bool:
    """Whether group ``pgid`` has no running member once a SIGKILL sent before has landed
    (the bounds are generous: both return as soon as they can, and a loaded CI machine may
    take seconds to schedule a dying process)."""
    deadline = time.monotonic() + within
    while live_members(pgid) and time.monotonic() < deadline:
        time.sleep(0.01)
    return not live_members(pgid)


def sleeper(pidfile: Path, timeout: float = 1) -> dict[str, object]:
    return command(f"echo $$ > {pidfile}; sleep 30", timeout=timeout)


# -- item 3: what Popen refuses, and interrupts -------------------------------------------


@pytest.mark.parametrize(
    ("protocol", "event", "bad"),
    [
        ("claude_code", "PreToolUse", command("echo a\0b")),
        ("docker_agent", "post_tool_use", command("true", env={"A=B": "1"})),
        ("docker_agent", "post_tool_use", command("true", env={"A": "x\0y"})),
    ],
)
def test_a_command_popen_refuses_is_a_failed_run_and_its_siblings_are_reaped(
    tmp_path: Path, protocol: str, event: str, bad: dict[str, object]
) -> None:
    pidfile = tmp_path / "pid"
    matches = [("sibling", sleeper(pidfile)), ("bad", bad)]
    decision = handlers.run(protocol, event, {}, matches)
    sibling, refused = decision.runs
    assert sibling.timed_out
    assert refused.error is not None and refused.error.startswith("could not start:")
    assert refused.exit_code is None
    assert gone(wait_for_pid(pidfile))


def test_an_interrupt_while_handlers_run_kills_and_reaps_every_one(tmp_path: Path) -> None:
    pidfiles = [tmp_path / f"pid{i}" for i in range(3)]
    matches = [(f"h{i}", sleeper(p, timeout=60)) for i, p in enumerate(pidfiles)]

    def interrupt() -> None:
        for pidfile in pidfiles:
            wait_for_pid(pidfile)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        handlers.run("claude_code", "PreToolUse", {}, matches)
    assert time.monotonic() - start < 10
    assert all(gone(wait_for_pid(p)) for p in pidfiles)


def test_an_interrupt_between_handlers_run_in_order_leaves_none(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"

    def interrupt() -> None:
        wait_for_pid(pidfile)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        handlers.run("registry", "PreAbilityCall", {}, [("h", sleeper(pidfile, timeout=60))])
    assert gone(wait_for_pid(pidfile))


def test_a_stopping_signal_while_a_command_starts_still_kills_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The signal lands as Popen returns, before the command is recorded: `hookc run`'s
    handler waits until it is, so it is killed on the way out like the others."""
    from hookc.commands.run_support import Stopped, stopped_by_signals

    real = subprocess.Popen
    started: list[int] = []

    def popen_then_signal(*args: object, **options: object) -> subprocess.Popen[bytes]:
        child = real(*args, **options)  # type: ignore[call-overload]
        started.append(child.pid)
        os.kill(os.getpid(), signal.SIGTERM)  # handled at the next bytecode: in here
        return child  # type: ignore[no-any-return]

    monkeypatch.setattr(process.subprocess, "Popen", popen_then_signal)
    with stopped_by_signals(), pytest.raises(Stopped):
        handlers.run("registry", "PreAbilityCall", {}, [("h", command("sleep 30", timeout=60))])
    monkeypatch.undo()
    assert gone(started[0])


def test_ctrl_c_while_a_command_starts_still_kills_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """A program calling ``handlers.run`` with Python's own SIGINT handler: the interrupt
    lands as Popen returns, before the command is recorded, and the command is still killed
    on the way out (it used to run on, in a group of its own)."""
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    real = subprocess.Popen
    started: list[int] = []

    def popen_then_interrupt(*args: object, **options: object) -> subprocess.Popen[bytes]:
        child = real(*args, **options)  # type: ignore[call-overload]
        started.append(child.pid)
        os.kill(os.getpid(), signal.SIGINT)  # handled at the next bytecode: in here
        return child  # type: ignore[no-any-return]

    monkeypatch.setattr(process.subprocess, "Popen", popen_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        handlers.run("registry", "PreAbilityCall", {}, [("h", command("sleep 30", timeout=60))])
    monkeypatch.undo()
    assert gone(started[0])
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


# -- item 4: bounded concurrency ----------------------------------------------------------


def test_no_more_than_the_bound_run_at_once_and_every_one_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process, "MAX_AT_ONCE", 3)
    matches = [
        (
            f"h{i}",
            command(f"date +%s.%N > {tmp_path}/{i}.s; sleep 0.2; date +%s.%N > {tmp_path}/{i}.e"),
        )
        for i in range(7)
    ]
    decision = handlers.run("claude_code", "PreToolUse", {}, matches)
    assert [run.exit_code for run in decision.runs] == [0] * 7
    spans = [
        (float((tmp_path / f"{i}.s").read_text()), float((tmp_path / f"{i}.e").read_text()))
        for i in range(7)
    ]
    most = max(sum(s <= t < e for s, e in spans) for t, _ in spans)
    assert most <= 3


def test_more_handlers_than_descriptors_all_run_and_the_guard_still_denies() -> None:
    """Under a limit of 64 descriptors, 120 handlers: none is lost for want of one, so the
    guard that exits 2 (the last) still blocks."""
    script = textwrap.dedent(
        """
        import json, resource, sys
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
        from hookc import handlers
        matches = [(f"h{i}", {"type": "command", "command": f": {i}"}) for i in range(120)]
        matches.append(("guard", {"type": "command", "command": "echo no >&2; exit 2"}))
        decision = handlers.run("claude_code", "PreToolUse", {"tool_name": "Bash"}, matches)
        errors = [run.error for run in decision.runs if run.error]
        runs = len(decision.runs)
        print(json.dumps({"verdict": decision.verdict, "errors": errors[:3], "runs": runs}))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result == {"verdict": "deny", "errors": [], "runs": 121}


def test_a_start_refused_for_lack_of_descriptors_with_none_running_is_a_failed_run() -> None:
    """Nothing running to wait for: the failure is the handler's run, with its error."""
    script = textwrap.dedent(
        """
        import json, os, resource
        from hookc import handlers
        resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))
        held = []
        try:
            while True:
                held.append(os.open("/dev/null", os.O_RDONLY))
        except OSError:
            pass
        matches = [("guard", {"type": "command", "command": "exit 2"})]
        decision = handlers.run("claude_code", "PreToolUse", {"tool_name": "Bash"}, matches)
        print(json.dumps([run.error for run in decision.runs]))
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (error,) = json.loads(done.stdout)
    assert error.startswith("could not start:") and "open files" in error


# -- item 7: timeouts beyond what a selector takes ----------------------------------------


@pytest.mark.parametrize("timeout", [3_000_000, 1e12, math.inf])
def test_a_timeout_too_long_for_the_selector_still_runs(timeout: float) -> None:
    decision = handlers.run(
        "claude_code", "PreToolUse", {}, [("h", command("echo ok", timeout=timeout))]
    )
    (run,) = decision.runs
    assert run.exit_code == 0 and run.stdout == "ok\n"


def test_an_overriding_timeout_too_long_for_the_selector_still_runs() -> None:
    decision = handlers.run(
        "registry", "PreAbilityCall", {}, [("h", command("echo ok"))], timeout=1e7
    )
    assert decision.runs[0].stdout == "ok\n"


@pytest.mark.parametrize("timeout", [0, -1, math.nan])
def test_a_timeout_that_is_not_positive_is_refused_by_the_api(timeout: float) -> None:
    with pytest.raises(ValueError, match="timeout"):
        handlers.run("claude_code", "PreToolUse", {}, [], timeout=timeout)


# -- item 9: context values ---------------------------------------------------------------


def test_a_lone_surrogate_reaches_the_handler_as_a_json_escape() -> None:
    context = {"tool_input": {"command": "a\ud800b"}}
    decision = handlers.run("claude_code", "PreToolUse", context, [("h", command("cat"))])
    sent = json.loads(decision.runs[0].stdout)
    assert sent["tool_input"]["command"] == "a\ud800b"
    assert decision.runs[0].stdout.isascii()


def test_nan_and_infinities_reach_the_handler_as_null_which_is_json() -> None:
    context = {"score": math.nan, "limits": [math.inf, -math.inf, 1.5], "text": "é"}
    decision = handlers.run("claude_code", "PreToolUse", context, [("h", command("cat"))])
    stdout = decision.runs[0].stdout
    sent = json.loads(stdout, parse_constant=lambda name: pytest.fail(f"{name} sent"))
    assert sent["score"] is None and sent["limits"] == [None, None, 1.5] and sent["text"] == "é"


def test_a_string_tool_input_with_a_docker_agent_rewrite_does_not_raise() -> None:
    answer = '{"hook_specific_output": {"updated_input": {"path": "/tmp"}}}'
    decision = handlers.run(
        "docker_agent",
        "pre_tool_use",
        {"tool_name": "shell", "tool_input": "ls"},
        [("h", command(f"echo '{answer}'"))],
    )
    assert decision.runs[0].error is None
    assert decision.updated_input == {"path": "/tmp"}


# -- item 11: the payload is encoded once -------------------------------------------------


def test_the_payload_is_encoded_once_for_every_handler_of_an_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from hookc.handlers import execute

    calls = []
    real = execute.encode_payload

    def counted(payload: object) -> bytes:
        calls.append(1)
        return real(payload)  # type: ignore[arg-type]

    monkeypatch.setattr(execute, "encode_payload", counted)
    matches = [(f"h{i}", command(f"exit {i % 2}")) for i in range(20)]
    handlers.run("claude_code", "PreToolUse", {"big": "x" * 100_000}, matches)
    assert len(calls) == 1
    calls.clear()
    handlers.run("registry", "PreAbilityCall", {"big": "x"}, matches[:5])
    assert len(calls) == 1  # in order, with an unchanged payload
