"""The fuzz target at length: ``python -m tests.fuzz [--minutes 20] [--jobs 2] [--budget 5]``.

Each job runs the targets in turn (every front end, ``hookc.runtime.loads``, expressions,
documents aliases make large, every protocol's handlers on hostile answers),
in batches of Hypothesis examples with fresh random seeds, until the time is up; a finding
(an undocumented exception, a case over the budget) is shrunk, printed and written to
``fuzz-findings.txt``, and the run goes on. The closing line counts the cases.
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import sys
import time
import traceback
from typing import Any

from hypothesis import HealthCheck, given, settings

from tests.fuzz import targets

_BATCH = 50


def _targets(budget: float) -> list[tuple[str, Any]]:
    counted = [0]

    def files(front_end: targets.FrontEnd) -> Any:
        @given(targets.mutated(front_end.seeds), targets.contexts)
        def case(text: str, context: dict[str, Any]) -> None:
            counted[0] += 1
            targets.file_case(front_end, text, context, budget)

        return case

    @given(targets.mutated(targets.CANONICAL_SEEDS), targets.contexts)
    def runtime(text: str, context: dict[str, Any]) -> None:
        counted[0] += 1
        targets.runtime_case(text, context, budget)

    @given(targets.expressions, targets.contexts)
    def expressions(text: str, context: dict[str, Any]) -> None:
        counted[0] += 1
        targets.expression_case(text, context, budget)

    @given(targets.expanded(), targets.contexts)
    def expanded(text: str, context: dict[str, Any]) -> None:
        counted[0] += 1
        targets.expanded_case(text, context, budget)

    @given(targets.handler_runs(), targets.contexts)
    def handlers(run: tuple[str, str, list[tuple[bytes, int]]], context: dict[str, Any]) -> None:
        counted[0] += 1
        targets.handler_case(*run, context, budget)

    found = [(f.name, files(f)) for f in targets.FRONT_ENDS]
    found += [("runtime.loads", runtime), ("expressions", expressions)]
    found += [("expanded documents", expanded), ("handlers", handlers)]
    _targets.counted = counted  # type: ignore[attr-defined]
    return found


def _job(number: int, seconds: float, budget: float, results: Any) -> None:
    gc.disable()  # as hookc's CLI runs
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    batch = settings(
        max_examples=_BATCH,
        deadline=None,
        database=None,  # each batch draws fresh random examples
        suppress_health_check=list(HealthCheck),
        report_multiple_bugs=False,
    )
    runs = [(name, batch(test)) for name, test in _targets(budget)]
    counted = _targets.counted  # type: ignore[attr-defined]
    findings = 0
    deadline = time.monotonic() + seconds
    turn = number
    while time.monotonic() < deadline:
        name, test = runs[turn % len(runs)]
        turn += 1
        try:
            test()
        except Exception:
            findings += 1
            report = f"[job {number}] {name}:\n{traceback.format_exc()}\n"
            print(report, file=sys.stderr, flush=True)
            with open("fuzz-findings.txt", "a", encoding="utf-8") as handle:
                handle.write(report)
        gc.collect()
    results.put((counted[0], findings))


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.fuzz", description=__doc__)
    parser.add_argument("--minutes", type=float, default=20.0)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget", type=float, default=5.0, help="seconds a case may take")
    args = parser.parse_args()
    results: Any = multiprocessing.Queue()
    jobs = [
        multiprocessing.Process(target=_job, args=(n, args.minutes * 60, args.budget, results))
        for n in range(args.jobs)
    ]
    started = time.monotonic()
    for job in jobs:
        job.start()
    totals = [results.get() for _ in jobs]
    for job in jobs:
        job.join()
    cases = sum(count for count, _ in totals)
    findings = sum(found for _, found in totals)
    minutes = (time.monotonic() - started) / 60
    print(
        f"fuzz: {cases:,} cases in {minutes:.1f} min on {args.jobs} jobs "
        f"({', '.join(f.name for f in targets.FRONT_ENDS)}, runtime.loads, expressions, "
        "expanded documents, handlers); "
        f"{findings} findings"
    )
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
