"""The replay engines: each runs a policy (and, with ``--compare``, an old one) over the
events and returns the same ``Outcome``.

- ``python`` (the reference): each hook's condition compiled by the Python back end
  (``hookc.backend.expressions``, the code a compiled module carries), one event at a time.
- ``duckdb`` (the default): the SQL back end's predicates in one query over the events, in
  process. A hook-input JSONL file is read by DuckDB itself; other formats are rebuilt by
  their pipeline into a temporary JSONL file first. Hooks outside the SQL fragment are
  evaluated by the Python back end on their event's rows and joined in: never dropped.
- ``spark``: the same statements in Spark SQL through pyspark (``local[2]`` unless
  ``--master``): over ``hookc ingest``'s tables read by Spark itself (their typed
  columns), else over the pipeline's events written as text (with the answers of hooks
  outside the fragment; a table is read so too when the policy has such a hook).

DuckDB and pyspark are imported only here, only when their engine runs; a missing one is
an ``EngineMissing`` (the command prints how to install it, not a traceback).
"""

from __future__ import annotations

import json
import os
import tempfile
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hookc.replay.duck import import_duckdb
from hookc.replay.pipelines import Event, PipelineError, detect, read_events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.backend.sql.script import Plan
    from hookc.ir.hooks import Hook, Ordering


@dataclass(frozen=True, slots=True)
class HookCount:
    id: str
    event: str
    events: int  # events of the hook's event
    fired: int
    undecided: int  # the condition gave no bool: an error, usually a missing field
    fallback: str | None = None  # why the hook ran in Python instead of SQL

    @property
    def not_fired(self) -> int:
        return self.events - self.fired - self.undecided


