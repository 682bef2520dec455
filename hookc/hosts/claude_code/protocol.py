"""Claude Code's command-hook protocol: what a hook is given, how its answer reads, and who
sees each text it produces.

Source: Claude Code's hooks reference, https://code.claude.com/docs/en/hooks (the copy
fetched 2026-10-08, Claude Code 2.1.3xx): "Hook handler fields", "Exit code output"
(exit 0, exit 2, other codes, timeouts), the table "Exit code 2 behavior per event",
"JSON output" (the universal-field table), "Decision control" (the per-event table) and
each event's "decision control" section; and the hooks guide ("When multiple hooks match").

Input
- The event's JSON on stdin, with the common fields `session_id`, `cwd` and
  `hook_event_name` (hookc adds those the context lacks; `cwd` is where the agent runs).
  The command runs under bash (`shell: powershell`: pwsh) in that directory with
  `CLAUDE_PROJECT_DIR` set to the project root. `timeout` is in seconds, 600 by default.
- All matching hooks run in parallel; identical commands run once.

Reading stdout ("Exit code 0")
- Trimmed stdout that starts with `{` and ends with `}` is parsed as JSON; anything else is
  plain text. Several lines that each parse as JSON are plain text unless one of them is an
  output object that sets a field, which makes the whole a parse failure.
- A parse failure, or a parsed object that fails the output schema, is a non-blocking
  `<hook> hook error` (shown to the user, the action proceeds) on every exit code but 2;
  plain-text context is then not added (since 2.1.248). The schema, as hookc checks it:
  the universal fields have their types (`continue`, `suppressOutput` booleans;
  `stopReason`, `systemMessage`, `reason`, `terminalSequence` strings; `decision` is
  `approve` or `block`), and `hookSpecificOutput` is an object that "requires a
  `hookEventName` field set to the event name": a missing name, or another event's, fails
  it, so a PreToolUse answer `{"hookSpecificOutput": {"permissionDecision": "deny"}}` is a
  hook error and the tool runs. The fields the event reads must have their types and
  values (`permissionDecision` allow|deny|ask|defer on PreToolUse, allow|deny|ask on
  PreModelSwitch; PermissionRequest's `decision.behavior` allow|deny; `additionalContext` a
  string; ...). A field the event does not read is ignored, and hookc says so.
- Plain stdout on exit 0 is context for the model on UserPromptSubmit,
  UserPromptExpansion, SessionStart and PostModelSwitch, and goes to the debug log elsewhere.

Exit codes
- 0: success; the JSON, when valid, decides.
- 2: a blocking error on the events that can block ("Exit code 2 behavior per event", held
  in `EXIT_2` below with who reads the stderr). It blocks even beside a JSON `allow` and
  even when the JSON fails validation (2.1.214 and later); valid JSON is still read, and the
  block's message is the JSON's blocking reason when it gives one, else stderr. On
  Elicitation and ElicitationResult an exit-2 hook's `hookSpecificOutput` is ignored.
  Elsewhere stderr goes where the table says: to the model (PostToolUse,
  PostToolUseFailure), to the user only (SessionStart, SubagentStart, SessionEnd,
  CwdChanged, FileChanged, PostCompact, PostModelSwitch), or nowhere (PermissionRequest,
  where exit 2 "isn't honored", StopFailure, PermissionDenied, Notification, Setup,
  DirectoryAdded, InstructionsLoaded, MessageDisplay).
- Any other code: with valid JSON, the JSON alone decides and no error is reported;
  otherwise a non-blocking hook error showing the first line of stderr.
- A timeout cancels the hook and discards its output: no decision (on PreModelSwitch it
  blocks the switch). A command that cannot start is a non-blocking error.
- WorktreeCreate fails on any nonzero exit, a failure, or no path on stdout (its stdout is
  the path, not JSON); WorktreeRemove on any nonzero exit.

`onFailure` (a command field, Claude Code 2.1.295, per the research file: the reference
copy above predates it): with `onFailure: block`, a hook that cannot start, times out,
exits other than 0 or 2, or prints invalid JSON (unparseable, or failing the schema) counts
as exit 2, so a guard that failed to run blocks instead of allowing silently; its message
is its stderr, else what went wrong. `continue` (the default) keeps the rules above.

Merging (several hooks)
- `continue: false` stops Claude (`stopReason` for the user) and wins over every decision,
  on the events that do not discard it. `systemMessage` is a warning for the user where the
  event keeps it.
- Top-level `decision: "block"` with `reason` acts on UserPromptSubmit,
  UserPromptExpansion, PostToolUse, PostToolUseFailure, PostToolBatch, Stop, SubagentStop,
  ConfigChange, PreCompact, TaskCreated and PreModelSwitch; on PostToolUse and
  PostToolUseFailure it only gives the model the reason. PreToolUse's deprecated top-level
  `approve` / `block` mean allow / deny.
- PreToolUse `permissionDecision`s: the most restrictive wins, deny > defer > ask > allow;
  an exit 2 or a block blocks whatever the others say. `additionalContext` reaches the model
  from every hook on the events that take it.

Who sees what (`Notice.to`): a PreToolUse denial's reason the model; an `ask` reason the
user (in the prompt); `allow`/`defer` reasons nobody (debug log); UserPromptSubmit and
UserPromptExpansion block messages the user only; Stop, SubagentStop, TeammateIdle,
TaskCreated and TaskCompleted block messages the model (the agent kept working);
PostToolBatch's the user and then the model; ConfigChange's nobody ("never shown");
PreModelSwitch's the user. Unverified, and what hookc implements: the audience of a block
on PreCompact, Elicitation, ElicitationResult, WorktreeCreate and WorktreeRemove (the
reference does not say; hookc says the user), and of TaskCompleted's (the model, as for
TaskCreated); a hook error on the events whose exit 2 is ignored is shown to nobody.

hookc's own choices where Claude Code keeps state hookc lacks: when several PreToolUse hooks
return `updatedInput`, Claude Code applies whichever finishes last; hookc applies the last
in match order, so a run is reproducible. `once` is not tracked (hookc has no session), nor
the 10,000-character cap on output strings. `async: true` hooks run with the others but
decide nothing; an `asyncRewake` hook's exit 2 wakes the model with its stderr (or stdout).
"""

