"""hookc's reading of Codex files held to Codex's selection rule, transcribed from its Rust
source in ``oracle.py``.

Generated hooks.json files (matchers with regular-expression metacharacters, ``|`` lists,
invalid regular expressions, case variants, empty, ``*``, null and absent; events with and
without matchers) and generated tool names (canonical names, their aliases, names that
only look like them), sources, triggers and agent types: for each, the hooks that hookc's
reference evaluator (``hookc eval``'s), the compiled module and ``hookc.runtime`` select,
in order, must be the handlers the oracle selects. Each example is a batch of cases, so
that the 200 cases the issue asks for are met at a small example count.
"""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.load import load_source
from hookc.ir.hooks import HookSet
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import back_ends, fired_ids, nested_cases
from tests.hosts.codex import oracle
from tests.properties import SETTINGS, examples

NAME = ".codex/hooks.json"
PREFIX = ".codex/hooks."
TOOL_EVENTS = ["PreToolUse", "PostToolUse", "PermissionRequest"]
VALUE_EVENTS = {
    "SessionStart": "source",
    "SessionEnd": "reason",
    "SubagentStart": "agent_type",
    "SubagentStop": "agent_type",
    "PreCompact": "trigger",
    "PostCompact": "trigger",
}
IGNORING_EVENTS = ["UserPromptSubmit", "Stop", "Interrupt"]
TOOLS = ["apply_patch", "shell", "shell_command", "exec_command", "local_shell", "Bash",
         "spawn_agent", "update_plan", "view_image", "write_stdin", "mcp__fs__read_file",
         "Write", "Edit", "Agent"]  # fmt: skip
ODD_TOOLS = ["xapply_patchx", "apply_patch2", "APPLY_PATCH", "bash", "BASH", "write", "é",
             "a.b", "Apply_Patch", "mcp__fs", "shell_commands", "*", "|", "Edit|Write",
             " Bash", "Bash "]  # fmt: skip
VALUES = ["startup", "resume", "clear", "compact", "manual", "auto", "other", "explorer",
          "worker", "Startup", "start", "auto|manual", "x"]  # fmt: skip

_ATOMS = st.sampled_from(
    ["apply_patch", "Write", "Edit", "Bash", "shell", "_command", "exec", "local_", "agent",
     "Agent", "mcp__", "start", "up", "auto", "man", "a", "e", "x", "_", ".", "\\.", "\\|",
     "[a-z]", "[A-Z]", "[^_]", "[_.]", "\\s", "(?:ap)", "(pl|sh)", "(Ed|Wr)"]
)  # fmt: skip
_QUANTIFIERS = st.sampled_from(["", "", "", "*", "+", "?", "{1,2}", "*?", "+?"])
INVALID = ["[", "(", ")", "[z-a]", "x{2,1}", "*a", "a|*", "\\", "(?:", "[]", "Bash(",
           "apply_patch|[", "+Write"]  # fmt: skip


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


@st.composite
def exact_lists(draw: st.DrawFn, names: list[str]) -> str:
    chosen = draw(st.lists(st.sampled_from([*names, "", "Bash2", "apply"]), min_size=1, max_size=3))
    return "|".join(chosen)


def _cased(name: str) -> st.SearchStrategy[str]:
    return st.sampled_from([name, name.lower(), name.upper(), name.capitalize()])


def oracle_exact(name: str) -> bool:
    return re.fullmatch(r"[A-Za-z0-9_|]*", name) is not None


MATCHERS = st.one_of(
    st.sampled_from(["", "*", "Edit|Write", "apply_patch|Edit|Write", "Bash", "Agent", "|",
                     "mcp__.*", "^Bash$", "^shell", "write|edit", "startup|resume",
                     "manual|auto", "Skill(x.*)", "*Bash"]),
    st.sampled_from(INVALID),
    st.sampled_from(TOOLS + VALUES).flatmap(_cased),
    exact_lists([name for name in TOOLS + VALUES if oracle_exact(name)]),
    regex_matchers(),
)  # fmt: skip


