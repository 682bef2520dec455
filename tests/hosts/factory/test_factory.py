"""Factory Droid's files: claimed by their path, read with Factory's events and tools, and
their matchers held to an oracle written from Factory's hooks reference
(docs.factory.ai/reference/hooks-reference, "Structure"):

- "matcher: Pattern to match tool names, case-sensitive (only applicable for PreToolUse
  and PostToolUse)": other events run every group;
- "Use `*` to match all tools. You can also use empty string ("") or leave matcher blank";
- "Simple strings match exactly: `Create` matches only the Create tool";
- "Supports regex: `Edit|Create` or `Notebook.*`": a matcher of letters, digits, ``_`` and
  ``|`` is read as the simple names it lists (Claude Code's rule when Factory copied the
  text), anything else as a regular expression searched in the name.

The oracle shares no code with hookc; Python's ``re`` stands in for JavaScript's on the
generated patterns (ASCII literals, classes, groups, alternation, anchors, quantifiers),
where the two agree.
"""

from __future__ import annotations

import json
import re
import string
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.load import load_source
from hookc.hosts import detect
from hookc.source import Source
from tests.foreign import oracle_disagreements
from tests.properties import SETTINGS, examples

NAME = ".factory/hooks.json"
TOOL_EVENTS = ("PreToolUse", "PostToolUse")
SIMPLE = frozenset(string.ascii_letters + string.digits + "_|")


def oracle(hooks: dict[str, Any], event: str, tool: str | None) -> list[str]:
    selected = []
    for index, group in enumerate(hooks.get(event) or []):
        matcher = group.get("matcher")
        if event not in TOOL_EVENTS or matcher in (None, "", "*"):
            chosen = True
        elif all(char in SIMPLE for char in matcher):
            chosen = tool in matcher.split("|")
        else:
            chosen = tool is not None and re.search(matcher, tool) is not None
        if chosen:
            selected += [f"{event}.{index}.{n}" for n in range(len(group["hooks"]))]
    return selected


TOOLS = ["Execute", "Create", "Edit", "ApplyPatch", "Read", "LS", "Glob", "Grep", "FetchUrl",
         "Task", "mcp__gh__create_issue", "execute", "EditX", "XEdit", "Bash"]  # fmt: skip
_ATOMS = st.sampled_from(["Edit", "Create", "Exec", "ute", "Apply", "Patch", "Read", "a", "e",
                          ".", "[A-Z]", "[a-z]", "(?:Cr)", "(Ed|Ex)", "mcp__", "\\w"])  # fmt: skip
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
    st.sampled_from(["", "*", "Create|Edit", "Create|Edit|ApplyPatch", "Execute", "edit",
                     "Notebook.*", ".*", "Edit|", "mcp__.*"]),
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
        if matcher is not None:
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


def test_factory_claims_its_files_by_path() -> None:
    text = json.dumps({"hooks": {"PreToolUse": [{"matcher": "Execute", "hooks": []}]}})
    for name in (".factory/hooks.json", ".factory/settings.json", ".factory/hooks/hooks.json",
                 "/home/u/.factory/settings.local.json"):  # fmt: skip
        assert detect(name, text).name == "factory"  # type: ignore[union-attr]


def findings(hooks: dict[str, Any], name: str = NAME) -> list[str]:
    return [d.code for d in load_source(Source(name, json.dumps(hooks))).diagnostics]


def test_factory_s_tools_events_and_shape() -> None:
    handler = [{"type": "command", "command": "echo"}]
    assert findings({"hooks": {"PreToolUse": [{"matcher": "Create|Edit", "hooks": handler}]}}) == []
    # Claude Code's name for the shell is not Factory's.
    assert findings({"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": handler}]}}) == ["HK702"]
    # Events at the root of a hooks.json, as the harness page describes hook files.
    assert findings({"Stop": [{"hooks": handler}]}) == []
    assert findings({"hooks": {"Stop": [{"hooks": [{"type": "prompt", "prompt": "x"}]}]}}) == [
        "HK301"
    ]
