"""``hookc ingest``: the canonical Parquet table (typed columns read as the SQL back end
reads JSON), what is quarantined and why, and replays from the table giving the reference's
answers."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import duckdb
from hypothesis import given
from hypothesis import strategies as st

from hookc.cli import main
from hookc.ir.hooks import Action, Hook, Ordering
from hookc.replay.engines import Policy, run_duckdb, run_python
from hookc.replay.ingest import declared_paths, ingest
from hookc.replay.pipelines import read_events
from tests.properties import SETTINGS, examples
from tests.replay.differential import PATHS, conditions, events, parsed, reference
from tests.replay.test_replay import EXAMPLE, _comparable, _replay


def _ingest(*arguments: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["ingest", *arguments], out, err)
    return status, out.getvalue(), err.getvalue()


def test_lines_json_readers_read_differently_are_quarantined_with_counts(tmp_path: Path) -> None:
    events = tmp_path / "e.jsonl"
    events.write_bytes(
        b'{"hook_event_name": "PreToolUse", "tool_name": "Bash"}\n'
        b'{"hook_event_name": "PreToolUse", "tool_name": "Bash", "tool_name": "Read"}\n'
        b'{"hook_event_name": "PreToolUse", "tool_input": {"timeout": NaN}}\n'
        b'{"hook_event_name": "PreToolUse", "n": -Infinity}\n'
        b'{"hook_event_name": "PreToolUse", "tool_name": "B\xe9sh"}\n'
        b"not json\n"
        b"[1, 2]\n"
        b'{"hook_event_name": "PreToolUse", "tool_input": {"a": {"b": 1, "b": 2}}}\n'
        b'{"hook_event_name": "Stop"}\n'
        b'{"hook_event_name": "PreToolUse", "tool_name": "\\ud800x"}\n'
        b'{"hook_event_name": "PreToolUse", "tool_name": "\\ud83d\\ude00"}\n'
    )
    output = tmp_path / "events.parquet"
    status, out, _ = _ingest(str(events), "-o", str(output))
    assert status == 0, out
    assert out.splitlines() == [
        f"hookc ingest: 3 events to {output} (2 typed paths)",
        f"hookc ingest: 8 line(s) quarantined (NaN or Infinity 2, duplicate key 2, lone "
        f"surrogate 1, not JSON 1, not UTF-8 1, not a JSON object 1) in "
        f"{output}.quarantine.jsonl",
    ]
    held = [
        json.loads(line) for line in Path(f"{output}.quarantine.jsonl").read_text().splitlines()
    ]
    assert [(h["source"].rsplit(":", 1)[1], h["reason"]) for h in held] == [
        ("2", "duplicate key"), ("3", "NaN or Infinity"), ("4", "NaN or Infinity"),
        ("5", "not UTF-8"), ("6", "not JSON"), ("7", "not a JSON object"), ("8", "duplicate key"),
        ("10", "lone surrogate"),
    ]  # fmt: skip
    assert held[3]["line"] == '{"hook_event_name": "PreToolUse", "tool_name": "B\\xe9sh"}'
    rows = duckdb.sql(f"SELECT event_no, event, source, ctx FROM '{output}'").fetchall()
    assert [(r[0], r[1], r[2].rsplit(":", 1)[1]) for r in rows] == [
        (1, "PreToolUse", "1"), (2, "Stop", "9"), (3, "PreToolUse", "11")
    ]  # fmt: skip
    status, out, _ = _ingest(str(events), "-o", str(tmp_path / "strict.parquet"), "--reject")
    assert status == 1 and "--reject: nothing written" in out
    assert not (tmp_path / "strict.parquet").exists()


def test_the_typed_columns_are_the_host_s_declared_paths_the_events_hold(tmp_path: Path) -> None:
    events = tmp_path / "e.jsonl"
    events.write_text(
        json.dumps({"hook_event_name": "PreToolUse", "tool_name": "Bash", "session_id": None,
                    "tool_input": {"command": "ls", "timeout": 600000}, "cwd": 5,
                    "mcp_server": {"name": "gh"}}) + "\n",
        encoding="utf-8",
    )  # fmt: skip
    output = tmp_path / "t.parquet"
    done = ingest([events], "auto", output, extra_paths=["tool_input.timeout"])
    # Declared for another event (a skill's shell command): typed in every row all the
    # same, or a PreToolUse row's column would be NULL (missing) where its ctx has one.
    assert "tool_input.command" not in declared_paths("claude-code")["PreToolUse"]
    assert "tool_input.command" in declared_paths("claude-code")["PreSkillShellCommand"]
    assert "mcp_server.name" in declared_paths("claude-code")["PreToolUse"]
    assert done.paths == (
        "cwd", "hook_event_name", "mcp_server", "mcp_server.name", "session_id", "tool_input",
        "tool_input.command", "tool_input.timeout", "tool_name",
    )  # fmt: skip
    relation = duckdb.sql(f"SELECT * FROM '{output}'")
    (row,) = relation.fetchall()
    names = [d[0] for d in relation.description]
    got = dict(zip(names, row, strict=True))
    assert (got["t.tool_name"], got["s.tool_name"]) == ("VARCHAR", "Bash")
    assert (got["t.session_id"], got["s.session_id"]) == ("NULL", None)  # null: a tag, no text
    assert (got["t.cwd"], got["s.cwd"]) == ("INT", "5")
    assert (got["t.tool_input.timeout"], got["s.tool_input.timeout"]) == ("INT", "600000")
    assert got["t.tool_input"] == "OBJECT" and json.loads(got["s.tool_input"])["command"] == "ls"
    assert (got["t.tool_input.command"], got["s.tool_input.command"]) == ("VARCHAR", "ls")
    assert "t.agent_id" not in got  # declared, but no event holds it: no column


@SETTINGS.__class__(SETTINGS, max_examples=examples(12))
@given(
    st.lists(conditions(), min_size=10, max_size=10), st.lists(events(), min_size=30, max_size=30)
)
def test_a_replay_of_the_table_gives_the_reference_s_answers(
    texts: list[str], drawn: list[Any]
) -> None:
    """Typed columns for every path the events may hold (missing, null, wrong-typed, big
    numbers): DuckDB reading them, and the Python engine reading the table, agree with the
    reference evaluator on each (condition, event) pair."""
    import tempfile

    hooks = tuple(Hook(f"h{i}", "E", parsed(t), Action("x")) for i, t in enumerate(texts))
    policy = Policy(hooks, Ordering(first_match=False))
    with tempfile.TemporaryDirectory() as scratch:
        source = Path(scratch) / "e.jsonl"
        lines = [json.dumps(e) for e in drawn]
        source.write_text("\n".join(lines) + "\n", encoding="utf-8")
        table = Path(scratch) / "e.parquet"
        extra = [p for p in PATHS if "[" not in p]
        ingest([source], "hook-input", table, event="E", extra_paths=extra)
        duck = run_duckdb([table], "auto", policy)
        python = run_python(read_events([table]), policy)
    for hook, got, again in zip(hooks, duck.hooks, python.hooks, strict=True):
        answers = [reference(hook.condition, line) for line in lines]
        expected = (answers.count(True), answers.count(None))
        assert (got.fired, got.undecided) == expected == (again.fired, again.undecided), hook


def test_a_replay_of_the_table_gives_the_transcripts_report(tmp_path: Path) -> None:
    table = tmp_path / "events.parquet"
    assert _ingest(str(EXAMPLE / "transcripts"), "-o", str(table))[0] == 0
    reports = {}
    for engine, source in (("python", EXAMPLE / "transcripts"), ("duckdb", table),
                           ("python", table)):  # fmt: skip
        status, out, err = _replay(
            str(EXAMPLE / "guard.hooks.yaml"), "--events", str(source), "--engine", engine,
            "--compare", str(EXAMPLE / "old.hooks.yaml"), "--report", "json",
        )  # fmt: skip
        assert status == 0, out + err
        reports[(engine, source)] = _comparable(out)
    first, *others = reports.values()
    assert all(other == first for other in others)