cases = functools.partial(
    nested_cases,
    MATCHERS,
    tool_events=TOOL_EVENTS,
    tools=TOOLS,
    odd_tools=ODD_TOOLS,
    value_events=VALUE_EVENTS,
    ignoring_events=IGNORING_EVENTS,
    values=VALUES,
    shapes=("given", "given", "given", "absent", "null"),
    commands=("echo a", "echo b"),
    other_events=("PreToolUse", "SessionStart", "Stop"),
)


def field_of(event: str) -> str:
    return "tool_name" if event in TOOL_EVENTS else VALUE_EVENTS.get(event, "")


def hookc_hookset(case: dict[str, Any]) -> HookSet:
    loaded = load_source(Source(NAME, json.dumps({"hooks": case["hooks"]}, indent=2)))
    errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    assert not errors, errors
    undecided = [d for d in loaded.diagnostics if d.code == "HK712"]
    assert not undecided, undecided  # the generator stays within what hookc decides
    assert loaded.hookset is not None
    return loaded.hookset


def disagreements(case: dict[str, Any]) -> list[tuple[str, str | None, list[str], list[str]]]:
    """Every (back end, subject, hookc's selection, Codex's) that differ."""
    hookset = hookc_hookset(case)
    event, field = case["event"], field_of(case["event"])
    found = []
    for back_end, run in back_ends(hookset).items():
        for subject in case["subjects"]:
            context = {} if subject is None else {field: subject}
            ours = [i.removeprefix(PREFIX) for i in fired_ids(run, event, context)]
            theirs = oracle.select(case["hooks"], event, subject)
            if ours != theirs:
                found.append((back_end, subject, ours, theirs))
    return found


BATCH = 10


@settings(SETTINGS, max_examples=examples(30))
@given(st.lists(cases(), min_size=BATCH, max_size=BATCH))
def test_every_back_end_selects_what_codex_selects(batch: list[dict[str, Any]]) -> None:
    for case in batch:
        assert disagreements(case) == [], case


def test_the_issues_examples_against_the_oracle() -> None:
    """The cases the issue names, each checked by hand and against the oracle."""
    handler = [{"type": "command", "command": "echo a"}]
    batch = [
        ({"PreToolUse": [{"matcher": "Edit|Write", "hooks": handler}]}, "PreToolUse",
         "apply_patch", ["PreToolUse.0.0"]),
        ({"PreToolUse": [{"matcher": "Bash", "hooks": handler}]}, "PreToolUse",
         "exec_command", ["PreToolUse.0.0"]),
        ({"PreToolUse": [{"matcher": None, "hooks": handler}]}, "PreToolUse",
         "view_image", ["PreToolUse.0.0"]),
        ({"PreToolUse": [{"matcher": "[", "hooks": handler}]}, "PreToolUse", "[", []),
        ({"PreToolUse": [{"matcher": "apply_patch|Write|Edit", "hooks": handler}]},
         "PreToolUse", "apply_patch", ["PreToolUse.0.0"]),
        ({"PreToolUse": [{"matcher": "^Bash", "hooks": handler}]}, "PreToolUse",
         "BashOutput", ["PreToolUse.0.0"]),
        ({"PreToolUse": [{"matcher": "Bash", "hooks": handler}]}, "PreToolUse",
         "BashOutput", []),
        ({"Stop": [{"matcher": "[", "hooks": handler}]}, "Stop", None, ["Stop.0.0"]),
        ({"SessionStart": [{"matcher": "startup|resume", "hooks": handler}]},
         "SessionStart", "resume", ["SessionStart.0.0"]),
    ]  # fmt: skip
    for hooks, event, subject, expected in batch:
        case = {"hooks": hooks, "event": event, "subjects": [subject]}
        assert oracle.select(hooks, event, subject) == expected
        assert disagreements(case) == [], case
