"""`hookc replay`: the pipelines' rebuilt events (golden, absent fields pinned), the engines
agreeing with the Python reference, the reports, --compare and --fail-on."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import jsonschema
import pytest

from hookc.cli import main
from hookc.replay.pipelines import claude_transcript, event_files, read_events
from hookc.replay.report import SCHEMA

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "replay"
SESSION = EXAMPLE / "transcripts" / "-home-dev-shop" / "9f3c2a4e.jsonl"
SUBAGENT = (
    EXAMPLE / "transcripts" / "-home-dev-shop" / "9f3c2a4e" / "subagents" / "agent-b71e.jsonl"
)


def _replay(*arguments: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["replay", *arguments], out, err)
    return status, out.getvalue(), err.getvalue()


def test_a_claude_transcript_gives_one_pre_tool_use_per_tool_use_block() -> None:
    """Split content blocks (one API message over lines sharing message.id, a block written
    twice) give one event each; the mode is the last recorded at or before the call; Task is
    Agent; nothing the transcript lacks is invented (no null, no key)."""
    events = list(claude_transcript(SESSION))
    assert [e.context["tool_use_id"] for e in events] == [
        "toolu_01",
        "toolu_02",
        "toolu_03",
        "toolu_04",
    ]
    assert [e.source.rsplit(":", 1)[1] for e in events] == ["4", "8", "9", "10"]
    first = events[0].context
    assert first == {
        "session_id": "9f3c2a4e",
        "transcript_path": str(SESSION),
        "cwd": "/home/dev/shop",
        "permission_mode": "default",
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": {"command": "rm -rf build/", "description": "Clean the build"},
        "tool_use_id": "toolu_01",
    }
    assert [e.context["permission_mode"] for e in events[1:]] == ["acceptEdits"] * 3
    assert events[2].context["tool_name"] == "Agent"
    assert all("agent_id" not in e.context and "agent_type" not in e.context for e in events)


def test_a_subagent_file_carries_its_agent_and_no_invented_mode() -> None:
    (event,) = claude_transcript(SUBAGENT)
    assert event.context["agent_id"] == "b71e"
    assert "permission_mode" not in event.context  # never recorded in this file: missing
    assert "agent_type" not in event.context


def test_a_folder_is_searched_for_transcripts_in_order() -> None:
    files = event_files([str(EXAMPLE / "transcripts")])
    assert files == [SESSION, SUBAGENT]
    assert len(list(read_events(files))) == 5


def _comparable(report: str) -> dict:
    document = json.loads(report)
    document.pop("engine")
    for hook in document["hooks"]:
        hook.pop("fallback")
        for example in hook["examples"]:
            example.pop("source")
    for example in document.get("compare", {}).get("examples", []):
        example.pop("source")
    return document


@pytest.mark.parametrize("prefix", [200_000, 1], ids=["examples-in-prefix", "past-prefix"])
@pytest.mark.parametrize("events", ["transcripts", "hook-inputs.jsonl"])
def test_duckdb_gives_the_python_reference_s_report(
    events: str, prefix: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counts, undecided, decisions, examples and the comparison, for a policy with a hook
    outside the SQL fragment (an `exists()`), which DuckDB evaluates by the fallback; the
    examples the same whether DuckDB finds them among the first events it looks at or must
    look at all of them."""
    from hookc.replay import engines

    monkeypatch.setattr(engines, "EXAMPLES_PREFIX", prefix)
    if events == "hook-inputs.jsonl":  # the direct path: DuckDB reads the file itself
        target = tmp_path / events
        lines = [
            json.dumps(e.context) for e in read_events(event_files([str(EXAMPLE / "transcripts")]))
        ]
        target.write_text("\n".join(lines) + "\n", encoding="utf-8")
        source = str(target)
    else:
        source = str(EXAMPLE / events)
    reports = {}
    for engine in ("python", "duckdb"):
        status, out, err = _replay(
            str(EXAMPLE / "guard.hooks.yaml"), "--events", source, "--engine", engine,
            "--compare", str(EXAMPLE / "old.hooks.yaml"), "--report", "json",
        )  # fmt: skip
        assert status == 0, out + err
        jsonschema.validate(json.loads(out), SCHEMA)
        reports[engine] = _comparable(out)
    assert reports["duckdb"] == reports["python"]
    hooks = {hook["id"]: hook for hook in reports["python"]["hooks"]}
    assert (hooks["secrets"]["fired"], hooks["secrets"]["undecided"]) == (1, 4)
    assert reports["python"]["compare"]["changed"] == 4