from __future__ import annotations

import functools
import os
import shutil
import uuid
from collections.abc import Hashable, Mapping, Sequence
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


@dataclass(frozen=True, slots=True)
class Exit2:
    """A row of "Exit code 2 behavior per event": whether it blocks, who reads stderr."""

    blocks: bool
    to: Audience


EXIT_2: Mapping[str, Exit2] = {
    "PreToolUse": Exit2(True, "model"),
    "PermissionRequest": Exit2(False, "nobody"),
    "UserPromptSubmit": Exit2(True, "user"),
    "UserPromptExpansion": Exit2(True, "user"),
    "Stop": Exit2(True, "model"),
    "SubagentStop": Exit2(True, "model"),
    "TeammateIdle": Exit2(True, "model"),
    "TaskCreated": Exit2(True, "model"),
    "TaskCompleted": Exit2(True, "model"),
    "ConfigChange": Exit2(True, "nobody"),
    "StopFailure": Exit2(False, "nobody"),
    "PostToolUse": Exit2(False, "model"),
    "PostToolUseFailure": Exit2(False, "model"),
    "PostToolBatch": Exit2(True, "both"),
    "PermissionDenied": Exit2(False, "nobody"),
    "Notification": Exit2(False, "nobody"),
    "SubagentStart": Exit2(False, "user"),
    "SessionStart": Exit2(False, "user"),
    "Setup": Exit2(False, "nobody"),
    "SessionEnd": Exit2(False, "user"),
    "CwdChanged": Exit2(False, "user"),
    "DirectoryAdded": Exit2(False, "nobody"),
    "FileChanged": Exit2(False, "user"),
    "PreCompact": Exit2(True, "user"),
    "PostCompact": Exit2(False, "user"),
    "PreModelSwitch": Exit2(True, "user"),
    "PostModelSwitch": Exit2(False, "user"),
    "Elicitation": Exit2(True, "user"),
    "ElicitationResult": Exit2(True, "user"),
    "WorktreeCreate": Exit2(True, "user"),
    "WorktreeRemove": Exit2(True, "user"),
    "InstructionsLoaded": Exit2(False, "nobody"),
    "MessageDisplay": Exit2(False, "nobody"),
}
# An event the reference does not list: exit 2 shows stderr to the user, as on most events
# that cannot block.
OTHER_EVENT = Exit2(False, "user")
BLOCKING_EVENTS = frozenset(event for event, row in EXIT_2.items() if row.blocks)

