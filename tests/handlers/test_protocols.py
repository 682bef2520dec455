"""Each tool's handler protocol, with real command handlers: what goes in (stdin, the
environment, the directory), how an answer reads, and how answers merge.

Claude Code's merge is held by Hypothesis to an independent oracle written from its hooks
reference; the other protocols by examples of each rule their sources state.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc import handlers
from tests.properties import SETTINGS, examples

BASH = {"tool_name": "Bash", "tool_input": {"command": "ls"}}


def command(text: str, **params: object) -> dict[str, object]:
    return {"type": "command", "command": text, **params}


def answering(output: object, exit_code: int = 0, stderr: str = "", tag: str = "") -> str:
    """A command that prints ``output`` (JSON unless a string), ``stderr`` and exits."""
    text = output if isinstance(output, str) else json.dumps(output)
    return (
        f"cat >/dev/null; printf '%s' {shlex.quote(text)}; printf '%s' {shlex.quote(stderr)} >&2;"
        f" exit {exit_code} # {tag}"
    )


# -- what a handler is given ----------------------------------------------------------


def test_claude_code_gives_the_event_with_its_common_fields_and_project_dir(
    tmp_path: Path,
) -> None:
    echo = command('cat; printf "\\n%s\\n%s" "$CLAUDE_PROJECT_DIR" "$PWD"')
    decision = handlers.run(
        "claude_code",
        "PreToolUse",
        BASH,
        [("echo", echo)],
        cwd=tmp_path,
        session_id="abc",
        project_dir="/srv/project",
    )
    payload, project_dir, pwd = decision.runs[0].stdout.split("\n")
    assert json.loads(payload) == {
        **BASH,
        "session_id": "abc",
        "cwd": str(tmp_path),
        "hook_event_name": "PreToolUse",
    }
    assert (project_dir, pwd) == ("/srv/project", str(tmp_path))


def test_fields_the_context_already_has_are_kept() -> None:
    echo = command("cat")
    context = {**BASH, "session_id": "from-the-agent", "cwd": "/work"}
    decision = handlers.run("claude_code", "PreToolUse", context, [("e", echo)], session_id="x")
    sent = json.loads(decision.runs[0].stdout)
    assert sent["session_id"] == "from-the-agent" and sent["cwd"] == "/work"


def test_docker_agent_runs_in_the_hooks_working_dir_with_its_env(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    hook = command(
        'printf "%s %s" "$PWD" "$HOOK_PROFILE"', working_dir="sub", env={"HOOK_PROFILE": "dev"}
    )
    decision = handlers.run(
        "docker_agent", "session_start", {}, [("h", hook)], cwd=tmp_path, env={"EXTRA": "1"}
    )
    assert decision.runs[0].stdout == f"{tmp_path / 'sub'} dev"
    assert decision.additional_context == f"{tmp_path / 'sub'} dev"  # plain stdout: context


def test_a3s_handlers_get_the_event_and_its_payload() -> None:
    seen: list[dict[str, Any]] = []

    def check(event: dict[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
        seen.append(event)
        return {"action": "Continue"}

    handlers.run(
        "a3s",
        "pre_tool_use",
        {"tool": "Bash"},
        [("check", {"type": "handler"})],
        builtins={"check": check},
    )
    assert seen == [{"event_type": "pre_tool_use", "payload": {"tool": "Bash"}}]


# -- Claude Code ------------------------------------------------------------------------

EVENTS = ("PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit", "SessionStart")
CAN_BLOCK = {"PreToolUse", "Stop", "UserPromptSubmit"}  # of EVENTS, per the reference
PLAIN_CONTEXT = {"UserPromptSubmit", "SessionStart"}
EXIT_2_STDERR_TO_MODEL = {"PostToolUse"}  # of EVENTS that cannot block
TOP_LEVEL_BLOCK = {"PostToolUse", "Stop", "UserPromptSubmit"}  # read `decision: "block"`


def valid(event: str, value: dict[str, Any]) -> bool:
    """Whether an answer passes the output schema, written from the reference's "JSON
    output": typed universal fields, `decision` approve or block, and a
    `hookSpecificOutput` whose `hookEventName` is the event; PreToolUse's decision one of
    four words."""
    types = {"continue": bool, "stopReason": str, "systemMessage": str, "reason": str}
    for key, kind in types.items():
        if key in value and not isinstance(value[key], kind):
            return False
    if value.get("decision", "block") not in ("approve", "block"):
        return False
    specific = value.get("hookSpecificOutput")
    if specific is None:
        return True
    if not isinstance(specific, dict) or specific.get("hookEventName") != event:
        return False
    if event == "PreToolUse" and "permissionDecision" in specific:
        return specific["permissionDecision"] in ("allow", "deny", "ask", "defer")
    return True


def oracle(event: str, answers: list[tuple[int, str, str]]) -> tuple[str, str | None]:
    """Claude Code's reading of several hooks' answers (exit code, stdout, stderr), written
    from the hooks reference (2026-10): (the verdict, what the model is given besides a
    block's reason). Valid JSON counts on every exit code; exit 2 blocks where the event
    can block, and PostToolUse feeds its stderr to the model; plain stdout on exit 0 is
    context on two events; anything unparseable or invalid is a hook error that decides
    nothing."""
    objects: list[dict[str, Any]] = []
    contexts: list[str] = []
    blocked = False
    for code, stdout, stderr in answers:
        text = stdout.strip()
        value = None
        if text.startswith("{") and text.endswith("}"):
            try:
                value = json.loads(text)
            except ValueError:
                value = None
            value = value if isinstance(value, dict) and valid(event, value) else None
            text = ""  # JSON-shaped output is never plain text
        if code == 2:
            blocked = blocked or event in CAN_BLOCK
            if event in EXIT_2_STDERR_TO_MODEL and stderr.strip():
                contexts.append(stderr.strip())
        if value is None:
            if code == 0 and event in PLAIN_CONTEXT and text:
                contexts.append(text)
            continue
        objects.append(value)
        specific = value.get("hookSpecificOutput") or {}
        reason = value.get("reason", "").strip()
        if event == "PostToolUse" and value.get("decision") == "block" and reason:
            contexts.append(reason)
        extra = specific.get("additionalContext", "").strip()
        if extra and (event != "PreToolUse" or specific.get("permissionDecision") != "defer"):
            contexts.append(extra)
    context = "\n".join(contexts) or None
    if any(value.get("continue") is False for value in objects):
        return "stop", context
    if blocked:
        return "deny", context
    said = []
    for value in objects:
        specific = value.get("hookSpecificOutput") or {}
        if event == "PreToolUse":
            choice = specific.get("permissionDecision")
            if choice is None:
                choice = {"approve": "allow", "block": "deny"}.get(value.get("decision"))
            said.append(choice)
        elif event in TOP_LEVEL_BLOCK & CAN_BLOCK and value.get("decision") == "block":
            said.append("deny")
    for choice in ("deny", "defer", "ask", "allow"):  # the most restrictive wins
        if choice in said:
            return choice, context
    return "proceed", context


words = st.sampled_from(["", "because", "rm is dangerous", "see docs"])


def maybe(values: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(st.none(), values)


@st.composite
def json_answers(draw: st.DrawFn) -> dict[str, Any]:
    """A hook's JSON output, every field present about half the time: decisions collide
    often enough that their precedence is exercised in every run. `hookEventName` is the
    event's (the placeholder `EVENT`), absent, or another event's; now and then a field has
    the wrong type (a list decision, a number reason), as a careless handler prints."""
    fields = {
        "continue": draw(maybe(st.sampled_from([True, False, True]))),
        "stopReason": draw(maybe(words)),
        "systemMessage": draw(maybe(words)),
        "decision": draw(maybe(st.sampled_from(["block", "approve", "block", "allow"]))),
        "reason": draw(maybe(st.one_of(words, st.just(5)))),
    }
    specific = {
        "hookEventName": draw(maybe(st.sampled_from(["EVENT", "EVENT", "EVENT", "Stop"]))),
        "permissionDecision": draw(
            maybe(st.sampled_from(["allow", "deny", "ask", "defer", ["deny"], {"a": 1}]))
        ),
        "permissionDecisionReason": draw(maybe(words)),
        "additionalContext": draw(maybe(words)),
    }
    present = {k: v for k, v in specific.items() if v is not None}
    if present or draw(st.booleans()):
        fields["hookSpecificOutput"] = present
    return {k: v for k, v in fields.items() if v is not None}


outputs = st.one_of(st.sampled_from(["", "plain text", "{not json", "[1, 2]"]), json_answers())
answers = st.lists(
    st.tuples(st.sampled_from([0, 0, 0, 1, 2]), outputs, words), min_size=1, max_size=3
)


def printed(output: object, event: str) -> str:
    """An answer as the handler prints it, the `EVENT` placeholder filled in."""
    if isinstance(output, str):
        return output
    return json.dumps(output).replace('"EVENT"', json.dumps(event))


@settings(SETTINGS, max_examples=examples(80))
@given(event=st.sampled_from(EVENTS), answers=answers)
def test_claude_code_merges_answers_as_its_reference_says(
    event: str, answers: list[tuple[int, object, str]]
) -> None:
    texts = [(code, printed(out, event), err) for code, out, err in answers]
    matches = [
        (f"h{i}", command(answering(out, code, err, tag=str(i))))
        for i, (code, out, err) in enumerate(texts)
    ]
    decision = handlers.run("claude_code", event, BASH, matches)
    assert (decision.verdict, decision.additional_context) == oracle(event, texts)


def pre_tool_use(**specific: object) -> dict[str, object]:
    return {"hookSpecificOutput": {"hookEventName": "PreToolUse", **specific}}


PRETOOL_ANSWERS: dict[str, tuple[int, object, str]] = {
    "silent": (0, "", ""),
    "allow": (0, pre_tool_use(permissionDecision="allow"), ""),
    "ask": (0, pre_tool_use(permissionDecision="ask"), ""),
    "defer": (0, pre_tool_use(permissionDecision="defer"), ""),
    "deny": (0, pre_tool_use(permissionDecision="deny"), ""),
    "deny, no event name": (0, {"hookSpecificOutput": {"permissionDecision": "deny"}}, ""),
    "deny, another event's name": (
        0,
        {"hookSpecificOutput": {"hookEventName": "PostToolUse", "permissionDecision": "deny"}},
        "",
    ),
    "deny as a list": (0, pre_tool_use(permissionDecision=["deny"]), ""),
    "allow on exit 1": (1, pre_tool_use(permissionDecision="allow"), "ignored"),
    "approve (old)": (0, {"decision": "approve"}, ""),
    "block (old)": (0, {"decision": "block", "reason": "old"}, ""),
    "exit 2": (2, "", "stderr"),
    "exit 2 beside allow": (2, pre_tool_use(permissionDecision="allow"), "no"),
    "exit 1": (1, "", "oops"),
}


@pytest.mark.parametrize("first", sorted(PRETOOL_ANSWERS))
def test_claude_code_pre_tool_use_every_pair_of_answers(first: str) -> None:
    """Every pair of PreToolUse answers, both orders, against the oracle: the precedence
    of decisions is exercised exhaustively, not only where random examples land."""
    for second in sorted(PRETOOL_ANSWERS):
        pair = [PRETOOL_ANSWERS[first], PRETOOL_ANSWERS[second]]
        texts = [(c, printed(o, "PreToolUse"), e) for c, o, e in pair]
        matches = [
            (f"h{i}", command(answering(out, code, err, tag=str(i))))
            for i, (code, out, err) in enumerate(texts)
        ]
        decision = handlers.run("claude_code", "PreToolUse", BASH, matches)
        assert decision.verdict == oracle("PreToolUse", texts)[0], (first, second)


def test_claude_code_runs_identical_commands_once() -> None:
    same = command(
        'echo \'{"hookSpecificOutput": {"hookEventName": "UserPromptSubmit",'
        ' "additionalContext": "once"}}\''
    )
    decision = handlers.run(
        "claude_code", "UserPromptSubmit", {"prompt": "x"}, [("a", same), ("b", dict(same))]
    )
    assert [run.hook_id for run in decision.runs] == ["a"]
    assert decision.additional_context == "once"
    assert decision.skipped == ("b: the same handler as an earlier hook (run once)",)


def test_claude_code_deny_beats_every_other_answer_and_keeps_its_reason() -> None:
    matches = [
        ("allow", command(answering(pre_tool_use(permissionDecision="allow")))),
        (
            "deny",
            command(
                answering(
                    pre_tool_use(permissionDecision="deny", permissionDecisionReason="not in prod")
                )
            ),
        ),
        ("ask", command(answering(pre_tool_use(permissionDecision="ask")))),
    ]
    decision = handlers.run("claude_code", "PreToolUse", BASH, matches)
    assert (decision.verdict, decision.reason, decision.allowed) == ("deny", "not in prod", False)


def test_claude_code_updated_input_and_exit_2_on_an_event_that_cannot_block() -> None:
    rewrite = pre_tool_use(permissionDecision="allow", updatedInput={"command": "ls -h"})
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("r", command(answering(rewrite)))])
    assert decision.verdict == "allow" and decision.updated_input == {"command": "ls -h"}
    after = handlers.run(
        "claude_code", "PostToolUse", BASH, [("lint", command(answering("", 2, "lint failed")))]
    )
    # PostToolUse cannot block: exit 2's stderr is fed to the model, and the user sees nothing.
    assert after.verdict == "proceed" and after.messages == ()
    assert after.additional_context == "lint failed"
    assert [(n.what, n.to, n.text) for n in after.notices] == [
        ("stderr (exit 2)", "model", "lint failed")
    ]


def test_claude_code_skips_handler_types_it_does_not_run() -> None:
    decision = handlers.run(
        "claude_code", "PreToolUse", BASH, [("h", {"type": "http", "url": "http://x"})]
    )
    assert decision.runs == () and decision.verdict == "proceed"
    assert decision.skipped == ("h: a `http` handler (hookc runs command and builtin handlers)",)


# -- docker-agent -------------------------------------------------------------------------


def test_docker_agent_pre_tool_use_hooks_see_the_input_rewritten_before_them() -> None:
    rewrite = command(answering({"hook_specific_output": {"updated_input": {"cmd": "ls -h"}}}))
    # The second hook denies only if it was given the rewritten input.
    check = command(
        'grep -q \'"cmd": "ls -h"\' && echo \'{"hook_specific_output": {"permission_decision":'
        ' "deny", "permission_decision_reason": "saw ls -h"}}\''
    )
    context = {"tool_name": "shell", "tool_input": {"cmd": "ls", "cwd": "/"}}
    decision = handlers.run("docker_agent", "pre_tool_use", context, [("r", rewrite), ("c", check)])
    assert (decision.verdict, decision.reason) == ("deny", "saw ls -h")
    assert decision.updated_input == {"cmd": "ls -h", "cwd": "/"}  # the whole patched input


def test_docker_agent_on_error_policies() -> None:
    failing = "exit 1"
    decision = handlers.run(
        "docker_agent",
        "post_tool_use",
        {},
        [
            ("w", command(failing + " # w")),
            ("i", command(failing + " # i", on_error="ignore")),
            ("b", command(failing + " # b", on_error="block", name="gate")),
        ],
    )
    assert decision.verdict == "deny"
    assert decision.reason == (
        "post_tool_use hook failed to execute: hook 'gate': exited with status 1"
    )
    assert decision.messages == (
        "post_tool_use hook failed to execute: hook 'exit 1 # w': exited with status 1",
    )
    # on an event that cannot block, `block` is only a warning
    observed = handlers.run(
        "docker_agent", "session_end", {}, [("b", command("exit 1", on_error="block"))]
    )
    assert observed.verdict == "proceed" and len(observed.messages) == 1


def test_docker_agent_rejects_decisions_outside_its_schema() -> None:
    bad = command(answering({"decision": "approve"}))
    decision = handlers.run("docker_agent", "user_prompt_submit", {}, [("b", bad)])
    assert decision.runs[0].error == "invalid decision 'approve': expected block"
    wrong_type = command(answering({"continue": "no"}))
    decision = handlers.run("docker_agent", "user_prompt_submit", {}, [("t", wrong_type)])
    assert decision.runs[0].error == "invalid hook output: `continue` has the wrong type"


def test_docker_agent_blocks_and_merges_most_restrictive_first() -> None:
    ask = {
        "hook_specific_output": {
            "permission_decision": "ask",
            "permission_decision_reason": "unsure",
        }
    }
    allow = {"hook_specific_output": {"permission_decision": "allow"}}
    decision = handlers.run(
        "docker_agent",
        "tool_guard",
        BASH,
        [("a", command(answering(allow))), ("k", command(answering(ask)))],
    )
    assert (decision.verdict, decision.reason) == ("ask", "unsure")
    stop = handlers.run(
        "docker_agent",
        "user_prompt_submit",
        {},
        [
            (
                "s",
                command(
                    answering({"continue": False, "stop_reason": "quota", "system_message": "hm"})
                ),
            )
        ],
    )
    assert (stop.verdict, stop.reason, stop.messages) == ("deny", "quota", ("hm",))
    exit2 = handlers.run("docker_agent", "session_start", {}, [("x", command("exit 2"))])
    assert exit2.verdict == "proceed"
    assert exit2.messages == (
        "session_start hook 'exit 2' returned exit 2, but this event cannot block",
    )


def test_docker_agent_runs_identical_definitions_once_and_builtins_by_name() -> None:
    def add_date(payload: dict[str, Any], action: Mapping[str, Any]) -> dict[str, Any]:
        return {"hook_specific_output": {"additional_context": f"args {action['args']}"}}

    date = {"type": "builtin", "command": "add_date", "args": ["iso"]}
    decision = handlers.run(
        "docker_agent",
        "turn_start",
        {},
        [("a", date), ("b", dict(date))],
        builtins=handlers.Builtins(add_date=add_date),
    )
    assert decision.additional_context == "args ['iso']"
    assert len(decision.runs) == 1


# -- the registry ----------------------------------------------------------------------------


def test_the_registry_merges_results_and_fails_open_unless_blocking() -> None:
    first = {"logs": [{"level": "info", "message": "one"}], "messages_to_user": ["hello"]}
    second = {"logs": [{"level": "info", "message": "two"}], "usage_recorded": True}
    decision = handlers.run(
        "registry",
        "PostAbilityCall",
        {"ability_id": "billing"},
        [
            ("a", {"kind": "script", "command": answering(first)}),
            ("b", {"kind": "script", "command": answering(second)}),
            ("c", {"kind": "script", "command": "exit 3"}),
        ],
    )
    assert decision.verdict == "proceed"
    assert decision.output == {
        "logs": [{"level": "info", "message": "one"}, {"level": "info", "message": "two"}],
        "messages_to_user": ["hello"],
        "usage_recorded": True,
    }
    assert decision.messages == ("hook c failed: exited with status 3", "hello")
    blocking = handlers.run(
        "registry",
        "PreAbilityCall",
        {},
        [("gate", {"kind": "script", "command": "exit 3", "blocking": True})],
    )
    assert (blocking.verdict, blocking.reason) == ("deny", "hook gate failed: exited with status 3")


def test_a_registry_guardrail_blocks_with_an_error_flag() -> None:
    guard = {
        "messages_to_user": ["This ability would write to production."],
        "error": "blocked_by_policy",
    }
    decision = handlers.run(
        "registry",
        "PreAbilityCall",
        {},
        [("guard", {"kind": "script", "command": answering(guard)})],
    )
    assert decision.verdict == "deny"
    assert decision.reason == "This ability would write to production.\nblocked_by_policy"


# -- A3S --------------------------------------------------------------------------------------


def responder(response: dict[str, Any] | None, calls: list[str], name: str) -> Any:
    def handle(event: dict[str, Any], action: Mapping[str, Any]) -> dict[str, Any] | None:
        calls.append(name)
        return response

    return handle


def test_a3s_runs_in_order_and_stops_at_the_first_block() -> None:
    calls: list[str] = []
    builtins = {
        "log": responder({"action": "Continue", "modified": {"timeout": 5}}, calls, "log"),
        "guard": responder({"action": "Block", "reason": "rm -rf"}, calls, "guard"),
        "late": responder({"action": "Continue"}, calls, "late"),
    }
    matches = [(name, {"type": "handler"}) for name in ("log", "guard", "late")]
    decision = handlers.run("a3s", "PreToolUse", {}, matches, builtins=builtins)
    assert calls == ["log", "guard"]
    assert (decision.verdict, decision.reason) == ("deny", "rm -rf")
    assert decision.skipped == ("late: not run, guard ended the chain",)


def test_a3s_continue_keeps_the_last_modification_and_skip_drops_it() -> None:
    calls: list[str] = []
    builtins = {
        "a": responder({"action": "Continue", "modified": {"timeout": 5}}, calls, "a"),
        "b": responder({"action": "continue", "modified": {"timeout": 9}}, calls, "b"),
        "s": responder({"action": "Skip"}, calls, "s"),
    }
    two = handlers.run("a3s", "PostToolUse", {}, [("a", {}), ("b", {})], builtins=builtins)
    assert (two.verdict, two.updated_input) == ("proceed", {"timeout": 9})
    skipped = handlers.run(
        "a3s", "PostToolUse", {}, [("a", {}), ("s", {}), ("b", {})], builtins=builtins
    )
    assert (skipped.verdict, skipped.updated_input) == ("proceed", None)
    assert calls == ["a", "b", "a", "s"]


def test_a3s_retry_failures_on_gating_events_and_missing_handlers() -> None:
    calls: list[str] = []
    retry = handlers.run(
        "a3s",
        "GenerateStart",
        {},
        [("r", {})],
        builtins={"r": responder({"action": "Retry"}, calls, "r")},
    )
    assert (retry.verdict, retry.retry_delay_ms, retry.reason) == (
        "retry",
        1000,
        "Hook requested a retry",
    )
    failing = command("exit 1")
    gated = handlers.run("a3s", "pre_tool_use", {}, [("gate", failing)])
    assert (gated.verdict, gated.reason) == (
        "deny",
        "Required hook 'gate' failed: exited with status 1",
    )
    observed = handlers.run("a3s", "post_tool_use", {}, [("gate", failing)])
    assert observed.verdict == "proceed"
    unregistered = handlers.run("a3s", "pre_tool_use", {}, [("nobody", {})])
    assert unregistered.verdict == "proceed" and unregistered.runs == ()


def test_a3s_fire_and_forget_answers_count_only_on_gating_events() -> None:
    calls: list[str] = []
    block = {"b": responder({"action": "Block", "reason": "no"}, calls, "b")}
    hook = [("b", {"async_execution": True})]
    assert handlers.run("a3s", "post_tool_use", {}, hook, builtins=block).verdict == "proceed"
    assert handlers.run("a3s", "pre_tool_use", {}, hook, builtins=block).verdict == "deny"


def test_a3s_command_bridge_reads_the_response_from_stdout() -> None:
    response = {"action": "Block", "reason": "Recursive force deletion is not allowed"}
    decision = handlers.run("a3s", "PreToolUse", {}, [("c", command(answering(response)))])
    assert (decision.verdict, decision.reason) == (
        "deny",
        "Recursive force deletion is not allowed",
    )


# -- rollouts --------------------------------------------------------------------------------


def test_rollouts_tool_call_the_first_block_wins() -> None:
    calls: list[str] = []

    def raises(event: dict[str, Any], action: Mapping[str, Any]) -> None:
        calls.append("raises")
        raise ValueError("oops")

    builtins = {
        "raises": raises,
        "quiet": responder(None, calls, "quiet"),
        "gate": responder({"block": True, "reason": "Dangerous command blocked"}, calls, "gate"),
        "never": responder({"block": True, "reason": "second"}, calls, "never"),
    }
    matches = [(name, {}) for name in ("raises", "quiet", "gate", "never")]
    decision = handlers.run(
        "rollouts", "tool_call", {"tool_name": "bash"}, matches, builtins=builtins
    )
    assert calls == ["raises", "quiet", "gate"]
    assert (decision.verdict, decision.reason) == ("deny", "Dangerous command blocked")
    assert decision.messages == ("hook raises failed: raised ValueError: oops",)


def test_rollouts_other_events_last_answer_wins() -> None:
    calls: list[str] = []
    builtins = {
        "a": responder({"content": "first"}, calls, "a"),
        "b": responder({"content": "second"}, calls, "b"),
    }
    decision = handlers.run(
        "rollouts", "tool_result", {}, [("a", {}), ("b", {})], builtins=builtins
    )
    assert decision.output == {"content": "second"} and decision.verdict == "proceed"


def test_an_unknown_protocol_names_the_known_ones() -> None:
    with pytest.raises(ValueError) as raised:
        handlers.run("zed", "x", {}, [])
    known = ", ".join(sorted(handlers.PROTOCOLS))
    assert str(raised.value) == f"unknown handler protocol 'zed'; hookc knows {known}"
    assert {"a3s", "claude-code", "codex", "gemini-cli", "registry"} <= set(handlers.PROTOCOLS)


def test_no_matches_proceed_with_nothing_run() -> None:
    for name in handlers.PROTOCOLS:
        decision = handlers.run(name, "anything", {}, [])
        assert (decision.verdict, decision.runs, decision.allowed) == ("proceed", (), True)


def test_a_compiled_native_hook_file_drives_its_handlers(tmp_path: Path) -> None:
    """The way a runtime uses hookc: a native hook file whose own catalog declares a
    `command` action, compiled; its evaluate_all picks the hooks, handlers.run runs them."""
    from hookc.cli import main
    from tests.properties import load

    root = Path(__file__).resolve().parent.parent.parent
    guard = root / "examples" / "run" / "guard.hooks.yaml"
    assert main(["compile", str(guard), "-o", str(tmp_path), "--name", "guard"]) == 0
    module = load((tmp_path / "guard.py").read_text(encoding="utf-8"))
    context = {"tool_name": "Bash", "tool_input": {"command": "rm -fr /"}}
    matches = module.evaluate_all("PreToolUse", context)
    assert [hook_id for hook_id, _ in matches] == ["block_rm_rf", "note_bash"]
    decision = handlers.run("claude_code", "PreToolUse", context, matches, cwd=root)
    assert decision.verdict == "deny"
    assert decision.reason == (
        "Blocked: rm -rf deletes without asking. Remove the files by name instead."
    )
    harmless = {"tool_name": "Bash", "tool_input": {"command": "ls"}}
    decision = handlers.run(
        "claude_code",
        "PreToolUse",
        harmless,
        module.evaluate_all("PreToolUse", harmless),
        cwd=root,
    )
    assert decision.verdict == "proceed"
    assert decision.additional_context == "Bash calls in this project are logged."


def test_each_tool_runs_commands_under_its_own_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    probe = command('printf "%s" "${BASH_VERSION:+bash}"')
    claude = handlers.run("claude_code", "Stop", {}, [("p", probe)])
    assert claude.runs[0].stdout == "bash"  # Claude Code's `shell` defaults to bash
    monkeypatch.setenv("SHELL", "/bin/sh")
    docker = handlers.run("docker_agent", "stop", {}, [("p", probe)])
    assert docker.runs[0].stdout == ""  # docker-agent: $SHELL -c
    unknown = handlers.run("claude_code", "Stop", {}, [("p", {**probe, "shell": "fish"})])
    assert unknown.skipped == ("p: a `fish` command, and no fish here to run it",)


def test_claude_code_async_hooks_run_but_decide_nothing() -> None:
    blocker = command("echo no >&2; exit 2", **{"async": True})
    decision = handlers.run("claude_code", "PreToolUse", BASH, [("bg", blocker)])
    assert decision.runs[0].exit_code == 2
    assert decision.verdict == "proceed"


def test_docker_agent_strict_output() -> None:
    def strict(output: object) -> dict[str, object]:
        return command(answering(output), strict_output=True)

    cases = {
        "plain words": "strict_output requires a JSON object or empty stdout",
        json.dumps(
            {"continue": True, "colour": "red"}
        ): "invalid hook output: unknown field 'colour'",
        json.dumps({"hook_specific_output": {"additional_context": "x"}}): (
            "pre_tool_use does not support additional_context"
        ),
        json.dumps({"suppress_output": True}): (
            "suppress_output is not supported; use stderr for diagnostics"
        ),
        json.dumps({"hook_specific_output": {"hook_event_name": "post_tool_use"}}): (
            "output hook_event_name 'post_tool_use' does not match pre_tool_use"
        ),
    }
    for text, problem in cases.items():
        decision = handlers.run("docker_agent", "pre_tool_use", BASH, [("s", strict(text))])
        assert (decision.runs[0].error, decision.verdict) == (problem, "deny"), text
    lenient = command(answering({"continue": True, "colour": "red"}))
    assert handlers.run("docker_agent", "pre_tool_use", BASH, [("l", lenient)]).verdict == (
        "proceed"
    )


def test_a_coroutine_builtin_under_the_sync_api_inside_an_event_loop_is_an_error() -> None:
    import asyncio

    async def later(payload: dict[str, Any], action: Mapping[str, Any]) -> None:
        return None

    async def main() -> handlers.Decision:
        return handlers.run(
            "claude_code",
            "Stop",
            {},
            [("l", {"type": "builtin", "command": "later"})],
            builtins={"later": later},
        )

    decision = asyncio.run(main())
    assert decision.runs[0].error == (
        "raised RuntimeError: a coroutine builtin inside a running event loop: use handlers.arun"
    )


def test_rollouts_command_bridge_blocks_a_tool_call() -> None:
    quiet = command("cat > /dev/null")
    gate = command(answering({"block": True, "reason": "Dangerous command blocked"}))
    never = command("echo ran > /dev/stderr")
    decision = handlers.run(
        "rollouts", "tool_call", {"tool_name": "bash"}, [("q", quiet), ("g", gate), ("n", never)]
    )
    assert [run.hook_id for run in decision.runs] == ["q", "g"]
    assert (decision.verdict, decision.reason) == ("deny", "Dangerous command blocked")


def _same_under_asyncio(protocol: str, event: str, matches: list[Any], builtins: Any) -> None:
    import asyncio

    def answers(decision: handlers.Decision) -> tuple[Any, ...]:
        runs = tuple((run.hook_id, run.output, run.error) for run in decision.runs)
        return (decision.verdict, decision.reason, decision.updated_input, decision.output,
                decision.additional_context, decision.messages, decision.skipped, runs)  # fmt: skip

    calls: list[list[str]] = []
    for runner in ("run", "arun"):
        calls.append([])
        made = {name: make(calls[-1]) for name, make in builtins.items()}
        if runner == "run":
            decision = handlers.run(protocol, event, {}, matches, builtins=made)
        else:
            decision = asyncio.run(handlers.arun(protocol, event, {}, matches, builtins=made))
        calls[-1].append(repr(answers(decision)))
    assert calls[0] == calls[1]


@pytest.mark.parametrize(
    ("protocol", "event", "matches", "builtins"),
    [
        (  # in turn: a command's modification reaches the builtin after it, which stops
            "a3s",
            "PreToolUse",
            [
                ("cmd", command(answering({"action": "Continue", "modified": {"t": 5}}))),
                ("guard", {"type": "handler"}),
                ("late", {"type": "handler"}),
            ],
            {
                "guard": lambda calls: (
                    lambda payload, action: (  # what it was given, too
                        calls.append(repr(payload)) or {"action": "Block", "reason": "no"}
                    )
                ),
                "late": lambda calls: responder({"action": "Continue"}, calls, "late"),
            },
        ),
        (  # in turn: the builtin is given the input the command before it rewrote
            "docker_agent",
            "pre_tool_use",
            [
                (
                    "rewrite",
                    command(
                        answering({"hook_specific_output": {"updated_input": {"cmd": "ls -h"}}})
                    ),
                ),
                ("seen", {"type": "builtin", "command": "seen"}),
            ],
            {"seen": lambda calls: lambda payload, action: calls.append(repr(payload))},
        ),
        (  # in turn: the last answer wins
            "rollouts",
            "tool_result",
            [("a", {}), ("b", {})],
            {
                "a": lambda calls: responder({"content": "first"}, calls, "a"),
                "b": lambda calls: responder({"content": "second"}, calls, "b"),
            },
        ),
        (  # all at once: commands and builtins, their runs in the hooks' order
            "docker_agent",
            "turn_start",
            [
                ("one", {"type": "builtin", "command": "note", "args": ["x"]}),
                ("two", command(answering("plain text"))),
                ("three", {"type": "builtin", "command": "note", "args": ["y"]}),
            ],
            {
                "note": lambda calls: (
                    lambda payload, action: (
                        calls.append(str(action["args"]))
                        or {"hook_specific_output": {"additional_context": str(action["args"])}}
                    )
                )
            },
        ),
    ],
)
def test_arun_decides_as_run_does_in_turn_and_all_at_once(
    protocol: str, event: str, matches: list[Any], builtins: Any
) -> None:
    _same_under_asyncio(protocol, event, matches, builtins)
