"""Cursor's hook protocol, from its hooks docs (cursor.com/docs/agent/hooks, read through
public copies) and the behaviour public hook scripts rely on:

- Input: the event's JSON on stdin, with the fields every event has: ``hook_event_name``,
  ``conversation_id``, ``generation_id``, ``workspace_roots`` (hookc adds those the context
  lacks: the working directory as the one root). The command runs in the project's folder
  with ``CURSOR_PROJECT_DIR`` set to it. ``timeout`` is in seconds; hookc's default is 60.
- An answer: exit 0 with a JSON object on stdout. ``permission`` (``allow``, ``deny``,
  ``ask``; ``decision`` is read the same, as some events' docs spell it) with
  ``user_message`` (to the user) and ``agent_message`` (to the model; ``reason`` too);
  ``updated_input`` (``preToolUse``, ``beforeShellExecution``: the input to use instead);
  ``continue: false`` (``beforeSubmitPrompt``, ``sessionStart``: stops it);
  ``additional_context`` (to the model); ``followup_message`` (``stop``,
  ``subagentStop``: submitted as the next user message).
- Exit 2 denies, stderr the reason, on every event that asks a permission.
- Any other failure (another exit status, a timeout, a crash, stdout that is not a JSON
  object) lets the action through (fail open), unless the handler has
  ``failClosed: true`` and its event asks a permission: then it denies. A permission
  handler with ``failClosed`` that prints nothing denies too.
- ``loop_limit``: a ``followup_message`` is dropped once the event's ``loop_count`` has
  reached the handler's limit (default 5; ``null``: no limit).
- Merging, in match order (enterprise, team, project, user, then the file's order): any
  deny wins, then ask, then allow; the first reason of the winning kind is kept;
  ``updated_input`` from the last handler that gave one; follow-up messages and contexts
  joined by lines.

Unverified, and so not modelled: whether Cursor runs one event's handlers in parallel
(hookc runs them in order), and whether ``beforeMCPExecution`` and ``beforeReadFile``
fail closed without ``failClosed`` (some third-party notes say so).
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import Handler, Options, Protocol, command_run, joined, json_object
from hookc.handlers.results import Decision, HandlerRun, Notice, Verdict

PERMISSION_EVENTS = frozenset(
    "preToolUse beforeShellExecution beforeMCPExecution beforeReadFile beforeTabFileRead "
    "subagentStart beforeSubmitPrompt".split()
)
INPUT_EVENTS = frozenset({"preToolUse", "beforeShellExecution"})
FOLLOW_UP_EVENTS = frozenset({"stop", "subagentStop"})
DEFAULT_LOOP_LIMIT = 5
_RANK = {"allow": 1, "ask": 2, "deny": 3}


class Cursor(Protocol):
    name = "cursor"
    default_timeout = 60.0

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        if action.get("type") != "command":
            kind = action.get("type")
            return f"a `{kind}` handler (a prompt hook asks a model; hookc runs commands)"
        return super().handler(hook_id, action, options)

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload["hook_event_name"] = event
        payload.setdefault("conversation_id", options.session_id or str(uuid.uuid4()))
        payload.setdefault("generation_id", str(uuid.uuid4()))
        payload.setdefault("workspace_roots", [options.project_dir or options.cwd])
        return payload

    def environment(self, options: Options) -> dict[str, str]:
        return {"CURSOR_PROJECT_DIR": options.project_dir or options.cwd}

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        run = command_run(handler, finished)
        if run.error is not None:
            return run
        if run.exit_code == 2:
            return run  # a deny, read in `merge`
        if run.exit_code != 0:
            return replace(run, error=f"exited with status {run.exit_code}")
        output, problem = json_object(run.stdout)
        return replace(run, output=output, error=problem)

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        permission = event in PERMISSION_EVENTS
        verdict: Verdict = "proceed"
        rank = 0
        reason: str | None = None
        messages: list[str] = []
        notices: list[Notice] = []
        contexts: list[str] = []
        follow_ups: list[str] = []
        updated: Mapping[str, Any] | None = None
        for run in runs:
            answer, why = self._answer(event, run, permission)
            if why is not None:
                messages.append(f"{event} hook {run.hook_id}: {why}")
            kind = answer.get("kind") if answer is not None else None
            if answer is not None and kind in _RANK and _RANK[kind] > rank:
                rank, verdict = _RANK[kind], kind
                reason = answer.get("reason")
            elif answer is not None and kind in _RANK and _RANK[kind] == rank and reason is None:
                reason = answer.get("reason")
            output = run.output or {}
            user = output.get("user_message") or output.get("userMessage")
            if isinstance(user, str) and user:
                notices.append(Notice("user message", "user", user, run.hook_id))
            agent = output.get("agent_message") or output.get("agentMessage")
            if isinstance(agent, str) and agent:
                notices.append(Notice("agent message", "model", agent, run.hook_id))
            context = output.get("additional_context")
            if isinstance(context, str) and context:
                contexts.append(context)
            if event in INPUT_EVENTS and isinstance(output.get("updated_input"), Mapping):
                updated = output["updated_input"]
            follow_up = output.get("followup_message")
            if event in FOLLOW_UP_EVENTS and isinstance(follow_up, str) and follow_up:
                if _under_limit(run.action, payload):
                    follow_ups.append(follow_up)
                else:
                    messages.append(
                        f"{event} hook {run.hook_id}: follow-up dropped (loop_limit reached)"
                    )
        result: dict[str, Any] | None = None
        if follow_ups:
            result = {"followup_message": "\n".join(follow_ups)}
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason,
            updated_input=updated,
            additional_context=joined(contexts),
            messages=tuple(messages),
            output=result,
            runs=tuple(runs),
            skipped=tuple(skipped),
            notices=tuple(notices),
        )

    def _answer(
        self, event: str, run: HandlerRun, permission: bool
    ) -> tuple[dict[str, Any] | None, str | None]:
        """What one run says: ``{"kind": allow|ask|deny|stop, "reason": ...}`` or None,
        and why it failed, when it did."""
        fail_closed = permission and run.action.get("failClosed") is True
        if run.exit_code == 2 and run.error is None:
            if not permission:
                return None, "exit status 2 on an event that cannot block"
            return {"kind": "deny", "reason": run.stderr.strip() or "blocked by a hook"}, None
        if run.error is not None:
            if fail_closed:
                return {"kind": "deny", "reason": f"hook failed ({run.error}) and fails closed"}, (
                    run.error
                )
            return None, f"{run.error}; the action goes ahead (fail open)"
        output = run.output
        if output is None:
            if fail_closed:
                return {"kind": "deny", "reason": "hook gave no answer and fails closed"}, None
            return None, None
        decision = output.get("permission", output.get("decision"))
        text = next(
            (
                value
                for key in ("agent_message", "user_message", "reason", "agentMessage")
                if isinstance(value := output.get(key), str) and value
            ),
            None,
        )
        if output.get("continue") is False and event in ("beforeSubmitPrompt", "sessionStart"):
            return {"kind": "deny", "reason": text or "stopped by a hook"}, None
        if permission and decision in _RANK:
            return {"kind": decision, "reason": text}, None
        if permission and decision is not None and fail_closed:
            return {"kind": "deny", "reason": f"unknown permission {decision!r}"}, None
        return None, None


def _under_limit(action: Mapping[str, Any], payload: Mapping[str, Any]) -> bool:
    """Whether a follow-up may still be sent: the event's ``loop_count`` below the
    handler's ``loop_limit`` (5 when absent, none when null)."""
    limit = action.get("loop_limit", DEFAULT_LOOP_LIMIT)
    if limit is None:
        return True
    count = payload.get("loop_count", 0)
    if not isinstance(count, int) or isinstance(count, bool):
        count = 0
    return isinstance(limit, int) and count < limit


PROTOCOL = Cursor()