def test_a_hook_undecided_everywhere_is_reported_as_not_audited(tmp_path: Path) -> None:
    policy = tmp_path / "p.hooks.yaml"
    policy.write_text(
        "profile: claude-code\nhooks:\n  - id: cwd_guard\n    event: PreToolUse\n"
        "    when: cwd.startsWith('/etc')\n    action: {type: command, command: ./g.sh}\n",
        encoding="utf-8",
    )
    events = tmp_path / "e.jsonl"
    events.write_text('{"hook_event_name": "PreToolUse", "tool_name": "Bash"}\n', encoding="utf-8")
    status, out, _ = _replay(str(policy), "--events", str(events), "--engine", "python")
    assert status == 0
    assert "`cwd_guard` was undecided on every event" in out
    status, out, _ = _replay(str(policy), "--events", str(events), "--engine", "python",
                             "--report", "markdown")  # fmt: skip
    assert out.startswith("## replay of 1 events (python), 1 hooks")


def test_fail_on_trips_on_a_firing_hook_and_names_an_unknown_one() -> None:
    arguments = [str(EXAMPLE / "guard.hooks.yaml"), "--events", str(EXAMPLE / "transcripts"),
                 "--engine", "python"]  # fmt: skip
    status, _, err = _replay(*arguments, "--fail-on", "no_rm_rf")
    assert (status, err) == (1, "hookc: --fail-on tripped: no_rm_rf: 1 > 0\n")
    assert _replay(*arguments, "--fail-on", "no_rm_rf>1")[0] == 0
    status, _, err = _replay(*arguments, "--fail-on", "nope")
    assert status == 2 and "the policy has no hook `nope`" in err


def test_a_missing_duckdb_is_a_diagnostic_with_the_install_line(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "duckdb", None)  # `import duckdb` raises ImportError
    status, _, err = _replay(str(EXAMPLE / "guard.hooks.yaml"), "--events", str(SESSION))
    assert status == 2
    assert err == (
        "hookc: error: the duckdb engine needs DuckDB: pip install 'hookc[replay]' "
        "(or use --engine python)\n"
    )


def test_a_file_that_is_not_json_lines_is_reported_with_its_line(tmp_path: Path) -> None:
    events = tmp_path / "e.jsonl"
    events.write_text('{"hook_event_name": "PreToolUse"}\nnot json\n', encoding="utf-8")
    status, out, _ = _replay(str(EXAMPLE / "guard.hooks.yaml"), "--events", str(events),
                             "--engine", "python")  # fmt: skip
    assert status == 1
    assert out.startswith(f"{events}:2: not JSON")


def _counts(outcome) -> list[tuple[str, int, int, int]]:  # type: ignore[no-untyped-def]
    return [(h.id, h.events, h.fired, h.undecided) for h in outcome.hooks]


def test_an_event_name_that_is_not_a_string_is_no_event_on_every_engine(tmp_path: Path) -> None:
    """DuckDB reads the name with the paths (one parse): a number, a null or no name is
    the event '' there as in the pipeline, never the number's text."""
    from hookc.cel.parser import parse
    from hookc.ir.hooks import Action, Hook, Ordering
    from hookc.replay.engines import Policy, run_duckdb, run_python

    events = tmp_path / "e.jsonl"
    names = ['"PreToolUse"', "5", "null", '"5"', '["PreToolUse"]']
    lines = [f'{{"hook_event_name": {name}, "tool_name": "Bash"}}' for name in names]
    events.write_text("\n".join([*lines, '{"tool_name": "Bash"}']) + "\n", encoding="utf-8")
    hooks = tuple(
        Hook(f"on_{event or 'none'}", event, parse("tool_name == 'Bash'").expr, Action("x"))
        for event in ("PreToolUse", "5", "")
    )
    policy = Policy(hooks, Ordering(first_match=False))
    python = run_python(read_events([events]), policy)
    duck = run_duckdb([events], "auto", policy)
    assert _counts(python) == [("on_PreToolUse", 1, 1, 0), ("on_5", 1, 1, 0), ("on_none", 4, 4, 0)]
    assert _counts(duck) == _counts(python)
    assert duck.decisions == python.decisions


