"""The Python back end's output, timed: compiled predicates, dispatch, compile and import.

Run: python -m benchmarks.backend   (one process, medians of repeats; a few minutes)

1. A compiled predicate (``module.predicates[id](ctx)``) against the function a careful
   Python developer would write for the same condition, and against a naive dict-walking
   interpreter in the style of seed 000's ``matches_condition``.
2. ``evaluate_hooks(event, ctx)`` for 10 to 10,000 hooks that each test ``tool`` for
   equality with their own string (the generator builds a hash index on them), and for
   hooks that no such test tells apart (a linear chain of tests), for contrast.
3. ``hookc compile`` end to end, in process: YAML file -> load and check -> generate ->
   Python ``compile()`` -> ``.py`` and ``.pyc`` written (through ``hookc.backend.driver``);
   and (``generation``) the back end's ``generate``, ``compile()`` and ``write_module``
   alone, CPU time.
4. Cold import of a 1,000-hook compiled module in a new interpreter, start-up subtracted.

Nothing here changes hookc; inputs are written to a temporary folder.
"""

from __future__ import annotations

import gc
import importlib.util
import math
import os
import py_compile
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from benchmarks.check import many_hooks
from benchmarks.harness import format_seconds, median_seconds
from hookc.backend.python import generate
from hookc.cel.parser import parse
from hookc.frontend.load import load_file
from hookc.ir.hooks import Action, Hook, HookSet
from hookc.optimize import optimize_hooks

try:  # `hookc compile` end to end, when the driver exists
    from hookc.backend import driver
except ImportError:  # pragma: no cover - before the driver was written
    driver = None  # type: ignore[assignment]

X = "\N{MULTIPLICATION SIGN}"  # in the tables
SHA = "0" * 64  # SOURCE_SHA256 of modules generated from IR built here

# -- 1. predicates: compiled, hand-written, interpreted ---------------------------------------

CONDITIONS = {
    "equality": "classification.category == 'rate_limited'",
    "conjunction with a comparison": "limit_code == 'spend_exceeded' && cost.spend > 10.0",
    "regex": "tool.input.command.matches('rm\\\\s+-rf')",
    "four-way disjunction with a negation": (
        "tool.name == 'Bash' || tool.name == 'Write' || tool.name == 'Edit' || !session.trusted"
    ),
    "list membership": "tool.name in ['Bash', 'Write', 'Edit']",
    "presence test": "has(error.headers['retry-after'])",
}

# The hand-written functions: the fastest Python a careful developer writes for the same
# semantics on real event contexts, where an object may be absent or null (or, from a
# careless producer, of another type) and must not crash the agent: a type test before
# each step into an object and wherever a wrong type would raise or mislead; absent and
# null then read alike. `benchmarks.events` times them on all five kinds of context.

RM_RF = re.compile(r"rm\s+-rf")  # compiled once, at import, as the generator does
EDITING_TOOLS = frozenset({"Bash", "Write", "Edit"})


def hand_equality(ctx: dict[str, Any]) -> bool:
    # A missing or null `classification` or `category` is simply not equal.
    classification = ctx.get("classification")
    return type(classification) is dict and classification.get("category") == "rate_limited"


def hand_conjunction(ctx: dict[str, Any]) -> bool:
    # `None > 10.0` raises: a missing, null or non-numeric spend is false.
    if ctx.get("limit_code") != "spend_exceeded":
        return False
    cost = ctx.get("cost")
    if type(cost) is not dict:
        return False
    spend = cost.get("spend")
    return isinstance(spend, (int, float)) and spend > 10.0


def hand_regex(ctx: dict[str, Any]) -> bool:
    # `search` (CEL's matches is unanchored) on a string only; a missing command is false.
    tool = ctx.get("tool")
    if type(tool) is not dict:
        return False
    tool_input = tool.get("input")
    if type(tool_input) is not dict:
        return False
    command = tool_input.get("command")
    return type(command) is str and RM_RF.search(command) is not None


