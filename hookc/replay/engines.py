"""The replay engines: each runs a policy (and, with ``--compare``, an old one) over the
events and returns the same ``Outcome``.

- ``python`` (the reference): each hook's condition compiled by the Python back end
  (``hookc.backend.expressions``, the code a compiled module carries), one event at a time.
- ``duckdb`` (the default): the SQL back end's predicates in one query over the events, in
  process. A hook-input JSONL file is read by DuckDB itself; other formats are rebuilt by
  their pipeline into a temporary JSONL file first. Hooks outside the SQL fragment are
  evaluated by the Python back end on their event's rows and joined in: never dropped.
- ``spark``: the same statements in Spark SQL through pyspark (``local[2]`` unless
  ``--master``), over the pipeline's JSONL.

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

from hookc.replay.pipelines import Event, detect, read_events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.backend.sql.script import Plan
    from hookc.ir.hooks import Hook, Ordering


class EngineMissing(Exception):
    """The engine's package is not installed: the message says how to install it."""


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
) -> Outcome:
    from hookc.backend.expressions import compile_expression

    def compiled(hooks: Sequence[Hook]) -> list[Callable[[Any], Any]]:
        always: Callable[[Any], Any] = lambda context: True  # noqa: E731
        return [always if h.condition is None else compile_expression(h.condition) for h in hooks]

    new_functions = compiled(policy.hooks)
    old_functions = compiled(old.hooks) if old is not None else []
    counts = [[0, 0, 0] for _ in policy.hooks]
    old_counts = [[0, 0, 0] for _ in (old.hooks if old else ())]
    decisions: Counter[tuple[str, ...]] = Counter()
    shown: dict[str, list[dict[str, Any]]] = {hook.id: [] for hook in policy.hooks}
    changed = 0
    sessions: set[str] = set()
    changes: list[dict[str, Any]] = []
    total = 0
    for total, item in enumerate(events, 1):
        fired = _evaluate(policy.hooks, new_functions, item, counts)
        decided = decision(fired, policy.ordering)
        decisions[decided] += 1
        for hook_id in fired:
            if len(shown[hook_id]) < examples:
                shown[hook_id].append(_example(item))
        if old is not None:
            before = decision(_evaluate(old.hooks, old_functions, item, old_counts), old.ordering)
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
        _hook_counts(policy.hooks, counts),
        dict(decisions),
        shown,
        changed if old is not None else None,
        len(sessions) if old is not None else None,
        changes,
        _hook_counts(old.hooks, old_counts) if old is not None else (),
    )


def _evaluate(
    hooks: Sequence[Hook],
    functions: Sequence[Callable[[Any], Any]],
    item: Event,
    counts: list[list[int]],
) -> list[str]:
    fired = []
    for index, hook in enumerate(hooks):
        if hook.event != item.event:
            continue
        counts[index][0] += 1
        try:
            value = functions[index](item.context)
        except Exception:  # a value no CEL value can be: an error, as Program.evaluate says
            value = None
        if value is True:
            counts[index][1] += 1
            fired.append(hook.id)
        elif value is not False:
            counts[index][2] += 1
    return fired


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


def _import_duckdb() -> Any:
    try:
        import duckdb
    except ImportError:
        raise EngineMissing(
            "the duckdb engine needs DuckDB: pip install 'hookc[replay]' (or use --engine python)"
        ) from None
    return duckdb


def run_duckdb(
    files: Sequence[Path],
    fmt: str,
    policy: Policy,
    old: Policy | None = None,
    examples: int = 3,
    event: str | None = None,
    threads: int | None = None,
) -> Outcome:
    duckdb = _import_duckdb()
    from hookc.backend.sql.duckdb import DuckDB
    from hookc.backend.sql.script import plan, predicates_query

    hooks = list(policy.hooks) + list(old.hooks if old else ())
    built = plan(hooks, DuckDB())
    connection = duckdb.connect()
    if threads:
        connection.execute(f"SET threads = {int(threads)}")
    # Lines of a transcript may be megabytes; DuckDB's reader sizes its buffers from this.
    connection.execute("SET memory_limit = '1GB'")
    with tempfile.TemporaryDirectory(prefix="hookc-replay-") as scratch:
        direct = event is None and all(
            (detect(path) if fmt == "auto" else fmt) == "hook-input" for path in files
        )
        if direct:
            listed = ", ".join(DuckDB().quote(os.fspath(path)) for path in files)
            connection.execute(
                "CREATE VIEW hookc_events AS SELECT row_number() OVER () AS event_no, "
                "coalesce(json ->> '$.hook_event_name', '') AS event, json AS ctx, "
                "filename AS source FROM read_ndjson_objects("
                f"[{listed}], maximum_object_size = 16777216, filename = true)"
            )
        else:
            rebuilt = Path(scratch) / "events.jsonl"
            with open(rebuilt, "w", encoding="utf-8") as handle:
                for item in read_events(files, fmt, event):
                    handle.write(
                        json.dumps({"e": item.event, "c": item.context, "src": item.source}) + "\n"
                    )
            connection.execute(
                "CREATE VIEW hookc_events AS SELECT row_number() OVER () AS event_no, "
                "json ->> '$.e' AS event, json -> '$.c' AS ctx, json ->> '$.src' AS source "
                f"FROM read_ndjson_objects({DuckDB().quote(os.fspath(rebuilt))})"
            )
        source = "hookc_events"
        fallbacks = [i for i, item in enumerate(built.hooks) if item.fallback]
        if fallbacks:
            _fallback_table(connection, built, fallbacks, Path(scratch))
            source = "(SELECT * FROM hookc_events LEFT JOIN hk_fallback USING (event_no))"
        query = predicates_query(built, source, fallback=lambda index: f"hk_fb{index}")
        connection.execute(f"CREATE TEMP TABLE hk_pred AS {query}")
        return _sql_outcome(connection, "duckdb", built, policy, old, examples)


def _fallback_table(connection: Any, built: Plan, indexes: list[int], scratch: Path) -> None:
    """Each fallback hook's answer on each event of its event, by the Python back end.

    The answers go through a CSV file that DuckDB reads at once: inserting rows one by one
    (``executemany``) took minutes for 500,000 events."""
    from hookc.backend.expressions import compile_expression

    functions = {}
    for index in indexes:
        condition = built.hooks[index].hook.condition
        functions[index] = compile_expression(condition) if condition is not None else None
    answers = scratch / "fallback.csv"
    cursor = connection.execute("SELECT event_no, event, CAST(ctx AS VARCHAR) FROM hookc_events")
    with open(answers, "w", encoding="utf-8") as handle:
        handle.write(",".join(["event_no", *(f"hk_fb{i}" for i in indexes)]) + "\n")
        while batch := cursor.fetchmany(10_000):
            for event_no, event, ctx in batch:
                context = json.loads(ctx) if ctx is not None else {}
                row = [str(event_no)]
                for index in indexes:
                    function = functions[index]
                    value: Any = None
                    if built.hooks[index].hook.event == event:
                        try:
                            value = True if function is None else function(context)
                        except Exception:
                            value = None
                    row.append("true" if value is True else "false" if value is False else "")
                handle.write(",".join(row) + "\n")
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
