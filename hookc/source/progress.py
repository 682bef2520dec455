"""A progress line on standard error for long runs, on a terminal only.

A check of a large file (5,000 matchers in one Claude Code settings file) takes seconds;
without a word meanwhile it looks hung. The CLI turns the line on (``showing``) only when
standard error is a terminal, so that nothing changes in CI logs, pipes or tests; the work
reports where it is (``report``), and the line appears once a run has taken a second, is
redrawn at most a few times a second, and is erased when the run ends.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import TextIO

# Seconds before the line first appears, and between two redraws.
DELAY = 1.0
INTERVAL = 0.2


class _Line:
    stream: TextIO | None = None
    started = 0.0
    drawn = 0.0
    width = 0


_LINE = _Line()


@contextlib.contextmanager
def showing(stream: TextIO) -> Iterator[None]:
    """Progress on ``stream`` while the block runs, if it is a terminal; erased after."""
    try:
        terminal = stream.isatty()
    except (AttributeError, ValueError, OSError):
        terminal = False
    if not terminal:
        yield
        return
    _LINE.stream, _LINE.started, _LINE.drawn, _LINE.width = stream, time.monotonic(), 0.0, 0
    try:
        yield
    finally:
        if _LINE.width:
            _write(stream, "\r" + " " * _LINE.width + "\r")
        _LINE.stream, _LINE.width = None, 0


def report(what: str, done: int, total: int) -> None:
    """Where a long piece of work is: ``what`` (a file and the kind of item), ``done`` of
    ``total``. Costs a comparison when no line is shown."""
    stream = _LINE.stream
    if stream is None:
        return
    now = time.monotonic()
    if now - _LINE.started < DELAY or now - _LINE.drawn < INTERVAL:
        return
    _LINE.drawn = now
    text = f"hookc: {what} {done:,}/{total:,}"
    _write(stream, "\r" + text.ljust(_LINE.width))
    _LINE.width = max(_LINE.width, len(text))


def _write(stream: TextIO, text: str) -> None:
    with contextlib.suppress(OSError, ValueError):  # a closed terminal stops nothing
        stream.write(text)
        stream.flush()