def hand_disjunction(ctx: dict[str, Any]) -> bool:
    # The condition as written, short-circuiting; `!session.trusted` holds only when
    # `trusted` is false (CEL: a missing one is an error, never true), hence `is False`.
    tool = ctx.get("tool")
    if type(tool) is dict:
        name = tool.get("name")
        if name == "Bash" or name == "Write" or name == "Edit":
            return True
    session = ctx.get("session")
    return type(session) is dict and session.get("trusted") is False


def hand_membership(ctx: dict[str, Any]) -> bool:
    # A frozenset built once; only a string is looked up (a list would not hash).
    tool = ctx.get("tool")
    if type(tool) is not dict:
        return False
    name = tool.get("name")
    return type(name) is str and name in EDITING_TOOLS


def hand_presence(ctx: dict[str, Any]) -> bool:
    # hookc's has(): the key is there and not null.
    error = ctx.get("error")
    if type(error) is not dict:
        return False
    headers = error.get("headers")
    return type(headers) is dict and headers.get("retry-after") is not None


HAND_WRITTEN: dict[str, Callable[[dict[str, Any]], bool]] = {
    "equality": hand_equality,
    "conjunction with a comparison": hand_conjunction,
    "regex": hand_regex,
    "four-way disjunction with a negation": hand_disjunction,
    "list membership": hand_membership,
    "presence test": hand_presence,
}


# The naive interpreter, as seed 000 writes it: `matches_condition` walks a condition dict
# (`all`/`any`/`not` combinators, else `path`/`op`/`value`), `resolve_path` splits the path
# on '.', and `apply_operator` builds its operator table on every call, as the seed does.
def matches_condition(context: dict[str, Any], condition: dict[str, Any]) -> bool:
    if "all" in condition:
        return all(matches_condition(context, c) for c in condition["all"])
    if "any" in condition:
        return any(matches_condition(context, c) for c in condition["any"])
    if "not" in condition:
        return not matches_condition(context, condition["not"])
    path = condition["path"]
    op = condition["op"]
    expected = condition.get("value")
    actual = resolve_path(context, path)
    return apply_operator(actual, op, expected)


def resolve_path(context: dict[str, Any], path: str) -> Any:
    """The value at a dotted path, or None where it leads nowhere (the seed does not show
    its own; this is the obvious one)."""
    current: Any = context
    for part in path.split("."):
        if not isinstance(current, dict):
            return None
        current = current.get(part)
    return current


def apply_operator(actual: Any, op: str, expected: Any) -> bool:
    operators: dict[str, Callable[[Any, Any], bool]] = {
        "eq": lambda a, e: a == e,
        "ne": lambda a, e: a != e,
        "gt": lambda a, e: a > e,
        "gte": lambda a, e: a >= e,
        "lt": lambda a, e: a < e,
        "lte": lambda a, e: a <= e,
        "in": lambda a, e: a in e,
        "contains": lambda a, e: e in str(a),
        "starts_with": lambda a, e: str(a).startswith(e),
        "ends_with": lambda a, e: str(a).endswith(e),
        "regex": lambda a, e: re.search(e, str(a)) is not None,
        "exists": lambda a, e: a is not None,
    }
    return operators[op](actual, expected)


def _eq(path: str, value: Any) -> dict[str, Any]:
    return {"path": path, "op": "eq", "value": value}


# The same six conditions as the seed's YAML would spell them. `!session.trusted` is
# `not (trusted == true)`: the same as CEL's on well-formed contexts (trusted a bool).
INTERPRETED: dict[str, dict[str, Any]] = {
    "equality": _eq("classification.category", "rate_limited"),
    "conjunction with a comparison": {
        "all": [
            _eq("limit_code", "spend_exceeded"),
            {"path": "cost.spend", "op": "gt", "value": 10.0},
        ]
    },
    "regex": {"path": "tool.input.command", "op": "regex", "value": r"rm\s+-rf"},
    "four-way disjunction with a negation": {
        "any": [
            _eq("tool.name", "Bash"),
            _eq("tool.name", "Write"),
            _eq("tool.name", "Edit"),
            {"not": _eq("session.trusted", True)},
        ]
    },
    "list membership": {"path": "tool.name", "op": "in", "value": ["Bash", "Write", "Edit"]},
    "presence test": {"path": "error.headers.retry-after", "op": "exists"},
}


