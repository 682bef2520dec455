"""hookc's reading of Gemini CLI files held to Gemini CLI's own code.

Generated settings files (matchers with regular-expression metacharacters, `|` lists,
invalid regular expressions, case variants, empty and blank matchers, `sequential` groups,
identical handlers, `hooksConfig.disabled`) and generated tool names, sources, reasons
and triggers: for each, the hooks that hookc's reference evaluator (`hookc eval`'s), the
compiled module and ``hookc.runtime`` select, in order, and whether the plan is sequential,
must be the plan Gemini's ``HookRegistry`` and ``HookPlanner`` make (node, one process per
batch of cases). It fails, rather than skips, when node or the oracle's packages are
missing: ``tests/oracles/install``.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.load import load_source
from hookc.ir.hooks import HookSet
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import back_ends, fired_ids
from tests.hosts.gemini_cli.oracle_run import gemini_plans
from tests.properties import SETTINGS, examples

NAME = ".gemini/settings.json"
PREFIX = ".gemini/settings."
TOOL_EVENTS = ["BeforeTool", "AfterTool"]
EXACT_EVENTS = {"SessionStart": "source", "SessionEnd": "reason", "PreCompress": "trigger"}
OTHER_EVENTS = ["BeforeAgent", "AfterAgent", "Notification", "BeforeModel"]
TOOLS = ["write_file", "replace", "read_file", "run_shell_command", "glob", "grep_search",
         "mcp_github_create_issue", "web_fetch"]  # fmt: skip
ODD_TOOLS = ["xwrite_filex", "Write_File", "WRITE_FILE", "write_file|replace", "[", "(",
             "a**", "+x", "*", "|", ".", "a.b", " replace", "replace ", "read_file\n",
             "\\", "x{2", "run_shell_command2", "mcp_github", "é"]  # fmt: skip
VALUES = ["startup", "resume", "clear", "exit", "logout", "prompt_input_exit", "other",
          "manual", "auto"]  # fmt: skip
ODD_VALUES = ["Startup", "startup|resume", "start", "startup ", "[", "auto|manual", ".*",
              "x"]  # fmt: skip

_ATOMS = st.sampled_from(
    ["write_file", "replace", "read", "_file", "file", "run_", "shell", "mcp_", "a", ".",
     "\\.", "\\|", "[a-z]", "[^_]", "\\w", "\\d", "\\s", "(?:re)", "(pl)", "[", "(", ")",
     "]", "{", "}", "\\", "*", "+", "?", "x{2,1}", "[]", "[^]", "\\b"]
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


_PADDING = st.sampled_from(["", "", "", " ", "\t", "  ", "\u00a0", "\n"])


@st.composite
def padded(draw: st.DrawFn, matchers: st.SearchStrategy[str]) -> str:
    return draw(_PADDING) + draw(matchers) + draw(_PADDING)


TOOL_MATCHERS = padded(
    st.one_of(
        st.sampled_from(["", "*", "write_file", "write_file|replace", "Write_File",
                         "read_file|", "|", "^read_file$", ".*", "[", "(", "a**", "+x",
                         "mcp_.*", "\\w+_file", "run_shell_command", "x{2", "\\"]),
        st.sampled_from(TOOLS + ODD_TOOLS),
        regex_matchers(),
    )
)  # fmt: skip
VALUE_MATCHERS = padded(st.sampled_from(["", "*", *VALUES, *ODD_VALUES]))


@st.composite
def cases(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["tool", "tool", "exact", "other"]))
    if kind == "tool":
        event = draw(st.sampled_from(TOOL_EVENTS))
        matchers: st.SearchStrategy[str] = TOOL_MATCHERS
        subjects: list[str | None] = list(
            dict.fromkeys(draw(st.lists(st.sampled_from(TOOLS + ODD_TOOLS), max_size=6)) + TOOLS)
        )
    elif kind == "exact":
        event = draw(st.sampled_from(sorted(EXACT_EVENTS)))
        matchers = VALUE_MATCHERS
        subjects = list(VALUES + ODD_VALUES)
    else:
        event = draw(st.sampled_from(OTHER_EVENTS))
        matchers = st.one_of(TOOL_MATCHERS, VALUE_MATCHERS)
        subjects = [None]
    groups = []
    for _ in range(draw(st.integers(1, 4))):
        group: dict[str, Any] = {}
        matcher = draw(st.one_of(st.none(), matchers))
        if matcher is not None:
            group["matcher"] = matcher
        sequential = draw(st.sampled_from([None, None, True, False]))
        if sequential is not None:
            group["sequential"] = sequential
        handlers = []
        for _ in range(draw(st.integers(1, 3))):
            handler: dict[str, Any] = {
                "type": "command",
                "command": draw(st.sampled_from(["echo a", "echo b", "echo c"])),
            }
            name = draw(st.sampled_from([None, None, "guard", "audit", ""]))
            if name is not None:
                handler["name"] = name
            handlers.append(handler)
        group["hooks"] = handlers
        groups.append(group)
    hooks: dict[str, Any] = {event: groups}
    if draw(st.booleans()):  # another event's hooks, never planned for this one
        other = draw(st.sampled_from(["BeforeTool", "SessionStart", "AfterAgent"]))
        if other != event:
            hooks[other] = [{"hooks": [{"type": "command", "command": "echo other"}]}]
    disabled = draw(st.lists(st.sampled_from(["guard", "echo a", "echo c", "audit"]), max_size=2))
    return {"hooks": hooks, "disabled": disabled, "event": event, "subjects": subjects}


def field_of(event: str) -> str:
    return "tool_name" if event in TOOL_EVENTS else EXACT_EVENTS.get(event, "")


def hookc_hookset(case: dict[str, Any]) -> HookSet:
    document: dict[str, Any] = {"hooks": case["hooks"]}
    if case["disabled"]:
        document["hooksConfig"] = {"disabled": case["disabled"]}
    loaded = load_source(Source(NAME, json.dumps(document, indent=2)))
    errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    assert not errors, errors
    assert loaded.hookset is not None
    return loaded.hookset


def hookc_plans(case: dict[str, Any]) -> dict[str, list[dict[str, Any] | None]]:
    """Each back end's plan for each subject, in Gemini's form."""
    hookset = hookc_hookset(case)
    sequential = {hook.id for hook in hookset.hooks if hook.action.params.get("sequential")}
    event, field = case["event"], field_of(case["event"])
    plans: dict[str, list[dict[str, Any] | None]] = {}
    for back_end, run in back_ends(hookset).items():
        found: list[dict[str, Any] | None] = []
        for subject in case["subjects"]:
            context = {} if subject is None else {field: subject}
            ids = fired_ids(run, event, context)
            found.append(
                {
                    "sequential": any(i in sequential for i in ids),
                    "hooks": [i.removeprefix(PREFIX) for i in ids],
                }
                if ids
                else None
            )
        plans[back_end] = found
    return plans


BATCH = 25


@settings(SETTINGS, max_examples=examples(10))
@given(st.lists(cases(), min_size=BATCH, max_size=BATCH))
def test_every_back_end_plans_as_gemini_cli_plans(batch: list[dict[str, Any]]) -> None:
    expected = gemini_plans(batch)
    for case, gemini in zip(batch, expected, strict=True):
        for back_end, plans in hookc_plans(case).items():
            for subject, ours, theirs in zip(case["subjects"], plans, gemini, strict=True):
                assert ours == theirs, (back_end, case, subject)


def test_the_issues_examples_against_gemini_cli() -> None:
    """The cases the issue names, each checked against Gemini's planner too."""
    handler = [{"type": "command", "command": "echo a"}]
    batch = [
        {"hooks": {"BeforeTool": [{"matcher": "write_file|replace", "hooks": handler}]},
         "disabled": [], "event": "BeforeTool", "subjects": ["xwrite_filex", "read_file"]},
        {"hooks": {"SessionStart": [{"matcher": "startup|resume", "hooks": handler}]},
         "disabled": [], "event": "SessionStart", "subjects": ["startup", "resume"]},
        {"hooks": {"BeforeTool": [{"matcher": "[", "hooks": handler}]},
         "disabled": [], "event": "BeforeTool", "subjects": ["[", "x"]},
        {"hooks": {"BeforeTool": [{"matcher": "read_file", "hooks": handler},
                                  {"matcher": "glob", "sequential": True, "hooks": handler}]},
         "disabled": [], "event": "BeforeTool", "subjects": ["read_file", "glob"]},
    ]  # fmt: skip
    expected = [
        [{"sequential": False, "hooks": ["BeforeTool.0.0"]}, None],
        [None, None],
        [{"sequential": False, "hooks": ["BeforeTool.0.0"]}, None],
        [
            {"sequential": False, "hooks": ["BeforeTool.0.0"]},
            {"sequential": True, "hooks": ["BeforeTool.1.0"]},
        ],
    ]
    assert gemini_plans(batch) == expected
    for case, plans in zip(batch, expected, strict=True):
        for ours in hookc_plans(case).values():
            assert ours == plans
