"""Codex's command-hook protocol: what a hook is given, how its answer reads, and how the
answers of several hooks combine.

Sources (openai/codex, codex-rs/hooks): ``engine/dispatcher.rs`` (``execute_handlers``:
every selected handler starts at once, results are reported in configured order, an
``async`` handler is scheduled in the background), ``engine/output_parser.rs`` (each
event's JSON answer and the fields it refuses), ``events/*.rs`` (exit codes per event),
``schema/generated/*.json`` (stdin).

Input
- The event's JSON on stdin: ``session_id``, ``transcript_path`` (null when there is
  none), ``cwd``, ``hook_event_name``, ``model``, and the event's fields (hookc adds the
  common ones the context lacks). The command runs under ``sh -c`` in the session's
  directory; ``timeout`` is in seconds (600 by default; the reader has already applied
  SessionEnd's and Interrupt's 1..3 s).
- Every selected handler runs at once; identical handlers each run.

Exit codes
- 0: success. Blank stdout says nothing. Stdout that starts with ``{`` is the JSON answer,
  read below; JSON that does not parse, or holds a field the event's answer has not (the
  output structs refuse unknown fields), is a failed run and decides nothing. Other text
  is context for the model on SessionStart, SubagentStart and UserPromptSubmit, and
  ignored elsewhere.
- 2: blocks with stderr as the reason on PreToolUse, PostToolUse, UserPromptSubmit, Stop
  and SubagentStop (Stop and SubagentStop: the agent goes on, told the reason); elsewhere
  (PermissionRequest included) a failed run.
- Any other code, a timeout, a command that cannot start: a failed run; the action goes
  on.

JSON answers (``output_parser.rs``)
- Universal fields: ``continue`` (false stops the turn, with ``stopReason``),
  ``stopReason``, ``systemMessage`` (shown to the user), ``suppressOutput`` (parsed, not
  implemented). PreToolUse and PermissionRequest refuse ``continue: false``,
  ``stopReason`` and ``suppressOutput``, PostToolUse ``suppressOutput``: the run fails.
- PreToolUse: ``hookSpecificOutput.permissionDecision`` ``deny`` with a non-empty
  ``permissionDecisionReason`` blocks; ``allow`` only together with ``updatedInput``, which
  then replaces the tool's input; ``ask``, ``allow`` alone, ``updatedInput`` without
  ``allow``, a reason without a decision, or ``deny`` without a reason fail the run. The
  older top-level ``decision: "block"`` with a non-empty ``reason`` blocks too
  (``approve`` fails the run). ``additionalContext`` reaches the model.
- PermissionRequest: ``hookSpecificOutput.decision.behavior`` ``allow`` or ``deny`` (with
  ``message``, else "PermissionRequest hook denied approval"); ``updatedInput``,
  ``updatedPermissions`` and ``interrupt: true`` fail the run.
- PostToolUse, UserPromptSubmit, Stop, SubagentStop: top-level ``decision: "block"`` with
  a non-empty ``reason`` blocks (without one the run fails); PostToolUse also fails on a
  ``reason`` without a decision and on ``updatedMCPToolOutput``. PostToolUse,
  UserPromptSubmit, SessionStart, SubagentStart and PreToolUse take ``additionalContext``.
- ``hookSpecificOutput.hookEventName`` must name the event.

Merging: a stop (``continue: false``) wins over everything, then any block or deny
(PreToolUse: any deny wins over every allow), then PermissionRequest's allow; contexts and
system messages from every hook are kept, in configured order; of several ``updatedInput``
hookc applies the last in that order. ``async`` handlers run but decide nothing (Codex
delivers their output later). hookc does not run ``mcp_tool`` handlers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import (
    Handler,
    Options,
    Protocol,
    command_run,
    joined,
    read_json,
    type_problem,
)
from hookc.handlers.results import Audience, Decision, HandlerRun, Notice, Verdict

EXIT_2_BLOCKS = frozenset({"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"})
PLAIN_CONTEXT_EVENTS = frozenset({"SessionStart", "SubagentStart", "UserPromptSubmit"})
CONTEXT_EVENTS = frozenset(
    {"PreToolUse", "PostToolUse", "UserPromptSubmit", "SessionStart", "SubagentStart"}
)
# Events whose answer holds a top-level `decision` and `reason`.
DECISION_EVENTS = frozenset(
    {"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop"}
)
UNIVERSAL: Mapping[str, type | tuple[type, ...]] = {
    "continue": bool,
    "stopReason": str,
    "systemMessage": str,
    "suppressOutput": bool,
}
# The fields of `hookSpecificOutput` each event's answer has.
SPECIFIC: Mapping[str, Mapping[str, type | tuple[type, ...]]] = {
    "PreToolUse": {
        "permissionDecision": str,
        "permissionDecisionReason": str,
        "updatedInput": dict,
        "additionalContext": str,
    },
    "PermissionRequest": {"decision": dict},
    "PostToolUse": {"additionalContext": str, "updatedMCPToolOutput": (dict, list, str)},
    "UserPromptSubmit": {"additionalContext": str},
    "SessionStart": {"additionalContext": str},
    "SubagentStart": {"additionalContext": str},
}


@dataclass(slots=True)
class _Merge:
    event: str
    notices: list[Notice] = field(default_factory=list)
    stops: list[str] = field(default_factory=list)
    blocks: list[str] = field(default_factory=list)
    contexts: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    allowed: str | None = None  # PermissionRequest's allow (its message, or "")
    updated: Mapping[str, Any] | None = None


class Codex(Protocol):
    name = "codex"
    default_timeout = 600.0

    def concurrent(self, event: str) -> bool:
        return True

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload.setdefault("session_id", options.session_id or "hookc-session")
        payload.setdefault("transcript_path", None)
        payload.setdefault("cwd", options.cwd)
        payload.setdefault("model", "")
        payload["hook_event_name"] = event
        return payload

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        return command_run(handler, finished)  # how it reads depends on the event: `merge`

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        merged = _Merge(event)
        shown = [_answer(merged, run) for run in runs]
        verdict: Verdict = "proceed"
        reason: str | None = None
        if merged.stops:
            verdict, reason = "stop", joined(merged.stops)
        elif merged.blocks:
            verdict, reason = "deny", joined(merged.blocks)
        elif merged.allowed is not None:
            verdict, reason = "allow", merged.allowed or None
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason,
            updated_input=merged.updated if verdict in ("proceed", "allow") else None,
            additional_context=joined(merged.contexts),
            messages=tuple(merged.messages),
            runs=tuple(shown),
            skipped=tuple(skipped),
            notices=tuple(merged.notices),
        )


def _answer(merged: _Merge, run: HandlerRun) -> HandlerRun:
    """Adds one hook's answer to the merge; the run as shown, with what failed."""
    event, hook = merged.event, run.hook_id
    if run.action.get("async") is True:  # delivered later by Codex; it cannot block
        return run
    if run.error is not None:
        return _failed(merged, run, run.error)
    if run.exit_code == 2:
        if event not in EXIT_2_BLOCKS:
            return _failed(merged, run, f"exit 2 does not block on {event}")
        reason = run.stderr.strip() or f"blocked by {hook} (exit 2)"
        _block(merged, reason, hook)
        return run
    if run.exit_code != 0:
        return _failed(merged, run, f"exited with status {run.exit_code}")
    text = run.stdout.strip()
    if not text:
        return run
    if not text.startswith(("{", "[")):
        if event in PLAIN_CONTEXT_EVENTS:
            _tell(merged, "context", "model", text, hook)
        else:
            merged.notices.append(Notice("stdout", "nobody", text, hook))
        return run
    value, problem = read_json(text)
    if problem is None and not isinstance(value, dict):
        problem = "stdout is JSON but not an object"
    if problem is not None:
        return _failed(merged, run, f"invalid JSON output: {problem}")
    assert isinstance(value, dict)
    problem = _invalid(event, value)
    if problem is not None:
        return _failed(merged, run, problem)
    _json(merged, value, hook)
    return _with_output(run, value)


