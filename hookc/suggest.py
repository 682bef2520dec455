"""The names closest to a misspelt one, for "did you mean" hints: ``difflib.get_close_matches``
without importing difflib.

A run that warns about an unknown event or key asks for one suggestion; importing difflib
(with heapq) costs ~0.7 ms, more than the few comparisons of the hint. ``close_matches`` is
difflib's algorithm for text, step for step: the same upper bounds tried first, the same
matching blocks (the longest match, earliest in the name and then in the word, then the same
on each side of it), the same ratios and the same order, so it gives the same answer for
every input (``tests/test_suggest.py`` holds it to difflib's on random words). A word of 200
characters or more, whose common characters difflib counts as junk, is left to difflib.
"""

from __future__ import annotations

from collections.abc import Iterable

_AUTOJUNK_LENGTH = 200  # difflib's SequenceMatcher treats popular characters as junk from here


def close_matches(
    word: str, possibilities: Iterable[str], n: int = 3, cutoff: float = 0.6
) -> list[str]:
    """The at most ``n`` possibilities whose similarity ratio to ``word`` is at least
    ``cutoff``, best first: ``difflib.get_close_matches(word, possibilities, n, cutoff)``."""
    if not n > 0:
        raise ValueError(f"n must be > 0: {n!r}")
    if not 0.0 <= cutoff <= 1.0:
        raise ValueError(f"cutoff must be in [0.0, 1.0]: {cutoff!r}")
    if len(word) >= _AUTOJUNK_LENGTH:
        import difflib  # its junk heuristic, which only a word this long meets

        return difflib.get_close_matches(word, possibilities, n, cutoff)
    positions: dict[str, list[int]] = {}  # difflib's b2j: where each character stands in word
    for j, char in enumerate(word):
        positions.setdefault(char, []).append(j)
    scored = []
    for name in possibilities:
        length = len(name) + len(word)
        # difflib's real_quick_ratio, quick_ratio and ratio, each an upper bound of the next.
        if (
            _ratio(min(len(name), len(word)), length) >= cutoff
            and _ratio(_common(name, positions), length) >= cutoff
        ):
            score = _ratio(_matched(name, word, positions), length)
            if score >= cutoff:
                scored.append((score, name))
    # heapq.nlargest(n, scored), as difflib takes them: equal to this sort (heapq's docs).
    scored.sort(reverse=True)
    return [name for _, name in scored[:n]]


def _ratio(matches: int, length: int) -> float:
    return 2.0 * matches / length if length else 1.0


def _common(name: str, positions: dict[str, list[int]]) -> int:
    """How many characters ``name`` and the word have in common, counted with repeats."""
    left: dict[str, int] = {}
    matches = 0
    for char in name:
        count = left[char] if char in left else len(positions.get(char, ()))
        left[char] = count - 1
        if count > 0:
            matches += 1
    return matches


def _matched(name: str, word: str, positions: dict[str, list[int]]) -> int:
    """The characters in difflib's matching blocks of ``name`` and ``word``: the longest
    common run (earliest in ``name``, then in ``word``), then the same on either side."""
    matched = 0
    pending = [(0, len(name), 0, len(word))]
    while pending:
        name_low, name_high, word_low, word_high = pending.pop()
        best_i, best_j, best_size = name_low, word_low, 0
        run_ending_at: dict[int, int] = {}  # word position -> length of the run ending there
        for i in range(name_low, name_high):
            runs: dict[int, int] = {}
            for j in positions.get(name[i], ()):
                if j < word_low:
                    continue
                if j >= word_high:
                    break
                size = runs[j] = run_ending_at.get(j - 1, 0) + 1
                if size > best_size:
                    best_i, best_j, best_size = i - size + 1, j - size + 1, size
            run_ending_at = runs
        if best_size:
            matched += best_size
            if name_low < best_i and word_low < best_j:
                pending.append((name_low, best_i, word_low, best_j))
            if best_i + best_size < name_high and best_j + best_size < word_high:
                pending.append((best_i + best_size, name_high, best_j + best_size, word_high))
    return matched
