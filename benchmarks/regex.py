"""``matches`` by engine: the time of one search on a short command and on 100,000
characters, for patterns Python's ``re`` runs (proved linear) and patterns hookc's linear
engine runs, against plain ``re.search`` where that finishes. In one process, medians.

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
