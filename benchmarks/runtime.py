"""``hookc.runtime`` timed against the compiled module and hand-written Python.

Run: python -m benchmarks.runtime   (one process, medians of repeats; about a minute)

1. One condition: ``runtime.predicates[id](ctx)`` (closures made from canonical YAML)
   against the compiled module's predicate and the hand-written function of
   ``benchmarks.backend`` for the same six conditions.
2. Dispatch: ``evaluate_hooks(event, ctx)`` for 10 to 10,000 hooks, runtime and compiled.
3. Start-up: a new interpreter importing ``hookc.runtime`` (start-up subtracted), and
   ``hookc.runtime.load`` of a 1,000-hook canonical file, in process.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import hookc.runtime
from benchmarks.backend import (
    CONDITIONS,
    CONTEXTS,
    HAND_WRITTEN,
    SHA,
    X,
    dispatch_contexts,
    geometric_mean,
    load_module,
    ns,
    per_call,
)
from benchmarks.check import many_hooks
from benchmarks.harness import format_seconds, median_seconds
from hookc.backend.canonical import canonical_yaml
from hookc.backend.python import generate
from hookc.cel.parser import parse
from hookc.frontend.load import load_file
from hookc.ir.hooks import Action, Hook, HookSet


def hookset_of(conditions: dict[str, str], event: str) -> HookSet:
    return HookSet(
        tuple(
            Hook(name, event, parse(text).expr, Action("continue"))
            for name, text in conditions.items()
        )
    )


def predicates_table() -> list[float]:
    hookset = hookset_of(CONDITIONS, "error")
    module = load_module(generate(hookset, source_sha256=SHA, sources=()), "bench_rt_predicates")
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    print("### 1. One condition: runtime closures, compiled predicate, hand-written Python")
    print()
    print(
        "ns per call, measured as in the back end's table 1 (21 rounds, every cell timed in "
        "turn, the empty loop subtracted). Each cell is *holds / does not hold*; the ratios "
        "use the mean of the two."
    )
    print()
    print(
        "| condition | runtime | compiled | hand-written "
        "| runtime / compiled | runtime / hand-written |"
    )
    print("|---|---|---|---|---|---|")
    to_compiled = []
    to_hand = []
    for name, text in CONDITIONS.items():
        functions = {
            "r": runtime.predicates[name],
            "c": module.predicates[name],
            "h": HAND_WRITTEN[name],
        }
        holds, fails = CONTEXTS[name]
        for ctx, expected in ((holds, True), (fails, False)):
            assert [f(ctx) for f in functions.values()] == [expected] * 3, (name, expected)
        measured = per_call(
            {
                f"{label}{i}": (f, (ctx,))
                for label, f in functions.items()
                for i, ctx in enumerate((holds, fails))
            }
        )
        times = {label: [measured[f"{label}0"], measured[f"{label}1"]] for label in functions}
        mean = {label: statistics.fmean(pair) for label, pair in times.items()}
        to_compiled.append(mean["r"] / mean["c"])
        to_hand.append(mean["r"] / mean["h"])
        cells = " | ".join(f"{ns(times[label][0])} / {ns(times[label][1])}" for label in "rch")
        print(f"| {name}: `{text}` | {cells} | {to_compiled[-1]:.2f}{X} | {to_hand[-1]:.2f}{X} |")
    overall = geometric_mean(to_compiled)
    verdict = "met" if overall <= 3.0 else "missed"
    print(
        f"| **geometric mean** | | | | **{overall:.2f}{X}** (target ≤ 3: {verdict}) "
        f"| {geometric_mean(to_hand):.2f}{X} |"
    )
    print()
    return to_compiled


def dispatch_hookset(count: int, discriminated: bool) -> HookSet:
    hooks = []
    for i in range(count):
        text = f"tool == 'tool_{i}'" if discriminated else f"cost.spend > {count - i}"
        hooks.append(Hook(f"h{i}", "before_step", parse(text).expr, Action("continue")))
    return HookSet(tuple(hooks))


def dispatch_table() -> None:
    print("### 2. Dispatch: `evaluate_hooks(event, ctx)`, runtime and compiled module")
    print()
    print(
        "Time per call (15 rounds, cells timed in turn). *Middle*: the context matches hook "
        "N/2; *none*: no hook."
    )
    print()
    print(
        "| hooks | conditions | runtime middle / none | compiled middle / none "
        "| runtime / compiled |"
    )
    print("|---|---|---|---|---|")
    for discriminated, counts in ((True, (10, 100, 1000, 10000)), (False, (10, 100, 1000))):
        for count in counts:
            hookset = dispatch_hookset(count, discriminated)
            runtime = hookc.runtime.loads(canonical_yaml(hookset))
            module = load_module(
                generate(hookset, source_sha256=SHA, sources=()), f"bench_rt_{count}"
            )
            middle, none = dispatch_contexts(count, discriminated)
            calls: dict[str, tuple[Callable[..., object], tuple[Any, ...]]] = {}
            for label, evaluator in (("r", runtime.evaluate_hooks), ("c", module.evaluate_hooks)):
                assert evaluator("before_step", middle) == {"type": "continue"}
                assert evaluator("before_step", none) is None
                calls[f"{label} middle"] = (evaluator, ("before_step", middle))
                calls[f"{label} none"] = (evaluator, ("before_step", none))
            measured = per_call(calls, rounds=15)
            shape = "`tool == 'tool_<i>'`" if discriminated else "`cost.spend > <N-i>`"
            ratio = statistics.fmean(
                [
                    measured["r middle"] / measured["c middle"],
                    measured["r none"] / measured["c none"],
                ]
            )
            print(
                f"| {count:,} | {shape} | {format_seconds(measured['r middle'])} / "
                f"{format_seconds(measured['r none'])} | {format_seconds(measured['c middle'])} / "
                f"{format_seconds(measured['c none'])} | {ratio:.2f}{X} |"
            )
    print()


def start_up_table() -> None:
    print("### 3. Start-up")
    print()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def wall(code: str) -> float:
        command = [sys.executable, "-c", code]
        subprocess.run(command, check=True, capture_output=True, env=env)  # warm the caches
        runs = []
        for _ in range(11):
            start = time.perf_counter()
            subprocess.run(command, check=True, capture_output=True, env=env)
            runs.append(time.perf_counter() - start)
        return statistics.median(runs)

    base = wall("pass")
    runtime_only = wall("import hookc.runtime") - base
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "hooks.yaml"
        source.write_text(many_hooks(1000), encoding="utf-8")
        hookset = load_file(source).hookset
        assert hookset is not None
        canonical = Path(folder) / "hooks.hooks.yaml"
        canonical.write_text(canonical_yaml(hookset), encoding="utf-8")
        with_yaml = wall("import hookc.runtime, yaml") - base
        loading = median_seconds(lambda: hookc.runtime.load(canonical), repeats=5, target=0.2)
        size = canonical.stat().st_size
    print("| what | time |")
    print("|---|---|")
    rows = (
        ("`import hookc.runtime` in a new interpreter (start-up subtracted)", runtime_only),
        ("the same with pyyaml, which `load` imports on first use", with_yaml),
        (f"`hookc.runtime.load` of a 1,000-hook canonical file ({size / 1024:.0f} KB)", loading),
    )
    for what, seconds in rows:
        print(f"| {what} | {format_seconds(seconds)} |")
    print()


def main() -> None:
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores")
    print()
    predicates_table()
    dispatch_table()
    start_up_table()


if __name__ == "__main__":
    main()