# Events whose plain (non-JSON) stdout on exit 0 becomes context for the model.
PLAIN_CONTEXT_EVENTS = frozenset(
    {"UserPromptSubmit", "UserPromptExpansion", "SessionStart", "PostModelSwitch"}
)
# Events that honour a top-level `decision: "block"`; of these, the ones that cannot block
# only hand the reason to the model.
TOP_LEVEL_DECISION_EVENTS = frozenset(
    "UserPromptSubmit UserPromptExpansion PostToolUse PostToolUseFailure PostToolBatch Stop "
    "SubagentStop ConfigChange PreCompact TaskCreated PreModelSwitch".split()
)
# Events whose hooks' JSON output Claude Code discards on every exit code.
DISCARDS_JSON = frozenset({"Setup", "InstructionsLoaded", "StopFailure", "WorktreeRemove"})
# Events that discard `continue` (and with it `stopReason`), and those that discard
# `systemMessage`, per each event's section.
DISCARDS_CONTINUE = frozenset(
    "Notification ConfigChange MessageDisplay PreCompact TaskCreated CwdChanged FileChanged "
    "DirectoryAdded".split()
)
DISCARDS_SYSTEM_MESSAGE = frozenset(
    {"Notification", "ConfigChange", "MessageDisplay", "PreCompact"}
)
# Events where a failed hook is noted in the debug log only (their output and exit code are
# ignored, or the reference says failures surface nowhere else).
SILENT_FAILURE_EVENTS = frozenset(
    {"StopFailure", "Setup", "InstructionsLoaded", "MessageDisplay", "Notification"}
)
# Who reads a blocking decision's reason, where it differs from who reads exit 2's stderr
# (PermissionRequest cannot block by exit 2, but its `decision.message` goes to the model).
BLOCK_REASON_TO: Mapping[str, Audience] = {"PermissionRequest": "model"}

