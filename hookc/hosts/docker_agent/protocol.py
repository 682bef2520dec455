"""docker-agent's hook protocol, as its executor implements it (github.com/docker/docker-agent,
`pkg/hooks`: `executor.go` Dispatch/runHook/aggregate, `pipeline.go`, `protocol.go`,
`handler.go`, `events/contracts.go`; `pkg/config` HookDefinition.GetTimeout):

- Input: the event's JSON on stdin with `session_id`, `cwd` (the agent's working directory
  when the caller gives none) and `hook_event_name`; snake_case throughout.
- A command runs under the shell in the hook's `working_dir` (relative to the agent's
  directory) with its `env` added; `timeout` is in seconds, 60 when unset or not positive.
- Identical hook definitions (every configured field equal) run once, the first kept.
- Hooks run concurrently, except on events that rewrite their input (`pre_tool_use`,
  `tool_input_transform`, `before_llm_call`, `tool_response_transform`), where they run in
  order and each sees the tool input as the ones before it rewrote it (`updated_input`
  merged key by key); the merged input is the result.
- A hook's answer: exit 0 with stdout that, trimmed, starts with `{` must be one JSON object
  of the output schema (else the hook failed: "invalid hook output"); other stdout is plain
  text, which becomes `additional_context` on events that take context. Exit 2 blocks (with
  stderr as the message) where the event can block, and is only reported elsewhere. Any
  other exit, a timeout, or a command that cannot run is a failure.
- `decision` may only be `block`; `permission_decision` only `allow`, `ask` or `deny`;
  anything else is a failed hook.
- A failure blocks on fail-closed events (`pre_tool_use`, `tool_guard`) and where the hook
  says `on_error: block` on an event that can block; otherwise `on_error: warn` (the default)
  reports it and `ignore` drops it.
- Merge: `continue: false` or `decision: block` block where the event can block (with
  `stop_reason` / `reason`); `permission_decision` merges most restrictive first (deny > ask >
  allow, the first reason kept), and `deny` blocks; `system_message`s and
  `additional_context`s are joined one per line in configuration order.
- `builtin` hooks name a function the runtime registered (`command`), given the input and
  the hook's `args`; what it returns is read like a command's JSON output.
"""

from __future__ import annotations

import json
import os
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import Handler, Options, Protocol, command_run, joined, read_json
from hookc.handlers.results import Decision, HandlerRun, Verdict


@dataclass(frozen=True, slots=True)
class Contract:
    """An event's capabilities (docker-agent `pkg/hooks/events/contracts.go`)."""

    can_block: bool = False
    fail_closed: bool = False
    rewrites_input: bool = False  # runs in order, each hook seeing the input rewritten
    sequential: bool = False
    decision: bool = False  # permission_decision gates the call (pre_tool_use, tool_guard)
    approval: bool = False  # permission_decision approves or denies (permission_request)
    context: bool = False  # additional_context and plain stdout are used


CONTRACTS: Mapping[str, Contract] = {
    "pre_tool_use": Contract(
        can_block=True, fail_closed=True, rewrites_input=True, sequential=True, decision=True
    ),
    "post_tool_use": Contract(can_block=True),
    "permission_request": Contract(can_block=True, approval=True),
    "session_start": Contract(context=True),
    "user_prompt_submit": Contract(can_block=True, context=True),
    "user_steering_messages_submit": Contract(can_block=True, context=True),
    "user_followup_submit": Contract(can_block=True, context=True),
    "turn_start": Contract(context=True),
    "before_llm_call": Contract(can_block=True, sequential=True),
    "pre_compact": Contract(can_block=True, context=True),
    "before_compaction": Contract(can_block=True),
    "tool_response_transform": Contract(sequential=True),
    "tool_input_transform": Contract(can_block=True, rewrites_input=True, sequential=True),
    "tool_guard": Contract(can_block=True, fail_closed=True, decision=True),
    "worktree_create": Contract(can_block=True, context=True),
}
OBSERVATIONAL = Contract()  # turn_end, session_end, stop, notification, on_error, ...
DECISION_WEIGHT = {"deny": 3, "ask": 2, "allow": 1}
# The output schema's typed fields: Go's decoder rejects a value of another type.
_OUTPUT_TYPES: Mapping[str, type | tuple[type, ...]] = {
    "continue": bool,
    "stop_reason": str,
    "suppress_output": bool,
    "system_message": str,
    "decision": str,
    "reason": str,
    "hook_specific_output": dict,
}
# Fields of hook_specific_output besides the typed ones (strict_output rejects others).
_OTHER_SPECIFIC = {"updated_messages", "updated_tool_response", "metadata", "instruction_context"}
_SPECIFIC_TYPES: Mapping[str, type | tuple[type, ...]] = {
    "hook_event_name": str,
    "permission_decision": str,
    "permission_decision_reason": str,
    "updated_input": dict,
    "additional_context": str,
    "summary": str,
}
_SPECIFIC_FIELDS = set(_SPECIFIC_TYPES) | _OTHER_SPECIFIC


