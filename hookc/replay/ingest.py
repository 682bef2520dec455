"""``hookc ingest``: recorded events into one canonical Parquet table that replays scan.

One row an event, in the order of the files given: ``event_no``, ``event`` (the hook event's
name), ``source`` (file:line), ``ctx`` (the rebuilt hook input, JSON text as Python's
``json.dumps`` writes it: each key once, no NaN), ``blocked`` (what the log says a hook did:
``Event.blocked``), and for each path the host's schema
declares for the event (``common_context`` and the event's ``context``, nested
``properties`` too; plus any ``--path``) and some event holds, two typed columns,
``t.<path>`` and ``s.<path>``: the path's type tag and its text as the SQL back end reads
them (``hookc.backend.sql.dialect``), worked out here by Python, so that a replay from the
table reads no JSON for them (a missing path: both NULL).

What the engines and ``json.loads`` would read differently never reaches the table: a line
with a key written twice (``json.loads`` keeps the last, DuckDB's reader the first), with
``NaN`` or ``Infinity`` (not JSON: Python reads them, DuckDB refuses the file), not UTF-8,
or not JSON, is *quarantined*: counted by reason and written, with where it was, to
``<output>.quarantine.jsonl``; ``--reject`` refuses the whole input instead.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hookc.replay.pipelines import Event, Quarantined, read_events

TAG_PREFIX, TEXT_PREFIX = "t.", "s."
_MAX_ROW = 16_000_000  # characters; DuckDB reads an object of up to 16 MiB here


@dataclass(frozen=True, slots=True)
class Ingested:
    events: int
    quarantined: Counter[str] = field(default_factory=Counter)  # by reason
    paths: tuple[str, ...] = ()
    output: str = ""
    quarantine_file: str | None = None


def declared_paths(host: str) -> dict[str, tuple[str, ...]]:
    """By event (``""``: any other), the dotted paths the host's profile declares for its
    context (``common_context`` and the event's ``context``; nested ``properties`` too)."""
    from hookc.hosts.profile import load_profile

    details = load_profile(host).details
    common = _walk(details.get("common_context"), "")
    by_event = {"": tuple(sorted(common))}
    for name, entry in (details.get("events") or {}).items():
        own = _walk(entry.get("context") if isinstance(entry, dict) else None, "")
        by_event[name] = tuple(sorted(common | own))
    return by_event


def _walk(properties: Any, prefix: str) -> set[str]:
    found: set[str] = set()
    if isinstance(properties, dict):
        for name, sub in properties.items():
            if _simple(name):
                found.add(prefix + name)
                if isinstance(sub, dict):
                    found |= _walk(sub.get("properties"), f"{prefix}{name}.")
    return found


def _simple(name: str) -> bool:
    """A key a dotted path can name without quoting (others stay in ``ctx`` only)."""
    return name.isidentifier() and name.isascii()


def tag_and_text(value: Any) -> tuple[str | None, str | None]:
    """A value's type tag and text as the SQL back end reads a path (``dialect.TAGS``):
    a string's value, a number's or a boolean's JSON text, a list's or a map's JSON text;
    (None, None) for a missing path; a JSON null is the tag NULL with no text."""
    if value is _MISSING:
        return None, None
    if value is None:
        return "NULL", None
    if isinstance(value, bool):
        return "BOOLEAN", "true" if value else "false"
    if isinstance(value, int):
        return "INT", str(value)
    if isinstance(value, float):
        return "DOUBLE", repr(value)
    if isinstance(value, str):
        return "VARCHAR", value
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return ("ARRAY" if isinstance(value, list) else "OBJECT"), text


_MISSING = object()


def ingest(
    files: Sequence[Path],
    fmt: str,
    output: Path,
    *,
    host: str = "claude-code",
    event: str | None = None,
    extra_paths: Iterable[str] = (),
    reject: bool = False,
) -> Ingested:
    """Write the canonical table of the events of ``files`` to ``output`` (Parquet)."""
    from hookc.replay.duck import import_duckdb

    duckdb = import_duckdb()
    extra = {p for p in extra_paths if p}
    declared = {event: tuple(sorted(set(paths) | extra))
                for event, paths in declared_paths(host).items()}  # fmt: skip
    used: set[str] = set()  # the paths of the events seen: the table's typed columns
    quarantined: Counter[str] = Counter()
    quarantine_file = Path(f"{output}.quarantine.jsonl")
    with tempfile.TemporaryDirectory(prefix="hookc-ingest-") as scratch:
        rows = Path(scratch) / "rows.jsonl"
        count = 0
        with open(rows, "w", encoding="utf-8") as out, _Quarantine(quarantine_file) as held:
            for count, item in enumerate(_events(files, fmt, event, held, quarantined), 1):
                paths = declared.get(item.event) or declared[""]
                row = _row(count, item, paths, used)
                if len(row) > _MAX_ROW:  # DuckDB's reader takes objects up to its buffer
                    held.write(Quarantined(item.source, "larger than 16 MB", row[:1000]))
                    quarantined["larger than 16 MB"] += 1
                    continue
                out.write(row + "\n")
        paths = tuple(sorted(used))
        if reject and quarantined:
            quarantine_file.unlink(missing_ok=True)
            return Ingested(0, quarantined, paths, "", None)
        columns = {"event_no": "BIGINT", "event": "VARCHAR", "source": "VARCHAR",
                   "ctx": "VARCHAR", "blocked": "BOOLEAN"}  # fmt: skip
        for path in paths:
            columns[TAG_PREFIX + path] = "VARCHAR"
            columns[TEXT_PREFIX + path] = "VARCHAR"
        listed = ", ".join(f"{_quote(k)}: {_quote(v)}" for k, v in columns.items())
        connection = duckdb.connect()
        connection.execute("SET memory_limit = '1GB'")
        connection.execute("SET preserve_insertion_order = true")
        connection.execute(
            f"COPY (SELECT * FROM read_json({_quote(os.fspath(rows))}, format = "
            f"'newline_delimited', columns = {{{listed}}}, maximum_object_size = 16777216)) "
            f"TO {_quote(os.fspath(output))} (FORMAT parquet, COMPRESSION zstd)"
        )
    if not quarantined:
        quarantine_file.unlink(missing_ok=True)
    return Ingested(
        count, quarantined, paths, os.fspath(output),
        os.fspath(quarantine_file) if quarantined else None,
    )  # fmt: skip


def _events(
    files: Sequence[Path], fmt: str, event: str | None, held: _Quarantine, counts: Counter[str]
) -> Iterator[Event]:
    def hold(found: Quarantined) -> None:
        counts[found.reason] += 1
        held.write(found)

    yield from read_events(files, fmt, event, on_divergent=hold)


def _row(number: int, item: Event, paths: Sequence[str], used: set[str]) -> str:
    context = item.context
    row: dict[str, Any] = {
        "event_no": number,
        "event": item.event,
        "source": item.source,
        "ctx": json.dumps(context, ensure_ascii=False, separators=(",", ":")),
        "blocked": item.blocked,
    }
    for path in paths:
        keys = _KEYS.get(path) or _KEYS.setdefault(path, tuple(path.split(".")))
        value: Any = context
        for key in keys:  # most paths stop at once: their root is not in this event
            if type(value) is not dict or key not in value:
                break
            value = value[key]
        else:
            tag, text = tag_and_text(value)
            if tag is not None:
                used.add(path)
                row[TAG_PREFIX + path] = tag
                if text is not None:
                    row[TEXT_PREFIX + path] = text
    return json.dumps(row, ensure_ascii=False)


_KEYS: dict[str, tuple[str, ...]] = {}


class _Quarantine:
    """The quarantined lines, written as they come (opened at the first)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.handle: Any = None

    def __enter__(self) -> _Quarantine:
        return self

    def write(self, found: Quarantined) -> None:
        if self.handle is None:
            self.handle = open(self.path, "w", encoding="utf-8")  # noqa: SIM115
        line = {"source": found.source, "reason": found.reason, "line": found.text}
        self.handle.write(json.dumps(line, ensure_ascii=False) + "\n")

    def __exit__(self, *exc: object) -> None:
        if self.handle is not None:
            self.handle.close()


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"
