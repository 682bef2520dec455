"""Windsurf's hooks.json: recognition, findings, its merge rule held by every back end to an
oracle written from Windsurf's docs ("hooks from all three locations are merged; if the
same hook event is configured in multiple locations, all hooks will execute in order:
system → user → workspace"; there are no matchers: every handler of the event runs on
every occurrence), and ``hookc run --protocol windsurf`` with real scripts."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc import handlers
from hookc.cli import main
from hookc.frontend.load import load_source
from hookc.hosts import detect
from hookc.hosts.profile import load_profile
from hookc.hosts.windsurf.merge import SYSTEM, USER, WORKSPACE, level, merge
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import back_ends, fired_ids
from tests.properties import SETTINGS, examples

PLACES = {
    SYSTEM: "/etc/windsurf/hooks.json",
    USER: "/home/u/.codeium/windsurf/hooks.json",
    WORKSPACE: ".windsurf/hooks.json",
}
EVENTS = ["pre_run_command", "pre_write_code", "post_cascade_response", "pre_user_prompt"]
CONTEXTS = [
    {"tool_info": {"command_line": "git push", "cwd": "/w"}},
    {"tool_info": {"command_line": "rm -rf /"}},
    {"tool_info": {"file_path": "src/a.ts", "edits": []}},
    {"tool_info": {"user_prompt": "hello"}},
    {},
]


@st.composite
def setups(draw: st.DrawFn) -> dict[str, Any]:
    """Three files (some empty), handlers on a few events, some with a matcher Windsurf
    ignores, given to the merge in a shuffled order."""
    files: dict[int, dict[str, list[dict[str, Any]]]] = {}
    for place in PLACES:
        events = draw(st.lists(st.sampled_from(EVENTS), max_size=3, unique=True))
        files[place] = {
            event: [
                {"command": f"echo {place}-{i}",
                 **({"matcher": "git"} if draw(st.booleans()) and i == 0 else {})}
                for i in range(draw(st.integers(1, 3)))
            ]
            for event in events
        }  # fmt: skip
    order = draw(st.permutations(list(PLACES)))
    event = draw(st.sampled_from(EVENTS))
    return {"files": files, "order": order, "event": event}


def oracle(setup: dict[str, Any]) -> list[str]:
    """The documented order: system's handlers, then the user's, then the workspace's, each
    in its file's order; no matcher narrows them."""
    event = setup["event"]
    found = []
    for place in (SYSTEM, USER, WORKSPACE):
        stem = PLACES[place].removesuffix(".json")
        found += [f"{stem}.{event}.{i}" for i in range(len(setup["files"][place].get(event, [])))]
    return found


BATCH = 6


