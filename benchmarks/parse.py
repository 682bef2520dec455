"""How long the front end takes: the parser on the conditions people write, and the load of
a 1,000-hook file (read, YAML with positions, parse, lower), in one process, medians.

Run: python -m benchmarks.parse
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

from benchmarks.build import hook_file
from benchmarks.harness import format_seconds, median_seconds
from hookc.cel.parser import parse
from hookc.frontend.load import load_file

CONDITIONS = {
    "equality": "classification.category == 'rate_limited'",
    "conjunction with a comparison": "limit_code == 'spend_exceeded' && cost.spend > 10.0",
    "presence test": "has(error.headers['retry-after'])",
    "regex": "tool.input.command.matches('rm\\\\s+-rf')",
    "list membership": "tool.name in ['Bash', 'Write', 'Edit']",
    "four-way disjunction with a negation": (
        "tool == 'Bash' || tool == 'Write' || tool == 'Edit' || !(session.trusted)"
    ),
}


def _uncached(text: str) -> object:
    return parse.__wrapped__(text)  # parse() keeps results: a repeat would be a lookup


def file_load(count: int, repeats: int = 7) -> tuple[float, float]:
    """Median seconds of loading a ``count``-hook file and of parsing its conditions."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "policies.hooks.yaml"
        path.write_text(hook_file(count), encoding="utf-8")
        hookset = load_file(path).hookset
        assert hookset is not None and len(hookset.hooks) == count
        texts = [hook["when"] for hook in yaml.safe_load(path.read_text())["hooks"]]
        loads, parses = [], []
        for _ in range(repeats):
            parse.cache_clear()
            start = time.perf_counter()
            load_file(path)
            loads.append(time.perf_counter() - start)
            start = time.perf_counter()
            for text in texts:
                _uncached(text)
            parses.append(time.perf_counter() - start)
    return statistics.median(loads), statistics.median(parses)


def main() -> None:
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"Python {sys.version.split()[0]}, load average {load:.2f} at the start.")
    print()
    print("| condition | parse time (median) |")
    print("|---|---|")
    for name, text in CONDITIONS.items():
        assert parse(text).diagnostics == (), text
        seconds = median_seconds(lambda t=text: _uncached(t))
        print(f"| {name}: `{text}` | {format_seconds(seconds)} |")
    print()
    loaded, parsed = file_load(1000)
    print("| `benchmarks.build.hook_file(1000)` | time (median of 7) |")
    print("|---|---|")
    print(f"| `load_file`: read, YAML with positions, parse, lower | {format_seconds(loaded)} |")
    print(f"| of it, parsing the 1,000 `when` conditions | {format_seconds(parsed)} |")


if __name__ == "__main__":
    main()
