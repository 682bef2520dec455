"""Conditions and dispatch timed on contexts that look like real agent events.

Run: python -m benchmarks.events   (one process, medians of repeats; a few minutes)

Real events are not complete: an ``error`` event has no ``cost``, a ``limit`` event no
``error``, and fields arrive as ``null``. So each of ``benchmarks.backend``'s six conditions
is timed on five contexts: every path present and the condition true (*matching*), present
and false (*not matching*), some paths present and some missing (*mixed*), most paths
missing (*missing*), and paths present but null (*null*).

1. Per (condition, context) cell: the compiled module's predicate and ``hookc.runtime``'s,
   each as a ratio to the fastest correct hand-written Python for the same condition
   (``benchmarks.backend.HAND_WRITTEN``), and the geometric mean over all 30 cells. Every
   implementation's answer is checked against the reference evaluator on every context.
2. Dispatch: ``evaluate_hooks`` on 10 and 10,000 hooks that test ``tool == 'tool_<i>'``,
   against a hand-written dispatcher (a dict index by event and tool that returns a fresh
   copy of the action), on the hit path.

Targets (issue 15): compiled within 1.3x of hand-written (geometric mean), no cell above
2x; ``hookc.runtime`` within 2.5x, no cell above 4x; dispatch on 10 hooks within 1.5x of the
hand-written dispatcher, 10,000 hooks within 1.1x of 10.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any

import hookc.runtime
from benchmarks.backend import (
    CONDITIONS,
    CONTEXTS,
    HAND_WRITTEN,
    SHA,
    X,
    dispatch_contexts,
    dispatch_module,
    geometric_mean,
    load_module,
    ns,
    per_call,
)
from benchmarks.runtime import dispatch_hookset, hookset_of
from hookc.backend.canonical import canonical_yaml
from hookc.backend.python import generate
from hookc.cel.evaluator import evaluate
from hookc.cel.parser import parse

KINDS = ("matching", "not matching", "mixed", "missing", "null")

_EVENT = {"type": "error", "timestamp": "2025-01-01T00:00:00Z", "thread_id": "t-1"}

# Some paths present, others missing: an error event seen before classification filled in
# its category, with no cost and no tool input, and a session that says nothing of trust.
MIXED: dict[str, Any] = {
    "event": _EVENT,
    "error": {"type": "HTTPError", "message": "503 Service Unavailable"},
    "classification": {"retryable": True},
    "limit_code": "spend_exceeded",
    "tool": {"name": "Read"},
    "session": {"id": "s-1"},
}
# Most paths missing: a `limit` event carries none of the error's or the tool's fields.
MISSING: dict[str, Any] = {
    "event": {**_EVENT, "type": "limit"},
    "limit_code": "turns_exceeded",
    "turn_number": 7,
}
# Present but null: what a serializer writes for the objects it has nothing for.
NULL: dict[str, Any] = {
    "event": _EVENT,
    "error": {"type": "HTTPError", "message": "500", "headers": None},
    "classification": None,
    "limit_code": None,
    "cost": None,
    "tool": None,
    "session": None,
}


def contexts_of(name: str) -> dict[str, dict[str, Any]]:
    matching, not_matching = CONTEXTS[name]
    return dict(zip(KINDS, (matching, not_matching, MIXED, MISSING, NULL), strict=True))


def predicates_table() -> None:
    hookset = hookset_of(CONDITIONS, "error")
    module = load_module(generate(hookset, source_sha256=SHA, sources=()), "bench_events")
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    print("### 1. Conditions on real-looking contexts: ratio to hand-written Python")
    print()
    print(
        "ns per call, the call included (`benchmarks.backend.per_call`: 21 rounds, every "
        "cell of a condition timed in turn, the empty loop subtracted). Each cell: "
        "hand-written ns, then compiled and `hookc.runtime` as ratios to it."
    )
    print()
    print("| condition | " + " | ".join(KINDS) + " |")
    print("|---|" + "---|" * len(KINDS))
    compiled_ratios: dict[str, list[float]] = {kind: [] for kind in KINDS}
    runtime_ratios: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for name, text in CONDITIONS.items():
        functions = {
            "h": HAND_WRITTEN[name],
            "c": module.predicates[name],
            "r": runtime.predicates[name],
        }
        expr = parse(text).expr
        assert expr is not None
        contexts = contexts_of(name)
        for kind, ctx in contexts.items():
            expected = evaluate(expr, ctx) is True
            assert {label: f(ctx) for label, f in functions.items()} == dict.fromkeys(
                functions, expected
            ), (name, kind)
        measured = per_call(
            {
                f"{label} {kind}": (function, (ctx,))
                for label, function in functions.items()
                for kind, ctx in contexts.items()
            }
        )
        cells = []
        for kind in KINDS:
            hand = measured[f"h {kind}"]
            compiled = measured[f"c {kind}"] / hand
            in_runtime = measured[f"r {kind}"] / hand
            compiled_ratios[kind].append(compiled)
            runtime_ratios[kind].append(in_runtime)
            cells.append(f"{ns(hand)} ns: {compiled:.2f}{X} / {in_runtime:.2f}{X}")
        print(f"| {name}: `{text}` | " + " | ".join(cells) + " |")
    print()
    print("Summary (compiled / `hookc.runtime`, each to hand-written):")
    print()
    print("| | " + " | ".join(KINDS) + " | geometric mean, 30 cells | worst cell |")
    print("|---|" + "---|" * (len(KINDS) + 2))
    for label, ratios, target, worst_allowed in (
        ("compiled module", compiled_ratios, 1.3, 2.0),
        ("`hookc.runtime`", runtime_ratios, 2.5, 4.0),
    ):
        every = [r for kind in KINDS for r in ratios[kind]]
        overall, worst = geometric_mean(every), max(every)
        verdict = "met" if overall <= target and worst <= worst_allowed else "missed"
        per_kind = " | ".join(f"{geometric_mean(ratios[kind]):.2f}{X}" for kind in KINDS)
        print(
            f"| {label} | {per_kind} | **{overall:.2f}{X}** | {worst:.2f}{X} "
            f"(target ≤ {target}{X}, cells ≤ {worst_allowed}{X}: {verdict}) |"
        )
    print()


def hand_dispatcher(count: int) -> Callable[[str, dict[str, Any]], dict[str, Any] | None]:
    """What a developer writes for ``count`` hooks that each fire on one tool: a dict index
    by event, then by tool, and a fresh copy of the action (callers may change it)."""
    events = {"before_step": {f"tool_{i}": {"type": "continue"} for i in range(count)}}

    def dispatch(event: str, ctx: dict[str, Any]) -> dict[str, Any] | None:
        by_tool = events.get(event)
        if by_tool is None:
            return None
        action = by_tool.get(ctx.get("tool"))
        return None if action is None else action.copy()

    return dispatch


def dispatch_table() -> None:
    print("### 2. Dispatch on the hit path: `evaluate_hooks` against a hand-written index")
    print()
    print(
        "Hooks `tool == 'tool_<i>'` on one event; the context matches hook N/2. Time per "
        "call (15 rounds, every cell timed in turn)."
    )
    print()
    calls: dict[str, tuple[Callable[..., object], tuple[Any, ...]]] = {}
    for count in (10, 10000):
        module = dispatch_module(count, True)
        runtime = hookc.runtime.loads(canonical_yaml(dispatch_hookset(count, True)))
        middle, _ = dispatch_contexts(count, True)
        hand = hand_dispatcher(count)
        for label, function in (
            ("hand-written", hand),
            ("compiled", module.evaluate_hooks),
            ("runtime", runtime.evaluate_hooks),
        ):
            assert function("before_step", middle) == {"type": "continue"}, (label, count)
            calls[f"{label} {count}"] = (function, ("before_step", middle))
    measured = per_call(calls, rounds=15)
    print("| | 10 hooks | 10,000 hooks | 10 hooks / hand-written | 10,000 / 10 |")
    print("|---|---|---|---|---|")
    for label in ("hand-written", "compiled", "runtime"):
        small, large = measured[f"{label} 10"], measured[f"{label} 10000"]
        to_hand = small / measured["hand-written 10"]
        print(
            f"| {label} | {ns(small)} ns | {ns(large)} ns | {to_hand:.2f}{X} | "
            f"{large / small:.2f}{X} |"
        )
    print()
    print(f"(targets: compiled 10 hooks ≤ 1.5{X} hand-written; 10,000 ≤ 1.1{X} of 10.)")
    print()


SECTIONS = {"predicates": predicates_table, "dispatch": dispatch_table}


def main() -> None:
    """Every table, or those named: python -m benchmarks.events [predicates] [dispatch]."""
    chosen = sys.argv[1:] or list(SECTIONS)
    unknown = sorted(set(chosen) - set(SECTIONS))
    if unknown:
        sys.exit(f"unknown section {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(
        f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load average {load:.2f} "
        "at the start; medians of repeats, one process."
    )
    print()
    for name in chosen:
        SECTIONS[name]()


if __name__ == "__main__":
    main()
