"""The hook each finding is about: the innermost hook whose text holds the finding's span.

Per-hook ignores (``[tool.hookc.per-hook-ignores]``) select findings by the hook's id, and
a baseline's fingerprint names the hook rather than a line, so that moving lines keeps it.
A finding outside every hook (an unknown event's key, a file-level error) belongs to none
(``""``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hookc.diagnostics import Diagnostic
from hookc.ir.hooks import Hook


def owner_ids(diagnostics: Sequence[Diagnostic], hooks: Sequence[Hook]) -> tuple[str, ...]:
    """For each finding, the id of the innermost hook around it, else ``""``."""
    placed = sorted(
        ((hook.span.start, hook.span.end, hook.id) for hook in hooks if hook.span is not None),
        key=lambda item: (item[0], -item[1]),
    )
    found = []
    for diagnostic in diagnostics:
        start, end = diagnostic.span.start, diagnostic.span.end
        best: tuple[int, int, str] | None = None
        for item in placed:
            if item[0] > start:
                break  # sorted by start: no later hook begins at or before the finding
            if item[1] >= end and (best is None or item[1] - item[0] <= best[1] - best[0]):
                best = item
        found.append(best[2] if best is not None else "")
    return tuple(found)
