"""GitHub Copilot's command-hook protocol, from GitHub's hooks reference (github/docs
``content/copilot/reference/hooks-reference.md``, commit 2199f62d): "Hook event input
payloads", the decision-control tables, "Exit codes for command hooks".

Input
- camelCase events get ``{sessionId, timestamp (Unix milliseconds), cwd, ...}`` with the
  event's camelCase fields (``toolName``, ``toolArgs``, ...); the PascalCase spellings
  get the VS Code compatible payload ``{hook_event_name, session_id, timestamp (ISO 8601),
  cwd, ...}`` with snake_case fields. hookc adds the common fields the context lacks.
- The command is ``bash`` on Linux and macOS, else the cross-platform ``command``;
  ``powershell`` is Windows' (an entry with only ``powershell`` does not run here, nor
  under cloud agent). It runs under bash in ``cwd`` (relative to the repository root,
  ``--project-dir``), with the entry's ``env``. ``timeoutSec`` is in seconds, 30 by
  default (``timeout``, the cross-tool spelling, is read too).
- "If multiple hooks of the same type are configured, they execute in order."

Exit codes and failures: 0 is success, and stdout, if any, is the JSON answer. 2 is a
warning (stderr shown to the user; the run continues), except on permissionRequest, where
it is ``{"behavior": "deny"}`` merged with any stdout JSON (stderr ignored), and on
postToolUseFailure, where stdout is context for the agent. Any other status, a timeout,
a command that cannot start or output that is not JSON is logged and skipped: fail-open,
it decides nothing. (Copilot CLI 1.0.80 was reported to deny a preToolUse call on any
non-zero exit, rtk-ai/rtk#3630; hookc follows the reference until GitHub's documentation
says otherwise.)

Answers
- preToolUse: ``permissionDecision`` allow|deny|ask with ``permissionDecisionReason``, and
  ``modifiedArgs``, the arguments to use instead. "If any hook returns deny, the tool is
  blocked"; hookc ranks deny over ask over allow, and takes the last ``modifiedArgs`` in
  order (the reference does not say which wins). ``PreToolUse`` answers the VS Code way:
  ``hookSpecificOutput.permissionDecision`` (and ``updatedInput``), read before the
  top-level fields (rtk-ai/rtk#3630: "routes through the VS Code response path").
- agentStop, subagentStop (and Stop, SubagentStop): ``decision: "block"`` with ``reason``
  forces another turn (verdict ``deny``, the reason the next prompt).
- permissionRequest: the answers merged, "later hook outputs overriding earlier ones":
  ``behavior`` allow|deny, ``message``, ``interrupt`` (true with deny stops the agent).
- sessionStart, subagentStart, notification, postToolUseFailure: ``additionalContext``
  for the model, every handler's joined.
- The other events' output is not processed.
"""

from __future__ import annotations

import datetime
import os
import shutil
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import (
    Handler,
    Options,
    Protocol,
    command_run,
    joined,
    json_object,
)
from hookc.handlers.results import Decision, HandlerRun, Verdict

DEFAULT_TIMEOUT = 30.0
# The PascalCase spellings, which select the VS Code compatible payload and answer.
VSCODE_PAYLOAD = frozenset(
    "SessionStart SessionEnd UserPromptSubmit PreToolUse PostToolUse PostToolUseFailure "
    "Stop SubagentStop ErrorOccurred PreCompact".split()
)
PRE_TOOL = frozenset({"preToolUse", "PreToolUse"})
STOPS = frozenset({"agentStop", "subagentStop", "Stop", "SubagentStop"})
PERMISSION = "permissionRequest"
CONTEXT_EVENTS = frozenset(
    "sessionStart SessionStart subagentStart notification postToolUseFailure "
    "PostToolUseFailure".split()
)
FAILURE_EVENTS = frozenset({"postToolUseFailure", "PostToolUseFailure"})
_RANK = {"allow": 1, "ask": 2, "deny": 3}


