"""A policy's hooks as SQL over a table of events: the plan (each hook's predicate, or why
it is outside the fragment), the query that reads every path once an event, and the
statements ``hookc compile --target sql`` writes.

The events table, ``hookc_events``, has one row an event: ``event_no`` (its order),
``event`` (the hook event's name, e.g. ``PreToolUse``) and ``ctx`` (the hook input, JSON
text). A pipeline (``hookc.replay.pipelines``) makes it from what was recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from hookc.backend.sql.dialect import Dialect
from hookc.backend.sql.translate import Path, Translator, Unsupported

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.ir.hooks import Hook


@dataclass(frozen=True, slots=True)
class HookPlan:
    """One hook: its predicate over the typed path columns, or what keeps it out of SQL
    (then the engine evaluates it with the Python back end: ``fallback``)."""

    hook: Hook
    predicate: str | None
    unsupported: Unsupported | None = None

    @property
    def fallback(self) -> bool:
        return self.predicate is None


@dataclass(frozen=True, slots=True)
class Plan:
    dialect: Dialect
    hooks: tuple[HookPlan, ...]
    paths: tuple[Path, ...]


def plan(hooks: Sequence[Hook], dialect: Dialect) -> Plan:
    """Translate every hook's condition; the paths are shared, read once an event."""
    translator = Translator(dialect)
    planned = []
    for hook in hooks:
        try:
            planned.append(HookPlan(hook, translator.condition(hook.condition)))
        except Unsupported as exc:
            planned.append(HookPlan(hook, None, exc))
    return Plan(dialect, tuple(planned), tuple(translator.paths))


def sql_plan(hooks: Sequence[Hook], dialect: str) -> Plan:
    """``plan`` for a dialect named as the command line names it (duckdb, spark)."""
    if dialect == "spark":
        from hookc.backend.sql.spark import Spark

        return plan(hooks, Spark())
    from hookc.backend.sql.duckdb import DuckDB

    return plan(hooks, DuckDB())


def outside(built: Plan) -> list[str]:
    """A line for each hook outside the fragment: where it is, and why."""
    lines = []
    for item in built.hooks:
        if item.unsupported is None:
            continue
        hook = item.hook
        where = ""
        node_span = item.unsupported.node.span
        span = node_span if node_span is not None else hook.span
        if hook.source is not None and span is not None:
            line, column = hook.source.position(span.start)
            where = f"{hook.source.name}:{line}:{column}: "
        lines.append(
            f"{where}hook `{hook.id}` is outside the SQL fragment: {item.unsupported.reason}; "
            "it is evaluated exactly by the Python back end instead"
        )
    return lines


def fallback_name(index: int) -> str:
    """The UDF that evaluates hook ``index`` in Python when it is outside the fragment."""
    return f"hookc_hook_{index}"


def predicates_query(
    built: Plan,
    source: str = "hookc_events",
    fallback: Callable[[int], str] | None = None,
    keep: Sequence[str] = (),
    event_key: str | None = None,
    typed: Mapping[Path, tuple[str, str]] | None = None,
) -> str:
    """One row an event: ``event_no``, ``event`` and ``h<i>`` for each hook, TRUE (fires),
    FALSE, or NULL (undecided: an error) where the hook listens to the event, else NULL;
    and the source's columns ``keep``. ``event_key`` (DuckDB): the event is that key of the
    context (a string, else ``''``), read with the paths, not the source's ``event``.
    ``typed``: the paths the source has as columns (the canonical table of
    ``hookc ingest``: its tag and its text), read from them instead of from ``ctx``."""
    d = built.dialect
    reads = _read_ctes(built, source, event_key, typed)
    columns = []
    for index, item in enumerate(built.hooks):
        predicate = item.predicate
        if predicate is None:
            predicate = f"{fallback_name(index)}(ctx)" if fallback is None else fallback(index)
        event = d.string(item.hook.event)
        columns.append(f"CASE WHEN event = {event} THEN {predicate} END AS h{index}")
    select = ",\n  ".join(["event_no", "event", *keep, *columns])
    return f"WITH {reads}\nSELECT\n  {select}\nFROM hk_typed"


def counts_query(built: Plan, predicates: str = "hk_predicates") -> str:
    """Per hook: the events it listens to, fired, undecided."""
    d = built.dialect
    parts = []
    for index, item in enumerate(built.hooks):
        event = d.string(item.hook.event)
        parts.append(
            f"count_if(event = {event}) AS n{index}, count_if(h{index}) AS f{index}, "
            f"count_if(event = {event} AND h{index} IS NULL) AS u{index}"
        )
    return "SELECT\n  count(*) AS events,\n  " + ",\n  ".join(parts) + f"\nFROM {predicates}"


