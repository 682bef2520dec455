"""The optimizer (``hookc.optimize``), timed: what it saves at run time, what it costs.

Run: python -m benchmarks.optimize   (one process, medians of repeats; two or three minutes)

1. Redundant conditions at -O0, -O1, -O2: five shapes of condition as people and merged
   hook files write them (duplicates, overlapping ranges, long ``==`` disjunctions, lists
   narrowed by ``!=``, a merged builtin and project condition, a regex written first),
   each compiled alone (``optimize_hookset`` at the level, then the Python back end) and
   its predicate ``predicates[id](ctx)`` timed on realistic contexts that do and do not
   match. Every level must give the same answer on every context, and the reference
   evaluator's: the benchmark stops if not.
2. The cost of optimizing 10,000 hooks: ``optimize_hookset`` at -O1 and -O2 on
   ``benchmarks.check.many_hooks(10000)`` and on 10,000 hooks of the worst shape of table 1
   (20 clauses, shape *a*, constants varied), cycle GC off as the CLI runs; cold (a new
   ``Optimizer``, with a new reasoner) and again straight after (the same one, its memos
   filled).

Nothing here changes hookc; inputs are written to a temporary folder.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.backend import cycle_gc_off, geometric_mean, load_module, ns, per_call
from benchmarks.check import many_hooks
from benchmarks.harness import format_seconds
from hookc.backend.python import generate
from hookc.cel.evaluator import evaluate
from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.frontend.load import load_file
from hookc.ir.expr import And, Expr, Or, Unary
from hookc.ir.hooks import Action, Hook, HookSet
from hookc.optimize import LEVELS, Optimizer, optimize, optimize_hookset

X = "\N{MULTIPLICATION SIGN}"  # in the tables
SHA = "0" * 64  # SOURCE_SHA256 of modules generated from IR built here

# -- 1. redundant conditions ----------------------------------------------------------------

LIMIT_CODES = (
    "spend_exceeded",
    "turns_exceeded",
    "tokens_exceeded",
    "time_exceeded",
    "calls_exceeded",
    "retries_exceeded",
)


def spend_condition(i: int = 0) -> str:
    """Shape *a*: 20 clauses on one limit, as a long-lived file accretes them: the limit code
    three times, ``!=`` tests it makes redundant (one twice), and nine overlapping bounds
    on ``cost.spend`` (with a ``has`` they imply). ``i`` varies the constants."""
    code = LIMIT_CODES[i % len(LIMIT_CODES)]
    others = [c for c in LIMIT_CODES if c != code]
    low = 10.0 + i % 97
    high = 1000.0 + 10 * (i % 50)
    clauses = [
        f"limit_code == '{code}'",
        f"cost.spend > {low:.1f}",
        f"cost.spend > {low / 2:.1f}",
        f"cost.spend >= {low:.1f}",
        f"limit_code != '{others[0]}'",
        f"cost.spend < {high:.1f}",
        f"limit_code == '{code}'",
        f"cost.spend < {high / 2:.1f}",
        f"limit_code != '{others[1]}'",
        f"cost.spend > {low:.1f}",
        f"limit_code != '{others[2]}'",
        f"cost.spend <= {high - 1:.1f}",
        "has(cost.spend)",
        f"limit_code != '{others[0]}'",
        "cost.spend > 0.0",
        f"cost.spend < {high * 3 / 4:.1f}",
        f"limit_code != '{others[3]}'",
        f"cost.spend >= {low / 5:.1f}",
        f"limit_code == '{code}'",
        "cost.spend != 0.0",
    ]
    return " && ".join(clauses)


WRITING_TOOLS = (
    "Bash Write Edit MultiEdit NotebookEdit Delete Move Copy Chmod Chown Mkdir Rmdir Touch Symlink"
).split()

SHAPES: dict[str, str] = {
    "a. 20-clause conjunction, duplicates and overlapping ranges": spend_condition(),
    "b. 14-way `tool.name ==` disjunction": " || ".join(
        f"tool.name == '{name}'" for name in WRITING_TOOLS
    ),
    "c. list narrowed by `!=`, duplicated `has`": (
        "tool.name in ['Bash', 'Write', 'Edit', 'MultiEdit', 'NotebookEdit', 'Delete']"
        " && tool.name != 'Write' && tool.name != 'NotebookEdit'"
        " && has(tool.input.command) && has(tool.input) && session.trusted == false"
        " && has(tool.input.command) && has(session.id) && has(tool.input)"
    ),
    "d. builtin and project conditions merged": (
        "(tool.name == 'Bash' && session.trusted == false)"
        " && (tool.name == 'Bash' || tool.name == 'Write')"
        " && session.trusted == false && turn_number > 1 && turn_number > 0"
        " && turn_number >= 1 && (cost.spend > 2.0 || cost.spend > 5.0)"
        " && (turn_number < 100 && turn_number < 50) && has(tool.input.command)"
        " && has(tool.input)"
    ),
    "e. regex first, cheap tests after": (
        "tool.input.command.matches('(rm|mv|chmod)\\\\s+-[rRf]+\\\\s+/(etc|usr|var|home)')"
        " && tool.name == 'Bash' && session.trusted == false"
        " && event.type == 'before_tool' && has(tool.input.command) && turn_number > 0"
    ),
}


def _context(**overrides: Any) -> dict[str, Any]:
    """A realistic context: a tool call about to run, after a limit check, every object
    filled in (as benchmarks.backend's, on a before_tool event)."""
    context: dict[str, Any] = {
        "event": {"type": "before_tool", "timestamp": "2025-01-01T00:00:00Z", "thread_id": "t"},
        "limit_code": "turns_exceeded",
        "cost": {"spend": 2.5, "tokens": 12000},
        "tool": {"name": "Bash", "input": {"command": "ls -la /tmp/build"}},
        "session": {"trusted": False, "id": "s-1"},
        "turn_number": 7,
    }
    for key, value in overrides.items():
        context[key] = {**context[key], **value} if isinstance(value, dict) else value
    return context


READ = {"name": "Read", "input": {"file_path": "/work/README.md"}}

# Per shape: (what the context is, the context, whether the condition holds on it).
CONTEXTS: dict[str, tuple[tuple[str, dict[str, Any], bool], ...]] = dict(
    zip(
        SHAPES,
        (
            (
                ("holds", _context(limit_code="spend_exceeded", cost={"spend": 42.0}), True),
                ("other limit", _context(limit_code="turns_exceeded", cost={"spend": 42.0}), False),
                (
                    "spend too low",
                    _context(limit_code="spend_exceeded", cost={"spend": 3.0}),
                    False,
                ),
                (
                    "spend too high",
                    _context(limit_code="spend_exceeded", cost={"spend": 800.0}),
                    False,
                ),
            ),
            (
                ("first name", _context(tool={"name": "Bash"}), True),
                ("last name", _context(tool={"name": "Symlink"}), True),
                ("none", _context(tool=READ), False),
            ),
            (
                ("holds", _context(), True),
                ("narrowed out", _context(tool={"name": "Write"}), False),
                ("not in list", _context(tool=READ), False),
                ("trusted", _context(session={"trusted": True}), False),
            ),
            (
                ("holds", _context(), True),
                ("other tool", _context(tool=READ), False),
                ("trusted", _context(session={"trusted": True}), False),
            ),
            (
                (
                    "holds",
                    _context(tool={"name": "Bash", "input": {"command": "rm -rf /etc/nginx"}}),
                    True,
                ),
                ("safe command", _context(), False),
                ("other tool", _context(tool=READ), False),
                (
                    "trusted",
                    _context(
                        tool={"name": "Bash", "input": {"command": "rm -rf /etc/nginx"}},
                        session={"trusted": True},
                    ),
                    False,
                ),
            ),
        ),
        strict=True,
    )
)


def clauses(expr: Expr) -> int:
    """The leaves of the boolean structure: nodes that are not ``&&``, ``||`` or ``!``."""
    match expr:
        case And(operands=operands) | Or(operands=operands):
            return sum(map(clauses, operands))
        case Unary(op="!", operand=operand):
            return clauses(operand)
    return 1


@dataclass(frozen=True)
class Compiled:
    condition: Expr  # after optimizing at its level
    predicate: Any  # the generated module's predicates[id]


def compile_at(name: str, text: str, level: int) -> Compiled:
    parsed = parse(text)
    assert parsed.diagnostics == (), (text, parsed.diagnostics)
    hookset = HookSet((Hook("h", "before_tool", parsed.expr, Action("continue")),))
    optimized = optimize_hookset(hookset, level)
    module_text = generate(optimized, source_sha256=SHA, sources=())
    module = load_module(module_text, f"hookc_bench_optimize_{level}_{name[0]}")
    condition = optimized.hooks[0].condition
    assert condition is not None
    return Compiled(condition, module.predicates["h"])


def check_agreement(name: str, text: str, compiled: dict[int, Compiled]) -> None:
    """Every level gives the same answer on every context, the expected one, and the
    reference evaluator's on the condition as written."""
    written = parse(text).expr
    assert written is not None
    for label, ctx, expected in CONTEXTS[name]:
        answers = {level: compiled[level].predicate(ctx) for level in LEVELS}
        reference = evaluate(written, ctx) is True
        if set(answers.values()) != {reference} or reference is not expected:
            sys.exit(
                f"levels disagree on shape {name!r}, context {label!r}:\n"
                f"  condition: {text}\n  context: {ctx}\n"
                f"  predicates by level: {answers}; reference evaluator: {reference}; "
                f"expected: {expected}\n"
                + "".join(
                    f"  -O{level}: {to_text(compiled[level].condition)}\n" for level in LEVELS
                )
            )


def redundant_table() -> None:
    print("### 1. Redundant conditions at -O0, -O1, -O2")
    print()
    print(
        "Each condition is the only hook of its module (`optimize_hookset` at the level, "
        "then the Python back end); `predicates[id](ctx)` is timed on each context. ns per "
        "call, the call included: the median of 21 rounds, in each of which every level and "
        "context of the shape is timed in turn (`median_seconds` of 5 runs of 1,000-call "
        "batches, the empty loop's time subtracted). *Clauses*: the leaves under `&&`, `||` "
        "and `!`, as written → after -O1 / after -O2. All levels agree with each other and "
        "with the reference evaluator on every context (checked before timing)."
    )
    print()
    print("| shape | clauses | context | -O0 ns | -O1 ns | -O2 ns | -O0 / -O1 | -O0 / -O2 |")
    print("|---|---|---|---|---|---|---|---|")
    speedups: dict[int, list[float]] = {1: [], 2: []}
    after: dict[str, dict[int, Expr]] = {}
    for name, text in SHAPES.items():
        compiled = {level: compile_at(name, text, level) for level in LEVELS}
        after[name] = {level: compiled[level].condition for level in LEVELS}
        check_agreement(name, text, compiled)
        cases = CONTEXTS[name]
        measured = per_call(
            {
                f"{level} {label}": (compiled[level].predicate, (ctx,))
                for label, ctx, _ in cases
                for level in LEVELS
            }
        )
        counts = [clauses(compiled[level].condition) for level in LEVELS]
        count_text = f"{counts[0]} → {counts[1]} / {counts[2]}"
        for row, (label, _, holds) in enumerate(cases):
            times = [measured[f"{level} {label}"] for level in LEVELS]
            ratios = [times[0] / t if t > 0 else float("inf") for t in times[1:]]
            for level, ratio in zip((1, 2), ratios, strict=True):
                speedups[level].append(ratio)
            first = row == 0
            print(
                f"| {name if first else ''} | {count_text if first else ''} "
                f"| {label} ({'true' if holds else 'false'}) "
                f"| {' | '.join(ns(t) for t in times)} "
                f"| {ratios[0]:.2f}{X} | {ratios[1]:.2f}{X} |"
            )
    print(
        f"| **geometric mean** | | | | | | **{geometric_mean(speedups[1]):.2f}{X}** "
        f"| **{geometric_mean(speedups[2]):.2f}{X}** |"
    )
    print()
    print("The conditions, as written and as optimized:")
    print()
    for name, text in SHAPES.items():
        print(f"- {name}: `{text}`")
        for level in (1, 2):
            print(f"  - -O{level}: `{to_text(after[name][level])}`")
    print()


# -- 2. cost of optimizing ------------------------------------------------------------------


def spend_hookset(count: int) -> HookSet:
    """``count`` hooks of shape *a*, each with its own constants."""
    hooks = []
    for i in range(count):
        parsed = parse(spend_condition(i))
        assert parsed.diagnostics == ()
        hooks.append(Hook(f"h{i}", "limit", parsed.expr, Action("continue")))
    return HookSet(tuple(hooks))


def optimize_seconds(hookset: HookSet, level: int, repeats: int = 3) -> tuple[float, float]:
    """The medians of ``repeats`` runs of ``optimize_hookset``, cycle GC off as the CLI runs:
    cold (a new ``Optimizer``, with a new reasoner, for each run), then again (the same
    optimizer, its memos filled by the run before, as in ``hookc compile``, which optimizes
    for the logic checks and for the back end with one optimizer)."""
    cold, again = [], []
    with cycle_gc_off():
        for _ in range(repeats):
            optimizer = Optimizer()
            start = time.perf_counter()
            optimize_hookset(hookset, level, optimizer)
            cold.append(time.perf_counter() - start)
            start = time.perf_counter()
            optimize_hookset(hookset, level, optimizer)
            again.append(time.perf_counter() - start)
    return statistics.median(cold), statistics.median(again)


def cost_table(folder: Path) -> None:
    print("### 2. Cost of optimizing 10,000 hooks")
    print()
    count = 10000
    path = folder / "hooks.yaml"
    path.write_text(many_hooks(count), encoding="utf-8")
    with cycle_gc_off():
        start = time.perf_counter()
        loaded = load_file(path)
        load_time = time.perf_counter() - start
    assert loaded.hookset is not None, loaded.diagnostics
    # (hooks, runs): one run of the 20-clause hooks, whose cold runs take seconds each.
    inputs = {
        "`benchmarks.check.many_hooks(10000)` (four shapes, 2-4 clauses)": (loaded.hookset, 3),
        "shape *a* of table 1 (20 clauses), constants varied": (spend_hookset(count), 1),
    }
    memo = (
        "*Cold*: a new `hookc.optimize.Optimizer` (and reasoner) for each run, as a new "
        "process meets them; *again*: the same hooks straight after with the same "
        "optimizer, its memos filled."
    )
    print(
        "`optimize_hookset(hookset, level)` on hooks already loaded: the median of 3 runs "
        "(one for shape *a*, to keep the whole under three minutes), cycle GC off."
        f" {memo} For scale: loading `many_hooks(10000)` (YAML and CEL) took "
        f"{format_seconds(load_time)}, once."
    )
    print()
    print("| hooks | level | cold | per hook | again | per hook | rules fired (on hook 0) |")
    print("|---|---|---|---|---|---|---|")
    for label, (hookset, repeats) in inputs.items():
        assert len(hookset.hooks) == count
        first = hookset.hooks[0].condition
        assert first is not None
        for level in (1, 2):
            cold, again = optimize_seconds(hookset, level, repeats)
            fired = ", ".join(optimize(first, level).fired) or "none"
            print(
                f"| {label if level == 1 else ''} | -O{level} "
                f"| {format_seconds(cold)} | {cold / count * 1e6:.1f} µs "
                f"| {format_seconds(again)} | {again / count * 1e6:.1f} µs | {fired} |"
            )
    print()


SECTIONS = ("redundant", "cost")


def main(argv: Sequence[str] | None = None) -> None:
    """Every table, or those named: python -m benchmarks.optimize [redundant] [cost]."""
    chosen = list(sys.argv[1:] if argv is None else argv) or list(SECTIONS)
    unknown = sorted(set(chosen) - set(SECTIONS))
    if unknown:
        sys.exit(f"unknown section {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    print(f"Python {sys.version.split()[0]}, hookc optimizer; medians of repeats, one process.")
    print()
    if "redundant" in chosen:
        redundant_table()
    if "cost" in chosen:
        with tempfile.TemporaryDirectory() as folder:
            cost_table(Path(folder))


if __name__ == "__main__":
    main()
