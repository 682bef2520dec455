"""Wall time of `hookc check` as a user meets it: a new interpreter each run, start-up included.

Run: python -m benchmarks.check   (medians of 7 runs; writes its inputs to a temp folder)
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATEGORIES = ("transient", "rate_limited", "permanent", "auth", "quota")


def many_hooks(count: int) -> str:
    """A realistic hook file of ``count`` hooks: four shapes of condition, templates, trees."""
    lines = ["hooks:"]
    for i in range(count):
        lines.append(f"  - id: h{i}")
        match i % 4:
            case 0:
                lines += [
                    "    event: error",
                    f"    priority: {i % 7}",
                    f"    when: \"classification.category == '{CATEGORIES[i % 5]}_{i}'"
                    f" && error.code != 'E{i}'\"",
                    "    action: {type: retry, max_attempts: 3, backoff_policy: exponential}",
                ]
            case 1:
                lines += [
                    "    event: limit",
                    "    condition:",
                    "      all:",
                    f"        - {{path: limit_code, op: eq, value: code_{i}}}",
                    f"        - {{path: limit_value, op: gt, value: {i}.5}}",
                    "    action: {type: escalate, target: user_approval, timeout_seconds: 7200}",
                ]
            case 2:
                lines += [
                    "    event: context_window_pressure",
                    f"    when: pressure_ratio > 0.{i % 9 + 1} and tokens_used < {1000 + i}",
                    "    action:",
                    "      type: call_directive",
                    f"      directive: app/compact_{i}",
                    '      parameters: {ratio: "${pressure_ratio}", '
                    'note: "used ${tokens_used} of ${max_tokens}"}',
                ]
            case _:
                lines += [
                    "    event: error",
                    f"    when: \"error.message.matches('timeout.*{i}') || "
                    f"error.type in ['A{i}', 'B{i}', 'C{i}']\"",
                    "    action: {type: emit_event, event_type: app/err,"
                    ' payload: {kind: "${error.type}"}}',
                ]
    return "\n".join(lines) + "\n"


def wall_time(path: Path, repeats: int = 7) -> tuple[float, int]:
    # As an installed tool runs: with its bytecode cached (pip compiles it at install), so
    # PYTHONDONTWRITEBYTECODE is dropped and one untimed run writes the cache.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    command = [sys.executable, "-m", "hookc", "check", str(path)]
    subprocess.run(command, capture_output=True, cwd=ROOT, env=env)
    runs = []
    status = 0
    for _ in range(repeats):
        start = time.perf_counter()
        done = subprocess.run(command, capture_output=True, cwd=ROOT, env=env)
        runs.append(time.perf_counter() - start)
        status = done.returncode
    return statistics.median(runs), status


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        big = Path(folder) / "hooks.yaml"
        big.write_text(many_hooks(1000), encoding="utf-8")
        cases = {
            "one small file (examples/seed/hooks.yaml, 4 hooks)": ROOT / "examples/seed/hooks.yaml",
            f"1,000 hooks ({big.stat().st_size // 1024} KB)": big,
        }
        print("| `hookc check` on | wall time, start-up included (median of 7) | exit |")
        print("|---|---|---|")
        for name, path in cases.items():
            seconds, status = wall_time(path)
            print(f"| {name} | {seconds:.2f} s | {status} |")


if __name__ == "__main__":
    main()