def _invalid(event: str, output: Mapping[str, Any]) -> str | None:
    """Why Codex fails a JSON answer for ``event`` (output_parser.rs), or None."""
    known = set(UNIVERSAL) | {"hookSpecificOutput"}
    if event in DECISION_EVENTS:
        known |= {"decision", "reason"}
    unknown = [name for name in output if name not in known]
    if unknown:
        return f"{event} hook returned unsupported field `{unknown[0]}`"
    fields = dict(UNIVERSAL, hookSpecificOutput=dict, decision=str, reason=str)
    problem = type_problem(output, fields)
    if problem is not None:
        return f"{event} hook returned invalid output: {problem}"
    refused = _refused_universal(event, output)
    if refused is not None:
        return f"{event} hook returned unsupported {refused}"
    specific = output.get("hookSpecificOutput")
    if isinstance(specific, Mapping):
        problem = _specific_problem(event, specific)
        if problem is not None:
            return problem
    decision, reason = output.get("decision"), output.get("reason")
    if event == "PreToolUse":
        return _pre_tool_use_problem(output, specific if isinstance(specific, Mapping) else {})
    if event == "PermissionRequest" and isinstance(specific, Mapping):
        return _permission_problem(specific)
    if decision is not None and decision != "block":
        return f"{event} hook returned invalid decision {decision!r}"
    if decision == "block" and not _nonblank(reason):
        return f"{event} hook returned decision:block without a non-empty reason"
    if (
        event == "PostToolUse"
        and decision is None
        and reason is not None
        and output.get("continue", True) is not False
    ):
        return "PostToolUse hook returned reason without decision"
    return None


