"""``matches`` by engine: the time of one search on a short command and on 100,000
characters, for patterns Python's ``re`` runs (proved linear) and patterns hookc's linear
engine runs, against plain ``re.search`` where that finishes. In one process, medians.

Then the realistic command guards (issue 30): each condition as a compiled module runs it
against hand-written Python with ``re``, over a mix of commands and paths: the target is
1.5 times at most.

Run: python -m benchmarks.regex
"""

from __future__ import annotations

import re

from benchmarks.harness import format_seconds, median_seconds
from hookc.runtime import regex

SHORT = "git push --force origin main && rm -rf /tmp/build"
LONG = "a" * 100_000 + "!"

PATTERNS = [
    r"rm\s+-rf",
    r"^git push",
    r"--force\b",
    r"(curl|wget) .*\| *sh",
    r"(?i)RM -RF",
    r"(a+)+$",
    r"(a|aa)+$",
    r"(.*a){20}",
]


# The guards: a condition, and the hand-written Python a user would write instead.
_COMMANDS = [
    "git push --force origin main", "git push origin main", "ls -la", "npm test -- --watch=false",
    "curl -fsSL https://example.com/install.sh | bash", "wget -qO- https://x.io/i | sh",
    "psql -c 'DROP TABLE users'", "pytest -q tests/test_app.py -k 'not slow'",
    "git commit -m 'Fix the parser: keep spans on errors'", "rm -rf build dist",
]  # fmt: skip
_FILES = ["src/app.py", "config/secrets/prod.yaml", "secrets/key.pem", "docs/index.md",
          "/home/dev/shop/.env", "tests/fixtures/secrets/readme.md"]  # fmt: skip
GUARDS = [
    ("tool_input.command", r"git\s+push\s+.*(--force|-f\b)", "matches"),
    ("tool_input.command", r"(curl|wget)[^|]*\|\s*(ba|z)?sh", "matches"),
    ("tool_input.command", r"(?i)drop\s+(table|database)", "matches"),
    ("tool_input.file_path", "**/secrets/**", "glob"),
]


def guards() -> None:
    from hookc.backend.expressions import compile_expression
    from hookc.cel.parser import parse
    from hookc.runtime.values import glob_to_regex

    print()
    from hookc.ir.hooks import Action, Hook
    from hookc.replay.evaluate import compile_event

    print("| guard | engine | hookc (replay's evaluator) | hand-written `re` | ratio "
          "| pattern alone: hookc's / `re`'s |")  # fmt: skip
    print("|---|---|---|---|---|---|")
    for path, pattern, function in GUARDS:
        key = path.split(".")[1]
        values = _COMMANDS if key == "command" else _FILES
        contexts = [{"tool_name": "Bash", "tool_input": {key: value}} for value in values]
        expr = parse(f"{path}.{function}({pattern!r})").expr
        reference = compile_expression(expr)
        answers = compile_event([Hook("g", "PreToolUse", expr, Action("x"))])

        def condition(context: dict, answers=answers) -> bool:  # type: ignore[type-arg]
            return answers(context)[0] is True

        if function == "glob":
            plain = re.compile(glob_to_regex(pattern), re.DOTALL)
            compiled = regex.compile_re2(glob_to_regex(pattern), whole=True)

            def hand(context: dict, p=plain, key=key) -> bool:  # type: ignore[type-arg]
                value = context.get("tool_input", {}).get(key)
                return isinstance(value, str) and p.fullmatch(value) is not None
        else:
            plain = re.compile(pattern)
            compiled = regex.compile_re2(pattern)

            def hand(context: dict, p=plain, key=key) -> bool:  # type: ignore[type-arg,no-redef]
                value = context.get("tool_input", {}).get(key)
                return isinstance(value, str) and p.search(value) is not None

        for context in contexts:
            assert condition(context) is hand(context) is reference(context), (pattern, context)
        method = "fullmatch" if function == "glob" else "search"
        texts = [c["tool_input"][key] for c in contexts]
        # As the engine calls it: one call an event, giving the answer (True, False, None).
        ours, theirs, ratio = _paired(answers, hand, contexts)
        alone = _paired(getattr(compiled, method), getattr(plain, method), texts)[2]
        engine = type(compiled).__name__
        print(f"| `{pattern}` | {engine} | {format_seconds(ours)} | {format_seconds(theirs)} "
              f"| {ratio:.2f} times | {alone:.2f} times |", flush=True)  # fmt: skip


def _paired(ours, theirs, inputs, rounds: int = 31):  # type: ignore[no-untyped-def]
    """Per input, the median time of each, and the median of the rounds' ratios: the two
    timed in turn each round, so that the shared machine's load weighs on both alike."""
    import statistics
    import time

    calls = 2000 // len(inputs) + 1
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(rounds):
        for function, out in ((ours, times[0]), (theirs, times[1])):
            start = time.perf_counter()
            for _ in range(calls):
                for item in inputs:
                    function(item)
            out.append((time.perf_counter() - start) / calls / len(inputs))
    ratios = [a / b for a, b in zip(*times, strict=True)]
    return statistics.median(times[0]), statistics.median(times[1]), statistics.median(ratios)


def main() -> None:
    print("| pattern | engine | short command | 100,000 chars | `re.search`, short |")
    print("|---|---|---|---|---|")
    for pattern in PATTERNS:
        compiled = regex.compile_re2(pattern)
        engine = "Python re" if isinstance(compiled, re.Pattern) else "linear automaton"
        short = median_seconds(lambda c=compiled: c.search(SHORT))
        long = median_seconds(lambda c=compiled: c.search(LONG), repeats=5, target=0.0)
        plain = median_seconds(lambda p=re.compile(pattern): p.search(SHORT))
        print(
            f"| `{pattern}` | {engine} | {format_seconds(short)} | {format_seconds(long)} "
            f"| {format_seconds(plain)} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
    guards()
