"""``hookc ingest``: recorded events into one canonical Parquet table that replays scan.

One row an event, in the order of the files given: ``event_no``, ``event`` (the hook event's
name), ``source`` (file:line), ``ctx`` (the rebuilt hook input, JSON text as Python's
``json.dumps`` writes it: each key once, no NaN), ``blocked`` (what the log says a hook did:
``Event.blocked``), and for each path the host's schema declares for an event
(``common_context`` and each event's ``context``, nested ``properties`` too; plus any
``--path``) and some event holds, two typed columns, ``t.<path>`` and ``s.<path>``: the
path's type tag and its text as the SQL back end reads them (``hookc.backend.sql.dialect``;
DuckDB works them out with that very SQL), in every row, so that a replay from the table
reads no JSON for them (a missing path: both NULL).

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

from hookc.replay.lines import Divergent
from hookc.replay.pipelines import Quarantined, read_events

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
    """Write the canonical table of the events of ``files`` to ``output`` (Parquet).

    Python reads each line strictly (what it must quarantine) and writes it, as it was
    written, into a row of a temporary JSONL file with its number, event and source (a
    hook input is not rebuilt: its line is its context); DuckDB reads those rows, works out
    the typed columns with the SQL back end's own reading of JSON (``type_tag``) and writes
    the Parquet. Building each row in Python (the typed columns, two ``json.dumps``) went
    at a quarter of the rate."""
    from hookc.replay.duck import import_duckdb
    from hookc.replay.pipelines import detect

    duckdb = import_duckdb()
    extra = {p for p in extra_paths if p}
    every = set(extra).union(*declared_paths(host).values())
    unseen = _Unseen(sorted(every))  # the paths no event has held yet
    used: set[str] = set()
    quarantined: Counter[str] = Counter()
    quarantine_file = Path(f"{output}.quarantine.jsonl")
    with tempfile.TemporaryDirectory(prefix="hookc-ingest-") as scratch:
        rows = Path(scratch) / "rows.jsonl"
        count = 0
        with open(rows, "wb") as out, _Quarantine(quarantine_file) as held:
            names: dict[str, bytes] = {}  # an event's name as JSON

            def hold(found: Quarantined) -> None:
                quarantined[found.reason] += 1
                held.write(found)

            for file in files:
                kind = detect(file) if fmt == "auto" else fmt
                if kind == "hook-input":
                    found = _hook_input_lines(file, event, hold)
                else:
                    found = _rebuilt_lines(file, kind, event, hold)
                for name, source, blocked, context, line in found:
                    if len(line) > _MAX_ROW:  # DuckDB's reader takes objects up to its buffer
                        shown = line[:1000].decode("utf-8", "replace")
                        where = json.loads(source)
                        hold(Quarantined(where, "larger than 16 MB", shown))
                        continue
                    if unseen.tree:
                        unseen.mark(context, used)
                    count += 1
                    named = names.get(name) or names.setdefault(name, _json(name))
                    out.write(b'{"n":%d,"e":%s,"s":%s,"b":%s,"c":%s}\n' % (
                        count, named, source, _BLOCKED[blocked], line))  # fmt: skip
        paths = tuple(sorted(used))
        if reject and quarantined:
            quarantine_file.unlink(missing_ok=True)
            return Ingested(0, quarantined, paths, "", None)
        columns = ["n AS event_no", "e AS event", "s AS source", "CAST(c AS VARCHAR) AS ctx",
                   "b AS blocked", *typed_sql(paths)]  # fmt: skip
        extract = f", {paths_sql('c', paths)} AS hk_p" if paths else ""
        connection = duckdb.connect()
        connection.execute("SET memory_limit = '1GB'")
        connection.execute("SET preserve_insertion_order = true")
        connection.execute(
            f"COPY (SELECT {', '.join(columns)} FROM (SELECT *{extract} FROM read_json("
            f"{_quote(os.fspath(rows))}, format = 'newline_delimited', columns = {{'n': "
            "'BIGINT', 'e': 'VARCHAR', 's': 'VARCHAR', 'b': 'BOOLEAN', 'c': 'JSON'}, "
            "maximum_object_size = 16777216))) "
            f"TO {_quote(os.fspath(output))} (FORMAT parquet, COMPRESSION zstd)"
        )
    if not quarantined:
        quarantine_file.unlink(missing_ok=True)
    return Ingested(
        count, quarantined, paths, os.fspath(output),
        os.fspath(quarantine_file) if quarantined else None,
    )  # fmt: skip


def paths_sql(json: str, paths: Sequence[str]) -> str:
    """DuckDB: the values of the dotted ``paths`` in the JSON ``json``, a list read in one
    parse (``typed_sql`` reads it as ``hk_p``)."""
    return f"json_extract({json}, [{', '.join(_json_path(path) for path in paths)}])"


def typed_sql(paths: Sequence[str]) -> list[str]:
    """DuckDB: the typed columns of ``paths`` (``t.<path>``, ``s.<path>``) from ``hk_p``
    (``paths_sql``), by the SQL back end's own reading of JSON: what a replay of the JSON
    would read."""
    from hookc.backend.sql.duckdb import DuckDB

    d = DuckDB()
    columns = []
    for at, path in enumerate(paths, 1):
        value, text = f"hk_p[{at}]", f"(hk_p[{at}] ->> '$')"
        columns.append(f"{d.type_tag(value, text)} AS {d.identifier(TAG_PREFIX + path)}")
        columns.append(f"{text} AS {d.identifier(TEXT_PREFIX + path)}")
    return columns


# One event's row: its name, its source as JSON, what the log says a hook did, its context
# (for the typed columns' paths) and the context's JSON text.
_Row = tuple[str, bytes, "bool | None", Any, bytes]
_BLOCKED = {True: b"true", False: b"false", None: b"null"}


def _json(text: str) -> bytes:
    return json.dumps(text, ensure_ascii=False).encode("utf-8")


def _json_path(path: str) -> str:
    """DuckDB's JSON path of a dotted path (``DuckDB.json_path``), as a string literal."""
    from hookc.backend.sql.duckdb import DuckDB

    keys = "".join(
        '."' + key.replace("\\", "\\\\").replace('"', '\\"') + '"' for key in path.split(".")
    )
    return DuckDB().string("$" + keys)