def _context(**overrides: Any) -> dict[str, Any]:
    """A realistic context: an error event after a tool call, every object filled in."""
    context: dict[str, Any] = {
        "event": {"type": "error", "timestamp": "2025-01-01T00:00:00Z", "thread_id": "t-1"},
        "error": {
            "type": "HTTPError",
            "message": "429 Too Many Requests",
            "code": "E429",
            "headers": {"content-type": "application/json"},
        },
        "classification": {"category": "transient", "retryable": True},
        "limit_code": "turns_exceeded",
        "cost": {"spend": 2.5, "tokens": 12000},
        "tool": {"name": "Read", "input": {"command": "ls -la /tmp"}},
        "session": {"trusted": True, "id": "s-1"},
        "turn_number": 7,
    }
    for key, value in overrides.items():
        context[key] = {**context[key], **value} if isinstance(value, dict) else value
    return context


# Per shape: a context where the condition holds, and one where it does not. The one that
# does not hold makes every implementation read everything it can (no early exit).
CONTEXTS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "equality": (_context(classification={"category": "rate_limited"}), _context()),
    "conjunction with a comparison": (
        _context(limit_code="spend_exceeded", cost={"spend": 12.0}),
        _context(limit_code="spend_exceeded", cost={"spend": 8.0}),
    ),
    "regex": (
        _context(tool={"name": "Bash", "input": {"command": "rm  -rf /tmp/build"}}),
        _context(tool={"name": "Bash", "input": {"command": "ls -la /tmp/build"}}),
    ),
    "four-way disjunction with a negation": (
        _context(tool={"name": "Bash"}),
        _context(tool={"name": "Read"}, session={"trusted": True}),
    ),
    "list membership": (_context(tool={"name": "Edit"}), _context(tool={"name": "Read"})),
    "presence test": (
        _context(error={"headers": {"retry-after": "30"}}),
        _context(),
    ),
}


def load_module(text: str, name: str) -> types.ModuleType:
    """Run generated module text as a module (registered in sys.modules while it runs)."""
    module = types.ModuleType(name)
    module.__file__ = f"<{name}>"
    sys.modules[name] = module
    try:
        exec(compile(text, module.__file__, "exec"), module.__dict__)
    finally:
        del sys.modules[name]
    return module


def module_from_conditions(conditions: dict[str, str], event: str, name: str) -> types.ModuleType:
    hooks = []
    for hook_id, text in conditions.items():
        parsed = parse(text)
        assert parsed.diagnostics == (), (text, parsed.diagnostics)
        hooks.append(Hook(hook_id, event, parsed.expr, Action("continue")))
    return load_module(generate(HookSet(tuple(hooks)), source_sha256=SHA, sources=()), name)


_BATCH = 1000  # calls per timed batch


def _batch(
    function: Callable[..., object] | None, arguments: tuple[Any, ...]
) -> Callable[[], None]:
    """A loop of ``_BATCH`` calls of ``function(*arguments)`` (one or two arguments,
    passed plainly); for no function, the empty loop (its time is subtracted)."""
    rounds = range(_BATCH)
    if function is None:

        def batch() -> None:
            for _ in rounds:
                pass

    elif len(arguments) == 1:
        (a,) = arguments

        def batch() -> None:
            for _ in rounds:
                function(a)

    else:
        a, b = arguments

        def batch() -> None:
            for _ in rounds:
                function(a, b)

    return batch


def per_call(
    calls: dict[str, tuple[Callable[..., object], tuple[Any, ...]]], rounds: int = 21
) -> dict[str, float]:
    """Seconds per call of each ``function(*arguments)``, the call itself counted.

    Measured in turn: each of ``rounds`` rounds takes, for every entry and for the empty
    loop, ``median_seconds`` of 5 runs of its batch of calls (~2 ms each); an entry's
    figure is the median over the rounds, less the empty loop's. Taken in turn, every entry
    meets the same share of whatever else the machine is running (it is shared).
    """
    batches = {label: _batch(f, args) for label, (f, args) in calls.items()}
    batches[""] = _batch(None, ())
    found: dict[str, list[float]] = {label: [] for label in batches}
    for _ in range(rounds):
        for label, batch in batches.items():
            found[label].append(median_seconds(batch, repeats=5, target=0.002))
    loop = statistics.median(found.pop(""))
    return {label: max(statistics.median(t) - loop, 0.0) / _BATCH for label, t in found.items()}