class DockerAgent(Protocol):
    name = "docker-agent"
    default_timeout = 60.0

    def shell(self, action: Mapping[str, Any]) -> tuple[str, ...] | str:
        # pkg/shellpath DetectShell: $SHELL, else /bin/sh, with -c.
        return (os.environ.get("SHELL") or "/bin/sh", "-c")

    def dedupe_key(self, handler: Handler) -> Hashable | None:
        return json.dumps(handler.action, sort_keys=True, default=str)

    def concurrent(self, event: str) -> bool:
        return not CONTRACTS.get(event, OBSERVATIONAL).sequential

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload.setdefault("session_id", options.session_id or "")
        if not payload.get("cwd"):
            payload["cwd"] = options.cwd
        payload["hook_event_name"] = event
        return payload

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        run = command_run(handler, finished)
        if run.error is not None:
            return run
        if run.exit_code not in (0, 2):
            return replace(run, error=f"exited with status {run.exit_code}")
        if run.exit_code == 2:
            return run
        return _parsed(run)

    def after(
        self, event: str, payload: dict[str, Any], run: HandlerRun
    ) -> tuple[dict[str, Any], bool]:
        # pipeline.go: an accepted rewrite is what the next hook reads; nothing stops early.
        run = _validated(run, event)
        if not CONTRACTS.get(event, OBSERVATIONAL).rewrites_input or run.error is not None:
            return payload, False
        updated = _specific(run).get("updated_input")
        if run.exit_code in (0, None) and isinstance(updated, Mapping):
            tool_input = _tool_input(payload)
            tool_input.update(updated)
            payload = {**payload, "tool_input": tool_input}
        return payload, False

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        contract = CONTRACTS.get(event, OBSERVATIONAL)
        allowed = True
        messages: list[str] = []
        contexts: list[str] = []
        warnings: list[str] = []
        decision, decision_reason = "", ""
        approved = False
        modified: dict[str, Any] | None = None
        runs = [_validated(run, event) for run in runs]  # as the event reads each answer
        for run in runs:
            name = _display_name(run)
            if run.error is not None:
                policy = _policy(run)
                failure = f"{event} hook failed to execute: hook {name!r}: {run.error}"
                if contract.fail_closed or (contract.can_block and policy == "block"):
                    allowed = False
                    messages.append(failure)
                elif policy != "ignore":
                    warnings.append(failure)
                continue
            if run.exit_code == 2:
                if not contract.can_block:
                    warnings.append(
                        f"{event} hook {name!r} returned exit 2, but this event cannot block"
                    )
                    continue
                allowed = False
                if run.stderr:
                    messages.append(run.stderr.strip())
                continue
            output = run.output
            if output is None:
                if run.stdout.strip() and contract.context:
                    contexts.append(run.stdout.strip())
                continue
            stops = output.get("continue") is False
            blocks = output.get("decision") == "block"
            if not contract.can_block and (stops or blocks):
                warnings.append(
                    f"{event} hook {name!r} returned a block, but this event cannot block"
                )
            if contract.can_block and stops:
                allowed = False
                if output.get("stop_reason"):
                    messages.append(str(output["stop_reason"]))
            if contract.can_block and blocks:
                allowed = False
                if output.get("reason"):
                    messages.append(str(output["reason"]))
            if output.get("system_message"):
                warnings.append(str(output["system_message"]))
            specific = _specific(run)
            verdict = specific.get("permission_decision") or ""
            reason = specific.get("permission_decision_reason") or ""
            if verdict and not (contract.decision or contract.approval):
                warnings.append(
                    f"{event} hook {name!r} returned permission_decision, but this event does "
                    "not support approval decisions"
                )
            stronger = DECISION_WEIGHT.get(verdict, 0) > DECISION_WEIGHT.get(decision, 0)
            if contract.decision and stronger:  # ties keep the first reason
                decision, decision_reason = verdict, reason
            if contract.decision or contract.approval:
                if verdict == "deny":
                    allowed = False
                    if reason:
                        messages.append(reason)
                elif verdict == "allow" and contract.approval:
                    approved = True
                    decision_reason = decision_reason or reason
            updated = specific.get("updated_input")
            if contract.rewrites_input and isinstance(updated, Mapping):
                modified = {**(modified or {}), **updated}
            if contract.context and specific.get("additional_context"):
                contexts.append(str(specific["additional_context"]))
        if modified is not None and contract.rewrites_input:
            # pipeline.go: the runtime replaces the tool's arguments with the whole input as
            # the hooks patched it, not with the patches alone.
            modified = _tool_input(payload)
        result: Verdict = "proceed"
        if not allowed:
            result = "deny"
        elif decision == "ask":
            result = "ask"
        elif decision == "allow" or approved:
            result = "allow"
        return Decision(
            self.name,
            event,
            result,
            reason=joined(messages) if not allowed else (decision_reason or None),
            updated_input=modified,
            additional_context=joined(contexts),
            messages=tuple(warnings),
            runs=tuple(runs),
            skipped=tuple(skipped),
        )


