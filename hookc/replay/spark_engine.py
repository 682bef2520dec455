"""The Spark engine: the SQL back end's Spark statements through pyspark (Spark 4, whose
VARIANT type reads JSON exactly enough: ``hookc.backend.sql.spark``).

``hookc ingest``'s tables are read by Spark itself (``spark.read.parquet``): the policy's
paths the table holds as typed columns are read from them, no JSON parsed. Other events
(and a table, when a hook is outside the SQL fragment) are rebuilt by their pipeline and
written to a tab-separated text file, one event a line: its number, the answers of the
hooks outside the fragment (the Python back end's, ``1``/``0``/empty for an error, worked
out while writing), what the log says a hook did, its name, source, session and tool use
ids (a JSON list of strings), and the hook input as JSON (``json.dumps`` escapes every tab
and newline). Spark reads it with ``spark.read.text``, so the JSON text reaches
``try_parse_json`` as written.

Events are numbered from 1 in the order read, as the other engines number them, so that
the matches files (``--matches``) of every engine are alike.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from hookc.replay.duck import EngineMissing
from hookc.replay.engines import Outcome, Policy, _sql_outcome
from hookc.replay.pipelines import PipelineError, read_events


def session(master: str = "local[2]") -> Any:
    """A Spark session (pyspark imported here, only when Spark runs)."""
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        raise EngineMissing(
            "the spark engine needs pyspark: pip install 'hookc[spark]' (and Java 17+)"
        ) from None
    spark = (
        SparkSession.builder.master(master)
        .appName("hookc-replay")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        # Split a table into tasks of 8 MB (its row groups): at the default 128 MB, a
        # table of a million events (18 MB) is one task on one core.
        .config("spark.sql.files.maxPartitionBytes", "8m")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    return spark


class _Connection:
    """DuckDB's ``execute(...).fetchall()`` over a Spark session, for ``_sql_outcome``."""

    def __init__(self, spark: Any) -> None:
        self.spark = spark
        self.rows: list[Any] = []

    def execute(self, query: str) -> _Connection:
        self.rows = [tuple(row) for row in self.spark.sql(query).collect()]
        return self

    def fetchall(self) -> list[Any]:
        return self.rows


def run_spark(
    files: Sequence[Path],
    fmt: str,
    policy: Policy,
    old: Policy | None = None,
    examples: int = 3,
    event: str | None = None,
    master: str = "local[2]",
    spark: Any = None,
    matches: Path | None = None,
) -> Outcome:
    from hookc.backend.sql.script import plan, predicates_query
    from hookc.backend.sql.spark import Spark
    from hookc.replay.pipelines import detect

    spark = spark or session(master)
    hooks = list(policy.hooks) + list(old.hooks if old else ())
    built = plan(hooks, Spark())
    fallbacks = [i for i, item in enumerate(built.hooks) if item.fallback]
    kinds = {detect(path) if fmt == "auto" else fmt for path in files}
    with tempfile.TemporaryDirectory(prefix="hookc-replay-") as scratch:
        typed: dict[Any, tuple[str, str]] = {}
        if kinds == {"parquet"} and not fallbacks:
            typed = _canonical_view(spark, files, built, event)
        else:
            _rebuilt_view(spark, files, fmt, event, built, fallbacks, Path(scratch))
        position = {index: at for at, index in enumerate(fallbacks)}

        def query(*keep: str) -> str:
            return predicates_query(
                built,
                fallback=lambda index: (
                    f"CASE hk_fb[{position[index]}] WHEN '1' THEN TRUE WHEN '0' THEN FALSE END"
                ),
                keep=keep,
                typed=typed,
            )

        if matches is not None:
            _write_matches(spark, built, query("source", "hk_session", "hk_tool_use"),
                           len(policy.hooks), matches)  # fmt: skip
        if old is None:
            return _one_pass_outcome(spark, built, query("hk_blocked"), policy, examples)
        spark.sql(query("hk_blocked")).cache().createOrReplaceTempView("hk_pred")
        try:
            outcome = _sql_outcome(_Connection(spark), "spark", built, policy, old, examples)
            outcome.recorded.update(_recorded(spark, len(policy.hooks)))
        finally:
            spark.catalog.dropTempView("hk_pred")
        return outcome


