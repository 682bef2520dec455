"""Cursor's hooks.json: recognition, findings, and its matcher rule held by every back end
to an oracle written from what Cursor's docs and public files say (see
``hookc.hosts.cursor.reader``): a handler's matcher is a JavaScript regular expression
tested unanchored (``RegExp.prototype.test``) against the event's value (the tool type on
``preToolUse``, the command on ``beforeShellExecution``); absent, ``""`` or ``*`` match
every time; one JavaScript refuses matches nothing. The oracle runs JavaScript's own
engine (node), once per batch of generated files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.load import load_source
from hookc.hosts import detect
from hookc.hosts.cursor.merge import ENTERPRISE, PROJECT, USER, level, merge
from hookc.hosts.profile import load_profile
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import NODE, back_ends, fired_ids, javascript_tests
from tests.properties import SETTINGS, examples

NAME = ".cursor/hooks.json"
PREFIX = ".cursor/hooks."
TOOLS = ["Shell", "Read", "Write", "Edit", "Delete", "Grep", "MCP", "Task", "TabWrite",
         "MCP:github_create_issue", "MCP:ctx_execute"]  # fmt: skip
ODD_TOOLS = ["shell", "SHELL", "Bash", "xShellx", "Write|Edit", ".", "", "Shell\n", "é",
             "ApplyPatch", "apply_patch", "Shell ", "*"]  # fmt: skip
COMMANDS = ["git commit -m x", "git status", "rm -rf /", "ls", "npm install", "GIT push",
            "echo git", "", "git\ncommit", "terraform apply"]  # fmt: skip
FIELDS = {"preToolUse": "tool_name", "beforeShellExecution": "command"}

_ATOMS = st.sampled_from(
    ["Shell", "Write", "Edit", "git", " ", "commit", "rm", "a", "e", "S", "MCP", ":", ".",
     "\\.", "\\|", "[A-Z]", "[a-z]", "[^_]", "\\w", "\\d", "\\s", "\\b", "(?:it)", "(Ed)",
     "[", "(", ")", "x{2,1}", "[]", "[^]", "\\", "-", "_", "\\*"]
)  # fmt: skip
_QUANTIFIERS = st.sampled_from(["", "", "", "*", "+", "?", "{1,2}", "*?"])


@st.composite
def regex_matchers(draw: st.DrawFn) -> str:
    branches = []
    for _ in range(draw(st.integers(1, 3))):
        atoms = draw(st.lists(st.tuples(_ATOMS, _QUANTIFIERS), min_size=1, max_size=3))
        branches.append("".join(atom + quantifier for atom, quantifier in atoms))
    text = "|".join(branches)
    if draw(st.booleans()):
        text = "^" + text
    if draw(st.booleans()):
        text += "$"
    return text


MATCHERS = st.one_of(
    st.sampled_from([None, "", "*", ".*", "Shell", "Write|Edit", "git commit ", "^git",
                     "Write|Delete|Edit|ApplyPatch|apply_patch", "MCP:", "shell", "[",
                     "Bash", "rm -rf"]),
    regex_matchers(),
)  # fmt: skip


@st.composite
def files(draw: st.DrawFn) -> dict[str, Any]:
    event = draw(st.sampled_from(sorted(FIELDS)))
    matchers = draw(st.lists(MATCHERS, min_size=1, max_size=4))
    pool = TOOLS + ODD_TOOLS if event == "preToolUse" else COMMANDS + TOOLS[:2]
    values = list(dict.fromkeys(draw(st.lists(st.sampled_from(pool), max_size=6)) + pool[:4]))
    return {"event": event, "matchers": matchers, "values": values}


def document(event: str, matchers: list[str | None]) -> str:
    handlers = [
        {"command": f"echo {i}", **({} if m is None else {"matcher": m})}
        for i, m in enumerate(matchers)
    ]
    return json.dumps({"version": 1, "hooks": {event: handlers}}, indent=2)


def oracle(matcher: str | None, value: str, js: dict[tuple[str, str], bool | None]) -> bool:
    """Cursor's rule as its docs and public files state it, written apart from hookc."""
    if matcher is None or matcher in ("", "*"):
        return True
    return js[(matcher, value)] is True


BATCH = 10


@pytest.mark.skipif(NODE is None, reason="JavaScript's RegExp is the oracle: needs node")
@settings(SETTINGS, max_examples=examples(25))
@given(st.lists(files(), min_size=BATCH, max_size=BATCH))
def test_every_back_end_matches_as_cursor_does(batch: list[dict[str, Any]]) -> None:
    """At least 250 generated files (25 batches of 10), each over up to 10 values."""
    patterns = sorted(
        {m for case in batch for m in case["matchers"] if m is not None and m not in ("", "*")}
    )
    values = sorted({v for case in batch for v in case["values"]})
    verdicts = javascript_tests(patterns, values)
    js = {
        (p, v): (row[i] if row is not None else None)
        for p, row in zip(patterns, verdicts, strict=True)
        for i, v in enumerate(values)
    }
    for case in batch:
        event = case["event"]
        loaded = load_source(Source(NAME, document(event, case["matchers"])))
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        assert not errors, errors
        assert loaded.hookset is not None
        assert all(hook.undecidable is None for hook in loaded.hookset.hooks)
        runs = back_ends(loaded.hookset)
        for value in case["values"]:
            expected = [
                f"{PREFIX}{event}.{i}"
                for i, m in enumerate(case["matchers"])
                if oracle(m, value, js)
            ]
            for back_end, run in runs.items():
                fired = fired_ids(run, event, {FIELDS[event]: value})
                assert fired == expected, (back_end, case, value)


def load(text: str, name: str = NAME):  # type: ignore[no-untyped-def]
    return load_source(Source(name, text))