def _tool_input(payload: Mapping[str, Any]) -> dict[str, Any]:
    """The tool input a rewrite patches: docker-agent's is a JSON object (Go's
    `map[string]any`); anything else the caller sent (a string, a list) is no object to
    patch, so the rewrite starts from an empty one, as it does where there is none."""
    tool_input = payload.get("tool_input")
    return dict(tool_input) if isinstance(tool_input, Mapping) else {}


def _policy(run: HandlerRun) -> str:
    """`on_error`: warn (the default), ignore or block."""
    policy = run.action.get("on_error")
    return policy if policy in ("warn", "ignore", "block") else "warn"


def _parsed(run: HandlerRun) -> HandlerRun:
    """protocol.go parseStdoutJSON: blank or non-`{` stdout is no output (an error for a
    `strict_output` hook); text that starts with `{` must be exactly one JSON object, of
    known fields only under `strict_output`."""
    text = run.stdout.strip()
    strict = run.action.get("strict_output") is True
    if not text.startswith("{"):
        if strict and text:
            return replace(run, error="strict_output requires a JSON object or empty stdout")
        return run
    value, problem = read_json(text)
    if problem is not None and "Extra data" in problem:
        return replace(run, error="hook output must contain a single JSON object")
    if problem is not None:
        return replace(run, error=f"invalid hook output: {problem}")
    if strict and isinstance(value, dict):
        specific = value.get("hook_specific_output")
        unknown = sorted(set(value) - set(_OUTPUT_TYPES)) + sorted(
            set(specific) - _SPECIFIC_FIELDS if isinstance(specific, dict) else ()
        )
        if unknown:
            return replace(run, error=f"invalid hook output: unknown field {unknown[0]!r}")
    return replace(run, output=value)


def _validated(run: HandlerRun, event: str) -> HandlerRun:
    """protocol.go validateOutput, and Go's typed decoding of the output schema."""
    output = run.output
    if run.error is not None or output is None:
        return run
    for fields, value in ((_OUTPUT_TYPES, output), (_SPECIFIC_TYPES, _specific(run))):
        for key, expected in fields.items():
            if value.get(key) is not None and not isinstance(value[key], expected):
                return replace(
                    run, output=None, error=f"invalid hook output: `{key}` has the wrong type"
                )
    if output.get("decision") not in (None, "", "block"):
        return replace(
            run, output=None, error=f"invalid decision {output['decision']!r}: expected block"
        )
    verdict = _specific(run).get("permission_decision")
    if verdict not in (None, "", "allow", "ask", "deny"):
        return replace(
            run,
            output=None,
            error=f"invalid permission_decision {verdict!r}: expected allow, ask, or deny",
        )
    if run.action.get("strict_output") is True:
        problem = _strict_problem(event, output, _specific(run))
        if problem is not None:
            return replace(run, output=None, error=problem)
    return run


def _strict_problem(
    event: str, output: Mapping[str, Any], specific: Mapping[str, Any]
) -> str | None:
    """What a `strict_output` hook answered that its event does not support."""
    contract = CONTRACTS.get(event, OBSERVATIONAL)
    if output.get("suppress_output"):
        return "suppress_output is not supported; use stderr for diagnostics"
    if not contract.can_block and (
        output.get("continue") is False or output.get("decision") == "block"
    ):
        return f"{event} does not support blocking output"
    named = specific.get("hook_event_name")
    if named and named != event:
        return f"output hook_event_name {named!r} does not match {event}"
    supported = {
        "permission_decision": contract.decision or contract.approval,
        "permission_decision_reason": contract.decision or contract.approval,
        "updated_input": contract.rewrites_input,
        "additional_context": contract.context,
        "summary": event == "before_compaction",
    }
    for field, allowed in supported.items():
        if specific.get(field) and not allowed:
            return f"{event} does not support {field.removesuffix('_reason')}"
    return None


def _specific(run: HandlerRun) -> Mapping[str, Any]:
    specific = (run.output or {}).get("hook_specific_output")
    return specific if isinstance(specific, Mapping) else {}


def _display_name(run: HandlerRun) -> str:
    """HookDefinition.DisplayName: the hook's name, else its command, else its type."""
    return str(run.action.get("name") or run.target or run.action.get("type") or run.kind)


PROTOCOL = DockerAgent()