def _refused_universal(event: str, output: Mapping[str, Any]) -> str | None:
    if event in ("PreToolUse", "PermissionRequest"):
        if output.get("continue") is False:
            return "continue:false"
        if "stopReason" in output:
            return "stopReason"
    if event in ("PreToolUse", "PermissionRequest", "PostToolUse") and output.get("suppressOutput"):
        return "suppressOutput"
    return None


def _specific_problem(event: str, specific: Mapping[str, Any]) -> str | None:
    if specific.get("hookEventName") != event:
        return f"{event} hook returned hookSpecificOutput for {specific.get('hookEventName')!r}"
    fields = SPECIFIC.get(event, {})
    unknown = [name for name in specific if name != "hookEventName" and name not in fields]
    if unknown:
        return f"{event} hook returned unsupported hookSpecificOutput field `{unknown[0]}`"
    problem = type_problem(specific, fields)
    if problem is not None:
        return f"{event} hook returned invalid hookSpecificOutput: {problem}"
    if event == "PostToolUse" and "updatedMCPToolOutput" in specific:
        return "PostToolUse hook returned unsupported updatedMCPToolOutput"
    return None


def _pre_tool_use_problem(output: Mapping[str, Any], specific: Mapping[str, Any]) -> str | None:
    decision = specific.get("permissionDecision")
    reason = specific.get("permissionDecisionReason")
    updated = specific.get("updatedInput")
    if decision is None and reason is None and updated is None:  # the older top-level form
        top = output.get("decision")
        if top == "approve":
            return "PreToolUse hook returned unsupported decision:approve"
        if top == "block":
            return (
                None
                if _nonblank(output.get("reason"))
                else ("PreToolUse hook returned decision:block without a non-empty reason")
            )
        if top is not None:
            return f"PreToolUse hook returned invalid decision {top!r}"
        if output.get("reason") is not None:
            return "PreToolUse hook returned reason without decision"
        return None
    if updated is not None and decision != "allow":
        return "PreToolUse hook returned updatedInput without permissionDecision:allow"
    if decision == "allow":
        return (
            None
            if updated is not None
            else "PreToolUse hook returned unsupported permissionDecision:allow"
        )
    if decision == "ask":
        return "PreToolUse hook returned unsupported permissionDecision:ask"
    if decision == "deny":
        return (
            None
            if _nonblank(reason)
            else (
                "PreToolUse hook returned permissionDecision:deny without a non-empty "
                "permissionDecisionReason"
            )
        )
    if decision is None:
        return "PreToolUse hook returned permissionDecisionReason without permissionDecision"
    return f"PreToolUse hook returned invalid permissionDecision {decision!r}"


