"""What every pipeline shares: the rebuilt event, reading a file's JSON lines (strictly,
for ``hookc ingest``: what JSON readers read differently is handed over, not read), and the
error a file no pipeline can read raises. Apart from ``pipelines`` so that the pipelines of
``agents`` and the formats' dispatch do not import one another."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any


class PipelineError(Exception):
    """A file a pipeline cannot read (the command reports it as a diagnostic)."""


@dataclass(frozen=True, slots=True)
class Quarantined:
    """A line the engines and ``json.loads`` would read differently (``hookc ingest`` keeps
    it out of the table): where it is, why, and its text (bytes that are not UTF-8 shown
    as ``\\xNN``)."""

    source: str
    reason: str  # duplicate key, NaN or Infinity, not UTF-8, not JSON
    text: str


class _Divergent(ValueError):
    """A line JSON readers disagree on: the reason is the message."""


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    made = dict(pairs)
    if len(made) != len(pairs):
        raise _Divergent("duplicate key")
    return made


def _constant(name: str) -> Any:
    raise _Divergent("NaN or Infinity")


def strict_loads(text: str) -> Any:
    """``json.loads``, refusing what other readers read otherwise: a key written twice in
    one object (Python keeps the last, DuckDB the first), ``NaN``/``Infinity`` (not JSON),
    a lone surrogate escape (``"\\ud800"``: a Python string no UTF-8 text can hold)."""
    value = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant)
    if _SURROGATE_ESCAPE.search(text) and _has_lone_surrogate(value):
        raise _Divergent("lone surrogate")
    return value


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def _has_lone_surrogate(value: Any) -> bool:
    """Whether a string in the value (a key too) holds a surrogate: json.loads joins a
    valid pair into one character, so any left is alone."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


@dataclass(frozen=True, slots=True)
class Event:
    """One rebuilt hook input: the event's name, its context, and where it was recorded."""

    event: str
    context: dict[str, Any]
    source: str  # file:line
    # What the log recorded of the call: a hook blocked it (True), it ran (False), or the
    # log does not say (None).
    blocked: bool | None = None


Divergent = Callable[[Quarantined], None]


def _lines(path: Path, on_divergent: Divergent | None = None) -> Iterator[tuple[int, Any]]:
    if on_divergent is not None:
        yield from _strict_lines(path, on_divergent)
        return
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield number, json.loads(line)
                except ValueError as exc:
                    raise PipelineError(f"{path}:{number}: not JSON: {exc}") from None
    except OSError as exc:
        raise PipelineError(f"{path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise PipelineError(f"{path}: not UTF-8: {exc}") from None


def _strict_lines(path: Path, on_divergent: Divergent) -> Iterator[tuple[int, Any]]:
    try:
        with open(path, "rb") as handle:
            for number, raw in enumerate(handle, 1):
                if not raw.strip():
                    continue
                source = f"{path}:{number}"
                try:
                    text = raw.decode("utf-8")
                except UnicodeDecodeError:
                    shown = raw.decode("utf-8", "backslashreplace").rstrip("\n")
                    on_divergent(Quarantined(source, "not UTF-8", shown))
                    continue
                try:
                    yield number, strict_loads(text)
                except _Divergent as exc:
                    on_divergent(Quarantined(source, str(exc), text.rstrip("\n")))
                except ValueError:
                    on_divergent(Quarantined(source, "not JSON", text.rstrip("\n")))
    except OSError as exc:
        raise PipelineError(f"{path}: {exc.strerror or exc}") from None