_TEXT = str
_CONTEXT = {"additionalContext": _TEXT}
# The fields of `hookSpecificOutput` each event reads, with their JSON types.
SPECIFIC_FIELDS: Mapping[str, Mapping[str, type | tuple[type, ...]]] = {
    "PreToolUse": {
        "permissionDecision": _TEXT,
        "permissionDecisionReason": _TEXT,
        "updatedInput": dict,
        **_CONTEXT,
    },
    "PreModelSwitch": {"permissionDecision": _TEXT, "permissionDecisionReason": _TEXT},
    "PermissionRequest": {"decision": dict},
    "PostToolUse": {
        **_CONTEXT,
        "classifierContext": _TEXT,
        "updatedToolOutput": (dict, list, str, int, float, bool),
        "updatedMCPToolOutput": (dict, list, str, int, float, bool),
    },
    "PostToolUseFailure": _CONTEXT,
    "PostToolBatch": _CONTEXT,
    "UserPromptSubmit": {**_CONTEXT, "sessionTitle": _TEXT, "suppressOriginalPrompt": bool},
    "UserPromptExpansion": _CONTEXT,
    "SessionStart": {
        **_CONTEXT,
        "initialUserMessage": _TEXT,
        "sessionTitle": _TEXT,
        "watchPaths": list,
        "reloadSkills": bool,
    },
    "SubagentStart": _CONTEXT,
    "PostModelSwitch": _CONTEXT,
    "Stop": _CONTEXT,
    "SubagentStop": _CONTEXT,
    "PermissionDenied": {"retry": bool},
    "Elicitation": {"action": _TEXT, "content": dict},
    "ElicitationResult": {"action": _TEXT, "content": dict},
    "MessageDisplay": {"displayContent": _TEXT},
    "WorktreeCreate": {"worktreePath": _TEXT},
    "CwdChanged": {"watchPaths": list},
    "FileChanged": {"watchPaths": list},
}
# Values a field may take, where the schema names them.
SPECIFIC_VALUES: Mapping[tuple[str, str], tuple[str, ...]] = {
    ("PreToolUse", "permissionDecision"): ("allow", "deny", "ask", "defer"),
    ("PreModelSwitch", "permissionDecision"): ("allow", "deny", "ask"),
    ("Elicitation", "action"): ("accept", "decline", "cancel"),
    ("ElicitationResult", "action"): ("accept", "decline", "cancel"),
}
_PERMISSION_REQUEST_DECISION: Mapping[str, type | tuple[type, ...]] = {
    "behavior": _TEXT,
    "updatedInput": dict,
    "updatedPermissions": list,
    "message": _TEXT,
    "interrupt": bool,
}
# The universal fields and the top-level decision, with their JSON types.
OUTPUT_FIELDS: Mapping[str, type | tuple[type, ...]] = {
    "continue": bool,
    "suppressOutput": bool,
    "stopReason": _TEXT,
    "systemMessage": _TEXT,
    "terminalSequence": _TEXT,
    "decision": _TEXT,
    "reason": _TEXT,
    "hookSpecificOutput": dict,
}
# Most restrictive first.
PERMISSION_RANK = {"deny": 4, "defer": 3, "ask": 2, "allow": 1}
_LEGACY_DECISIONS = {"approve": "allow", "block": "deny"}
# Who reads a PreToolUse `permissionDecisionReason`, by the decision it explains.
_PERMISSION_REASON_TO: Mapping[str, Audience] = {
    "deny": "model",
    "ask": "user",
    "allow": "nobody",
    "defer": "nobody",
}


@dataclass(slots=True)
class _Merge:
    """What the answers of an event's hooks add up to, gathered run by run."""

    event: str
    payload: Mapping[str, Any]
    notices: list[Notice] = field(default_factory=list)
    stops: list[str] = field(default_factory=list)
    blocks: list[str] = field(default_factory=list)
    contexts: list[str] = field(default_factory=list)  # everything the model is given
    messages: list[str] = field(default_factory=list)  # shown to the user, not blocking
    permission: str | None = None
    permission_reason: str | None = None
    updated: Mapping[str, Any] | None = None
    extras: dict[str, Any] = field(default_factory=dict)

    def tell(self, what: str, to: Audience, text: str, hook_id: str) -> None:
        text = text.strip()
        if not text:
            return
        self.notices.append(Notice(what, to, text, hook_id))
        if to in ("model", "both") and what != "reason":
            self.contexts.append(text)
        if to == "user" and what != "reason":
            self.messages.append(text)

    def block(self, text: str, to: Audience, hook_id: str) -> None:
        self.blocks.append(text)
        self.notices.append(Notice("reason", to, text, hook_id))


