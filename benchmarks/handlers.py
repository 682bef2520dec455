"""``hookc.handlers`` timed against a bare ``subprocess.run`` of the same command.

Run: python -m benchmarks.handlers   (one process; about half a minute)

1. Overhead: one trivial handler (``cat > /dev/null``: it reads the event and exits 0),
   run by ``handlers.run`` against ``subprocess.run`` of the same command under the same
   shell with the same JSON on stdin and both outputs captured: with Claude Code's protocol
   (bash) and with the registry's (``/bin/sh``, the cheapest shell to start, so the
   overhead's largest share). The two calls alternate, one of each in turn, 801 times, and
   the medians of the single calls are compared (target: within 10%): on a shared machine
   whose load drifts, calls timed side by side see the same conditions.
2. Concurrency: 8 handlers of 100 ms (``sleep 0.1``) matching one event, wall time of
   ``handlers.run``, median of repeats (target: under 200 ms).

The machine is shared: the load average is printed beside the figures.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import time
from collections.abc import Callable

from hookc import handlers

CONTEXT = {
    "session_id": "6f1c2d1e-bench",
    "cwd": os.getcwd(),
    "tool_name": "Bash",
    "tool_input": {"command": "ls -la build/", "description": "List the build folder"},
    "tool_use_id": "toolu_bench",
}
TRIVIAL = "cat > /dev/null"


BASH = shutil.which("bash") or "/bin/bash"
MATCHES = [("trivial", {"type": "command", "command": TRIVIAL, "timeout": 600})]


def bare(shell: str, payload: dict[str, object]) -> Callable[[], None]:
    stdin = json.dumps(payload).encode()

    def call() -> None:
        subprocess.run([shell, "-c", TRIVIAL], input=stdin, capture_output=True, check=False)

    return call


def through_handlers(protocol: str, event: str) -> Callable[[], None]:
    def call() -> None:
        decision = handlers.run(protocol, event, CONTEXT, MATCHES)
        assert decision.runs[0].exit_code == 0

    return call


PAIRS = {
    "claude_code (bash)": (
        bare(BASH, {**CONTEXT, "hook_event_name": "PreToolUse"}),
        through_handlers("claude_code", "PreToolUse"),
    ),
    "registry (/bin/sh)": (
        bare("/bin/sh", {**CONTEXT, "event_type": "PreAbilityCall"}),
        through_handlers("registry", "PreAbilityCall"),
    ),
}


def alternating(
    functions: dict[str, Callable[[], None]], rounds: int, calls: int
) -> dict[str, tuple[float, float]]:
    """(median, lower quartile) seconds a call of each function, over rounds timed in turn.
    The quartile is steadier where a shell's start-up time is bimodal under load."""
    times: dict[str, list[float]] = {name: [] for name in functions}
    for _ in range(rounds):
        for name, function in functions.items():
            start = time.perf_counter()
            for _ in range(calls):
                function()
            times[name].append((time.perf_counter() - start) / calls)
    return {
        name: (statistics.median(values), statistics.quantiles(values, n=4)[0])
        for name, values in times.items()
    }


def concurrent_wall(count: int, repeats: int) -> list[float]:
    matches = [
        (f"sleep{i}", {"type": "command", "command": f"sleep 0.1 # {i}"}) for i in range(count)
    ]
    walls = []
    for _ in range(repeats):
        start = time.perf_counter()
        decision = handlers.run("claude_code", "PreToolUse", CONTEXT, matches)
        walls.append(time.perf_counter() - start)
        assert [run.exit_code for run in decision.runs] == [0] * count
    return walls


def main() -> None:
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("1. one trivial handler (`cat > /dev/null`), medians of 801 alternating calls")
    for label, (plain, hooked) in PAIRS.items():
        for function in (plain, hooked):  # warm up: imports, page cache
            for _ in range(20):
                function()
        timed = alternating({"subprocess.run": plain, "handlers.run": hooked}, 801, 1)
        (bare_median, bare_low), (run_median, run_low) = timed.values()
        print(
            f"   {label:<19} median: subprocess.run {bare_median * 1e3:.3f} ms, handlers.run "
            f"{run_median * 1e3:.3f} ms, {(run_median / bare_median - 1) * 100:+.1f}% "
            "(target: within 10%)"
        )
        print(
            f"   {'':<19} lower quartile: {bare_low * 1e3:.3f} ms, {run_low * 1e3:.3f} ms, "
            f"{(run_low / bare_low - 1) * 100:+.1f}%"
        )
    walls = concurrent_wall(8, 31)
    print("2. 8 concurrent handlers of `sleep 0.1`, wall time of handlers.run over 31 runs")
    print(
        f"   median {statistics.median(walls) * 1e3:.1f} ms, "
        f"min {min(walls) * 1e3:.1f} ms, max {max(walls) * 1e3:.1f} ms (target: under 200 ms)"
    )
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
