"""Kiro's hook files: recognition, both generations, findings, the v1 matcher rule held
by every back end to an oracle written from Kiro's trigger table (a regular expression on
the tool name for PreToolUse and PostToolUse, on the file path for the file triggers,
unanchored; absent, ``""`` or ``*``: always; other triggers ignore it; ``enabled: false``
never runs), and ``hookc run --protocol kiro`` with real scripts.

The oracle's regular expressions run on Python's ``re``; the generated ones use only
constructs that mean the same in Python, Rust's ``regex`` (kiro-cli's) and RE2, over
ASCII names without line breaks.
"""

from __future__ import annotations

import io
import json
import re
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
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import back_ends, fired_ids
from tests.properties import SETTINGS, examples

NAME = ".kiro/hooks/guard.json"
PREFIX = ".kiro/hooks/guard."
FIELDS = {"PreToolUse": "tool_name", "PostToolUse": "tool_name", "PostFileSave": "file_path",
          "PostFileCreate": "file_path", "Stop": None, "UserPromptSubmit": None}  # fmt: skip
TOOLS = ["shell", "read", "write", "fs_write", "str_replace", "fs_read", "execute_bash",
         "@github/create_issue", "aws", "Shell", "write_file"]  # fmt: skip
PATHS = ["src/a.ts", "src/a.tsx", "README.md", "infra/main.tf", "a.ts.bak", "b/c.py", "x"]
_ATOMS = st.sampled_from(
    ["shell", "write", "fs_", "str_replace", "read", "\\.ts", "\\.", ".", "src/", "a", "t",
     "[a-z]", "[^_]", "_", "/", "\\w", "\\d", "(?:re)", "(fs|str)", "@"]
)  # fmt: skip
_QUANTIFIERS = st.sampled_from(["", "", "*", "+", "?", "{1,2}"])


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
        text = f"(?:{text})$" if "|" in text else text + "$"
    return text


MATCHERS = st.one_of(
    st.sampled_from([None, "", "*", "shell", "fs_write|str_replace", "\\.ts$", "\\.(ts|tsx)$",
                     ".*", "^src/", "write"]),
    regex_matchers(),
)  # fmt: skip


@st.composite
def files(draw: st.DrawFn) -> dict[str, Any]:
    trigger = draw(st.sampled_from(sorted(FIELDS)))
    hooks = []
    for _ in range(draw(st.integers(1, 4))):
        hooks.append(
            {"matcher": draw(MATCHERS), "enabled": draw(st.sampled_from([None, True, False]))}
        )
    return {"trigger": trigger, "hooks": hooks}


def document(case: dict[str, Any]) -> str:
    hooks = []
    for i, spec in enumerate(case["hooks"]):
        hook: dict[str, Any] = {
            "name": f"h{i}",
            "trigger": case["trigger"],
            "action": {"type": "command", "command": f"echo {i}"},
        }
        if spec["matcher"] is not None:
            hook["matcher"] = spec["matcher"]
        if spec["enabled"] is not None:
            hook["enabled"] = spec["enabled"]
        hooks.append(hook)
    return json.dumps({"version": "v1", "hooks": hooks}, indent=2)


def oracle(trigger: str, spec: dict[str, Any], value: str | None) -> bool:
    """Kiro's trigger table, written apart from hookc."""
    if spec["enabled"] is False:
        return False
    matcher = spec["matcher"]
    if FIELDS[trigger] is None or matcher is None or matcher in ("", "*"):
        return True
    assert value is not None
    return re.search(matcher, value) is not None


BATCH = 5


