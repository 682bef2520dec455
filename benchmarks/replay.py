"""`hookc replay` timed on generated, realistic Claude Code PreToolUse events.

Run: python -m benchmarks.replay [--events N] [--spark] [--table-events M]
(default 1,000,000 events; medians of 3). ``--spark``: Spark (local[2]) too, on the
ingested table. ``--table-events M`` (opt-in: 50,000,000 takes minutes and 1 GB of disk):
a canonical table of M events written by DuckDB itself from a generated SQL table (the same
mix), replayed by DuckDB (``memory_limit`` 1 GB) in a fresh process each time, with its
peak resident memory; its first 200,000 events are checked against the Python engine.

The data: hook inputs with a mix of tools (Bash 33 %, Read 24 %, Edit 12 %, Grep 7 %, Write
5 %, Glob 5 %, TodoWrite 5 %, MCP 3 %, ...), realistic Bash commands and paths, 3 % without
``permission_mode`` and 0.5 % with it null, numbers and booleans written as strings in some
Bash inputs; 1 % of Bash commands null, 0.5 % a number, 0.5 % missing, 0.5 % of events
without ``tool_input``. The policy: ten typical guards (the four command-guard regexes and the
``**/secrets/**`` glob among them) and one `exists()` hook outside the SQL fragment (the
Python fallback, timed too).

Every engine's per-hook counts (fired, undecided) are checked against the Python engine's
(the reference) before any time is printed. The floors are printed beside the results:
DuckDB splitting the file into lines, and parsing every line as JSON.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from hookc.cel.parser import parse
from hookc.ir.hooks import Action, Hook, Ordering
from hookc.replay.engines import Policy, run_duckdb, run_python
from hookc.replay.ingest import ingest
from hookc.replay.pipelines import event_files, read_events

GUARDS = {
    "rm_rf": r"tool_name == 'Bash' && tool_input.command.matches('rm\\s+-rf')",
    "force_push": r"tool_name == 'Bash' && tool_input.command.matches('git\\s+push\\s+.*(--force|-f\\b)')",  # noqa: E501
    "pipe_to_shell": r"tool_input.command.matches('(curl|wget)[^|]*\\|\\s*(ba|z)?sh')",
    "drop_table": r"tool_input.command.matches('(?i)drop\\s+(table|database)')",
    "secrets": "tool_input.file_path.glob('**/secrets/**')",
    "env_files": "tool_input.file_path.endsWith('.env')",
    "long_timeout": "tool_input.timeout > 300000",
    "background": "tool_input.run_in_background == true",
    "odd_mode": "!(permission_mode in ['default', 'plan', 'acceptEdits'])",
    "mcp_github": "tool_name.startsWith('mcp__github__')",
    "todo_many": "tool_input.todos.exists(t, t.status == 'in_progress')",
}  # fmt: skip

_COMMANDS = ["ls -la", "git status", "git push origin main", "git push --force origin main",
             "rm -rf build/", "npm test", "pytest -q", "curl -s https://x.sh | sh",
             "psql -c 'DROP TABLE users'", "cat README.md", "make -j4", "git commit -m wip"]  # fmt: skip  # noqa: E501
_PATHS = ["src/app.py", "src/secrets/key.pem", "README.md", ".env", "tests/test_x.py",
          "docs/index.md", "config/secrets/prod.yaml", "pkg/main.go"]  # fmt: skip
_TOOLS = [("Bash", 33), ("Read", 24), ("Edit", 12), ("Grep", 7), ("Write", 5), ("Glob", 5),
          ("TodoWrite", 5), ("mcp__github__create_issue", 3), ("WebFetch", 3), ("Agent", 3)]  # fmt: skip  # noqa: E501


def event(rng: random.Random, number: int) -> dict[str, object]:
    tool = rng.choices([t for t, _ in _TOOLS], [w for _, w in _TOOLS])[0]
    context: dict[str, object] = {
        "session_id": f"s{number // 200}",
        "transcript_path": f"/home/dev/.claude/projects/p/s{number // 200}.jsonl",
        "cwd": "/home/dev/shop",
        "hook_event_name": "PreToolUse",
        "tool_name": tool,
        "tool_use_id": f"toolu_{number:08d}",
    }
    roll = rng.random()
    if roll >= 0.035:
        context["permission_mode"] = rng.choice(["default", "default", "acceptEdits", "plan",
                                                 "bypassPermissions"])  # fmt: skip
    elif roll >= 0.03:
        context["permission_mode"] = None
    if tool == "Bash":
        odd = rng.random()  # 1 % a null command, 0.5 % a number, 0.5 % none at all
        tool_input: dict[str, object] = {
            "command": None if odd < 0.01 else 7 if odd < 0.015 else rng.choice(_COMMANDS)
        }
        if 0.015 <= odd < 0.02:
            del tool_input["command"]
        if rng.random() < 0.2:
            tool_input["timeout"] = rng.choice([120000, 600000, "600000", 30000])
        if rng.random() < 0.1:
            tool_input["run_in_background"] = rng.choice([True, False, "true"])
    elif tool in ("Read", "Edit", "Write"):
        tool_input = {"file_path": rng.choice(_PATHS)}
    elif tool == "TodoWrite":
        tool_input = {"todos": [{"content": "x", "status": rng.choice(["pending", "in_progress"])}]}
    else:
        tool_input = {"pattern": "TODO"}
    if rng.random() >= 0.005:  # 0.5 % without tool_input (a log that dropped it)
        context["tool_input"] = tool_input
    return context


def generate(path: Path, count: int, seed: int = 7) -> None:
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as handle:
        for number in range(count):
            handle.write(json.dumps(event(rng, number), separators=(",", ":")) + "\n")


def policy() -> Policy:
    hooks = tuple(
        Hook(name, "PreToolUse", parse(text).expr, Action("command"))
        for name, text in GUARDS.items()
    )
    return Policy(hooks, Ordering(first_match=False))


def timed(function, repeats: int = 3):  # type: ignore[no-untyped-def]
    runs, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        runs.append(time.perf_counter() - start)
    return statistics.median(runs), runs, result


def counts(outcome) -> dict[str, tuple[int, int]]:  # type: ignore[no-untyped-def]
    return {hook.id: (hook.fired, hook.undecided) for hook in outcome.hooks}


def main() -> None:
    import duckdb

    count = _option("--events", int(next((a for a in sys.argv[1:] if a.isdigit()), "1000000")))
    big = _option("--table-events", 0)
    if big:
        big_table(big)
        if "--events" not in sys.argv:
            return
    with tempfile.TemporaryDirectory() as scratch:
        data = Path(scratch) / "events.jsonl"
        generate(data, count)
        size = data.stat().st_size
        files = event_files([str(data)])
        print(f"{count:,} events, {size / 1e6:.0f} MB, load {os.getloadavg()[0]:.1f}")
        connection = duckdb.connect()
        quoted = str(data).replace("'", "''")
        split, runs, _ = timed(lambda: connection.execute(
            f"SELECT count(*) FROM read_csv('{quoted}', columns={{'l': 'VARCHAR'}}, header=false, "
            "delim=chr(1), quote='', escape='')").fetchall())  # fmt: skip
        print(f"floor, DuckDB line split : {split:6.2f} s {count / split:>12,.0f} events/s  {runs}")
        parsed, runs, _ = timed(lambda: connection.execute(
            f"SELECT count_if(json_type(json) = 'OBJECT') FROM read_ndjson_objects('{quoted}')"
        ).fetchall())  # fmt: skip
        print(
            f"floor, DuckDB JSON parse : {parsed:6.2f} s {count / parsed:>12,.0f} events/s  {runs}"
        )
        the_policy = policy()
        sample = min(count, 200_000)
        cpu = time.process_time()
        python_seconds, runs, reference = timed(
            lambda: run_python(_first(read_events(files), sample), the_policy), 1
        )
        cpu = time.process_time() - cpu  # one core's time: the rate per core
        print(f"python engine ({sample:,})  : {python_seconds:6.2f} s "
              f"{sample / python_seconds:>12,.0f} events/s  {runs}  "
              f"CPU {cpu:.2f} s = {sample / cpu:,.0f} events/s per core")  # fmt: skip
        sql_only = Policy(the_policy.hooks[:-1], the_policy.ordering)
        seconds, runs, outcome = timed(lambda: run_duckdb(files, "auto", sql_only))
        print(f"duckdb, SQL hooks only   : {seconds:6.2f} s {count / seconds:>12,.0f} events/s  "
              f"{runs}  = {100 * parsed / seconds:.0f}% of the parse rate")  # fmt: skip
        sql_counts = counts(outcome)
        seconds, runs, outcome = timed(lambda: run_duckdb(files, "auto", the_policy))
        full_reference = (
            reference if sample == count else run_python(read_events(files), the_policy)
        )
        assert counts(outcome) == counts(full_reference), "duckdb counts differ from python's"
        assert sql_counts.items() <= counts(full_reference).items()
        print(f"duckdb, + 1 Python hook  : {seconds:6.2f} s {count / seconds:>12,.0f} events/s  "
              f"{runs}  = {100 * parsed / seconds:.0f}% of the parse rate; "
              "counts = python's")  # fmt: skip
        table = Path(scratch) / "events.parquet"
        typed = ["tool_input.command", "tool_input.file_path", "tool_input.timeout",
                 "tool_input.run_in_background", "tool_input.todos"]  # fmt: skip
        start = time.perf_counter()
        ingest(files, "auto", table, extra_paths=typed)
        took = time.perf_counter() - start
        print(f"hookc ingest to Parquet  : {took:6.2f} s {count / took:>12,.0f} events/s  "
              f"{table.stat().st_size / 1e6:.0f} MB ({table.stat().st_size / count:.0f} "
              "bytes an event)")  # fmt: skip
        tables = event_files([str(table)])
        seconds, runs, outcome = timed(lambda: run_duckdb(tables, "auto", sql_only))
        assert counts(outcome) == sql_counts, "the table's counts differ from the JSONL's"
        print(f"duckdb, from the Parquet : {seconds:6.2f} s {count / seconds:>12,.0f} events/s  "
              f"{runs}  (SQL hooks; counts = the JSONL's)")  # fmt: skip
        print(f"  peak memory of a replay: JSONL {_peak(data, False):,.0f} MB, Parquet "
              f"{_peak(table, False):,.0f} MB; + the Python hook, Parquet "
              f"{_peak(table, True):,.0f} MB (a fresh process each)")  # fmt: skip
        if "--spark" in sys.argv:
            from hookc.replay.spark_engine import run_spark, session

            spark = session()
            run_spark(tables, "auto", sql_only, spark=spark)  # warm-up: the JVM compiles
            seconds, runs, outcome = timed(lambda: run_spark(tables, "auto", sql_only,
                                                             spark=spark))  # fmt: skip
            assert counts(outcome) == sql_counts, "spark counts differ"
            rate = count / seconds
            print(f"spark, from the Parquet  : {seconds:6.2f} s {rate:>12,.0f} events/s  {runs}  "
                  f"(local[2], SQL hooks; counts = python's)  load "
                  f"{os.getloadavg()[0]:.1f}")  # fmt: skip
            seconds, runs, outcome = timed(
                lambda: run_spark(files, "auto", the_policy, spark=spark), 1
            )
            assert counts(outcome) == counts(full_reference), "spark counts differ"
            rate = count / seconds
            print(f"spark, JSONL + Python hook: {seconds:5.2f} s {rate:>12,.0f} events/s  "
                  f"{runs}  (the pipeline writes the events for Spark)")  # fmt: skip
        for hook in full_reference.hooks:
            print(f"  {hook.id:<14} fired {hook.fired:>9,}  undecided {hook.undecided:>9,}")


def _option(name: str, default: int) -> int:
    if name in sys.argv:
        return int(sys.argv[sys.argv.index(name) + 1].replace("_", ""))
    return default


# The generated events of ``event``, as DuckDB SQL over ``i`` (1, 2, ...): the same mix of
# tools, commands, paths, and missing, null and mistyped fields. ``h(k)`` a hash of i.
_TOOL_BOUNDS = [("Bash", 33), ("Read", 57), ("Edit", 69), ("Grep", 76), ("Write", 81),
                ("Glob", 86), ("TodoWrite", 91), ("mcp__github__create_issue", 94),
                ("WebFetch", 97), ("Agent", 100)]  # fmt: skip


def _sql_list(values: list[str], index: str) -> str:
    listed = ", ".join("'" + v.replace("'", "''") + "'" for v in values)
    return f"[{listed}][1 + ({index}) % {len(values)}]"


def _generated_ctx() -> str:
    """The JSON text of event ``i`` (written as text: a missing field is left out, a null
    written ``null``)."""
    tool = "CASE " + " ".join(f"WHEN h1 % 100 < {b} THEN '{t}'" for t, b in _TOOL_BOUNDS) + " END"
    mode = _sql_list(["default", "default", "acceptEdits", "plan", "bypassPermissions"], "h3")
    command = (
        "CASE WHEN h2 % 1000 < 10 THEN ',\"command\":null' WHEN h2 % 1000 < 15 THEN "
        "',\"command\":7' WHEN h2 % 1000 < 20 THEN '' ELSE ',\"command\":' || "
        f"to_json({_sql_list(_COMMANDS, 'h4')}) END"
    )
    timeout = (
        "CASE WHEN h5 % 100 < 20 THEN ',\"timeout\":' || "
        "['120000', '600000', '\"600000\"', '30000'][1 + h6 % 4] ELSE '' END"
    )
    background = (
        "CASE WHEN h7 % 100 < 10 THEN ',\"run_in_background\":' || "
        "['true', 'false', '\"true\"'][1 + h6 % 3] ELSE '' END"
    )
    inputs = (
        f"CASE tool WHEN 'Bash' THEN '{{' || ltrim({command} || {timeout} || {background}, ',')"
        " || '}' WHEN 'Read' THEN '{\"file_path\":' || "
        f"to_json({_sql_list(_PATHS, 'h4')}) || '}}' "
        "WHEN 'Edit' THEN '{\"file_path\":' || "
        f"to_json({_sql_list(_PATHS, 'h4')}) || '}}' "
        "WHEN 'Write' THEN '{\"file_path\":' || "
        f"to_json({_sql_list(_PATHS, 'h4')}) || '}}' "
        'WHEN \'TodoWrite\' THEN \'{"todos":[{"content":"x","status":\' || '
        "to_json(['pending', 'in_progress'][1 + h6 % 2]) || '}]}' "
        'ELSE \'{"pattern":"TODO"}\' END'
    )
    return (
        'SELECT i, \'{"session_id":"s\' || (i // 200) || \'","transcript_path":'
        '"/home/dev/.claude/projects/p/s\' || (i // 200) || \'.jsonl","cwd":'
        '"/home/dev/shop","hook_event_name":"PreToolUse","tool_name":\' || '
        "to_json(tool) || ',\"tool_use_id\":\"toolu_' || lpad(CAST(i AS VARCHAR), 8, '0') "
        "|| '\"' || CASE WHEN h3 % 1000 >= 35 THEN ',\"permission_mode\":' || "
        f"to_json({mode}) WHEN h3 % 1000 >= 30 THEN ',\"permission_mode\":null' ELSE '' END "
        f"|| CASE WHEN h8 % 1000 >= 5 THEN ',\"tool_input\":' || {inputs} ELSE '' END || '}}' "
        f"AS ctx FROM (SELECT *, {tool} AS tool FROM (SELECT i, "
        + ", ".join(f"CAST(hash(i, {k}) % 1000003 AS BIGINT) AS h{k}" for k in range(1, 9))
        + " FROM range(1, $n + 1) t(i)))"
    )


_TYPED = ("cwd", "hook_event_name", "permission_mode", "session_id", "tool_input",
          "tool_input.command", "tool_input.file_path", "tool_input.run_in_background",
          "tool_input.timeout", "tool_input.todos", "tool_name", "tool_use_id",
          "transcript_path")  # fmt: skip


def write_table(path: Path, count: int) -> None:
    """The canonical table (``hookc ingest``'s columns) of ``count`` generated events,
    written by DuckDB: its typed columns by ingest's own SQL."""
    import duckdb

    from hookc.replay.ingest import paths_sql, typed_sql

    connection = duckdb.connect()
    connection.execute("SET memory_limit = '4GB'")
    columns = ", ".join(typed_sql(_TYPED))
    quoted = str(path).replace("'", "''")
    connection.execute(
        f"COPY (SELECT i AS event_no, 'PreToolUse' AS event, 'generated:' || i AS source, "
        f"ctx, CAST(NULL AS BOOLEAN) AS blocked, {columns} FROM (SELECT *, "
        f"{paths_sql('ctx', _TYPED)} AS hk_p FROM ({_generated_ctx()}))) "
        f"TO '{quoted}' (FORMAT parquet, COMPRESSION zstd)".replace("$n", str(int(count)))
    )


def big_table(count: int) -> None:
    """DuckDB from a canonical table of ``count`` events: time and peak memory, each run
    in a fresh process (``memory_limit`` 1 GB, as ``hookc replay`` sets it)."""
    import duckdb

    sql_only = Policy(policy().hooks[:-1], Ordering(first_match=False))
    with tempfile.TemporaryDirectory() as scratch:
        table = Path(scratch) / "big.parquet"
        start = time.perf_counter()
        write_table(table, count)
        took = time.perf_counter() - start
        print(f"table of {count:,} events written by DuckDB in {took:.0f} s: "
              f"{table.stat().st_size / 1e6:,.0f} MB  load {os.getloadavg()[0]:.1f}")  # fmt: skip
        prefix = Path(scratch) / "prefix.parquet"
        quoted = str(table).replace("'", "''")
        duckdb.execute(f"COPY (SELECT * FROM '{quoted}' WHERE event_no <= 200000 ORDER BY "
                       f"event_no) TO '{prefix}' (FORMAT parquet)")  # fmt: skip
        reference = run_python(read_events([prefix]), sql_only)
        assert counts(run_duckdb([prefix], "auto", sql_only)) == counts(reference)
        print("  its first 200,000 events: DuckDB's counts = the Python engine's")
        results = []
        for _ in range(2):
            seconds, peak, found = _fresh_replay(table)
            results.append((seconds, peak))
            print(f"duckdb, {count:,} events from the Parquet: {seconds:6.1f} s "
                  f"{count / seconds:>12,.0f} events/s  peak RSS {peak:,.0f} MB  "
                  f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
        for hook_id, (fired, undecided) in found.items():
            print(f"  {hook_id:<14} fired {fired:>11,}  undecided {undecided:>11,}")


def _fresh_replay(table: Path) -> tuple[float, float, dict[str, list[int]]]:
    """A replay of ``table`` (SQL hooks) in a fresh process: seconds, peak RSS (MB), counts."""
    import subprocess

    code = (
        "import json, sys, time; from pathlib import Path\n"
        "from benchmarks.replay import policy, counts\n"
        "from hookc.replay.engines import Policy, run_duckdb\n"
        "p = policy(); p = Policy(p.hooks[:-1], p.ordering)\n"
        "start = time.perf_counter(); o = run_duckdb([Path(sys.argv[1])], 'auto', p)\n"
        "took = time.perf_counter() - start\n"
        "peak = next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM'))\n"
        "print(json.dumps([took, int(peak) / 1024, counts(o)]))"
    )
    done = subprocess.run([sys.executable, "-c", code, str(table)], capture_output=True,
                          text=True, check=True)  # fmt: skip
    seconds, peak, found = json.loads(done.stdout.splitlines()[-1])
    return seconds, peak, found


def _peak(path: Path, fallback: bool) -> float:
    """The peak resident memory (MB) of a fresh process replaying ``path`` with DuckDB."""
    import subprocess

    code = (
        "import sys; from pathlib import Path\n"
        "from benchmarks.replay import policy; from hookc.replay.engines import Policy, "
        "run_duckdb\n"
        "p = policy(); p = p if sys.argv[2] == '1' else Policy(p.hooks[:-1], p.ordering)\n"
        "run_duckdb([Path(sys.argv[1])], 'auto', p)\n"
        # VmHWM, not ru_maxrss: that counts the parent's memory at the fork too.
        "print(next(l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, str(path), "1" if fallback else "0"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return int(done.stdout.split()[-1]) / 1024


def _first(events, count):  # type: ignore[no-untyped-def]
    for number, item in enumerate(events):
        if number >= count:
            return
        yield item


if __name__ == "__main__":
    main()
