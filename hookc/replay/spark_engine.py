"""The Spark engine: the SQL back end's Spark statements through pyspark (Spark 4, whose
VARIANT type reads JSON exactly enough: ``hookc.backend.sql.spark``).

The pipeline writes the rebuilt events to a tab-separated text file, one event a line:
its name, where it was recorded, the answers of the hooks outside the SQL fragment (the
Python back end's, ``1``/``0``/empty for an error, worked out while writing), and the hook
input as JSON (``json.dumps`` escapes every tab and newline). Spark reads it with
``spark.read.text``, so the JSON text reaches ``try_parse_json`` as written.
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
from hookc.replay.pipelines import read_events


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
) -> Outcome:
    from hookc.backend.expressions import compile_expression
    from hookc.backend.sql.script import plan, predicates_query
    from hookc.backend.sql.spark import Spark

    spark = spark or session(master)
    hooks = list(policy.hooks) + list(old.hooks if old else ())
    built = plan(hooks, Spark())
    fallbacks = [i for i, item in enumerate(built.hooks) if item.fallback]
    functions = {
        i: compile_expression(built.hooks[i].hook.condition)  # type: ignore[arg-type]
        for i in fallbacks
        if built.hooks[i].hook.condition is not None
    }
    with tempfile.TemporaryDirectory(prefix="hookc-replay-") as scratch:
        rebuilt = Path(scratch) / "events.tsv"
        with open(rebuilt, "w", encoding="utf-8") as handle:
            for item in read_events(files, fmt, event):
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
                fields = (
                    json.dumps(item.event)[1:-1],
                    json.dumps(item.source)[1:-1],
                    ",".join(answers),
                    blocked,
                    json.dumps(item.context),
                )
                handle.write("\t".join(fields) + "\n")
        spark.read.text(os.fspath(rebuilt)).createOrReplaceTempView("hookc_lines")
        spark.sql(
            "CREATE OR REPLACE TEMPORARY VIEW hookc_events AS SELECT "
            "monotonically_increasing_id() AS event_no, parts[0] AS event, parts[1] AS source, "
            "split(parts[2], ',') AS hk_fb, "
            "CASE parts[3] WHEN 'true' THEN TRUE WHEN 'false' THEN FALSE END AS hk_blocked, "
            "parts[4] AS ctx FROM (SELECT split(value, '\\t', 5) AS parts FROM hookc_lines)"
        )
        position = {index: at for at, index in enumerate(fallbacks)}
        query = predicates_query(
            built,
            fallback=lambda index: (
                f"CASE hk_fb[{position[index]}] WHEN '1' THEN TRUE WHEN '0' THEN FALSE END"
            ),
            keep=("hk_blocked",),
        )
        spark.sql(query).cache().createOrReplaceTempView("hk_pred")
        outcome = _sql_outcome(_Connection(spark), "spark", built, policy, old, examples)
        outcome.recorded.update(_recorded(spark, len(policy.hooks)))
        spark.catalog.dropTempView("hk_pred")
        return outcome


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