@settings(SETTINGS, max_examples=examples(40))
@given(st.lists(files(), min_size=BATCH, max_size=BATCH))
def test_every_back_end_matches_as_kiro_does(batch: list[dict[str, Any]]) -> None:
    """At least 200 generated files (40 batches of 5), each over its values."""
    for case in batch:
        trigger = case["trigger"]
        loaded = load_source(Source(NAME, document(case)))
        assert not [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        assert loaded.hookset is not None
        field = FIELDS[trigger]
        values: list[str | None] = (
            [None] if field is None else list(TOOLS if field == "tool_name" else PATHS)
        )
        for back_end, run in back_ends(loaded.hookset).items():
            for value in values:
                context = {} if field is None else {field: value}
                expected = [
                    f"{PREFIX}{trigger}.{i}"
                    for i, spec in enumerate(case["hooks"])
                    if oracle(trigger, spec, value)
                ]
                assert fired_ids(run, trigger, context) == expected, (back_end, case, value)


def codes(text: str, name: str = NAME) -> list[str]:
    return [d.code for d in load_source(Source(name, text)).diagnostics]


HOOK = '{"trigger": "PreToolUse", "action": {"type": "command", "command": "a"}}'


def test_findings() -> None:
    assert codes(f'{{"version": "1.0", "hooks": [{HOOK}]}}') == ["HK744"]
    stop = '{"trigger": "Stop", "matcher": "x", "action": {"type": "agent", "prompt": "p"}}'
    assert codes(f'{{"version": "v1", "hooks": [{stop}]}}') == ["HK701"]
    typo = '{"trigger": "PreToolUse", "action": {"type": "cmd", "command": "a"}}'
    assert codes(f'{{"version": "v1", "hooks": [{typo}]}}') == ["HK301"]
    bad = '{"trigger": "PreToolUse", "matcher": "(", "action": {"type": "command", "command": "a"}}'
    assert codes(f'{{"version": "v1", "hooks": [{bad}]}}') == ["HK112"]
    assert codes('{"version": "v1", "hooks": [{"trigger": "PreTool", "action": {}}]}') == ["HK402"]
    legacy = '{"when": {"type": "preToolUse"}, "then": {"type": "runCommand", "command": "a"}}'
    assert codes(legacy, ".kiro/hooks/x.kiro.hook") == ["HK745"]


def test_legacy_hooks_read_as_the_new_triggers() -> None:
    text = json.dumps(
        {"name": "lint", "version": "1.0.0", "enabled": True,
         "when": {"type": "fileEdited", "patterns": ["*.py", "src/**/*.ts"]},
         "then": {"type": "runCommand", "command": "make lint", "timeout": 30}}
    )  # fmt: skip
    loaded = load_source(Source(".kiro/hooks/lint.kiro.hook", text))
    assert loaded.diagnostics == ()
    assert loaded.hookset is not None
    (hook,) = loaded.hookset.hooks
    assert (hook.event, hook.action.type, hook.action.params.get("timeout")) == (
        "PostFileSave", "command", 30,
    )  # fmt: skip
    for run in back_ends(loaded.hookset).values():
        assert fired_ids(run, "PostFileSave", {"file_path": "a/b.py"})
        assert fired_ids(run, "PostFileSave", {"file_path": "b.py"})
        assert fired_ids(run, "PostFileSave", {"file_path": "src/x/y.ts"})
        assert not fired_ids(run, "PostFileSave", {"file_path": "lib/y.ts"})
    tools = json.dumps(
        {"when": {"type": "preToolUse", "toolTypes": ["write", "@mcp.*"]},
         "then": {"type": "askAgent", "prompt": "check it"}}
    )  # fmt: skip
    loaded = load_source(Source(".kiro/hooks/review.json", tools))  # the old shape, as .json
    assert loaded.diagnostics == () and loaded.hookset is not None
    for run in back_ends(loaded.hookset).values():
        assert fired_ids(run, "PreToolUse", {"tool_name": "write"})
        assert fired_ids(run, "PreToolUse", {"tool_name": "@mcp-sql/query"})
        assert not fired_ids(run, "PreToolUse", {"tool_name": "read"})


@pytest.mark.parametrize(
    ("name", "text", "host"),
    [
        (".kiro/hooks/a.json", "{}", "kiro"),
        ("/home/u/.kiro/hooks/a.json", "{}", "kiro"),
        ("x/a.kiro.hook", "{}", "kiro"),
        ("a.json", '{"version": "v1", "hooks": [{"trigger": "Stop"}]}', "kiro"),
        (".kiro/agents/a.json", '{"hooks": {"preToolUse": []}}', None),
    ],
)
def test_kiro_files_are_recognized_by_path_then_content(
    name: str, text: str, host: str | None
) -> None:
    found = detect(name, text)
    assert (found.name if found is not None else None) == host


def script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text("#!/bin/sh\ncat > /dev/null\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_exit_2_blocks_where_the_trigger_can_block(tmp_path: Path) -> None:
    block = script(tmp_path, "block.sh", "echo 'no writes to infra/' >&2; exit 2")
    ok = script(tmp_path, "ok.sh", "echo 'remember the tests'")
    matches = [("a", {"type": "command", "command": ok}),
               ("b", {"type": "command", "command": block}),
               ("c", {"type": "agent", "prompt": "p"})]  # fmt: skip
    decision = handlers.run("kiro", "PreToolUse", {"tool_name": "fs_write"}, matches)
    assert (decision.verdict, decision.reason) == ("deny", "no writes to infra/")
    assert decision.additional_context == "remember the tests"
    assert decision.skipped or len(decision.runs) == 2
    post = handlers.run("kiro", "PostToolUse", {"tool_name": "fs_write"}, matches)
    assert post.verdict == "proceed" and post.messages


def test_a_timeout_or_a_failure_lets_the_action_go_ahead(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", "sleep 5")
    fail = script(tmp_path, "fail.sh", "echo oops >&2; exit 1")
    decision = handlers.run(
        "kiro", "UserPromptSubmit", {"prompt": "hi"},
        [("s", {"type": "command", "command": slow, "timeout": 0.3}),
         ("f", {"type": "command", "command": fail})],
    )  # fmt: skip
    assert decision.verdict == "proceed"
    assert decision.runs[0].timed_out and "oops" in decision.messages[1]


def test_hookc_run_speaks_kiros_protocol(tmp_path: Path) -> None:
    seen = tmp_path / "seen.json"
    spy = tmp_path / "spy.sh"
    spy.write_text(f"#!/bin/sh\ncat > {seen}\necho stop >&2\nexit 2\n", encoding="utf-8")
    spy.chmod(0o755)
    hooks = tmp_path / ".kiro" / "hooks" / "guard.json"
    hooks.parent.mkdir(parents=True)
    hooks.write_text(json.dumps({"version": "v1", "hooks": [
        {"name": "g", "trigger": "PreToolUse", "matcher": "shell",
         "action": {"type": "command", "command": str(spy)}},
    ]}))  # fmt: skip
    context = tmp_path / "ctx.json"
    context.write_text('{"tool_name": "shell", "tool_input": {"command": "rm -rf /"}}')
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["run", str(hooks), "--event", "PreToolUse", "--context", str(context),
         "--protocol", "kiro", "--format", "json", "--cwd", str(tmp_path)],
        stdout=out, stderr=err,
    )  # fmt: skip
    assert status == 0, err.getvalue()
    assert json.loads(out.getvalue())["verdict"] == "deny"
    payload = json.loads(seen.read_text())
    assert payload["hook_event_name"] == "PreToolUse" and payload["tool_name"] == "shell"