def _one_pass_outcome(
    spark: Any, built: Any, predicates: str, policy: Policy, examples: int
) -> Outcome:
    """The report of a replay without ``--compare`` in one aggregate over the events (and,
    for the examples, one query for their numbers and one for their contexts).

    A query per figure (counts, decisions, each hook's examples, what the log says) over
    the cached answers cost about a second each on 2 cores, whatever the events: 8,821
    events/s on 200,000. Here the decisions are numbers (the first firing hook's place,
    or a bit a hook), the events are grouped by them, and each group carries every count."""
    from hookc.replay.engines import HookCount, _decoded, _example, _logged
    from hookc.replay.pipelines import Event

    d = built.dialect
    size = len(built.hooks)
    if policy.ordering.first_match:
        whens = " ".join(f"WHEN h{i} THEN {i}" for i in range(size))
        code = f"CASE {whens} ELSE -1 END" if size else "-1"
    else:
        parts = [
            " + ".join(f"CASE WHEN h{i} THEN {1 << (i - start)} ELSE 0 END"
                       for i in range(start, min(start + 60, size))) or "0"
            for start in range(0, max(size, 1), 60)
        ]  # fmt: skip
        code = (
            f"CAST({parts[0]} AS STRING)" if len(parts) == 1
            else f"concat_ws(',', {', '.join(f'CAST({p} AS STRING)' for p in parts)})"
        )  # fmt: skip
    names = sorted({item.hook.event for item in built.hooks})
    aggregates = ["count(*)", *(f"count_if(event = {d.string(name)})" for name in names)]
    for index in range(size):
        aggregates += [f"count_if(h{index})", f"count(h{index})"]
    acts = " OR ".join(f"coalesce(h{i}, FALSE)" for i in range(size)) or "FALSE"
    cells = [(w, b) for w in (True, False) for b in (True, False, None)]
    for would, blocked in cells:
        was = {True: "hk_blocked", False: "NOT hk_blocked", None: "hk_blocked IS NULL"}[blocked]
        aggregates.append(f"count_if({'' if would else 'NOT '}({acts}) AND {was})")
    spark.sql(predicates).createOrReplaceTempView("hk_pred")
    try:
        groups = spark.sql(
            f"SELECT {code} AS hk_code, {', '.join(aggregates)} FROM hk_pred GROUP BY 1"
        ).collect()
        fired = [sum(int(row[2 + len(names) + 2 * i]) for row in groups) for i in range(size)]
        numbers = _example_numbers(spark, size, examples, fired)
        shown: dict[int, dict[str, Any]] = {}
        wanted = sorted({n for ns in numbers.values() for n in ns})
        if wanted:
            listed = ", ".join(str(n) for n in wanted)
            for number, ctx, source in spark.sql(
                f"SELECT event_no, ctx, source FROM hookc_events WHERE event_no IN ({listed})"
            ).collect():
                shown[int(number)] = _example(Event("", json.loads(ctx), source or ""))
    finally:
        spark.catalog.dropTempView("hk_pred")
    total, of_event, counts = 0, dict.fromkeys(names, 0), [[0, 0] for _ in range(size)]
    logged = dict.fromkeys(cells, 0)
    ids = [hook.id for hook in policy.hooks]
    decisions: dict[tuple[str, ...], int] = {}
    for row in groups:
        total += int(row[1])
        at = 2
        for name in names:
            of_event[name] += int(row[at])
            at += 1
        for index in range(size):
            counts[index][0] += int(row[at])
            counts[index][1] += int(row[at + 1])
            at += 2
        for cell in cells:
            logged[cell] += int(row[at])
            at += 1
        acting = _decoded(row[0], ids, policy.ordering.first_match)
        decisions[acting] = decisions.get(acting, 0) + int(row[1])
    hooks = []
    for index, item in enumerate(built.hooks):
        seen = of_event[item.hook.event]
        hits, answered = counts[index]
        reason = item.unsupported.reason if item.unsupported is not None else None
        hooks.append(HookCount(item.hook.id, item.hook.event, seen, hits, seen - answered, reason))
    found = {
        item.hook.id: [shown[n] for n in sorted(numbers.get(index, []))]
        for index, item in enumerate(built.hooks)
    }
    return Outcome("spark", total, tuple(hooks), decisions, found, recorded=_logged(logged))


