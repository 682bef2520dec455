"""The checks and the optimizer of ``hookc compile``, phase by phase, in one process.

Run: python -m benchmarks.phases   (a few seconds)

Each repeat loads the file afresh (untimed) and makes a new ``Optimizer`` (with a new
reasoner), so that the checks meet the hooks as ``hookc compile`` does (new nodes: not even
their hashes are kept yet); then, in turn, the path checks (HK501, HK502), the logic checks
(HK503-HK505, which optimize every condition on the way), the optimizer as the back end then
asks it (the same optimizer, as in ``hookc compile``: its results are shared with the
checks, nearly free), and what ``check_inputs`` and the text reporter make of the
findings (suppressions, selection, de-duplication, order, rendering). CPU time, median of
9, the cycle collector off as in ``hookc``'s own runs. Files:
``benchmarks.build.hook_file(1000)`` (the compile benchmark's: 1,333 warnings) and
``benchmarks.check.many_hooks(1000)`` (four shapes of condition, trees, templates).
"""

from __future__ import annotations

import gc
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.build import hook_file
from benchmarks.check import many_hooks
from hookc.check.driver import FileReport
from hookc.check.logic import logic_diagnostics
from hookc.check.paths import path_diagnostics
from hookc.check.reporters import TextReporter
from hookc.check.select import Selection
from hookc.check.suppress import apply_suppressions
from hookc.frontend.load import load_file
from hookc.frontend.lower import Loaded
from hookc.optimize import Optimizer
from hookc.source.diagnostics import Diagnostic, in_order

REPEATS = 9


def phases(path: Path) -> dict[str, float]:
    """Median CPU seconds of each phase on the hooks of ``path``."""
    times: dict[str, list[float]] = {}
    for _ in range(REPEATS):
        for label, step in _steps(load_file(path), Optimizer()).items():
            start = time.process_time()
            step()
            times.setdefault(label, []).append(time.process_time() - start)
    found = {label: statistics.median(runs) for label, runs in times.items()}
    found["together"] = sum(found.values())
    return found


def _steps(loaded: Loaded, optimizer: Optimizer) -> dict[str, Callable[[], object]]:
    hookset, source = loaded.hookset, loaded.source
    assert hookset is not None and source is not None
    schema = loaded.profile.context_schema
    found: list[Diagnostic] = list(loaded.diagnostics)
    return {
        "path checks": lambda: found.extend(path_diagnostics(hookset, schema)),
        "logic checks (and the optimizer)": lambda: found.extend(
            logic_diagnostics(hookset, optimizer)
        ),
        "optimizer for the back end": lambda: optimizer.optimize_hooks(hookset.hooks),
        "findings: selected, sorted, printed": lambda: _printed(source.name, found, loaded),
    }


def _printed(path: str, found: list[Diagnostic], loaded: Loaded) -> str:
    """What ``check_inputs`` and the text reporter make of a file's findings."""
    assert loaded.source is not None and loaded.hookset is not None
    kept = apply_suppressions(loaded.source, loaded.hookset.hooks, found)
    kept = Selection().filter(path, kept)
    report = FileReport(path, in_order(kept))
    return TextReporter().render([report])


def main() -> None:
    gc.disable()
    print(f"load average {os.getloadavg()[0]:.2f} at the start")
    print()
    with tempfile.TemporaryDirectory() as folder:
        files = {
            "`hook_file(1000)`": hook_file(1000),
            "`many_hooks(1000)`": many_hooks(1000),
        }
        results = {}
        for name, text in files.items():
            path = Path(folder) / "policies.hooks.yaml"
            path.write_text(text, encoding="utf-8")
            results[name] = phases(path)
    labels = list(next(iter(results.values())))
    print("| phase | " + " | ".join(results) + " |")
    print("|---|" + "---|" * len(results))
    for label in labels:
        cells = " | ".join(f"{found[label] * 1000:.1f} ms" for found in results.values())
        print(f"| {label} | {cells} |")


if __name__ == "__main__":
    main()
