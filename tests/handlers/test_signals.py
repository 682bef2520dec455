"""``hookc run`` stopped by a signal: every handler it started is killed and reaped, it
exits with the shell's status for the signal (130 SIGINT, 143 SIGTERM, 129 SIGHUP) and
says so in one line, without a traceback.

Each run is a real ``python -m hookc run`` whose handler writes its shell's pid (its
process group's id) and sleeps; the signal goes to hookc once the pid is there.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import ROOT
from tests.handlers.groups import live_members

pytestmark = pytest.mark.skipif(
    sys.platform == "win32" or not os.path.isdir("/proc"), reason="POSIX signals, /proc"
)


def wait_for_pids(pidfiles: list[Path], process: subprocess.Popen[str]) -> list[int]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        texts = [p.read_text().strip() if p.exists() else "" for p in pidfiles]
        if all(texts):
            return [int(t) for t in texts]
        if process.poll() is not None:
            raise AssertionError(f"hookc run ended first: {process.communicate()}")
        time.sleep(0.02)
    raise AssertionError("the handlers never wrote their pids")


def start_run(tmp_path: Path, protocol: str, count: int) -> tuple[subprocess.Popen[str], list[int]]:
    pidfiles = [tmp_path / f"pid{i}" for i in range(count)]
    hooks = "".join(
        f"  - id: h{i}\n    event: E\n"
        f"    action: {{type: command, command: 'echo $$ > {p}; sleep 30', timeout: 60}}\n"
        for i, p in enumerate(pidfiles)
    )
    (tmp_path / "hooks.yaml").write_text(f"profile: claude-code\nhooks:\n{hooks}")
    (tmp_path / "ctx.json").write_text(json.dumps({}))
    argv = ["run", "hooks.yaml", "--event", "E", "--context", "ctx.json", "--protocol", protocol]
    process = subprocess.Popen(
        [sys.executable, "-m", "hookc", *argv],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    return process, wait_for_pids(pidfiles, process)


@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)],
)
@pytest.mark.parametrize(("protocol", "count"), [("claude_code", 2), ("registry", 1)])
def test_a_signal_kills_every_handler_and_exits_with_one_line(
    tmp_path: Path, signum: int, status: int, protocol: str, count: int
) -> None:
    process, groups = start_run(tmp_path, protocol, count)
    try:
        process.send_signal(signum)
        _, err = process.communicate(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == status
    assert "Traceback" not in err
    assert (
        err
        == f"hookc: stopped by {signal.Signals(signum).name}; every handler started was killed\n"
    )
    deadline = time.monotonic() + 2
    while any(live_members(g) for g in groups) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert [live_members(g) for g in groups] == [[]] * count


def test_a_timeout_beyond_the_selectors_range_runs() -> None:
    from tests.cli.test_run import run

    status, _, err = run(
        "run",
        str(ROOT / "examples/run/guard.hooks.yaml"),
        "--protocol",
        "claude_code",
        "--event",
        "PreToolUse",
        "--context",
        str(ROOT / "examples/run/ls.json"),
        "--timeout",
        "1e7",
    )
    assert status == 0, err


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("inf", "--timeout must be a finite number of seconds"),
        ("nan", "--timeout must be a positive number of seconds"),
        ("-5", "--timeout must be a positive number of seconds"),
    ],
)
def test_a_timeout_that_is_not_a_finite_positive_number_is_a_usage_error(
    value: str, message: str
) -> None:
    from tests.cli.test_run import run

    status, _, err = run(
        "run",
        str(ROOT / "examples/run/guard.hooks.yaml"),
        "--protocol",
        "claude_code",
        "--event",
        "PreToolUse",
        "--context",
        str(ROOT / "examples/run/ls.json"),
        f"--timeout={value}",
    )
    assert status == 2
    assert err.startswith(f"hookc: error: {message}") and err.count("\n") == 1