class ClaudeCode(Protocol):
    name = "claude-code"
    default_timeout = 600.0

    def shell(self, action: Mapping[str, Any]) -> tuple[str, ...] | str:
        # `shell`: bash (the default) or powershell.
        name = action.get("shell") or "bash"
        program = (
            {"bash": "bash", "powershell": "pwsh"}.get(name) if isinstance(name, str) else None
        )
        found = _which(program, os.environ.get("PATH", "")) if program else None
        if found is None:
            return f"a `{name}` command, and no {program or name} here to run it"
        return (found, "-c") if program == "bash" else (found, "-NoProfile", "-Command")

    def dedupe_key(self, handler: Handler) -> Hashable | None:
        return (handler.kind, handler.target)

    def concurrent(self, event: str) -> bool:
        return True

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload.setdefault("session_id", options.session_id or str(uuid.uuid4()))
        payload.setdefault("cwd", options.cwd)
        payload["hook_event_name"] = event
        return payload

    def environment(self, options: Options) -> dict[str, str]:
        return {"CLAUDE_PROJECT_DIR": options.project_dir or options.cwd}

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        # The facts only: how stdout reads depends on the event, which `merge` knows.
        return command_run(handler, finished)

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        merged = _Merge(event, payload)
        read = [_read(event, run) for run in runs]  # as Claude Code reads each answer
        for run, parsed in zip(runs, read, strict=True):
            _answer(merged, run, parsed)
        verdict: Verdict = "proceed"
        reason: str | None = None
        if merged.stops:
            verdict, reason = "stop", joined(merged.stops)
        elif merged.blocks or merged.permission == "deny":
            extra = [merged.permission_reason or ""] if merged.permission == "deny" else []
            verdict, reason = "deny", joined(merged.blocks + extra) or "denied"
        elif merged.permission == "allow":
            verdict, reason = "allow", merged.permission_reason
        elif merged.permission == "ask":
            verdict, reason = "ask", merged.permission_reason
        elif merged.permission == "defer":
            verdict, reason = "defer", merged.permission_reason
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason,
            updated_input=merged.updated,
            additional_context=joined(merged.contexts),
            messages=tuple(merged.messages),
            output=merged.extras or None,
            runs=tuple(parsed.run for parsed in read),
            skipped=tuple(skipped),
            notices=tuple(merged.notices),
        )


@dataclass(frozen=True, slots=True)
class _Read:
    """One hook's answer as Claude Code reads it for one event."""

    run: HandlerRun  # with `output` the valid JSON object, and `error` what failed
    output: Mapping[str, Any] | None  # the JSON object, when it is valid for the event
    plain: str | None  # stdout read as plain text
    failure: str | None  # the `<hook> hook error` Claude Code reports, if any
    exit_2: bool  # exit 2, or a failure that `onFailure: block` counts as one
    ignored: tuple[str, ...] = ()  # fields of a valid answer this event does not read


def _read(event: str, run: HandlerRun) -> _Read:
    if run.kind == "builtin":  # a builtin's answer is its JSON object, already parsed
        return _read_builtin(event, run)
    block_on_failure = run.action.get("onFailure") == "block"
    if run.error is not None:  # could not start, timed out, killed: no output to read
        return _Read(run, None, None, run.error, block_on_failure)
    code = run.exit_code
    output: Mapping[str, Any] | None = None
    plain: str | None = None
    problem: str | None = None
    ignored: tuple[str, ...] = ()
    if event == "WorktreeCreate":  # stdout is the worktree's path, never JSON
        plain = run.stdout.strip() or None
    else:
        value, plain, problem = _parse(run.stdout)
        if value is not None:
            problem = _schema_problem(event, value)
            if problem is None:
                output, ignored = value, _unread(event, value)
    failure = problem
    if failure is None and code not in (0, 2) and output is None:
        first = run.stderr.strip().split("\n", 1)[0]
        failure = f"Failed with non-blocking status code: {first or f'exit {code}'}"
    exit_2 = code == 2 or (block_on_failure and (code != 0 or failure is not None))
    shown = replace(run, output=output, error=problem)
    return _Read(shown, output, plain, failure, exit_2, ignored)


def _read_builtin(event: str, run: HandlerRun) -> _Read:
    """A builtin answers as a command would print: its dict is the JSON output."""
    if run.error is not None or run.output is None:
        return _Read(run, None, None, run.error, False)
    problem = _schema_problem(event, run.output)
    if problem is not None:
        return _Read(replace(run, output=None, error=problem), None, None, problem, False)
    return _Read(run, run.output, None, None, False, _unread(event, run.output))