def ns(seconds: float) -> str:
    return f"{seconds * 1e9:.0f}"


def geometric_mean(values: list[float]) -> float:
    return math.exp(sum(math.log(v) for v in values) / len(values))


def predicates_table() -> None:
    module = module_from_conditions(CONDITIONS, "error", "hookc_bench_predicates")
    print("### 1. One condition: compiled predicate, hand-written Python, naive interpreter")
    print()
    print(
        "ns per call, the call included: the median of 21 rounds, in each of which every "
        "cell of the row is timed in turn (`median_seconds` of 5 runs of 1,000-call "
        "batches, the empty loop's time subtracted). Each cell is *holds / does not hold*; "
        "the ratios use the mean of the two."
    )
    print()
    print(
        "| condition | compiled | hand-written | interpreter (seed 000) "
        "| compiled / hand-written | interpreter / compiled |"
    )
    print("|---|---|---|---|---|---|")
    ratios = []
    interpreter_ratios = []
    for name, text in CONDITIONS.items():
        compiled = module.predicates[name]
        hand = HAND_WRITTEN[name]
        condition = INTERPRETED[name]
        holds, fails = CONTEXTS[name]
        for ctx, expected in ((holds, True), (fails, False)):
            outcomes = (compiled(ctx), hand(ctx), matches_condition(ctx, condition))
            assert outcomes == (expected,) * 3, (name, expected, outcomes)
        measured = per_call(
            {
                f"{label}{i}": (function, (ctx, *extra))
                for label, function, extra in (
                    ("c", compiled, ()),
                    ("h", hand, ()),
                    ("i", matches_condition, (condition,)),
                )
                for i, ctx in enumerate((holds, fails))
            }
        )
        times = {label: [measured[f"{label}0"], measured[f"{label}1"]] for label in "chi"}
        mean = {label: statistics.fmean(pair) for label, pair in times.items()}
        ratio = mean["c"] / mean["h"]
        ratios.append(ratio)
        interpreter_ratios.append(mean["i"] / mean["c"])
        cells = [f"{ns(times[label][0])} / {ns(times[label][1])}" for label in "chi"]
        print(
            f"| {name}: `{text}` | {' | '.join(cells)} | {ratio:.2f}{X} | "
            f"{mean['i'] / mean['c']:.1f}{X} |"
        )
    overall = geometric_mean(ratios)
    verdict = "met" if overall <= 1.3 else "missed"
    print(
        f"| **geometric mean** | | | | **{overall:.2f}{X}** (target ≤ 1.3: {verdict}) "
        f"| {geometric_mean(interpreter_ratios):.1f}{X} |"
    )
    print()


# -- 2. dispatch --------------------------------------------------------------------------


def dispatch_module(count: int, discriminated: bool) -> types.ModuleType:
    """``count`` hooks on one event. Discriminated: hook i is ``tool == 'tool_<i>'``. Not:
    hook i is ``cost.spend > <count - i>``, so the first to hold is the one in the middle for
    a spend of count/2 + 0.5, and none holds for a spend of 0."""
    hooks = []
    for i in range(count):
        text = f"tool == 'tool_{i}'" if discriminated else f"cost.spend > {count - i}"
        hooks.append(Hook(f"h{i}", "before_step", parse(text).expr, Action("continue")))
    text = generate(HookSet(tuple(hooks)), source_sha256=SHA, sources=())
    return load_module(text, f"hookc_bench_dispatch_{count}_{int(discriminated)}")


