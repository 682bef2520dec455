"""The hook each finding is about: the innermost hook whose text holds the finding's span,
else the first hook after it.

Per-hook ignores (``[tool.hookc.per-hook-ignores]``) select findings by the hook's id, and
a baseline's fingerprint names the hook rather than a line, so that moving lines keeps it.
A finding between hooks is about what follows it, as an inline suppression on its own line
is (``hookc.check.suppress``): a matcher group's matcher is written before its handlers,
an event's key before its groups. A finding of no width (a place in the file, not a text:
a syntax error, a byte order mark) and one after the last hook belong to none (``""``).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Sequence

from hookc.ir.hooks import Hook
from hookc.source.diagnostics import Diagnostic


def owner_ids(diagnostics: Sequence[Diagnostic], hooks: Sequence[Hook]) -> tuple[str, ...]:
    """For each finding, the id of the hook it is about (see the module), else ``""``."""
    placed = sorted(
        (hook.span.start, -hook.span.end, hook.id) for hook in hooks if hook.span is not None
    )
    starts = [start for start, _, _ in placed]
    # The furthest end of the hooks up to each: no hook before a point where it falls short
    # of a finding's end holds the finding (a file's hooks seldom nest: one step a finding).
    reach = list(itertools.accumulate((-end for _, end, _ in placed), max))
    found = []
    for diagnostic in diagnostics:
        start, end = diagnostic.span.start, diagnostic.span.end
        if start == end:
            found.append("")
            continue
        best: tuple[int, int, str] | None = None
        # Hooks nest or are apart: the innermost around it is the last to start before it.
        index = bisect.bisect_right(starts, start) - 1
        while index >= 0 and reach[index] >= end:
            if -placed[index][1] >= end:
                best = placed[index]
                break
            index -= 1
        if best is None:
            after = bisect.bisect_left(starts, end)
            best = placed[after] if after < len(placed) else None
        found.append(best[2] if best is not None else "")
    return tuple(found)