def _answer(merged: _Merge, run: HandlerRun, parsed: _Read) -> None:
    """Adds one hook's answer to the merge, as Claude Code acts on it for the event."""
    event, hook = merged.event, run.hook_id
    row = EXIT_2.get(event, OTHER_EVENT)
    if run.action.get("async") is True or run.action.get("asyncRewake") is True:
        # Ran in the background: decides nothing. asyncRewake wakes the model on exit 2.
        if run.action.get("asyncRewake") is True and run.exit_code == 2:
            merged.tell("wake-up", "model", run.stderr or run.stdout, hook)
        return
    if event == "StopFailure":  # output and exit code are ignored
        merged.tell("ignored output", "nobody", run.stderr or run.stdout, hook)
        return
    if event in ("WorktreeCreate", "WorktreeRemove"):
        _worktree(merged, run, parsed)
        return
    if run.timed_out and event == "PreModelSwitch":
        merged.block(f"{hook} timed out", "user", hook)
        return
    if parsed.exit_2:
        _exit_2(merged, run, parsed, row)
    elif parsed.failure is not None:
        to: Audience = "nobody" if event in SILENT_FAILURE_EVENTS else "user"
        merged.tell("hook error", to, f"{event} hook error ({hook}): {parsed.failure}", hook)
    output = parsed.output
    if output is None:
        if parsed.plain is not None and parsed.failure is None and not parsed.exit_2:
            if event in PLAIN_CONTEXT_EVENTS and run.exit_code == 0:
                merged.tell("context", "model", parsed.plain, hook)
            else:
                merged.tell("stdout", "nobody", parsed.plain, hook)
        return
    if event in DISCARDS_JSON:
        merged.tell("ignored output", "nobody", run.stdout, hook)
        return
    _json(merged, run, output, parsed)


def _exit_2(merged: _Merge, run: HandlerRun, parsed: _Read, row: Exit2) -> None:
    """Exit 2 (or a failure `onFailure: block` counts as one)."""
    hook = run.hook_id
    said = run.stderr.strip() or (parsed.failure if run.exit_code != 2 and parsed.failure else "")
    if row.blocks:
        if _blocking_reason(merged.event, parsed.output) is None:  # else the JSON's reason
            merged.block(said or f"{hook} exited with status 2", row.to, hook)
    elif said:
        merged.tell("stderr (exit 2)", row.to, said, hook)
    if run.exit_code != 2 and parsed.failure is not None:  # onFailure: block; say why too
        merged.notices.append(Notice("hook error", "user", parsed.failure, hook))


def _json(merged: _Merge, run: HandlerRun, output: Mapping[str, Any], parsed: _Read) -> None:
    """A valid JSON answer's universal fields, decision and event-specific fields."""
    event, hook = merged.event, run.hook_id
    if output.get("continue") is False and event not in DISCARDS_CONTINUE:
        stop = _text(output.get("stopReason")) or f"stopped by {hook}"
        merged.stops.append(stop)
        merged.notices.append(Notice("stop reason", "user", stop, hook))
    message = _text(output.get("systemMessage"))
    if message:
        if event in DISCARDS_SYSTEM_MESSAGE:
            merged.tell("system message (discarded)", "nobody", message, hook)
        elif event == "DirectoryAdded":  # slash_command: to Claude; otherwise the debug log
            to: Audience = "model" if merged.payload.get("source") == "slash_command" else "nobody"
            merged.tell("system message", to, message, hook)
        else:
            merged.tell("system message", "user", message, hook)
    for name in parsed.ignored:
        merged.tell("ignored", "nobody", f"`{name}` is not read on {event}", hook)
    specific = output.get("hookSpecificOutput")
    specific = specific if isinstance(specific, Mapping) else {}
    if parsed.exit_2 and event in ("Elicitation", "ElicitationResult"):
        specific = {}
    reason = _blocking_reason(event, output)
    row = EXIT_2.get(event, OTHER_EVENT)
    if event == "PreToolUse":
        _pre_tool_use(merged, hook, output, specific)
    elif event == "PreModelSwitch":
        _permission(merged, hook, specific, default_to="user")
        if reason is not None:
            merged.block(reason, "user", hook)
    elif event == "PermissionRequest":
        _permission_request(merged, hook, specific)
    elif reason is not None:
        if row.blocks:
            merged.block(reason, row.to, hook)
        else:  # PostToolUse, PostToolUseFailure: the reason goes beside the tool result
            merged.tell("block reason", "model", _text(output.get("reason")), hook)
    if event != "PreToolUse":
        context = _text(specific.get("additionalContext"))
        if context and "additionalContext" in SPECIFIC_FIELDS.get(event, {}):
            merged.tell("additional context", "model", context, hook)
    for name, value in specific.items():
        if name in _EXTRAS.get(event, ()):
            merged.extras[name] = value