def _permission_problem(specific: Mapping[str, Any]) -> str | None:
    verdict = specific.get("decision")
    if not isinstance(verdict, Mapping):
        return None
    if verdict.get("behavior") not in ("allow", "deny"):
        return f"PermissionRequest hook returned invalid behavior {verdict.get('behavior')!r}"
    for name in ("updatedInput", "updatedPermissions"):
        if name in verdict:
            return f"PermissionRequest hook returned unsupported {name}"
    if verdict.get("interrupt") is True:
        return "PermissionRequest hook returned unsupported interrupt:true"
    return None


def _json(merged: _Merge, output: Mapping[str, Any], hook: str) -> None:
    """A valid answer's effect."""
    event = merged.event
    if output.get("continue") is False:
        stop = _text(output.get("stopReason")) or f"stopped by {hook}"
        merged.stops.append(stop)
        merged.notices.append(Notice("stop reason", "user", stop, hook))
    message = _text(output.get("systemMessage"))
    if message:
        _tell(merged, "system message", "user", message, hook)
    specific = output.get("hookSpecificOutput")
    specific = specific if isinstance(specific, Mapping) else {}
    context = _text(specific.get("additionalContext"))
    if context and event in CONTEXT_EVENTS:
        _tell(merged, "additional context", "model", context, hook)
    if event == "PreToolUse":
        if specific.get("permissionDecision") == "deny":
            _block(merged, _text(specific.get("permissionDecisionReason")), hook)
        elif specific.get("permissionDecision") == "allow":
            merged.updated = specific.get("updatedInput")
        elif output.get("decision") == "block":
            _block(merged, _text(output.get("reason")), hook)
        return
    if event == "PermissionRequest":
        verdict = specific.get("decision")
        if isinstance(verdict, Mapping) and verdict.get("behavior") == "deny":
            message = _text(verdict.get("message")) or "PermissionRequest hook denied approval"
            _block(merged, message, hook)
        elif (
            isinstance(verdict, Mapping)
            and verdict.get("behavior") == "allow"
            and merged.allowed is None
        ):
            merged.allowed = _text(verdict.get("message"))
        return
    if output.get("decision") == "block":
        _block(merged, _text(output.get("reason")), hook)


def _block(merged: _Merge, reason: str, hook: str) -> None:
    merged.blocks.append(reason)
    to: Audience = "user" if merged.event == "UserPromptSubmit" else "model"
    merged.notices.append(Notice("reason", to, reason, hook))


def _tell(merged: _Merge, what: str, to: Audience, text: str, hook: str) -> None:
    merged.notices.append(Notice(what, to, text, hook))
    if to == "model":
        merged.contexts.append(text)
    elif to == "user":
        merged.messages.append(text)


def _failed(merged: _Merge, run: HandlerRun, problem: str) -> HandlerRun:
    """A failed run: logged, shown as failed, and deciding nothing."""
    merged.notices.append(Notice("hook error", "user", f"{run.hook_id}: {problem}", run.hook_id))
    return replace(run, error=problem, output=None)


def _with_output(run: HandlerRun, output: Mapping[str, Any]) -> HandlerRun:
    return replace(run, output=output)


def _nonblank(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


PROTOCOL = Codex()