@pytest.mark.parametrize("first_match", [False, True])
def test_decisions_of_more_than_sixty_hooks_are_the_python_engines(
    first_match: bool, tmp_path: Path
) -> None:
    """DuckDB counts decisions as numbers (a bit a hook, 60 a number, or the first firing
    hook's place): decoded, they are the Python engine's lists of ids."""
    from hookc.cel.parser import parse
    from hookc.ir.hooks import Action, Hook, Ordering
    from hookc.replay.engines import Policy, run_duckdb, run_python

    events = tmp_path / "e.jsonl"
    events.write_text(
        "".join(json.dumps({"hook_event_name": "E", "n": n}) + "\n" for n in range(0, 130, 7)),
        encoding="utf-8",
    )
    hooks = tuple(
        Hook(f"h{i}", "E", parse(f"n >= {i} && n < {i + 20}").expr, Action("x")) for i in range(125)
    )
    policy = Policy(hooks, Ordering(first_match=first_match))
    python = run_python(read_events([events]), policy)
    duck = run_duckdb([events], "auto", policy)
    assert duck.decisions == python.decisions
    assert len(python.decisions) > 10 and any(len(d) > 1 for d in python.decisions) != first_match

    def shown(outcome):  # type: ignore[no-untyped-def]  # DuckDB names the file, not the line
        return {k: [{**e, "source": ""} for e in v] for k, v in outcome.examples.items()}

    assert shown(duck) == shown(python)


@pytest.mark.parametrize("ending", [".jsonl", ".parquet"])
def test_the_matches_file_is_the_same_from_each_engine(ending: str, tmp_path: Path) -> None:
    import duckdb

    written = {}
    for engine in ("python", "duckdb"):
        target = tmp_path / f"{engine}{ending}"
        status, out, err = _replay(str(EXAMPLE / "guard.hooks.yaml"), "--events",
                                   str(EXAMPLE / "transcripts"), "--engine", engine,
                                   "--matches", str(target))  # fmt: skip
        assert status == 0, out + err
        query = f"SELECT * FROM '{target}' ORDER BY event_no"
        if ending == ".jsonl":
            query = f"SELECT * FROM read_json('{target}') ORDER BY event_no"
        written[engine] = duckdb.sql(query).fetchall()
    assert written["python"] == written["duckdb"]
    assert [(row[0], row[-1]) for row in written["python"]] == [
        (1, ["no_rm_rf"]), (2, ["secrets"]), (3, ["subagents"]), (4, ["no_force_push"]),
        (5, ["no_pipe_to_shell"]),
    ]  # fmt: skip


def test_a_transcript_says_which_calls_a_hook_blocked() -> None:
    """toolu_01's result is `PreToolUse:Bash hook error: ...`: blocked by a hook; the
    other calls have no result in the file: the log does not say."""
    assert [(e.context["tool_use_id"], e.blocked) for e in claude_transcript(SESSION)] == [
        ("toolu_01", True), ("toolu_02", None), ("toolu_03", None), ("toolu_04", None)
    ]  # fmt: skip
    status, out, _ = _replay(str(EXAMPLE / "guard.hooks.yaml"), "--events", str(SESSION),
                             "--engine", "duckdb", "--report", "json")  # fmt: skip
    assert status == 0
    assert json.loads(out)["recorded"] == [
        {"would_block": True, "was_blocked": True, "events": 1},
        {"would_block": True, "was_blocked": None, "events": 3},
    ]