# Event-specific fields with no Decision field of their own: gathered into `output`.
_EXTRAS: Mapping[str, tuple[str, ...]] = {
    "PostToolUse": ("classifierContext", "updatedToolOutput", "updatedMCPToolOutput"),
    "UserPromptSubmit": ("sessionTitle", "suppressOriginalPrompt"),
    "SessionStart": ("initialUserMessage", "sessionTitle", "watchPaths", "reloadSkills"),
    "PermissionDenied": ("retry",),
    "Elicitation": ("action", "content"),
    "ElicitationResult": ("action", "content"),
    "MessageDisplay": ("displayContent",),
    "CwdChanged": ("watchPaths",),
    "FileChanged": ("watchPaths",),
}


def _pre_tool_use(
    merged: _Merge, hook: str, output: Mapping[str, Any], specific: Mapping[str, Any]
) -> None:
    decision = specific.get("permissionDecision")
    reason = _text(specific.get("permissionDecisionReason")) or None
    if not isinstance(decision, str):  # the deprecated top-level approve / block
        top = output.get("decision")
        decision = _LEGACY_DECISIONS.get(top) if isinstance(top, str) else None
        reason = _text(output.get("reason")) or None
    if decision is not None:
        _rank(merged, decision, reason)
        if reason:
            merged.notices.append(Notice("reason", _PERMISSION_REASON_TO[decision], reason, hook))
    if decision == "defer":  # updatedInput and additionalContext are ignored with defer
        return
    if isinstance(specific.get("updatedInput"), Mapping):
        merged.updated = specific["updatedInput"]
    context = _text(specific.get("additionalContext"))
    if context:
        merged.tell("additional context", "model", context, hook)


def _permission(
    merged: _Merge, hook: str, specific: Mapping[str, Any], default_to: Audience
) -> None:
    decision = specific.get("permissionDecision")
    if isinstance(decision, str):
        reason = _text(specific.get("permissionDecisionReason")) or None
        _rank(merged, decision, reason)
        if reason:
            merged.notices.append(Notice("reason", default_to, reason, hook))


def _permission_request(merged: _Merge, hook: str, specific: Mapping[str, Any]) -> None:
    verdict = specific.get("decision")
    if not isinstance(verdict, Mapping):
        return
    behavior = verdict.get("behavior")
    message = _text(verdict.get("message")) or None
    if behavior == "deny" and verdict.get("interrupt") is True:
        merged.stops.append(message or f"stopped by {hook}")
    if behavior in ("allow", "deny"):
        _rank(merged, str(behavior), message)
    if behavior == "deny" and message:
        merged.notices.append(Notice("reason", BLOCK_REASON_TO["PermissionRequest"], message, hook))
    if behavior == "allow" and isinstance(verdict.get("updatedInput"), Mapping):
        merged.updated = verdict["updatedInput"]
    if behavior == "allow" and isinstance(verdict.get("updatedPermissions"), list):
        merged.extras["updatedPermissions"] = verdict["updatedPermissions"]


def _rank(merged: _Merge, decision: str, reason: str | None) -> None:
    current = merged.permission
    if current is None or PERMISSION_RANK[decision] > PERMISSION_RANK[current]:
        merged.permission, merged.permission_reason = decision, reason


def _worktree(merged: _Merge, run: HandlerRun, parsed: _Read) -> None:
    """WorktreeCreate and WorktreeRemove fail on any nonzero exit (and WorktreeCreate on
    a failure, or no path printed)."""
    hook = run.hook_id
    problem = run.error or (None if run.exit_code == 0 else f"exited with status {run.exit_code}")
    if problem is None and merged.event == "WorktreeCreate" and parsed.plain is None:
        problem = "printed no worktree path"
    if problem is not None:
        merged.block(run.stderr.strip() or f"{hook} {problem}", "user", hook)
    elif merged.event == "WorktreeCreate" and parsed.plain is not None:
        merged.extras["worktreePath"] = parsed.plain


