"""How a handler's answer reads, with real handler scripts written into a temporary folder:
Claude Code's output rules event by event (which JSON it honours, what exit 2 does, who
sees each message, `onFailure`), and every protocol's answer to output that is wrong in
type or shape, which must be that tool's "invalid output" and never an exception.

The expectations are the hooks reference's (code.claude.com/docs/en/hooks): its table
"Exit code 2 behavior per event", its "JSON output" and "Decision control" sections.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest

from hookc import handlers
from hookc.handlers import Decision

BASH = {"tool_name": "Bash", "tool_input": {"command": "ls"}}


def script(folder: Path, name: str, body: str) -> dict[str, Any]:
    """A command handler running a small shell script written into ``folder``."""
    path = folder / name
    path.write_text("#!/bin/sh\ncat > /dev/null\n" + body + "\n", encoding="utf-8")
    path.chmod(0o755)
    return {"type": "command", "command": shlex.quote(str(path))}


def printing(folder: Path, name: str, answer: object, code: int = 0, stderr: str = "") -> Any:
    """A handler that prints ``answer`` (as JSON unless a string), writes ``stderr``, and
    exits with ``code``."""
    text = answer if isinstance(answer, str) else json.dumps(answer)
    return script(
        folder,
        name,
        f"printf '%s' {shlex.quote(text)}\nprintf '%s' {shlex.quote(stderr)} >&2\nexit {code}",
    )


def said(decision: Decision) -> list[tuple[str, str, str]]:
    return [(notice.what, notice.to, notice.text) for notice in decision.notices]


# -- Claude Code: which JSON it honours -------------------------------------------------------


@pytest.mark.parametrize(
    "specific",
    [
        {"permissionDecision": "deny"},
        {"hookEventName": "PostToolUse", "permissionDecision": "deny"},
        {"hookEventName": ["PreToolUse"], "permissionDecision": "deny"},
    ],
    ids=["no event name", "another event's name", "a list for a name"],
)
def test_a_deny_without_the_events_name_is_a_hook_error_and_the_tool_runs(
    tmp_path: Path, specific: dict[str, object]
) -> None:
    guard = printing(tmp_path, "guard.sh", {"hookSpecificOutput": specific})
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("guard", guard)])
    assert decision.verdict == "proceed" and decision.allowed
    assert decision.runs[0].output is None
    assert decision.runs[0].error is not None and "hookEventName" in decision.runs[0].error
    [(what, to, text)] = said(decision)
    assert (what, to) == ("hook error", "user")
    assert text.startswith("PreToolUse hook error (guard): invalid hook output:")


def test_the_same_deny_with_the_events_name_denies(tmp_path: Path) -> None:
    answer = {
        "hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "not on main",
        }
    }
    decision = handlers.run(
        "claude_code", "PreToolUse", BASH, [("guard", printing(tmp_path, "g.sh", answer))]
    )
    assert (decision.verdict, decision.reason) == ("deny", "not on main")
    assert said(decision) == [("reason", "model", "not on main")]


def test_permission_decision_is_read_on_pre_tool_use_only(tmp_path: Path) -> None:
    answer = {"hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "deny"}}
    decision = handlers.run(
        "claude_code", "PostToolUse", BASH, [("late", printing(tmp_path, "late.sh", answer))]
    )
    assert decision.verdict == "proceed"
    assert said(decision) == [
        ("ignored", "nobody", "`permissionDecision` is not read on PostToolUse")
    ]


@pytest.mark.parametrize(
    ("decision_value", "problem"),
    [
        (["deny"], "`permissionDecision` is a list, not a string"),
        ({"deny": True}, "`permissionDecision` is an object, not a string"),
        ("block", "`permissionDecision` is 'block', not allow, deny, ask or defer"),
        (True, "`permissionDecision` is a boolean, not a string"),
    ],
)
def test_a_permission_decision_of_the_wrong_type_is_invalid_output(
    tmp_path: Path, decision_value: object, problem: str
) -> None:
    """Before: a list or a map raised TypeError (unhashable) out of `handlers.run`."""
    answer = {
        "hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": decision_value}
    }
    decision = handlers.run(
        "claude_code", "PreToolUse", BASH, [("g", printing(tmp_path, "g.sh", answer))]
    )
    assert decision.verdict == "proceed"
    assert decision.runs[0].error == f"invalid hook output: `hookSpecificOutput`: {problem}" or (
        decision.runs[0].error == f"invalid hook output: {problem}"
    )


def test_permission_request_reads_decision_behavior(tmp_path: Path) -> None:
    def answering(behavior: object) -> dict[str, Any]:
        return {
            "hookSpecificOutput": {
                "hookEventName": "PermissionRequest",
                "decision": {"behavior": behavior, "message": "no network"},
            }
        }

    deny = printing(tmp_path, "deny.sh", answering("deny"))
    decision = handlers.run("claude_code", "PermissionRequest", BASH, [("p", deny)])
    assert (decision.verdict, decision.reason) == ("deny", "no network")
    assert said(decision) == [("reason", "model", "no network")]
    odd = printing(tmp_path, "odd.sh", answering("maybe"))
    decision = handlers.run("claude_code", "PermissionRequest", BASH, [("p", odd)])
    assert decision.verdict == "proceed" and said(decision)[0][:2] == ("hook error", "user")


def test_valid_json_decides_on_exit_1_and_plain_text_does_not(tmp_path: Path) -> None:
    """ "Other exit codes": a valid object alone decides, with no error reported; without
    one, a non-blocking error shows the first line of stderr."""
    answer = {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "ask"}}
    asks = printing(tmp_path, "ask.sh", answer, code=1, stderr="ignored")
    fails = printing(tmp_path, "fail.sh", "plain", code=1, stderr="first line\nsecond")
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("a", asks), ("f", fails)])
    assert decision.verdict == "ask"
    assert said(decision) == [
        (
            "hook error",
            "user",
            "PreToolUse hook error (f): Failed with non-blocking status code: first line",
        )
    ]


def test_unparseable_json_is_a_hook_error_and_adds_no_context(tmp_path: Path) -> None:
    """Since 2.1.248: stdout that starts with `{` and ends with `}` but does not parse is a
    hook error, and on SessionStart its text is not added as context."""
    broken = printing(tmp_path, "broken.sh", "{not json}")
    decision = handlers.run("claude_code", "SessionStart", {"source": "startup"}, [("b", broken)])
    assert decision.additional_context is None
    assert said(decision)[0][:2] == ("hook error", "user")
    plain = printing(tmp_path, "plain.sh", "branch: main")
    decision = handlers.run("claude_code", "SessionStart", {"source": "startup"}, [("p", plain)])
    assert decision.additional_context == "branch: main"
    assert said(decision) == [("context", "model", "branch: main")]


# -- Claude Code: exit 2, event by event ---------------------------------------------------


@pytest.mark.parametrize(
    ("event", "verdict", "notice"),
    [
        ("PreToolUse", "deny", ("reason", "model")),
        ("UserPromptSubmit", "deny", ("reason", "user")),
        ("Stop", "deny", ("reason", "model")),
        ("PostToolBatch", "deny", ("reason", "both")),
        ("ConfigChange", "deny", ("reason", "nobody")),
        ("PostToolUse", "proceed", ("stderr (exit 2)", "model")),
        ("PostToolUseFailure", "proceed", ("stderr (exit 2)", "model")),
        ("SessionStart", "proceed", ("stderr (exit 2)", "user")),
        ("SessionEnd", "proceed", ("stderr (exit 2)", "user")),
        ("PermissionRequest", "proceed", ("stderr (exit 2)", "nobody")),
        ("Notification", "proceed", ("stderr (exit 2)", "nobody")),
    ],
)
def test_exit_2_blocks_where_the_event_can_and_its_stderr_goes_where_the_table_says(
    tmp_path: Path, event: str, verdict: str, notice: tuple[str, str]
) -> None:
    blocker = printing(tmp_path, "two.sh", "", code=2, stderr="tests are failing")
    decision = handlers.run("claude_code", event, BASH, [("t", blocker)])
    assert decision.verdict == verdict
    assert said(decision) == [(*notice, "tests are failing")]
    # What the model is given besides a block's reason, and what the user is shown.
    model = notice[1] == "model" and notice[0] != "reason"
    assert decision.additional_context == ("tests are failing" if model else None)
    user = notice[1] == "user" and notice[0] != "reason"
    assert decision.messages == (("tests are failing",) if user else ())


def test_exit_2_with_a_json_block_reason_blocks_with_that_reason(tmp_path: Path) -> None:
    answer = {"decision": "block", "reason": "run the tests first"}
    stop = printing(tmp_path, "stop.sh", answer, code=2, stderr="stderr text")
    decision = handlers.run("claude_code", "Stop", {}, [("s", stop)])
    assert (decision.verdict, decision.reason) == ("deny", "run the tests first")


def test_a_timed_out_hook_renders_no_decision(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", "sleep 5; echo '{\"continue\": false}'")
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("slow", {**slow, "timeout": 0.3})])
    assert decision.verdict == "proceed"
    assert said(decision) == [
        ("hook error", "user", "PreToolUse hook error (slow): timed out after 0.3 s")
    ]


# -- Claude Code: onFailure -------------------------------------------------------------------


def failures(folder: Path) -> dict[str, dict[str, Any]]:
    """A guard that fails each way `onFailure` names: cannot start, times out, exits
    other than 0 or 2, prints invalid JSON (unparseable, or against the schema)."""
    return {
        "cannot start": {"type": "command", "command": shlex.quote(str(folder / "missing.sh"))},
        "times out": {**script(folder, "slow.sh", "sleep 5"), "timeout": 0.3},
        "exit 1": printing(folder, "one.sh", "", code=1, stderr="jq: not found"),
        "unparseable JSON": printing(folder, "bad.sh", "{oops}"),
        "JSON without the event's name": printing(
            folder, "noname.sh", {"hookSpecificOutput": {"permissionDecision": "allow"}}
        ),
    }


@pytest.mark.parametrize(
    "way",
    ["cannot start", "times out", "exit 1", "unparseable JSON", "JSON without the event's name"],
)
def test_on_failure_block_makes_a_failed_guard_block(tmp_path: Path, way: str) -> None:
    guard = failures(tmp_path)[way]
    fails_open = handlers.run("claude_code", "PreToolUse", BASH, [("guard", guard)])
    assert fails_open.verdict == "proceed"  # onFailure: continue, the default
    closed = {**guard, "onFailure": "block"}
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("guard", closed)])
    assert decision.verdict == "deny" and not decision.allowed
    assert decision.reason
    assert next(n.what for n in decision.notices) == "reason"


def test_on_failure_block_on_an_event_that_cannot_block_follows_exit_2(tmp_path: Path) -> None:
    guard = {
        **printing(tmp_path, "one.sh", "", code=1, stderr="lint crashed"),
        "onFailure": "block",
    }
    decision = handlers.run("claude_code", "PostToolUse", BASH, [("lint", guard)])
    assert decision.verdict == "proceed"
    assert said(decision)[0] == ("stderr (exit 2)", "model", "lint crashed")


# -- every protocol: output that is wrong in type or shape ------------------------------------

# Both start with `{` and end with `}`, so every protocol parses them as JSON.
DEEP = '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"
DEEP_OBJECT = '{"a": ' * 5_000 + "1" + "}" * 5_000


@pytest.mark.parametrize("nested", [DEEP, DEEP_OBJECT], ids=["list", "object"])
@pytest.mark.parametrize(
    ("protocol", "event"),
    [
        ("claude_code", "PreToolUse"),
        ("docker_agent", "pre_tool_use"),
        ("docker_agent", "session_start"),
        ("registry", "before_tool"),
        ("a3s", "PreToolUse"),
        ("rollouts", "tool_call"),
        ("rollouts", "tool_result"),
    ],
)
def test_deeply_nested_json_is_invalid_output_in_every_protocol(
    tmp_path: Path, protocol: str, event: str, nested: str
) -> None:
    """Before: RecursionError escaped `except ValueError` out of `handlers.run`."""
    handler = printing(tmp_path, "deep.sh", nested)
    decision = handlers.run(protocol, event, BASH, [("deep", handler)])
    [run] = decision.runs
    assert run.output is None
    assert run.error is not None and "nested deeper than" in run.error
    json.dumps(decision.to_json())  # and the result prints


def test_a_registry_result_with_fields_of_the_wrong_type_is_a_failed_handler(
    tmp_path: Path,
) -> None:
    """Before: `messages_to_user: 3` raised TypeError; a list field that is a number in one
    answer and a list in the next raised TypeError in the merge."""
    number = printing(tmp_path, "n.sh", {"messages_to_user": 3})
    decision = handlers.run("registry", "before_tool", {}, [("n", number)])
    assert decision.verdict == "proceed"
    assert decision.messages == (
        "hook n failed: invalid result: `messages_to_user` is a number, not a list",
    )
    blocking = {**number, "blocking": True}
    assert handlers.run("registry", "before_tool", {}, [("n", blocking)]).verdict == "deny"
    mixed = printing(tmp_path, "m.sh", {"messages_to_user": ["hi", 4]})
    assert handlers.run("registry", "before_tool", {}, [("m", mixed)]).runs[0].error == (
        "invalid result: `messages_to_user` holds something other than strings"
    )
    first = printing(tmp_path, "a.sh", {"extra": 1})
    second = printing(tmp_path, "b.sh", {"extra": [2], "messages_to_user": ["ok"]})
    decision = handlers.run("registry", "before_tool", {}, [("a", first), ("b", second)])
    assert decision.output == {"extra": [2], "messages_to_user": ["ok"]}
    assert decision.messages == ("ok",)


def test_docker_agent_a_permission_decision_that_is_a_list_fails_the_hook(tmp_path: Path) -> None:
    answer = {"hook_specific_output": {"permission_decision": ["deny"]}}
    decision = handlers.run(
        "docker_agent", "tool_guard", BASH, [("g", printing(tmp_path, "g.sh", answer))]
    )
    assert decision.verdict == "deny"  # tool_guard fails closed
    assert decision.runs[0].error == (
        "invalid hook output: `permission_decision` has the wrong type"
    )


def test_json_constants_that_are_not_json_are_invalid_output(tmp_path: Path) -> None:
    answer = '{"hookSpecificOutput": {"hookEventName": "PreToolUse"}, "x": NaN}'
    decision = handlers.run(
        "claude_code", "PreToolUse", BASH, [("n", printing(tmp_path, "nan.sh", answer))]
    )
    assert decision.runs[0].error == "invalid JSON: `NaN` is not JSON"


def test_a_lone_surrogate_in_an_answer_is_replaced_so_it_prints(tmp_path: Path) -> None:
    answer = (
        '{"hookSpecificOutput": {"hookEventName": "PreToolUse",'
        ' "additionalContext": "bad \\ud800 text"}}'
    )
    decision = handlers.run(
        "claude_code", "PreToolUse", BASH, [("s", printing(tmp_path, "s.sh", answer))]
    )
    assert decision.additional_context == "bad \ufffd text"
    json.dumps(decision.to_json(), ensure_ascii=False).encode("utf-8")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell scripts")
def test_a_handler_answering_garbage_never_raises_in_any_protocol(tmp_path: Path) -> None:
    """Each protocol, each hostile answer: a decision comes back, whatever the answer."""
    answers = [
        {"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": {}}},
        {"hook_specific_output": {"permission_decision": {"a": 1}, "updated_input": "x"}},
        {"messages_to_user": {"a": 1}, "logs": 7, "error": ["x"]},
        {"action": ["block"], "retry_delay_ms": True, "modified": 3},
        {"block": "yes", "reason": ["x"]},
        {"decision": {"block": True}, "continue": "no", "systemMessage": 5},
        '{"a": 1}{"b": 2}',
        "[]",
        '"text"',
        "1e999999",
        "9" * 5000,
    ]
    events = {
        "claude_code": "PreToolUse",
        "docker_agent": "pre_tool_use",
        "registry": "before_tool",
        "a3s": "PreToolUse",
        "rollouts": "tool_call",
    }
    for number, answer in enumerate(answers):
        handler = printing(tmp_path, f"h{number}.sh", answer)
        for protocol, event in events.items():
            decision = handlers.run(protocol, event, BASH, [("h", handler)])
            json.dumps(decision.to_json())
