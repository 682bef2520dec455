"""Claude Code's command-hook protocol.

Every rule below is from Claude Code's hooks reference (https://code.claude.com/docs/en/hooks:
"Hook input", "Exit code output", "JSON output", "Decision control", "Hook execution
details") and its hooks guide ("When multiple hooks match", 2026-05):

- Input: the event's JSON on stdin, with the common fields `session_id`, `cwd` and
  `hook_event_name` (hookc adds those the context lacks; `cwd` is where the agent runs).
  The command runs under a shell in that directory with `CLAUDE_PROJECT_DIR` set to the
  project root.
- `timeout` is in seconds; a command hook without one gets 600 s (it was 60 s before
  Claude Code 2.1; the reference now says 600).
- All matching hooks run in parallel; identical commands are deduplicated (run once).
- Exit 0: stdout is read as JSON output when it is a JSON object; otherwise it is plain
  text, which UserPromptSubmit and SessionStart add to the model's context (and other events
  only log). Invalid JSON is not an error: it is plain text.
- Exit 2: a blocking error. Stdout and any JSON in it are ignored; stderr is the reason. It
  blocks only on events that can be blocked (PreToolUse, PermissionRequest,
  UserPromptSubmit, Stop, SubagentStop, TeammateIdle, TaskCompleted, ConfigChange,
  PreCompact, Elicitation, ElicitationResult, WorktreeCreate); elsewhere (PostToolUse,
  PostToolUseFailure, SessionStart, SessionEnd, Notification, ...) stderr is only shown.
- Any other exit (and a timeout, a signal, a command that cannot start): a non-blocking
  error; stderr is shown and the action goes ahead.
- JSON output: `continue: false` stops Claude altogether (`stopReason` for the user) and
  wins over every decision; `systemMessage` is a warning for the user; `decision: "block"`
  with `reason` blocks the events that can be blocked (on PostToolUse it only tells Claude
  the reason); `hookSpecificOutput.additionalContext` goes to the model, from every hook.
- PreToolUse: `hookSpecificOutput.permissionDecision` (`allow`, `deny`, `ask`, `defer`) with
  `permissionDecisionReason` and `updatedInput`; the older top-level `decision: "approve"` /
  `"block"` mean allow / deny. PermissionRequest: `hookSpecificOutput.decision.behavior`
  (`allow` / `deny`, with `message` and `updatedInput`).
- `shell`: the command runs under bash (the default) or PowerShell.
- `async: true`: the command runs in the background and cannot block or decide; hookc runs
  it with the others and leaves its answer out of the decision.
- Several hooks' decisions: the most restrictive wins, deny > defer > ask > allow; a deny
  (or an exit 2) blocks the call whatever the others say.

hookc's own choices where Claude Code leaves it open or keeps state hookc does not have: when
several PreToolUse hooks return `updatedInput`, Claude Code applies whichever finishes last;
hookc applies the last in match order, so a run is reproducible. `once: true` (once per
session) is not tracked: hookc has no session.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import uuid
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import Handler, Options, Protocol, command_run, joined
from hookc.handlers.results import Decision, HandlerRun, Verdict

BLOCKING_EVENTS = frozenset(
    "PreToolUse PermissionRequest UserPromptSubmit Stop SubagentStop TeammateIdle "
    "TaskCompleted ConfigChange PreCompact Elicitation ElicitationResult WorktreeCreate".split()
)
# Events whose plain (non-JSON) stdout on exit 0 becomes context for the model.
PLAIN_CONTEXT_EVENTS = frozenset({"UserPromptSubmit", "SessionStart"})
# Most restrictive first.
PERMISSION_RANK = {"deny": 4, "defer": 3, "ask": 2, "allow": 1}
_LEGACY_DECISIONS = {"approve": "allow", "block": "deny"}


class ClaudeCode(Protocol):
    name = "claude-code"
    default_timeout = 600.0

    def shell(self, action: Mapping[str, Any]) -> tuple[str, ...] | str:
        # `shell`: bash (the default) or powershell.
        name = action.get("shell") or "bash"
        program = {"bash": "bash", "powershell": "pwsh"}.get(str(name))
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
        run = command_run(handler, finished)
        if run.error is not None or run.exit_code != 0:
            return run
        return replace(run, output=_json_output(run.stdout))

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        can_block = event in BLOCKING_EVENTS
        stops: list[str] = []
        blocks: list[str] = []
        contexts: list[str] = []
        messages: list[str] = []
        permission: str | None = None
        permission_reason: str | None = None
        updated: Mapping[str, Any] | None = None
        for run in runs:
            if run.action.get("async") is True:  # ran in the background: decides nothing
                continue
            if run.error is not None or run.exit_code not in (0, 2, None):
                problem = run.error or f"exited with status {run.exit_code}"
                messages.append(_with_stderr(f"{event} hook error ({run.hook_id}): {problem}", run))
                continue
            if run.exit_code == 2:
                said = run.stderr.strip() or f"{run.hook_id} exited with status 2"
                (blocks if can_block else messages).append(said)
                continue
            output = run.output
            if output is None:
                if event in PLAIN_CONTEXT_EVENTS and run.stdout.strip():
                    contexts.append(run.stdout)
                continue
            if output.get("continue") is False:
                stops.append(_text(output.get("stopReason")) or f"stopped by {run.hook_id}")
            if _text(output.get("systemMessage")):
                messages.append(_text(output.get("systemMessage")))
            specific = output.get("hookSpecificOutput")
            specific = specific if isinstance(specific, Mapping) else {}
            decision, reason, new_input = _decision(event, output, specific)
            if decision in PERMISSION_RANK:
                if permission is None or PERMISSION_RANK[decision] > PERMISSION_RANK[permission]:
                    permission, permission_reason = decision, reason
            elif decision == "block":
                text = reason or f"blocked by {run.hook_id}"
                (blocks if can_block else messages).append(text)
            if new_input is not None:
                updated = new_input
            if _text(specific.get("additionalContext")):
                contexts.append(_text(specific.get("additionalContext")))
        verdict: Verdict = "proceed"
        reason_text: str | None = None
        if stops:
            verdict, reason_text = "stop", joined(stops)
        elif blocks or permission == "deny":
            extra = [permission_reason or ""] if permission == "deny" else []
            verdict, reason_text = "deny", joined(blocks + extra) or "denied"
        elif permission is not None:
            verdict, reason_text = permission, permission_reason  # type: ignore[assignment]
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason_text,
            updated_input=updated,
            additional_context=joined(contexts),
            messages=tuple(messages),
            runs=tuple(runs),
            skipped=tuple(skipped),
        )


@functools.lru_cache(maxsize=16)
def _which(program: str, path: str) -> str | None:
    """shutil.which, remembered for each PATH (a lookup stats every folder: 80 µs here)."""
    return shutil.which(program, path=path)


def _json_output(stdout: str) -> dict[str, Any] | None:
    text = stdout.strip()
    if not text.startswith("{"):
        return None
    try:
        value = json.loads(text)
    except ValueError:
        return None  # not JSON after all: plain text, as Claude Code reads it
    return value if isinstance(value, dict) else None


def _decision(
    event: str, output: Mapping[str, Any], specific: Mapping[str, Any]
) -> tuple[str | None, str | None, Mapping[str, Any] | None]:
    """(the hook's decision, its reason, the input it rewrote) as the event reads them."""
    top, reason = output.get("decision"), _text(output.get("reason")) or None
    if event == "PreToolUse":
        new_input = specific.get("updatedInput")
        decision = specific.get("permissionDecision")
        if decision in PERMISSION_RANK:
            return (
                decision,
                _text(specific.get("permissionDecisionReason")) or None,
                _map(new_input),
            )
        return _LEGACY_DECISIONS.get(top) if isinstance(top, str) else None, reason, _map(new_input)
    if event == "PermissionRequest":
        verdict = specific.get("decision")
        if isinstance(verdict, Mapping) and verdict.get("behavior") in ("allow", "deny"):
            message = _text(verdict.get("message")) or None
            return str(verdict["behavior"]), message, _map(verdict.get("updatedInput"))
        return None, None, None
    return ("block" if top == "block" else None), reason, None


def _map(value: Any) -> Mapping[str, Any] | None:
    return value if isinstance(value, Mapping) else None


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _with_stderr(message: str, run: HandlerRun) -> str:
    stderr = run.stderr.strip()
    return f"{message}: {stderr}" if stderr else message


PROTOCOL = ClaudeCode()