def _blocking_reason(event: str, output: Mapping[str, Any] | None) -> str | None:
    """The reason of a valid answer's top-level `decision: "block"` on an event that reads
    it (or "" for a block without one); None when it makes no such decision."""
    if output is None or output.get("decision") != "block":
        return None
    if event not in TOP_LEVEL_DECISION_EVENTS:
        return None
    return _text(output.get("reason")) or f"blocked by a {event} hook"


# -- reading an answer ---------------------------------------------------------------------


def _parse(stdout: str) -> tuple[dict[str, Any] | None, str | None, str | None]:
    """(the JSON object, the plain text, the parse problem) of a hook's stdout, by the rule
    of "Exit code 0"."""
    text = stdout.strip()
    if not text:
        return None, None, None
    if not (text.startswith("{") and text.endswith("}")):
        return None, text, None  # plain text, a JSON array or string included
    value, problem = read_json(text)
    if problem is None:
        if isinstance(value, dict):
            return value, None, None
        return None, None, f"stdout is JSON but not an object ({type(value).__name__})"
    lines = [line for line in text.split("\n") if line.strip()]
    if len(lines) > 1:  # several JSON lines: plain text, unless one sets an output field
        values = [read_json(line) for line in lines]
        if all(problem is None for _, problem in values):
            if any(isinstance(v, dict) and set(v) & set(OUTPUT_FIELDS) for v, _ in values):
                return None, None, "several JSON objects on stdout, one of them hook output"
            return None, text, None
    return None, None, problem


def _schema_problem(event: str, output: Mapping[str, Any]) -> str | None:
    """Why a parsed answer fails Claude Code's output schema for ``event``, or None."""
    problem = type_problem(output, OUTPUT_FIELDS)
    if problem is not None:
        return f"invalid hook output: {problem}"
    decision = output.get("decision")
    if decision is not None and decision not in ("approve", "block"):
        return f"invalid hook output: `decision` is {decision!r}, not approve or block"
    specific = output.get("hookSpecificOutput")
    if specific is None:
        return None
    named = specific.get("hookEventName")
    if named is None:
        return "invalid hook output: `hookSpecificOutput` has no `hookEventName`"
    if named != event:
        shown = named if isinstance(named, str) else _short(named)
        return (
            f"invalid hook output: `hookSpecificOutput.hookEventName` is {shown!r}, "
            f"but the event is {event}"
        )
    fields = SPECIFIC_FIELDS.get(event, {})
    problem = type_problem(specific, fields)
    if problem is not None:
        return f"invalid hook output: `hookSpecificOutput`: {problem}"
    for name in fields:
        allowed = SPECIFIC_VALUES.get((event, name))
        value = specific.get(name)
        if allowed is not None and value is not None and value not in allowed:
            return (
                f"invalid hook output: `{name}` is {_short(value)}, not "
                f"{', '.join(allowed[:-1])} or {allowed[-1]}"
            )
    if event == "PermissionRequest" and isinstance(specific.get("decision"), Mapping):
        verdict = specific["decision"]
        problem = type_problem(verdict, _PERMISSION_REQUEST_DECISION)
        if problem is not None:
            return f"invalid hook output: `decision`: {problem}"
        if verdict.get("behavior") not in ("allow", "deny"):
            return (
                f"invalid hook output: `decision.behavior` is {_short(verdict.get('behavior'))}, "
                "not allow or deny"
            )
    return None


def _unread(event: str, output: Mapping[str, Any]) -> tuple[str, ...]:
    """The fields of a valid answer's `hookSpecificOutput` that ``event`` does not read."""
    specific = output.get("hookSpecificOutput")
    if not isinstance(specific, Mapping):
        return ()
    known = SPECIFIC_FIELDS.get(event, {})
    return tuple(str(name) for name in specific if name != "hookEventName" and name not in known)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@functools.lru_cache(maxsize=16)
def _which(program: str, path: str) -> str | None:
    """shutil.which, remembered for each PATH (a lookup stats every folder: 80 µs here)."""
    return shutil.which(program, path=path)


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


PROTOCOL = ClaudeCode()
