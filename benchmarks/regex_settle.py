"""``matches`` on patterns whose lazy DFA does not settle (issue 25, item 6): the time of one
unanchored search over random text of ``a``/``b`` (no match), per MiB, medians of a few
repeats. Such a pattern has up to 2**n automaton states (``a[ab]{n}c``: the last n + 1
characters), so a cache of states cannot hold them: what bounds the time is the cost of a
step the cache misses.

Run: python -m benchmarks.regex_settle [KiB of text, default 1024]
"""

from __future__ import annotations

import random
import sys
import time

from hookc.runtime import regex

PATTERNS = [
    r"[ab]*a[ab]{20}c",
    r"[ab]*a[ab]{200}c",
    r"[ab]*a[ab]{999}c",
    r"(a|b)*a(a|b){200}c",
    r"(ab|ba|aa)*a(ab|b){150}c",
    r"\b[ab]*a[ab]{50}\bc",
    r"(?i)[ab]*A[ab]{100}c",
    r"[ab]*a(?:[ab]{100}){199}c",
    r"[ab]*a(ab|ba){500}c",
    r"[ab]*a(?:(?:ab|ba|aa){10}){100}c",
    r"(?:[ab]*a[ab]{10}c|[ab]*b[ab]{10}c){100}",
]


def main() -> None:
    size = int(sys.argv[1]) * 1024 if len(sys.argv) > 1 else 1 << 20
    rng = random.Random(7)
    text = "".join(rng.choice("ab") for _ in range(size))
    print(f"| pattern | seconds per MiB ({size // 1024} KiB searched, median of 3) |")
    print("|---|---|")
    for pattern in PATTERNS:
        try:
            compiled = regex.compile_re2(pattern)
        except regex.RegexSyntaxError as exc:
            print(f"| `{pattern}` | refused: {exc} |", flush=True)
            continue
        times = []
        for _ in range(3):
            started = time.perf_counter()
            compiled.search(text)
            times.append(time.perf_counter() - started)
        seconds = sorted(times)[1] * (1 << 20) / size
        print(f"| `{pattern}` | {seconds:.2f} |", flush=True)


if __name__ == "__main__":
    main()
