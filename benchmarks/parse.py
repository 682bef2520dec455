"""How long the front end takes: the parser on the conditions people write, and the load of
a 1,000-hook file (read, YAML with positions, parse, lower), in one process, medians; then
the load phase by phase in CPU time with the cycle collector off (as ``hookc`` runs).

Run: python -m benchmarks.parse
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from benchmarks.build import hook_file
from benchmarks.harness import format_seconds, median_seconds
from hookc.cel.parser import parse, parse_within
from hookc.frontend.files import read_source
from hookc.frontend.load import load_file
from hookc.frontend.lower import lower_with_partial
from hookc.frontend.yaml_file import LOADER, load_yaml
from hookc.hosts import detect
from hookc.hosts.profile import load_profile

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


def load_phases(count: int, repeats: int = 9) -> dict[str, float]:
    """Median CPU seconds of each phase of ``load_file`` on a ``count``-hook file, in turn,
    each result kept until its time is taken (freeing it is not the phase's work)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "policies.hooks.yaml"
        path.write_text(hook_file(count), encoding="utf-8")
        source, _ = read_source(path)
        assert source is not None
        document, _ = load_yaml(source)
        assert document is not None
        profile = load_profile()
        whens = [hook.value["when"] for hook in document.value["hooks"].value]
        steps: dict[str, Callable[[], object]] = {
            "`load_file`, all of it": lambda: load_file(path),
            "format detection": lambda: detect(source.name, source.text),
            "YAML composed with positions (pyyaml)": lambda: yaml.compose(
                source.text, Loader=LOADER
            ),
            "YAML composed and made `Located`": lambda: load_yaml(source),
            "schema, lowering and the conditions' parse": lambda: lower_with_partial(
                document, source, profile
            ),
            "of it, the conditions' parse": lambda: [
                parse_within(source, when.span.start + 1, when.span.end - 1) for when in whens
            ],
        }
        times: dict[str, list[float]] = {label: [] for label in steps}
        for _ in range(repeats):
            for label, step in steps.items():
                parse.cache_clear()
                start = time.process_time()
                kept = step()
                times[label].append(time.process_time() - start)
                del kept
    return {label: statistics.median(found) for label, found in times.items()}


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
    print()
    gc.disable()
    phases = load_phases(1000)
    gc.enable()
    print("| `load_file` of `hook_file(1000)`, phase by phase | CPU time (median of 9) |")
    print("|---|---|")
    for label, seconds in phases.items():
        print(f"| {label} | {seconds * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