def _hook_input_lines(path: Path, event: str | None, hold: Divergent) -> Iterator[_Row]:
    """A hook-input file's events, each with its line as written (``hook_input``'s events:
    what it would quarantine, quarantined alike)."""
    from hookc.replay.lines import PipelineError, _Divergent, strict_loads

    where = os.fspath(path)
    prefix = _json(where)[:-1] + b':%d"'  # the source as JSON: the path, `:`, the line
    try:
        with open(path, "rb") as handle:
            for number, raw in enumerate(handle, 1):
                text = raw.strip()
                if not text:
                    continue
                source = f"{where}:{number}"  # (cheaper than a test of each line first)
                try:
                    value = strict_loads(text.decode("utf-8"))
                except UnicodeDecodeError:
                    shown = raw.decode("utf-8", "backslashreplace").rstrip("\n")
                    hold(Quarantined(source, "not UTF-8", shown))
                    continue
                except _Divergent as exc:
                    hold(Quarantined(source, str(exc), raw.decode("utf-8").rstrip("\n")))
                    continue
                except ValueError:
                    hold(Quarantined(source, "not JSON", raw.decode("utf-8").rstrip("\n")))
                    continue
                if not isinstance(value, dict):
                    shown = json.dumps(value, ensure_ascii=False)
                    hold(Quarantined(source, "not a JSON object", shown))
                    continue
                name = event if event is not None else value.get("hook_event_name")
                yield (name if isinstance(name, str) else ""), prefix % number, None, value, text
    except OSError as exc:
        raise PipelineError(f"{path}: {exc.strerror or exc}") from None


def _rebuilt_lines(path: Path, kind: str, event: str | None, hold: Divergent) -> Iterator[_Row]:
    for item in read_events([path], kind, event, on_divergent=hold):
        text = json.dumps(item.context, ensure_ascii=False, separators=(",", ":"))
        yield item.event, _json(item.source), item.blocked, item.context, text.encode("utf-8")


class _Unseen:
    """The paths no event has held yet, as a tree of keys: an event is looked at where
    its keys and the tree's meet (most declared paths are in no event of a log, and
    looking each of them up in every event took three quarters of the time)."""

    def __init__(self, paths: Iterable[str]) -> None:
        self.tree: dict[str, Any] = {}  # key -> (its path or None, the tree under it)
        for path in paths:
            keys = path.split(".")
            node = self.tree
            for at, key in enumerate(keys):
                here, below = node.get(key, (None, {}))
                node[key] = (path if at == len(keys) - 1 else here, below)
                node = below

    def mark(self, context: dict[str, Any], used: set[str]) -> None:
        """Move the paths ``context`` holds (null too) to ``used``."""
        self._mark(self.tree, context, used)

    def _mark(self, tree: dict[str, Any], value: dict[str, Any], used: set[str]) -> None:
        for key in tree.keys() & value.keys():
            path, below = tree[key]
            if path is not None:
                used.add(path)
                tree[key] = (None, below)
            inner = value[key]
            if below and type(inner) is dict:
                self._mark(below, inner, used)
            if not below and tree[key][0] is None:
                del tree[key]


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
