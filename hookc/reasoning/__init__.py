"""Reasoning about what conditions mean, shared by ``hookc check`` (HK503 to HK505) and the
optimizer's rules: ``never_true``, ``always_true``, ``implies``, ``is_total`` and
``paths_read`` (``engine``), and the index of earlier conditions that keeps the shadow check
linear (``candidates``). Imports point one way: the checks and the optimizer import this
package, and it imports neither.
"""

from hookc.reasoning import engine
from hookc.reasoning.candidates import EarlierConditions
from hookc.reasoning.engine import (
    always_true,
    implies,
    is_total,
    never_true,
    paths_read,
    plain_paths,
    plainly_fallible,
    plainly_possible,
)

__all__ = [
    "EarlierConditions",
    "always_true",
    "clear_caches",
    "implies",
    "is_total",
    "never_true",
    "paths_read",
    "plain_paths",
    "plainly_fallible",
    "plainly_possible",
]


def clear_caches() -> None:
    """Forget every memoized answer (they are pure: only time and memory change), so that
    a benchmark can time the reasoning as a new process meets it."""
    for cached in engine.CACHES:
        cached.cache_clear()