@dataclass(frozen=True, slots=True)
class Outcome:
    engine: str
    events: int
    hooks: tuple[HookCount, ...]
    # Each decision (the hooks that act, under the host's ordering) and how many events.
    decisions: dict[tuple[str, ...], int]
    # Per hook: up to N events it fired on (their context and where they were recorded).
    examples: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    # With --compare: events whose decision changes, their sessions, and examples.
    changed: int | None = None
    changed_sessions: int | None = None
    changes: list[dict[str, Any]] = field(default_factory=list)
    old_hooks: tuple[HookCount, ...] = ()
    # Where the log records what hooks did: events by (the policy would block: a hook
    # acts on it, the log says a hook blocked it: True, it ran: False, unknown: None).
    recorded: dict[tuple[bool, bool | None], int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Policy:
    hooks: tuple[Hook, ...]  # in evaluation order
    ordering: Ordering


def decision(fired: Sequence[str], ordering: Ordering) -> tuple[str, ...]:
    """What acts on an event: the first firing hook (first-match hosts), or every one."""
    return tuple(fired[:1]) if ordering.first_match else tuple(fired)


# -- Python -------------------------------------------------------------------------------


def run_python(
    events: Iterable[Event],
    policy: Policy,
    old: Policy | None = None,
    examples: int = 3,
    progress: Callable[[int], None] | None = None,
    matches: Path | None = None,
) -> Outcome:
    with _Matches(matches) as written:
        return _run_python(events, policy, old, examples, progress, written)


class _Matches:
    """The matches file of the Python and Spark engines: each event a hook fired on, as
    JSONL (a ``.parquet`` file: written as JSONL beside it, then converted by DuckDB)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.handle: Any = None
        self.text: Path | None = None

    def __enter__(self) -> _Matches:
        if self.path is not None:
            self.text = self.path if self.path.suffix != ".parquet" else Path(f"{self.path}.jsonl")
            self.handle = open(self.text, "w", encoding="utf-8")
        return self

    def write(self, number: int, item: Event, fired: list[str]) -> None:
        context = item.context
        self.row(number, item.event, item.source, _text(context.get("session_id")),
                 _text(context.get("tool_use_id")), fired)  # fmt: skip

    def row(self, number: int, event: str, source: str, session: str | None,
            tool_use: str | None, fired: list[str]) -> None:  # fmt: skip
        row = {"event_no": number, "event": event, "source": source, "session_id": session,
               "tool_use_id": tool_use, "fired": fired}  # fmt: skip
        self.handle.write(json.dumps(row, ensure_ascii=False) + "\n")

    def __exit__(self, *exc: object) -> None:
        if self.handle is None:
            return
        self.handle.close()
        if self.path is not None and self.text not in (None, self.path) and exc[0] is None:
            assert self.text is not None
            connection = import_duckdb().connect()
            connection.execute(
                f"COPY (SELECT * FROM read_json({_quote(os.fspath(self.text))}, columns = "
                "{'event_no': 'BIGINT', 'event': 'VARCHAR', 'source': 'VARCHAR', 'session_id': "
                "'VARCHAR', 'tool_use_id': 'VARCHAR', 'fired': 'VARCHAR[]'})) TO "
                f"{_quote(os.fspath(self.path))} (FORMAT parquet)"
            )
            self.text.unlink()


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _run_python(
    events: Iterable[Event],
    policy: Policy,
    old: Policy | None,
    examples: int,
    progress: Callable[[int], None] | None,
    matches: _Matches,
) -> Outcome:
    new_run = _Evaluator(policy.hooks)
    old_run = _Evaluator(old.hooks) if old is not None else None
    decisions: Counter[tuple[str, ...]] = Counter()
    recorded: Counter[tuple[bool, bool | None]] = Counter()
    shown: dict[str, list[dict[str, Any]]] = {hook.id: [] for hook in policy.hooks}
    wanted = {hook.id for hook in policy.hooks} if examples > 0 else set()
    first_match = policy.ordering.first_match
    changed = 0
    sessions: set[str] = set()
    changes: list[dict[str, Any]] = []
    total = 0
    for total, item in enumerate(events, 1):
        fired = new_run(item)
        decided = tuple(fired[:1]) if first_match else tuple(fired)
        decisions[decided] += 1
        recorded[(bool(decided), item.blocked)] += 1
        if fired and matches.handle is not None:
            matches.write(total, item, fired)
        if wanted and fired:
            for hook_id in fired:
                if hook_id in wanted:
                    shown[hook_id].append(_example(item))
                    if len(shown[hook_id]) >= examples:
                        wanted.discard(hook_id)
        if old is not None and old_run is not None:
            before = decision(old_run(item), old.ordering)
            if before != decided:
                changed += 1
                sessions.add(str(item.context.get("session_id")))
                if len(changes) < examples:
                    changes.append(
                        {**_example(item), "before": list(before), "after": list(decided)}
                    )
        if progress is not None and total % 100_000 == 0:
            progress(total)
    return Outcome(
        "python",
        total,
        _hook_counts(policy.hooks, new_run.counts()),
        dict(decisions),
        shown,
        changed if old is not None else None,
        len(sessions) if old is not None else None,
        changes,
        _hook_counts(old.hooks, old_run.counts()) if old is not None and old_run else (),
        _logged(recorded),
    )


class _Evaluator:
    """Answers every hook of an event's on each event (``evaluate.compile_event``), counts
    them, and gives the ids of those that fired, in evaluation order."""

    def __init__(self, hooks: Sequence[Hook]) -> None:
        from hookc.replay.evaluate import compile_event

        self.hooks = hooks
        by_event: dict[str, list[int]] = {}
        for index, hook in enumerate(hooks):
            by_event.setdefault(hook.event, []).append(index)
        self.plans = {
            event: (compile_event([hooks[i] for i in indexes]), indexes,
                    [hooks[i].id for i in indexes], [0] * len(indexes), [0] * len(indexes))
            for event, indexes in by_event.items()
        }  # fmt: skip
        self.seen: Counter[str] = Counter()

    def __call__(self, item: Event) -> list[str]:
        plan = self.plans.get(item.event)
        if plan is None:
            return []
        answers_of, indexes, ids, fired_counts, undecided_counts = plan
        self.seen[item.event] += 1
        try:
            answers = answers_of(item.context)
        except Exception:  # a path no CEL value can be: each hook on its own, as the reference
            answers = tuple(_answer(self.hooks[i], item.context) for i in indexes)
        fired = []
        for at, answer in enumerate(answers):
            if answer is True:
                fired_counts[at] += 1
                fired.append(ids[at])
            elif answer is None:
                undecided_counts[at] += 1
        return fired

    def counts(self) -> list[list[int]]:
        out = [[0, 0, 0] for _ in self.hooks]
        for event, (_, indexes, _, fired_counts, undecided_counts) in self.plans.items():
            for at, index in enumerate(indexes):
                out[index] = [self.seen[event], fired_counts[at], undecided_counts[at]]
        return out


def _answer(hook: Hook, context: Any) -> bool | None:
    """One hook's answer by its value (``compile_expression``): the reference's way."""
    from hookc.backend.expressions import compile_expression

    if hook.condition is None:
        return True
    try:
        value = compile_expression(hook.condition)(context)
    except Exception:  # a value no CEL value can be: an error, as Program.evaluate says
        return None
    return value if isinstance(value, bool) else None


def _hook_counts(
    hooks: Sequence[Hook], counts: Sequence[Sequence[int]], fallbacks: dict[str, str] | None = None
) -> tuple[HookCount, ...]:
    return tuple(
        HookCount(hook.id, hook.event, n, f, u, (fallbacks or {}).get(hook.id))
        for hook, (n, f, u) in zip(hooks, counts, strict=True)
    )


def _example(item: Event) -> dict[str, Any]:
    context = item.context
    shown: dict[str, Any] = {"source": item.source}
    for key in ("session_id", "tool_use_id", "tool_name"):
        if key in context:
            shown[key] = context[key]
    if "tool_input" in context:
        shown["tool_input"] = context["tool_input"]
    return shown


# -- SQL engines ---------------------------------------------------------------------------


def run_duckdb(
    files: Sequence[Path],
    fmt: str,
    policy: Policy,
    old: Policy | None = None,
    examples: int = 3,
    event: str | None = None,
    threads: int | None = None,
    matches: Path | None = None,
) -> Outcome:
    duckdb = import_duckdb()
    from hookc.backend.sql.duckdb import DuckDB
    from hookc.backend.sql.script import plan, predicates_query

    hooks = list(policy.hooks) + list(old.hooks if old else ())
    built = plan(hooks, DuckDB())
    connection = duckdb.connect()
    if threads:
        connection.execute(f"SET threads = {int(threads)}")
    # Lines of a transcript may be megabytes; DuckDB's reader sizes its buffers from this.
    connection.execute("SET memory_limit = '1GB'")
    typed: dict[Any, tuple[str, str]] = {}
    with tempfile.TemporaryDirectory(prefix="hookc-replay-") as scratch:
        kinds = {detect(path) if fmt == "auto" else fmt for path in files}
        direct = event is None and kinds == {"hook-input"}
        if kinds == {"parquet"}:
            typed = _canonical_view(connection, files, built, event)
            # No JSON reader's buffers to size: DuckDB's pool of cached blocks is what
            # fills the limit (a replay of 50 M events peaked at 1.1 GB with it at 1 GB, at
            # 630 MB with it at 512 MB, in the same time).
            connection.execute("SET memory_limit = '512MB'")
        elif direct:
            listed = ", ".join(DuckDB().quote(os.fspath(path)) for path in files)
            # The event's name as the pipeline reads it: a string, else none ('').
            connection.execute(
                "CREATE VIEW hookc_events AS SELECT row_number() OVER () AS event_no, "
                "CASE WHEN json_type(json, '$.hook_event_name') = 'VARCHAR' THEN "
                "json ->> '$.hook_event_name' ELSE '' END AS event, json AS ctx, "
                "filename AS source FROM read_ndjson_objects("
                f"[{listed}], maximum_object_size = 16777216, filename = true)"
            )
        else:
            rebuilt = Path(scratch) / "events.jsonl"
            with open(rebuilt, "w", encoding="utf-8") as handle:
                for item in read_events(files, fmt, event):
                    line = {"e": item.event, "c": item.context, "src": item.source,
                            "b": item.blocked}  # fmt: skip
                    handle.write(json.dumps(line) + "\n")
            connection.execute(
                "CREATE VIEW hookc_events AS SELECT row_number() OVER () AS event_no, "
                "json ->> '$.e' AS event, json -> '$.c' AS ctx, json ->> '$.src' AS source, "
                "CAST(json ->> '$.b' AS BOOLEAN) AS hk_blocked "
                f"FROM read_ndjson_objects({DuckDB().quote(os.fspath(rebuilt))})"
            )
        recorded = not direct  # rebuilt, or ingested: what the log says a hook did
        source = "hookc_events"
        fallbacks = [i for i, item in enumerate(built.hooks) if item.fallback]
        if fallbacks:
            _fallback_table(connection, built, fallbacks, Path(scratch))
            source = "(SELECT * FROM hookc_events LEFT JOIN hk_fallback USING (event_no))"
        query = predicates_query(
            built,
            source,
            fallback=lambda index: f"hk_fb{index}",
            keep=("ctx", "source", *(("hk_blocked",) if recorded else ())),
            event_key="hook_event_name" if direct else None,
            typed=typed,
        )
        if matches is not None:
            _write_matches(connection, built, query, len(policy.hooks), matches)
        return _duckdb_outcome(connection, built, query, policy, old, examples, recorded)


def _write_matches(connection: Any, built: Plan, predicates: str, size: int, path: Path) -> None:
    """Each event a hook of the policy fired on, with their ids in evaluation order: one
    more pass over the events (Parquet, or JSONL for any other ending)."""
    fired = _fired_list(built.dialect, [(i, h.hook.id) for i, h in enumerate(built.hooks[:size])],
                        "duckdb")  # fmt: skip
    text = "CAST(ctx AS VARCHAR)"
    kind = "parquet" if path.suffix == ".parquet" else "json"

    def string(key: str) -> str:  # a string's value, else NULL (as the Python engine)
        return (
            f"CASE WHEN json_type({text}, '$.{key}') = 'VARCHAR' "
            f"THEN json_extract_string({text}, '$.{key}') END AS {key}"
        )

    connection.execute(
        f"COPY (SELECT * FROM (SELECT event_no, event, source, "
        f"{string('session_id')}, {string('tool_use_id')}, {fired} AS fired "
        f"FROM ({predicates})) WHERE len(fired) > 0 ORDER BY event_no) "
        f"TO {_quote(os.fspath(path))} (FORMAT {kind})"
    )


def _canonical_view(
    connection: Any, files: Sequence[Path], built: Plan, event: str | None
) -> dict[Any, tuple[str, str]]:
    """The events view over ``hookc ingest``'s tables, and the policy's paths they hold as
    typed columns (read from those, not from the JSON)."""
    from hookc.backend.sql.duckdb import DuckDB

    listed = ", ".join(DuckDB().quote(os.fspath(path)) for path in files)
    scan = f"read_parquet([{listed}], union_by_name = true)"
    columns = {row[0] for row in connection.execute(f"DESCRIBE SELECT * FROM {scan}").fetchall()}
    if not {"event", "ctx", "source", "blocked"} <= columns:
        raise PipelineError(
            f"{files[0]}: not a table of hookc ingest (no event, ctx, source, blocked)"
        )
    name = DuckDB().string(event) if event is not None else "event"
    connection.execute(
        "CREATE VIEW hookc_events AS SELECT row_number() OVER () AS event_no, "
        f"{name} AS event, ctx, source, blocked AS hk_blocked, * EXCLUDE (event_no, event, "
        f"ctx, source, blocked) FROM {scan}"
    )
    return typed_columns(built, columns)


def typed_columns(built: Plan, columns: Iterable[str]) -> dict[Any, tuple[str, str]]:
    """The policy's paths a canonical table (of ``columns``) holds as typed columns: each
    path's tag and text column."""
    from hookc.replay.ingest import TAG_PREFIX, TEXT_PREFIX

    names = set(columns)
    typed = {}
    for path in built.paths:
        if all(isinstance(key, str) for key in path.keys):
            dotted = ".".join([path.root, *path.keys])  # type: ignore[list-item]
            if TAG_PREFIX + dotted in names and TEXT_PREFIX + dotted in names:
                typed[path] = (TAG_PREFIX + dotted, TEXT_PREFIX + dotted)
    return typed


def _duckdb_outcome(
    connection: Any, built: Plan, predicates: str, policy: Policy, old: Policy | None,
    examples: int, recorded: bool = False,
) -> Outcome:  # fmt: skip
    """Everything the report needs in one aggregate over the predicates, streamed: the
    events are read once (materializing the answers, then querying them once per hook for
    its examples, read the file a dozen times: 13 % of DuckDB's parse rate, now 30 %+)."""
    d = built.dialect
    size = len(policy.hooks)
    # The decision as a number: the first firing hook's place (first-match hosts), or
    # the set of firing hooks as bits (60 hooks a number): a histogram of numbers costs a
    # tenth of one of lists of ids.
    if policy.ordering.first_match:
        whens = " ".join(f"WHEN h{i} THEN {i}" for i in range(size))
        codes = [f"CASE {whens} ELSE -1 END" if size else "-1"]
    else:
        codes = [
            " + ".join(f"CASE WHEN h{i} THEN {1 << (i - start)} ELSE 0 END"
                       for i in range(start, min(start + 60, size))) or "0"
            for start in range(0, max(size, 1), 60)
        ]  # fmt: skip
    if len(codes) == 1:
        columns = [f"CAST({codes[0]} AS BIGINT) AS hk_code"]
    else:  # more than 60 hooks: the numbers as text
        columns = [f"concat_ws(',', {', '.join(f'CAST({c} AS BIGINT)' for c in codes)}) AS hk_code"]

    n = int(examples)
    if old is not None:
        new_list = _fired_list(d, [(i, item.hook.id) for i, item in enumerate(built.hooks[:size])],
                               "duckdb")  # fmt: skip
        old_list = _fired_list(
            d, [(size + i, item.hook.id) for i, item in enumerate(built.hooks[size:])], "duckdb"
        )
        columns.append(f"{_decision_sql(new_list, policy.ordering, 'duckdb')} AS hk_new")
        columns.append(f"{_decision_sql(old_list, old.ordering, 'duckdb')} AS hk_old")
    # Per hook: fired, and decided (h is NULL off its event, and where undecided): the
    # events of each event name counted once, not once a hook (string compares a row
    # and hook cost two thirds of the aggregate).
    names = sorted({item.hook.event for item in built.hooks})
    aggregates = ["count(*)", *(f"count_if(event = {d.string(name)})" for name in names)]
    for index in range(len(built.hooks)):
        aggregates += [f"count_if(h{index})", f"count(h{index})"]
    aggregates.append("histogram(hk_code)")
    # Would block (a hook acts) x what the log says a hook did: six counts.
    acts = " OR ".join(f"coalesce(h{i}, FALSE)" for i in range(size)) if size else "FALSE"
    was = "hk_blocked" if recorded else "CAST(NULL AS BOOLEAN)"
    cells = [(w, b) for w in (True, False) for b in (True, False, None)]
    for would, blocked in cells:
        test = f"{was} IS {'NULL' if blocked is None else str(blocked).upper()}"
        aggregates.append(f"count_if({'' if would else 'NOT '}({acts}) AND {test})")
    if old is not None:
        session = "coalesce(ctx ->> '$.session_id', 'None')"
        changed = "hk_old <> hk_new"
        aggregates += [
            f"count_if({changed})",
            f"count(DISTINCT {session}) FILTER (WHERE {changed})",
        ]
        if n > 0:
            change = "{'n': event_no, 'before': hk_old, 'after': hk_new}"
            aggregates.append(f"arg_min({change}, event_no, {n}) FILTER (WHERE {changed})")
    row = connection.execute(
        f"SELECT {', '.join(aggregates)} FROM (SELECT *, {', '.join(columns)} FROM ({predicates}))"
    ).fetchall()[0]
    total = int(row[0])
    of_event = dict(zip(names, row[1 : 1 + len(names)], strict=True))
    at = 1 + len(names)
    counts = []
    for item in built.hooks:
        # (count_if of a column that is NULL throughout, its type unknown, is NULL)
        seen, fired, decided = of_event[item.hook.event], row[at] or 0, row[at + 1] or 0
        counts.append((seen, fired, seen - decided))
        at += 2
    ids = [hook.id for hook in policy.hooks]
    decisions = {
        _decoded(code, ids, policy.ordering.first_match): int(value)
        for code, value in (row[at] or {}).items()
    }
    at += 1
    logged = _logged(dict(zip(cells, (int(c or 0) for c in row[at : at + 6]), strict=True)))
    at += 6
    fired = [count for _, count, _ in counts[:size]]
    numbers = _example_numbers(connection, predicates, fired, n, total) if n > 0 else []
    moved = []
    if old is not None and n > 0:
        moved = sorted(row[at + 2] or [], key=lambda r: r["n"])
    shown = _contexts(connection, {k for ks in numbers for k in ks} | {r["n"] for r in moved})
    found = {
        item.hook.id: [shown[k] for k in ks] for item, ks in zip(built.hooks, numbers, strict=False)
    }
    found.update({item.hook.id: [] for item in built.hooks[:size] if item.hook.id not in found})
    reasons = {
        item.hook.id: item.unsupported.reason
        for item in built.hooks
        if item.unsupported is not None
    }
    new_counts = _hook_counts(policy.hooks, counts[:size], reasons)
    if old is None:
        return Outcome("duckdb", total, new_counts, decisions, found, recorded=logged)
    changes = [
        {**shown[r["n"]], "before": list(r["before"]), "after": list(r["after"])} for r in moved
    ]
    return Outcome(
        "duckdb", total, new_counts, decisions, found, int(row[at]), int(row[at + 1]), changes,
        _hook_counts(old.hooks, counts[size:], reasons), logged,
    )  # fmt: skip


# Where the examples are looked for first: the events before this one (then ten times as
# many, and so on).
EXAMPLES_PREFIX = 10_000


def _example_numbers(
    connection: Any, predicates: str, fired: list[int], n: int, total: int
) -> list[list[int]]:
    """The numbers of the first ``n`` events each hook fired on (``fired``: how many it
    fired on of the ``total`` events). Numbering the events (``row_number() OVER ()``) keeps
    the scan in order on one thread, half the time of a replay of JSON lines; so the
    aggregate numbers nothing, and the examples are taken from the first
    ``EXAMPLES_PREFIX`` events (the scan stops there), then from ten times as many for a
    hook that fired more often than it was seen to there, and so on: at most ~1.1 numbered
    scans, and a small part of one where hooks fire often. Their contexts are read after,
    for those rows alone (a struct with the context, made on every row where a hook fired,
    cost half the replay of a table)."""
    numbers: dict[int, list[int]] = {}
    pending = [i for i, count in enumerate(fired) if count]
    prefix = EXAMPLES_PREFIX
    while pending:
        source = f"({predicates})"
        if prefix < total:
            source = f"(SELECT * FROM {source} LIMIT {prefix})"
        picks = ", ".join(f"arg_min(event_no, event_no, {n}) FILTER (WHERE h{i})" for i in pending)
        row = connection.execute(f"SELECT {picks} FROM {source}").fetchall()[0]
        numbers.update({i: sorted(found or []) for i, found in zip(pending, row, strict=True)})
        if prefix >= total:
            break
        pending = [i for i in pending if len(numbers[i]) < min(n, fired[i])]
        prefix *= 10
    return [numbers.get(i, []) for i in range(len(fired))]


def _logged(table: dict[tuple[bool, bool | None], int]) -> dict[tuple[bool, bool | None], int]:
    """The would-block x was-blocked counts, empty where the log recorded nothing."""
    if all(blocked is None for (_, blocked), n in table.items() if n):
        return {}
    return {cell: n for cell, n in table.items() if n}


def _contexts(connection: Any, numbers: set[int]) -> dict[int, dict[str, Any]]:
    """The examples of the events numbered: read again, up to the last of them only (the
    scan stops there: examples are the first events a hook fired on)."""
    if not numbers:
        return {}
    listed = ", ".join(str(int(k)) for k in sorted(numbers))
    rows = connection.execute(
        "SELECT event_no, CAST(ctx AS VARCHAR), source FROM (SELECT event_no, ctx, source "
        f"FROM hookc_events LIMIT {max(numbers)}) WHERE event_no IN ({listed})"
    ).fetchall()
    return {k: _example(Event("", json.loads(ctx), source or "")) for k, ctx, source in rows}


def _decoded(code: int | str, ids: list[str], first_match: bool) -> tuple[str, ...]:
    """The hook ids a decision's number (``_duckdb_outcome``) stands for."""
    if first_match:
        return () if int(code) < 0 else (ids[int(code)],)
    numbers = [int(part) for part in str(code).split(",")]
    return tuple(ids[i] for i in range(len(ids)) if numbers[i // 60] >> (i % 60) & 1)


def _fallback_table(connection: Any, built: Plan, indexes: list[int], scratch: Path) -> None:
    """Each fallback hook's answer on each event of its event, by the Python engine's
    evaluator (``evaluate.compile_event``: the Python back end's code).

    The answers go through a CSV file that DuckDB reads at once: inserting rows one by one
    (``executemany``) took minutes for 500,000 events."""
    from hookc.replay.evaluate import compile_event

    by_event: dict[str, list[int]] = {}
    for index in indexes:
        by_event.setdefault(built.hooks[index].hook.event, []).append(index)
    answers_of = {
        event: (compile_event([built.hooks[i].hook for i in listed]), listed)
        for event, listed in by_event.items()
    }
    column = {index: at for at, index in enumerate(indexes)}
    text = {True: "true", False: "false", None: ""}
    answers = scratch / "fallback.csv"
    cursor = connection.execute("SELECT event_no, event, CAST(ctx AS VARCHAR) FROM hookc_events")
    with open(answers, "w", encoding="utf-8") as handle:
        handle.write(",".join(["event_no", *(f"hk_fb{i}" for i in indexes)]) + "\n")
        while batch := cursor.fetchmany(10_000):
            for event_no, event, ctx in batch:
                row = [""] * len(indexes)
                planned = answers_of.get(event)
                if planned is not None:
                    function, listed = planned
                    context = json.loads(ctx) if ctx is not None else {}
                    try:
                        got = function(context)
                    except Exception:  # a path no CEL value can be: each on its own
                        got = tuple(_answer(built.hooks[i].hook, context) for i in listed)
                    for index, answer in zip(listed, got, strict=True):
                        row[column[index]] = text[answer]
                handle.write(f"{event_no},{','.join(row)}\n")
    types = ", ".join(f"'hk_fb{i}': 'BOOLEAN'" for i in indexes)
    connection.execute(
        "CREATE TEMP TABLE hk_fallback AS SELECT * FROM read_csv("
        f"{_quote(os.fspath(answers))}, header = true, "
        f"columns = {{'event_no': 'BIGINT', {types}}})"
    )


def _quote(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _sql_outcome(
    connection: Any, engine: str, built: Plan, policy: Policy, old: Policy | None, examples: int
) -> Outcome:
    from hookc.backend.sql.script import counts_query

    d = built.dialect
    spark = engine == "spark"
    as_text = "e.ctx" if spark else "CAST(e.ctx AS VARCHAR)"
    session = "get_json_object(e.ctx, '$.session_id')" if spark else "e.ctx ->> '$.session_id'"
    count_row = connection.execute(counts_query(built, "hk_pred")).fetchall()[0]
    total = int(count_row[0])
    counts = [count_row[1 + 3 * i : 4 + 3 * i] for i in range(len(built.hooks))]
    reasons = {
        item.hook.id: item.unsupported.reason
        for item in built.hooks
        if item.unsupported is not None
    }
    size = len(policy.hooks)
    new_list = _fired_list(
        d, [(i, item.hook.id) for i, item in enumerate(built.hooks[:size])], engine
    )
    new_decision = _decision_sql(new_list, policy.ordering, engine)
    decisions = {
        tuple(row[0]): int(row[1])
        for row in connection.execute(
            f"SELECT {new_decision} AS d, count(*) FROM hk_pred GROUP BY 1"
        ).fetchall()
    }
    shown: dict[str, list[dict[str, Any]]] = {}
    for index, item in enumerate(built.hooks[:size]):
        rows = connection.execute(
            f"SELECT {as_text}, e.source FROM hookc_events e "
            f"WHERE e.event_no IN (SELECT event_no FROM hk_pred WHERE h{index} "
            f"ORDER BY event_no LIMIT {int(examples)}) ORDER BY e.event_no"
        ).fetchall()
        shown[item.hook.id] = [_example(Event("", json.loads(ctx), src or "")) for ctx, src in rows]
    outcome = Outcome(
        engine,
        total,
        _hook_counts(policy.hooks, counts[:size], reasons),
        decisions,
        shown,
    )
    if old is None:
        return outcome
    old_list = _fired_list(
        d, [(size + i, item.hook.id) for i, item in enumerate(built.hooks[size:])], engine
    )
    old_decision = _decision_sql(old_list, old.ordering, engine)
    changed_sql = (
        f"SELECT p.event_no, {old_decision} AS before, {new_decision} AS after FROM hk_pred p "
        f"WHERE {old_decision} <> {new_decision}"
    )
    changed, sessions = connection.execute(
        f"SELECT count(*), count(DISTINCT coalesce({session}, 'None')) "
        f"FROM ({changed_sql}) c JOIN hookc_events e USING (event_no)"
    ).fetchall()[0]
    changes = []
    for ctx, src, before, after in connection.execute(
        f"SELECT {as_text}, e.source, c.before, c.after FROM ({changed_sql}) c "
        f"JOIN hookc_events e USING (event_no) ORDER BY event_no LIMIT {int(examples)}"
    ).fetchall():
        changes.append(
            {**_example(Event("", json.loads(ctx), src or "")), "before": list(before),
             "after": list(after)}
        )  # fmt: skip
    return Outcome(
        engine,
        total,
        outcome.hooks,
        decisions,
        shown,
        int(changed),
        int(sessions),
        changes,
        _hook_counts(old.hooks, counts[size:], reasons),
    )


def _fired_list(dialect: Any, hooks: Sequence[tuple[int, str]], engine: str) -> str:
    """The ids of the hooks that fired on an event, in evaluation order."""
    items = ", ".join(f"CASE WHEN h{i} THEN {dialect.string(hook_id)} END" for i, hook_id in hooks)
    if engine == "spark":
        return f"filter(array(CAST(NULL AS STRING), {items}), x -> x IS NOT NULL)"
    return f"list_filter([{items}]::VARCHAR[], lambda x: x IS NOT NULL)"


def _decision_sql(fired: str, ordering: Ordering, engine: str) -> str:
    if not ordering.first_match:
        return fired
    return f"slice({fired}, 1, 1)" if engine == "spark" else f"{fired}[1:1]"
