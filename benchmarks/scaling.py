"""Growth with input size: each input doubled three times, the time of each size and the
ratio to the size before (about 2 is linear, about 4 quadratic). In one process, medians.

Run: python -m benchmarks.scaling   (about a minute)

Rows:
- ``check``: the checks and the optimizer over a file of N hooks (``many_hooks``);
- ``|| chain``: one condition of N range clauses (the optimizer's ``ranges`` rule compared
  every pair: 2,000 clauses took 23 s);
- ``findings on one line``: N errors on a single line of flow YAML (each diagnostic read
  its whole line: 10,000 took 116 s);
- ``runtime.loads``: canonical YAML of N hooks;
- ``matches``: the hostile patterns on a text of N characters, in the compiled module, the
  runtime and ``hookc.cel`` (Python's ``re`` took 102 s on 31 characters of ``(a+)+$``).
"""

from __future__ import annotations

import gc
import io
import itertools
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import hookc.cel
import hookc.runtime
from benchmarks.check import many_hooks
from benchmarks.harness import format_seconds, median_seconds
from hookc.backend.canonical import canonical_yaml
from hookc.cli import main
from hookc.ir.hooks import Action, Hook, HookSet


def _check_file(text: str) -> Callable[[], object]:
    folder = Path(tempfile.mkdtemp())
    path = folder / "input.hooks.yaml"
    path.write_text(text, encoding="utf-8")

    def run() -> object:
        # (each run of `hookc check` makes its own optimizer and reasoner, as a new process)
        return main(["check", str(path)], stdout=io.StringIO(), stderr=io.StringIO())

    return run


def _chain(count: int) -> str:
    clauses = " || ".join(f"cost.spend > {i}.0 && cost.spend < {i}.5" for i in range(count))
    head = "hooks:\n  - id: h\n    event: limit\n"
    return f'{head}    when: "{clauses}"\n    action: {{type: continue}}\n'


def _one_line(count: int) -> str:
    hooks = ", ".join(
        f"{{id: h{i}, event: error, action: {{type: bogus{i}}}}}" for i in range(count)
    )
    return f"{{hooks: [{hooks}]}}\n"


def _canonical(count: int) -> str:
    from hookc.frontend.load import load_file

    folder = Path(tempfile.mkdtemp())
    path = folder / "input.hooks.yaml"
    path.write_text(many_hooks(count), encoding="utf-8")
    loaded = load_file(path)
    assert loaded.hookset is not None
    return canonical_yaml(loaded.hookset)


def _matching(pattern: str, length: int, filler: str = "a") -> Callable[[], object]:
    """The three back ends on a text of ``length`` characters that does not match."""
    program = hookc.cel.compile(f"s.matches({pattern!r})")
    hooks = HookSet((Hook("h", "e", program.expr, Action("log")),))
    from tests.backends.test_differential import build

    module, runtime = build(hooks), hookc.runtime.loads(canonical_yaml(hooks))
    context = {"s": filler * length + "!"}

    def run() -> object:
        return (
            module.predicates["h"](context),
            runtime.predicates["h"](context),
            program.evaluate(context),
        )

    return run


ROWS: list[tuple[str, tuple[int, ...], Callable[[int], Callable[[], object]]]] = [
    ("check, N hooks", (500, 1000, 2000, 4000), lambda n: _check_file(many_hooks(n))),
    ("|| chain of N clauses", (500, 1000, 2000, 4000), lambda n: _check_file(_chain(n))),
    ("N findings on one line", (2500, 5000, 10000, 20000), lambda n: _check_file(_one_line(n))),
    (
        "runtime.loads, N hooks",
        (500, 1000, 2000, 4000),
        lambda n: (lambda text: lambda: hookc.runtime.loads(text))(_canonical(n)),
    ),
    ("(a+)+$ on N chars, 3 back ends", (25_000, 50_000, 100_000, 200_000),
     lambda n: _matching("(a+)+$", n)),
    ("(a|aa)+$ on N chars, 3 back ends", (25_000, 50_000, 100_000, 200_000),
     lambda n: _matching("(a|aa)+$", n)),
    ("(.*a){20} on N chars, 3 back ends", (25_000, 50_000, 100_000, 200_000),
     lambda n: _matching("(.*a){20}", n, "b")),
]  # fmt: skip


def main_() -> None:
    gc.disable()  # as `hookc` runs (cli.run): the collector's passes are not the code's
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 4000))
    print("| input | " + " | ".join(f"size {i + 1}" for i in range(4)) + " | growth per doubling |")
    print("|---|---|---|---|---|---|")
    for name, sizes, make in ROWS:
        times = [median_seconds(make(size), repeats=5, target=0.0) for size in sizes]
        ratios = [later / earlier for earlier, later in itertools.pairwise(times)]
        cells = [f"{size:,}: {format_seconds(t)}" for size, t in zip(sizes, times, strict=True)]
        growth = ", ".join(f"{r:.2f}x" for r in ratios)
        print(f"| {name} | " + " | ".join(cells) + f" | {growth} |", flush=True)


if __name__ == "__main__":
    main_()