def dispatch_contexts(count: int, discriminated: bool) -> tuple[dict[str, Any], dict[str, Any]]:
    base = {"event": {"type": "before_step"}, "turn_number": 7}
    if discriminated:
        return (
            {**base, "tool": f"tool_{count // 2}", "cost": {"spend": 1.0}},
            {**base, "tool": "tool_none", "cost": {"spend": 1.0}},
        )
    return (
        {**base, "tool": "Bash", "cost": {"spend": count // 2 + 0.5}},
        {**base, "tool": "Bash", "cost": {"spend": 0.0}},
    )


def dispatch_table() -> None:
    print("### 2. Dispatch: `evaluate_hooks(event, ctx)`, all hooks on one event")
    print()
    print(
        "Time per call, measured as in table 1 (15 rounds, every cell of a group of rows "
        "timed in turn). *Middle*: the context matches hook N/2 (the first to match); "
        "*none*: it matches no hook."
    )
    print()
    print("| hooks | conditions | middle | none | middle / 10 hooks | none / 10 hooks |")
    print("|---|---|---|---|---|---|")
    for discriminated, counts in ((True, (10, 100, 1000, 10000)), (False, (10, 100, 1000))):
        calls: dict[str, tuple[Callable[..., object], tuple[Any, ...]]] = {}
        for count in counts:
            module = dispatch_module(count, discriminated)
            middle, none = dispatch_contexts(count, discriminated)
            assert module.evaluate_hooks("before_step", middle) == {"type": "continue"}
            assert module.evaluate_hooks("before_step", none) is None
            calls[f"{count} middle"] = (module.evaluate_hooks, ("before_step", middle))
            calls[f"{count} none"] = (module.evaluate_hooks, ("before_step", none))
        measured = per_call(calls, rounds=15)
        shape = "`tool == 'tool_<i>'` (indexed)" if discriminated else "`cost.spend > <N-i>`"
        base = (measured[f"{counts[0]} middle"], measured[f"{counts[0]} none"])
        for count in counts:
            times = (measured[f"{count} middle"], measured[f"{count} none"])
            print(
                f"| {count:,} | {shape} | {format_seconds(times[0])} | "
                f"{format_seconds(times[1])} | {times[0] / base[0]:.2f}{X} | "
                f"{times[1] / base[1]:.2f}{X} |"
            )
        del calls
    print()
    print(f"(target: 10,000 indexed hooks within 2{X} of 10.)")
    print()


# -- 3. compile time ----------------------------------------------------------------------


@contextmanager
def cycle_gc_off() -> Iterator[None]:
    """As `hookc` runs (hookc.cli.run disables the cycle collector)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()
        gc.collect()


def compile_stages(path: Path, out: Path) -> dict[str, Callable[[], object]]:
    """The stages of `hookc compile` in order, each a callable that feeds the next."""
    from hookc.check.logic import logic_diagnostics
    from hookc.check.paths import path_diagnostics

    state: dict[str, Any] = {}

    def load() -> None:
        state["loaded"] = loaded = load_file(path)
        assert loaded.hookset is not None, loaded.diagnostics

    def checks() -> None:
        loaded = state["loaded"]
        path_diagnostics(loaded.hookset, loaded.profile.context_schema)
        logic_diagnostics(loaded.hookset)

    def generate_text() -> None:
        hookset = state["loaded"].hookset
        state["text"] = generate(hookset, source_sha256=SHA, sources=(str(path),))

    def compile_text() -> None:
        compile(state["text"], "bench.py", "exec")

    def write() -> None:
        if driver is not None:
            driver.write_module(out, "bench", state["text"])
        else:
            (out / "bench.py").write_text(state["text"], encoding="utf-8")

    return {
        "load (YAML front end, CEL parser)": load,
        "checks (paths, logic)": checks,
        "generate (back end)": generate_text,
        "`compile()` of the text": compile_text,
        "write .py and .pyc (compiles again; fsync)" if driver is not None else "write .py": write,
    }


def end_to_end(path: Path, out: Path) -> Callable[[], object]:
    if driver is not None:
        return lambda: driver.compile_files([path], out, name="bench")

    def run() -> None:  # no driver: load, generate, compile and write the .py ourselves
        hookset = load_file(path).hookset
        assert hookset is not None
        text = generate(hookset, source_sha256=SHA, sources=(str(path),))
        compile(text, "bench.py", "exec")
        (out / "bench.py").write_text(text, encoding="utf-8")

    return run


def compile_table(folder: Path) -> None:
    print("### 3. Compile time, in process (`hookc compile` without interpreter start-up)")
    print()
    print(
        "Input: `benchmarks.check.many_hooks(N)` (four shapes: `when` strings, condition "
        "trees, templates; the checks pass). Cycle GC off, as the CLI runs. End to end: "
        "`median_seconds` of 5 (1,000) or 3 (10,000) runs after one untimed run; stages: "
        "median of as many runs of the stages in turn."
    )
    print()
    sizes = (1000, 10000)
    results: dict[int, dict[str, float]] = {}
    for count in sizes:
        path = folder / f"hooks{count}.yaml"
        path.write_text(many_hooks(count), encoding="utf-8")
        out = folder / f"out{count}"
        out.mkdir()
        repeats = 5 if count <= 1000 else 3
        with cycle_gc_off():
            stages = compile_stages(path, out)
            runs: dict[str, list[float]] = {stage: [] for stage in stages}
            for _ in range(repeats):
                for stage, function in stages.items():
                    start = time.perf_counter()
                    function()
                    runs[stage].append(time.perf_counter() - start)
            results[count] = {stage: statistics.median(times) for stage, times in runs.items()}
            whole = median_seconds(end_to_end(path, out), repeats=repeats, target=0.0)
        name = "end to end (`driver.compile_files`)" if driver else "end to end"
        results[count][f"**{name}**"] = whole
    print("| stage | " + " | ".join(f"{n:,} hooks" for n in sizes) + " |")
    print("|---|" + "---|" * len(sizes))
    for stage in results[sizes[0]]:
        cells = " | ".join(format_seconds(results[n][stage]) for n in sizes)
        print(f"| {stage} | {cells} |")
    total = next(v for k, v in results[10000].items() if k.startswith("**end"))
    verdict = "met" if total < 5.0 else "missed"
    print()
    print(f"(target: 10,000 hooks under 5 s: {verdict}, {total:.2f} s.)")
    print()


def generation_table(folder: Path) -> None:
    """``generate``, ``compile()`` of its text and ``driver.write_module`` (the module and
    its ``.pyc``, byte-compiled, flushed, renamed), CPU time: the back end's share of
    ``hookc compile`` (issue 15), on the hooks as the driver hands them over (optimized)."""
    from benchmarks.build import hook_file  # benchmarks.build imports this module

    print("### 3b. Generation and byte-compile, CPU time in process")
    print()
    print(
        "`hookc.backend.python.generate` of the optimized hooks, `compile()` of its text, "
        "and `driver.write_module` (compiles it again, writes and flushes the .py and .pyc); "
        "`time.process_time`, cycle GC off, median of 15 runs of each in turn."
    )
    print()
    print("| input | generate | `compile()` | `write_module` | generate + write | module |")
    print("|---|---|---|---|---|---|")
    out = folder / "generation_out"
    out.mkdir()
    totals: dict[str, float] = {}
    for name, text in (
        ("`build.hook_file(1000)`", hook_file(1000)),
        ("`check.many_hooks(1000)`", many_hooks(1000)),
        ("`build.hook_file(1)`", hook_file(1)),
    ):
        path = folder / "generation.hooks.yaml"
        path.write_text(text, encoding="utf-8")
        loaded = load_file(path).hookset
        assert loaded is not None
        hooks, _ = optimize_hooks(loaded.hooks)
        hookset = HookSet(hooks, ordering=loaded.ordering, profile=loaded.profile)
        times: dict[str, list[float]] = {"generate": [], "compile": [], "write": []}
        with cycle_gc_off():
            for _ in range(15):
                start = time.process_time()
                module = generate(hookset, source_sha256=SHA, sources=(str(path),))
                times["generate"].append(time.process_time() - start)
                start = time.process_time()
                compile(module, "bench.py", "exec")
                times["compile"].append(time.process_time() - start)
                start = time.process_time()
                if driver is not None:
                    driver.write_module(out, "bench", module)
                times["write"].append(time.process_time() - start)
        medians = {stage: statistics.median(runs) for stage, runs in times.items()}
        totals[name] = medians["generate"] + medians["write"]
        cells = " | ".join(format_seconds(seconds) for seconds in medians.values())
        size = f"{module.count(chr(10)):,} lines, {len(module) // 1024} KB"
        print(f"| {name} | {cells} | {format_seconds(totals[name])} | {size} |")
    total = totals["`build.hook_file(1000)`"]
    verdict = "met" if total <= 0.020 else "missed"
    print()
    print(f"(target: generate + write of `build.hook_file(1000)` ≤ 20 ms: {verdict}.)")
    print()


# -- 4. cold import -----------------------------------------------------------------------


def wall(command: list[str], env: dict[str, str], repeats: int = 7) -> float:
    subprocess.run(command, check=True, capture_output=True, env=env)  # untimed: warm caches
    runs = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env)
        runs.append(time.perf_counter() - start)
    return statistics.median(runs)


def import_table(folder: Path) -> None:
    print("### 4. Cold import of a 1,000-hook compiled module (a new interpreter each run)")
    print()
    source = folder / "import_hooks.yaml"
    source.write_text(many_hooks(1000), encoding="utf-8")
    cached = folder / "cached"
    if driver is not None:
        result = driver.compile_files([source], cached, name="bench_hooks")
        assert result.module_path is not None, result.diagnostics
    else:
        cached.mkdir()
        hookset = load_file(source).hookset
        assert hookset is not None
        text = generate(hookset, source_sha256=SHA, sources=(str(source),))
        (cached / "bench_hooks.py").write_text(text, encoding="utf-8")
        py_compile.compile(str(cached / "bench_hooks.py"), doraise=True)
    assert Path(importlib.util.cache_from_source(str(cached / "bench_hooks.py"))).exists()
    bare = folder / "bare"
    bare.mkdir()
    shutil.copy(cached / "bench_hooks.py", bare / "bench_hooks.py")
    size = (cached / "bench_hooks.py").stat().st_size
    env = {
        k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")
    }
    kind = "checked-hash, as `hookc compile` writes it" if driver else "timestamp-based"
    start_up = wall([sys.executable, "-c", "pass"], env)
    command = [sys.executable, "-c", "import bench_hooks"]
    with_pyc = wall(command, {**env, "PYTHONPATH": str(cached)})
    # No .pyc next to it and none written: every run compiles the source.
    without_pyc = wall(command, {**env, "PYTHONPATH": str(bare), "PYTHONDONTWRITEBYTECODE": "1"})
    assert not (bare / "__pycache__").exists()
    print(
        f"Module: {size // 1024} KB of Python. Median of 7 runs after one untimed run; "
        f"`python -c pass` took {format_seconds(start_up)} (subtracted)."
    )
    print()
    print("| import | wall time | minus start-up |")
    print("|---|---|---|")
    print(
        f"| with its cached .pyc ({kind}) | "
        f"{format_seconds(with_pyc)} | {format_seconds(with_pyc - start_up)} |"
    )
    print(
        f"| without a .pyc (compiled from source each run) | {format_seconds(without_pyc)} | "
        f"{format_seconds(without_pyc - start_up)} |"
    )
    print()


SECTIONS = ("predicates", "dispatch", "compile", "generation", "import")


def main() -> None:
    """Every table, or those named: python -m benchmarks.backend [predicates] [dispatch]
    [compile] [generation] [import]."""
    chosen = sys.argv[1:] or list(SECTIONS)
    unknown = sorted(set(chosen) - set(SECTIONS))
    if unknown:
        sys.exit(f"unknown section {', '.join(unknown)}; choose from {', '.join(SECTIONS)}")
    print(f"Python {sys.version.split()[0]}, hookc back end; medians of repeats, one process.")
    print()
    if "predicates" in chosen:
        predicates_table()
    if "dispatch" in chosen:
        dispatch_table()
    with tempfile.TemporaryDirectory() as folder:
        if "compile" in chosen:
            compile_table(Path(folder))
        if "generation" in chosen:
            generation_table(Path(folder))
        if "import" in chosen:
            import_table(Path(folder))


if __name__ == "__main__":
    main()