@settings(SETTINGS, max_examples=examples(40))
@given(st.lists(setups(), min_size=BATCH, max_size=BATCH))
def test_every_back_end_runs_windsurfs_merged_hooks_in_its_order(
    batch: list[dict[str, Any]],
) -> None:
    """At least 240 generated setups (40 batches of 6), each over five contexts."""
    profile = load_profile("windsurf")
    for setup in batch:
        sets = []
        for place in setup["order"]:
            name = PLACES[place]
            loaded = load_source(Source(name, json.dumps({"hooks": setup["files"][place]})))
            assert not [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
            assert {d.code for d in loaded.diagnostics} <= {"HK741"}
            assert loaded.hookset is not None
            sets.append((name, loaded.hookset))
        merged = merge(sets, profile)
        expected = oracle(setup)
        for back_end, run in back_ends(merged).items():
            for context in CONTEXTS:
                assert fired_ids(run, setup["event"], context) == expected, (back_end, setup)


def codes(text: str, name: str = ".windsurf/hooks.json") -> list[str]:
    return [d.code for d in load_source(Source(name, text)).diagnostics]


def test_findings() -> None:
    assert codes('{"hooks": {"pre_run_command": [{"command": "a", "matcher": "git"}]}}') == [
        "HK741"
    ]
    assert codes('{"hooks": {"pre_run_commnd": [{"command": "a"}]}}') == ["HK402"]
    assert codes('{"hooks": {"pre_run_command": [{"command": "a", "timeout": 5}]}}') == ["HK704"]
    assert codes('{"hooks": {"pre_run_command": [{"show_output": true}]}}') == ["HK305"]
    clean = {"version": 1, "hooks": {"pre_run_command": [
        {"type": "command", "command": "a", "show_output": True, "working_directory": "x"}
    ]}}  # fmt: skip
    assert codes(json.dumps(clean)) == []


@pytest.mark.parametrize(
    ("name", "text", "host"),
    [
        (".windsurf/hooks.json", "{}", "windsurf"),
        ("/home/u/.codeium/windsurf/hooks.json", "{}", "windsurf"),
        ("/etc/windsurf/hooks.json", "{}", "windsurf"),
        ("C:/ProgramData/Windsurf/hooks.json", "{}", "windsurf"),
        ("hooks.json", '{"hooks": {"post_write_code": []}}', "windsurf"),
        (".cursor/hooks.json", '{"hooks": {"post_write_code": []}}', "cursor"),
    ],
)
def test_windsurf_files_are_recognized_by_path_then_content(
    name: str, text: str, host: str
) -> None:
    found = detect(name, text)
    assert found is not None and found.name == host


def test_levels() -> None:
    assert [level(PLACES[p]) for p in PLACES] == [SYSTEM, USER, WORKSPACE]


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\ncat > /dev/null\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_exit_2_blocks_a_pre_hook_only(tmp_path: Path) -> None:
    block = script(tmp_path, "block.sh", "echo 'not on main' >&2; exit 2")
    ok = script(tmp_path, "ok.sh", "echo fine")
    matches = [("a", {"type": "command", "command": ok, "show_output": True}),
               ("b", {"type": "command", "command": block})]  # fmt: skip
    decision = handlers.run("windsurf", "pre_run_command", CONTEXTS[0], matches)
    assert (decision.verdict, decision.reason) == ("deny", "not on main")
    assert [n.text for n in decision.notices] == ["fine"]
    post = handlers.run("windsurf", "post_run_command", CONTEXTS[0], matches)
    assert post.verdict == "proceed" and post.messages
    failing = script(tmp_path, "fail.sh", "exit 1")
    decision = handlers.run(
        "windsurf", "pre_run_command", {}, [("c", {"type": "command", "command": failing})]
    )
    assert decision.verdict == "proceed" and decision.runs[0].error


def test_a_timeout_does_not_block_and_the_directory_is_the_handlers(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", "sleep 5")
    decision = handlers.run(
        "windsurf", "pre_write_code", {}, [("s", {"type": "command", "command": slow})], timeout=0.3
    )
    assert decision.verdict == "proceed" and decision.runs[0].timed_out
    (tmp_path / "sub").mkdir()
    where = script(tmp_path, "where.sh", "pwd >&2; exit 2")
    action = {"type": "command", "command": where, "working_directory": "sub"}
    decision = handlers.run("windsurf", "pre_read_code", {}, [("w", action)], cwd=tmp_path)
    assert decision.reason == str((tmp_path / "sub").resolve())


def test_hookc_run_speaks_windsurfs_protocol(tmp_path: Path) -> None:
    seen = tmp_path / "seen.json"
    spy = tmp_path / "spy.sh"
    spy.write_text(f"#!/bin/sh\ncat > {seen}\necho blocked >&2\nexit 2\n", encoding="utf-8")
    spy.chmod(0o755)
    hooks = tmp_path / ".windsurf" / "hooks.json"
    hooks.parent.mkdir()
    hooks.write_text(json.dumps({"hooks": {"pre_run_command": [{"command": str(spy)}]}}))
    context = tmp_path / "ctx.json"
    context.write_text(json.dumps(CONTEXTS[0]))
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["run", str(hooks), "--event", "pre_run_command", "--context", str(context),
         "--protocol", "windsurf", "--format", "json", "--cwd", str(tmp_path)],
        stdout=out, stderr=err,
    )  # fmt: skip
    assert status == 0, err.getvalue()
    assert json.loads(out.getvalue())["verdict"] == "deny"
    payload = json.loads(seen.read_text())
    assert payload["agent_action_name"] == "pre_run_command"
    assert payload["tool_info"] == {"command_line": "git push", "cwd": "/w"}
    assert {"trajectory_id", "execution_id", "timestamp"} <= payload.keys()