class Copilot(Protocol):
    name = "copilot"
    default_timeout = DEFAULT_TIMEOUT
    host = "Copilot"

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        kind = action.get("type")
        if kind != "command":
            return f"a `{kind}` handler (hookc runs command handlers)"
        command = _text(action.get("bash")) or _text(action.get("command"))
        if not command:
            if _text(action.get("powershell")):
                return "a `powershell` command only, which Copilot runs on Windows alone"
            return "a command handler with no command"
        bash = shutil.which("bash")
        if bash is None:
            return "a bash command, and no bash here to run it"
        found = self._handler(hook_id, action, "command", command, options, (bash, "-c"))
        return replace(found, cwd=_cwd(action.get("cwd"), options))

    def timeout_of(self, action: Mapping[str, Any]) -> float:
        for name in ("timeoutSec", "timeout"):
            value = action.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
                return float(value)
        return self.default_timeout

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        now = datetime.datetime.now(datetime.UTC)
        session = options.session_id or str(uuid.uuid4())
        if event in VSCODE_PAYLOAD:
            payload["hook_event_name"] = event
            payload.setdefault("session_id", session)
            payload.setdefault("timestamp", now.isoformat(timespec="milliseconds")[:-6] + "Z")
        else:
            payload.setdefault("sessionId", session)
            payload.setdefault("timestamp", int(now.timestamp() * 1000))
        payload.setdefault("cwd", options.cwd)
        return payload

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        return command_run(handler, finished)  # what it means depends on the event

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        messages: list[str] = []
        contexts: list[str] = []
        read: list[HandlerRun] = []
        answers: list[Mapping[str, Any]] = []
        for run in runs:
            run, answer = self._answer(event, run, messages, contexts)
            read.append(run)
            if answer is not None:
                answers.append(answer)
        verdict: Verdict = "proceed"
        reason: str | None = None
        updated: Mapping[str, Any] | None = None
        merged: dict[str, Any] | None = None
        if event in PRE_TOOL:
            verdict, reason, updated = _pre_tool_use(event, answers)
        elif event in STOPS:
            blocks = [a for a in answers if a.get("decision") == "block"]
            if blocks:
                verdict = "deny"
                reason = joined([_text(a.get("reason")) for a in blocks]) or "blocked"
        elif event == PERMISSION:
            merged = {}
            for answer in answers:
                merged.update(answer)
            behavior = merged.get("behavior")
            if behavior == "deny":
                verdict = "stop" if merged.get("interrupt") is True else "deny"
                reason = _text(merged.get("message")) or None
            elif behavior == "allow":
                verdict = "allow"
        if event in CONTEXT_EVENTS:
            for answer in answers:
                context = _specific(event, answer).get("additionalContext")
                if isinstance(context, str):
                    contexts.append(context)
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason,
            updated_input=updated,
            additional_context=joined(contexts),
            messages=tuple(messages),
            output=merged or None,
            runs=tuple(read),
            skipped=tuple(skipped),
        )

    def _answer(
        self, event: str, run: HandlerRun, messages: list[str], contexts: list[str]
    ) -> tuple[HandlerRun, Mapping[str, Any] | None]:
        """One run as Copilot reads it: the run (its error said) and its JSON answer."""
        if run.error is not None:
            messages.append(f"{event} hook failed ({run.hook_id}): {run.error}; skipped")
            return run, None
        output, problem = json_object(run.stdout)
        if run.exit_code == 2:
            if event == PERMISSION:
                return replace(run, output=output), {**(output or {}), "behavior": "deny"}
            if event in FAILURE_EVENTS:
                if run.stdout.strip():
                    contexts.append(run.stdout.strip())
                return run, None
            if run.stderr.strip():
                messages.append(f"{event} hook warning ({run.hook_id}): {run.stderr.strip()}")
            return run, None
        if run.exit_code != 0:
            failed = f"exited with status {run.exit_code}"
            messages.append(f"{event} hook failed ({run.hook_id}): {failed}; skipped")
            return replace(run, error=failed), None
        if problem is not None:
            messages.append(f"{event} hook failed ({run.hook_id}): {problem}; skipped")
            return replace(run, error=problem), None
        return replace(run, output=output), output


def _pre_tool_use(
    event: str, answers: Sequence[Mapping[str, Any]]
) -> tuple[Verdict, str | None, Mapping[str, Any] | None]:
    best: str | None = None
    reason: str | None = None
    updated: Mapping[str, Any] | None = None
    for answer in answers:
        fields = _specific(event, answer)
        decision = fields.get("permissionDecision")
        if decision in _RANK and (best is None or _RANK[str(decision)] > _RANK[best]):
            best = str(decision)
            reason = _text(fields.get("permissionDecisionReason")) or None
        args = fields.get("updatedInput" if event in VSCODE_PAYLOAD else "modifiedArgs")
        if args is None:
            args = fields.get("modifiedArgs")
        if isinstance(args, Mapping):
            updated = args
    if best is None:
        return "proceed", None, updated
    verdict: Verdict = "deny" if best == "deny" else "ask" if best == "ask" else "allow"
    if verdict == "deny":
        reason = reason or "denied by a preToolUse hook"
    return verdict, reason, updated


def _specific(event: str, answer: Mapping[str, Any]) -> Mapping[str, Any]:
    """The fields an answer gives: a PascalCase event's ``hookSpecificOutput`` over its
    top level; a camelCase event's top level."""
    if event not in VSCODE_PAYLOAD:
        return answer
    specific = answer.get("hookSpecificOutput")
    if isinstance(specific, Mapping):
        return {**answer, **specific}
    return answer


def _cwd(given: Any, options: Options) -> str:
    """``cwd``: "relative to repository root or absolute"."""
    root = options.project_dir or options.cwd
    if not isinstance(given, str) or not given:
        return options.cwd
    given = os.path.expanduser(given)
    return given if os.path.isabs(given) else os.path.join(root, given)


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


PROTOCOL = Copilot()
