"""Timing helpers shared by the benchmarks: medians of repeats, in one process."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_seconds(
    function: Callable[[], object], repeats: int = 15, target: float = 0.05
) -> float:
    """Median time of one call, over ``repeats`` rounds of enough calls to last ``target`` s."""
    calls = 1
    while True:  # calibrate: how many calls make one round long enough to time well
        start = time.perf_counter()
        for _ in range(calls):
            function()
        if time.perf_counter() - start >= target:
            break
        calls *= 2
    rounds = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        rounds.append((time.perf_counter() - start) / calls)
    return statistics.median(rounds)


def format_seconds(seconds: float) -> str:
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:.1f} {unit}"
    return f"{seconds / 1e-9:.0f} ns"