def _read_ctes(
    built: Plan,
    source: str,
    event_key: str | None = None,
    typed: Mapping[Path, tuple[str, str]] | None = None,
) -> str:
    d = built.dialect
    paths = built.paths
    json_paths = [d.json_path(path) for path in paths]
    typed = typed or {}
    if d.name == "spark":
        # A path the source has as typed columns is read from them: no JSON parsed for it
        # (none at all, when every path is typed).
        parsed = [i for i, path in enumerate(paths) if path not in typed]
        values = "".join(
            f", variant_get(hk_v, {d.quote(json_paths[i] or '$')}) AS v{i}" for i in parsed
        )
        texts = "".join(f", variant_get(v{i}, '$', 'string') AS s{i}" for i in parsed)
        tags = "".join(f", {d.type_tag(f'v{i}')} AS t{i}" for i in parsed)  # type: ignore[attr-defined]
        for i, path in enumerate(paths):
            if path in typed:
                tag, text = typed[path]
                texts += f", {d.identifier(text)} AS s{i}"
                tags += f", {d.identifier(tag)} AS t{i}"
        parse = ", try_parse_json(ctx) AS hk_v" if parsed else ""
        return (
            f"hk_parsed AS (SELECT *{parse} FROM {source}),\n"
            f"hk_values AS (SELECT *{values} FROM hk_parsed),\n"
            f"hk_texts AS (SELECT *{texts} FROM hk_values),\n"
            f"hk_typed AS (SELECT *{tags} FROM hk_texts)"
        )
    extracted = [i for i, path in enumerate(paths) if path not in typed]
    listed = [d.quote(json_paths[i] or "$") for i in extracted]
    value_columns = [f"hk_p[{at + 1}] AS v{i}" for at, i in enumerate(extracted)]
    text_columns = [f"v{i} ->> '$' AS s{i}" for i in extracted]
    tag_columns = [f"{d.type_tag(f'v{i}', f's{i}')} AS t{i}" for i in extracted]  # type: ignore[attr-defined]
    for i, path in enumerate(paths):
        if path in typed:  # a typed column of the canonical table: no JSON read
            tag, text = typed[path]
            text_columns.append(f"{d.identifier(text)} AS s{i}")
            tag_columns.append(f"{d.identifier(tag)} AS t{i}")
    replaced = ""
    if event_key is not None:
        # One parse of the context for the event's name and the paths (a second one, for
        # the name alone, cost a tenth of the replay); the source's `event` is then unread.
        listed.append(d.quote(f'$."{event_key}"'))
        name = f"hk_p[{len(listed)}]"
        event = f"CASE WHEN json_type({name}) = 'VARCHAR' THEN {name} ->> '$' ELSE '' END"
        replaced = f" REPLACE ({event} AS event)"
    extract = f", json_extract(CAST(ctx AS JSON), [{', '.join(listed)}]) AS hk_p" if listed else ""
    return (
        f"hk_read AS (SELECT *{extract} FROM {source}),\n"
        f"hk_values AS (SELECT *{replaced}{''.join(', ' + v for v in value_columns)} "
        "FROM hk_read),\n"
        f"hk_texts AS (SELECT *{''.join(', ' + t for t in text_columns)} FROM hk_values),\n"
        f"hk_typed AS (SELECT *{''.join(', ' + t for t in tag_columns)} FROM hk_texts)"
    )


def script(built: Plan, events: str = "events.jsonl") -> str:
    """The SQL file ``hookc compile --target sql`` writes: the events view over a hook-input
    JSONL file, the predicates view, and the two statements (counts; matches)."""
    d = built.dialect
    c = d.comment
    lines = [
        f"{c} Generated by hookc: replay of {len(built.hooks)} hook(s), {d.name} dialect.",
        f"{c} A hook fires on an event iff its predicate IS TRUE; NULL is a CEL error",
        f"{c} (undecided: usually a field the log does not have).",
    ]
    for index, item in enumerate(built.hooks):
        hook = item.hook
        where = ""
        if hook.source is not None and hook.span is not None:
            line, column = hook.source.position(hook.span.start)
            where = f" ({hook.source.name}:{line}:{column})"
        from hookc.cel.printer import to_text

        when = "always" if hook.condition is None else to_text(hook.condition)
        lines.append(f"{c} h{index}: {hook.id} on {hook.event}{where}: {_one_line(when)}")
        if item.unsupported is not None:
            lines.append(
                f"{c}   outside the SQL fragment ({item.unsupported.reason}): evaluated by "
                f"the Python UDF {fallback_name(index)}(ctx), which you must register"
            )
    if d.name == "spark":
        lines += [
            "CREATE OR REPLACE TEMPORARY VIEW hookc_lines USING text "
            f"OPTIONS (path {d.quote(events)});",
            "CREATE OR REPLACE TEMPORARY VIEW hookc_events AS SELECT monotonically_increasing_id() "
            "AS event_no, coalesce(get_json_object(value, '$.hook_event_name'), '') AS event, "
            "value AS ctx FROM hookc_lines;",
        ]
        view = "CREATE OR REPLACE TEMPORARY VIEW hk_predicates AS"
    else:
        lines += [
            "CREATE OR REPLACE VIEW hookc_events AS SELECT row_number() OVER () AS event_no, "
            "CASE WHEN json_type(json, '$.hook_event_name') = 'VARCHAR' THEN "
            "json ->> '$.hook_event_name' ELSE '' END AS event, CAST(json AS VARCHAR) AS ctx "
            f"FROM read_ndjson_objects({d.quote(events)});",
        ]
        view = "CREATE OR REPLACE VIEW hk_predicates AS"
    lines.append(f"{view}\n{predicates_query(built)};")
    lines.append(f"{c} replay_counts: n<i> events of the hook's event, f<i> fired, u<i> undecided")
    lines.append(counts_query(built) + ";")
    lines.append(f"{c} replay_matches: each event with the hooks that fired on it")
    fired = ", ".join(
        f"CASE WHEN h{i} THEN {d.string(item.hook.id)} END" for i, item in enumerate(built.hooks)
    )
    if d.name == "spark":
        listed = f"filter(array({fired}), x -> x IS NOT NULL)"
        having = "size(fired) > 0"
    else:
        listed = f"list_filter([{fired}], lambda x: x IS NOT NULL)"
        having = "len(fired) > 0"
    lines.append(
        f"SELECT event_no, event, fired FROM (SELECT event_no, event, {listed} AS fired "
        f"FROM hk_predicates) WHERE {having} ORDER BY event_no;"
    )
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())