def codes(text: str, name: str = NAME) -> list[str]:
    return [d.code for d in load(text, name).diagnostics]


def test_a_file_event_matches_the_tool_type_it_stands_for() -> None:
    text = json.dumps(
        {"version": 1, "hooks": {"afterFileEdit": [
            {"command": "a", "matcher": "Write|TabWrite"},
            {"command": "b", "matcher": "Shell"},
        ]}}
    )  # fmt: skip
    loaded = load(text)
    assert [d.code for d in loaded.diagnostics] == ["HK702"]
    for run in back_ends(loaded.hookset).values():
        assert fired_ids(run, "afterFileEdit", {"file_path": "x"}) == [f"{PREFIX}afterFileEdit.0"]


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ('{"hooks": {"stop": [{"command": "a"}]}}', "HK740"),
        ('{"version": 2, "hooks": {"stop": [{"command": "a"}]}}', "HK740"),
        ('{"version": 1, "hooks": {"stop": [{"command": "a", "matcher": "x"}]}}', "HK701"),
        ('{"version": 1, "hooks": {"afterFileEdit": [{"command": "a", "loop_limit": 2}]}}',
         "HK742"),
        ('{"version": 1, "hooks": {"afterShellExecution": [{"command": "a", "failClosed": true}]}}',
         "HK743"),
        ('{"version": 1, "hooks": {"preToolUse": [{"command": "a", "matcher": "Bash"}]}}',
         "HK702"),
        ('{"version": 1, "hooks": {"preToolUse": [{"command": "a", "matcher": "shell"}]}}',
         "HK703"),
        ('{"version": 1, "hooks": {"preToolUse": [{"command": "a", "matcher": "("}]}}', "HK112"),
        ('{"version": 1, "hooks": {"beforeShellExec": [{"command": "a"}]}}', "HK402"),
        ('{"version": 1, "hooks": {"stop": [{"command": "a", "timeOut": 3}]}}', "HK704"),
    ],
)  # fmt: skip
def test_findings(text: str, code: str) -> None:
    assert codes(text) == [code]


def test_handler_errors() -> None:
    assert codes('{"version": 1, "hooks": {"stop": [{"type": "prompt"}]}}') == ["HK305"]
    assert codes('{"version": 1, "hooks": {"stop": [{"type": "http", "url": "x"}]}}') == ["HK301"]
    assert codes('{"version": 1, "hooks": {"stop": [{"command": "a", "loop_limit": "2"}]}}') == [
        "HK303"
    ]
    assert codes('{"version": 1, "hooks": {"stop": {"command": "a"}}}') == ["HK205"]


def test_a_clean_file_with_every_field_has_no_finding() -> None:
    text = json.dumps(
        {"version": 1, "hooks": {
            "preToolUse": [{"command": "./g.sh", "matcher": "Shell|Write", "failClosed": True,
                            "timeout": 10}],
            "stop": [{"command": "./s.sh", "loop_limit": None},
                     {"type": "prompt", "prompt": "Done?", "loop_limit": 2}],
            "beforeShellExecution": [{"command": "./c.sh", "matcher": "git commit "}],
        }}
    )  # fmt: skip
    assert codes(text) == []


@pytest.mark.parametrize(
    ("name", "text", "host"),
    [
        (".cursor/hooks.json", "{}", "cursor"),
        ("/home/u/.cursor/hooks.json", "{}", "cursor"),
        ("/etc/cursor/hooks.json", "{}", "cursor"),
        ("/Library/Application Support/Cursor/hooks.json", "{}", "cursor"),
        ("hooks.json", '{"version": 1, "hooks": {"afterFileEdit": []}}', "cursor"),
        ("x.json", '{"hooks": {"stop": [{"command": "a", "loop_limit": 1}]}}', "cursor"),
        (".github/hooks/a.json", '{"version": 1, "hooks": {"afterFileEdit": []}}', "copilot"),
        ("hooks.json", '{"version": 1, "hooks": {"preToolUse": []}}', None),
    ],
)
def test_cursor_files_are_recognized_by_path_then_content(
    name: str, text: str, host: str | None
) -> None:
    found = detect(name, text)
    assert (found.name if found is not None else None) == host


def test_a_plugin_keeps_claude_codes_grouped_file_for_claude_code(tmp_path: Path) -> None:
    (tmp_path / ".cursor-plugin").mkdir()
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / "hooks").mkdir()
    name = str(tmp_path / "hooks" / "hooks.json")
    handler = {"type": "command", "command": "a"}
    grouped = json.dumps({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [handler]}]}})
    flat = '{"version": 1, "hooks": {"preToolUse": [{"command": "a", "matcher": "Shell"}]}}'
    assert detect(name, grouped).name == "claude-code"  # type: ignore[union-attr]
    assert detect(name, flat).name == "cursor"  # type: ignore[union-attr]


def test_sources_merge_enterprise_then_project_then_user() -> None:
    home = str(Path.home() / ".cursor" / "hooks.json")
    assert [level(n) for n in ("/etc/cursor/hooks.json", ".cursor/hooks.json", home)] == [
        ENTERPRISE, PROJECT, USER,
    ]  # fmt: skip
    profile = load_profile("cursor")
    sets = []
    for name in (home, ".cursor/hooks.json", "/etc/cursor/hooks.json"):
        text = json.dumps({"version": 1, "hooks": {"stop": [{"command": name}]}})
        loaded = load_source(Source(name, text))
        assert loaded.hookset is not None
        sets.append((name, loaded.hookset))
    merged = merge(sets, profile)
    commands = [hook.action.params.get("command") for hook in merged.hooks]
    assert commands == ["/etc/cursor/hooks.json", ".cursor/hooks.json", home]
