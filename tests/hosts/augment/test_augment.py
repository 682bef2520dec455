"""Augment's files: claimed by their path, read with Augment's events, tools and
millisecond timeouts, and their matchers held to an oracle written from Augment's hooks
page (docs.augmentcode.com/cli/hooks, "Structure"):

- "matcher: Pattern to match tool names (case-sensitive). Supports regex patterns.
  Optional for PreToolUse and PostToolUse (defaults to ".*" to match all tools). Not used
  for session events (SessionStart, SessionEnd, Stop)";
- the examples ``launch-process`` ("a specific tool"), ``str-replace-editor|save-file``
  ("regex OR") and ``.*``: every matcher a regular expression, searched in the name.

The oracle shares no code with hookc; Python's ``re`` stands in for JavaScript's on the
generated patterns, where the two agree. ``hookc run`` on Augment's files (a millisecond
timeout, exit 2, its JSON answers): ``tests/hosts/test_running.py``, with every host of
Claude Code's shape.
"""

from __future__ import annotations

import json
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.load import load_source
from hookc.hosts import detect
from hookc.source import Source
from tests.foreign import oracle_disagreements
from tests.properties import SETTINGS, examples

NAME = ".augment/settings.json"
TOOL_EVENTS = ("PreToolUse", "PostToolUse")


def oracle(hooks: dict[str, Any], event: str, tool: str | None) -> list[str]:
    selected = []
    for index, group in enumerate(hooks.get(event) or []):
        matcher = group.get("matcher", ".*")
        chosen = event not in TOOL_EVENTS or (
            tool is not None and re.search(matcher, tool) is not None
        )
        if chosen:
            selected += [f"{event}.{index}.{n}" for n in range(len(group["hooks"]))]
    return selected


TOOLS = ["launch-process", "view", "str-replace-editor", "save-file", "remove-files",
         "web-fetch", "codebase-retrieval", "xlaunch-process", "Launch-Process",
         "mcp:issues_github"]  # fmt: skip
_ATOMS = st.sampled_from(["launch", "-process", "save", "-file", "view", "str-", "web-",
                          "fetch", "a", "e", ".", "[a-z]", "(?:re)", "(save|view)", "mcp:",
                          "-"])  # fmt: skip
_QUANTIFIERS = st.sampled_from(["", "", "*", "+", "?", "{1,2}"])


@st.composite
def regexes(draw: st.DrawFn) -> str:
    branches = [
        "".join(a + q for a, q in draw(st.lists(st.tuples(_ATOMS, _QUANTIFIERS), min_size=1,
                                                max_size=3)))
        for _ in range(draw(st.integers(1, 2)))
    ]  # fmt: skip
    text = "|".join(branches)
    return ("^" if draw(st.booleans()) else "") + text + ("$" if draw(st.booleans()) else "")


MATCHERS = st.one_of(
    st.sampled_from([".*", "launch-process", "str-replace-editor|save-file", "mcp:.*_github$",
                     "view", "View", "^view$", "process"]),
    st.sampled_from(TOOLS),
    regexes(),
)  # fmt: skip


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    event = draw(st.sampled_from([*TOOL_EVENTS, *TOOL_EVENTS, "SessionStart", "Stop"]))
    groups = []
    for index in range(draw(st.integers(1, 4))):
        group: dict[str, Any] = {"hooks": [{"type": "command", "command": f"echo {index}"}]}
        matcher = draw(st.one_of(st.none(), MATCHERS))
        if matcher is not None and event in TOOL_EVENTS:
            group["matcher"] = matcher
        groups.append(group)
    return {"hooks": {event: groups}, "event": event}


def disagreements(case: dict[str, Any]) -> list[Any]:
    return oracle_disagreements(
        case["hooks"], case["event"], oracle, name=NAME, tools=TOOLS, tool_events=TOOL_EVENTS
    )


@settings(SETTINGS, max_examples=examples(10))
@given(st.lists(cases(), min_size=10, max_size=10))
def test_every_back_end_selects_what_the_documentation_says(batch: list[dict[str, Any]]) -> None:
    for case in batch:
        assert disagreements(case) == [], case


def test_augment_claims_its_settings_by_path() -> None:
    assert detect(".augment/settings.json", '{"toolPermissions": []}').name == "augment"  # type: ignore[union-attr]
    assert detect("/etc/augment/settings.json", "{}").name == "augment"  # type: ignore[union-attr]


def test_timeouts_are_milliseconds() -> None:
    def codes(timeout: int) -> list[str]:
        hooks = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x.sh",
                                                "timeout": timeout}]}]}}  # fmt: skip
        return [d.code for d in load_source(Source(NAME, json.dumps(hooks))).diagnostics]

    assert codes(5000) == []
    assert codes(5) == ["HK717"]  # seconds written where milliseconds are meant


def test_a_name_inside_a_longer_tool_name_is_not_a_case_mismatch() -> None:
    """Augment's matchers are searched in the tool's name: `Edit` would match
    `str-replace-editor` if case were ignored, yet the matcher is no other spelling of that
    name (it is Claude Code's tool name, found in real Augment files); a matcher that is a
    tool's name in another case still is."""

    def found(matcher: str) -> list[tuple[str, str]]:
        group = {"matcher": matcher, "hooks": [{"type": "command", "command": "x.sh"}]}
        text = json.dumps({"hooks": {"PostToolUse": [group]}})
        return [(d.code, d.message) for d in load_source(Source(NAME, text)).diagnostics]

    assert found("Write|Edit") == []
    assert found("Read") == []
    ((code, message),) = found("Launch-Process")
    assert code == "HK703" and "differs only by case from `launch-process`" in message
    ((code, message),) = found("Save-File|web-search-x")
    assert code == "HK703" and "`save-file`" in message