def _rebuilt_view(
    spark: Any, files: Sequence[Path], fmt: str, event: str | None, built: Any,
    fallbacks: list[int], scratch: Path,
) -> None:  # fmt: skip
    """The events view over the pipeline's events, written by Python as TSV (with the
    answers of the hooks outside the fragment), numbered from 1 as the other engines do."""
    from hookc.backend.expressions import compile_expression

    functions = {
        i: compile_expression(built.hooks[i].hook.condition)
        for i in fallbacks
        if built.hooks[i].hook.condition is not None
    }
    rebuilt = scratch / "events.tsv"
    with open(rebuilt, "w", encoding="utf-8") as handle:
        for number, item in enumerate(read_events(files, fmt, event), 1):
            answers = []
            for index in fallbacks:
                hook = built.hooks[index].hook
                if hook.event != item.event:
                    answers.append("")
                    continue
                try:
                    value = functions[index](item.context) if index in functions else True
                except Exception:
                    value = None
                answers.append("1" if value is True else "0" if value is False else "")
            blocked = {True: "true", False: "false", None: ""}[item.blocked]
            context = item.context
            names = [item.event, item.source, _string(context.get("session_id")),
                     _string(context.get("tool_use_id"))]  # fmt: skip
            fields = (str(number), ",".join(answers), blocked, json.dumps(names),
                      json.dumps(context))  # fmt: skip
            handle.write("\t".join(fields) + "\n")
    spark.read.text(os.fspath(rebuilt)).createOrReplaceTempView("hookc_lines")
    spark.sql(
        "CREATE OR REPLACE TEMPORARY VIEW hookc_events AS SELECT event_no, names[0] AS event, "
        "names[1] AS source, hk_fb, hk_blocked, names[2] AS hk_session, "
        "names[3] AS hk_tool_use, ctx FROM (SELECT CAST(parts[0] AS BIGINT) AS event_no, "
        "split(parts[1], ',') AS hk_fb, "
        "CASE parts[2] WHEN 'true' THEN TRUE WHEN 'false' THEN FALSE END AS hk_blocked, "
        "from_json(parts[3], 'ARRAY<STRING>') AS names, parts[4] AS ctx "
        "FROM (SELECT split(value, '\\t', 5) AS parts FROM hookc_lines))"
    )


def _string(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _canonical_view(
    spark: Any, files: Sequence[Path], built: Any, event: str | None
) -> dict[Any, tuple[str, str]]:
    """The events view over ``hookc ingest``'s tables, read by Spark itself (typed columns
    for the policy's paths: no JSON parsed for them), numbered on from file to file."""
    from hookc.backend.sql.spark import Spark
    from hookc.replay.engines import typed_columns
    from hookc.replay.ingest import TAG_PREFIX, TEXT_PREFIX

    d = Spark()
    frames, offset, columns = [], 0, set()
    for path in files:
        frame = spark.read.parquet(os.fspath(path))
        names = set(frame.columns)
        if not {"event_no", "event", "ctx", "source", "blocked"} <= names:
            raise PipelineError(
                f"{path}: not a table of hookc ingest (no event, ctx, source, blocked)"
            )
        if offset:  # (not on the first: a computed column's filter is not pushed down)
            frame = frame.withColumn("event_no", frame["event_no"] + offset)
        frames.append(frame)
        offset += frame.count()  # from the files' footers
        columns |= names
    table = frames[0]
    for frame in frames[1:]:
        table = table.unionByName(frame, allowMissingColumns=True)

    def string(key: str) -> str:  # a string's value, else NULL (as the Python engine)
        tag, text = d.identifier(TAG_PREFIX + key), d.identifier(TEXT_PREFIX + key)
        if TAG_PREFIX + key in columns:
            return f"CASE WHEN {tag} = 'VARCHAR' THEN {text} END"
        value = f"variant_get(try_parse_json(ctx), '$.{key}')"
        return f"CASE WHEN schema_of_variant({value}) = 'STRING' THEN CAST({value} AS STRING) END"

    from pyspark.sql.functions import expr

    if event is not None:
        table = table.withColumn("event", expr(d.string(event)))
    table = table.withColumn("hk_blocked", table["blocked"])
    table = table.withColumn("hk_session", expr(string("session_id")))
    table = table.withColumn("hk_tool_use", expr(string("tool_use_id")))
    table.createOrReplaceTempView("hookc_events")
    return typed_columns(built, columns)


def _example_numbers(spark: Any, size: int, examples: int, hits: list[int]) -> dict[int, list[int]]:
    """The numbers of the first ``examples`` events each hook fired on (``hits``: how many
    it fired on): looked for among the first events, then all of them only if a hook has
    too few there (a table's row groups past the first are skipped, by their statistics)."""
    numbers: dict[int, list[int]] = {}
    if examples <= 0 or not any(hits):
        return numbers
    fired = ", ".join(f"IF(h{i}, {i}, NULL)" for i in range(size))
    for within in (f"WHERE event_no <= {_FIRST_EVENTS}", ""):
        rows = spark.sql(
            "SELECT hook, event_no FROM (SELECT hook, event_no, row_number() OVER "
            "(PARTITION BY hook ORDER BY event_no) AS hk_rank FROM (SELECT event_no, "
            f"explode(filter(array({fired}), x -> x IS NOT NULL)) AS hook FROM hk_pred "
            f"{within})) WHERE hk_rank <= {int(examples)}"
        ).collect()
        numbers = {}
        for hook, number in rows:
            numbers.setdefault(int(hook), []).append(int(number))
        if all(len(numbers.get(i, ())) >= min(examples, hits[i]) for i in range(size)):
            break
    return numbers


_FIRST_EVENTS = 200_000


def _write_matches(spark: Any, built: Any, predicates: str, size: int, path: Path) -> None:
    """Each event a hook of the policy fired on, with their ids in evaluation order, as the
    other engines write it (one more pass over the events; the rows come to the driver a
    partition at a time: JSON lines, or Parquet through DuckDB)."""
    from hookc.replay.engines import _fired_list, _Matches

    fired = _fired_list(built.dialect, [(i, h.hook.id) for i, h in enumerate(built.hooks[:size])],
                        "spark")  # fmt: skip
    rows = spark.sql(
        f"SELECT event_no, event, source, hk_session, hk_tool_use, fired FROM (SELECT *, "
        f"{fired} AS fired FROM ({predicates})) WHERE size(fired) > 0 ORDER BY event_no"
    )
    with _Matches(path) as written:
        for row in rows.toLocalIterator():
            written.row(int(row[0]), row[1], row[2], row[3], row[4], list(row[5]))


def _recorded(spark: Any, size: int) -> dict[tuple[bool, bool | None], int]:
    """Would block x was blocked (``Outcome.recorded``), as the DuckDB engine counts it."""
    from hookc.replay.engines import _logged

    acts = " OR ".join(f"coalesce(h{i}, FALSE)" for i in range(size)) or "FALSE"
    cells = [(w, b) for w in (True, False) for b in (True, False, None)]
    counts = []
    for would, blocked in cells:
        was = {True: "hk_blocked", False: "NOT hk_blocked", None: "hk_blocked IS NULL"}[blocked]
        counts.append(f"count_if({'' if would else 'NOT '}({acts}) AND {was})")
    row = spark.sql(f"SELECT {', '.join(counts)} FROM hk_pred").collect()[0]
    return _logged(dict(zip(cells, (int(n or 0) for n in row), strict=True)))
