"""A3S's hook engine (seed 002, "Hook Actions", "Hook Configuration", "Execution Flow"; and
its engine, github.com/A3S-Lab/Code `core/src/hooks/engine.rs`, `fire_outcome`,
`execute_hook`, `is_gating_event`, `handler_failure`, `response_to_outcome`):

- Handlers are functions registered by hook id (`engine.register_handler(id, ...)`): here,
  builtins looked up by the action's `command` or `name`, else the hook's id. A hook with no
  registered handler does nothing ("no gating policy to fail"). A `command` handler is
  hookc's bridge to the same contract: the event on stdin, the response on stdout.
- A handler gets the event, `{"event_type": ..., "payload": {...context}}`, and answers a
  response `{action: Continue|Block|Retry|Skip, reason, modified, retry_delay_ms}`.
- Hooks run one at a time in priority order (lower first; the order the hooks matched).
  `Continue` moves on, keeping the last `modified` data; `Block` stops at once and blocks
  (reason "Blocked" if none); `Retry` stops and asks for a retry after `retry_delay_ms`
  (1000 if none); `Skip` stops and continues the operation, dropping modifications.
- `timeout_ms` (default 30000) bounds each handler. A handler that fails (times out, raises,
  exits non-zero, answers something else) blocks on a gating event (PreToolUse,
  PermissionRequest, PreCompact, PrePrompt, PrePlanning: "Required hook '<id>' failed:
  ...") and is ignored on any other.
- `async_execution: true` on a non-gating event is fire-and-forget: its answer never counts
  (a gating event ignores the flag). hookc still waits for such a handler, so that nothing
  it starts outlives the call; only its answer is dropped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import Handler, Options, Protocol, command_run, read_json
from hookc.handlers.results import Decision, HandlerRun

GATING_EVENTS = frozenset(
    {"pretooluse", "permissionrequest", "precompact", "preprompt", "preplanning"}
)
ACTIONS = ("continue", "block", "retry", "skip")


def gating(event: str) -> bool:
    """A3S spells events both `PreToolUse` and `pre_tool_use`."""
    return event.replace("_", "").lower() in GATING_EVENTS


class A3S(Protocol):
    name = "a3s"
    default_timeout = 30.0
    missing_builtin_fails = False

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        return self.function_or_command(hook_id, action, options)

    def timeout_of(self, action: Mapping[str, Any]) -> float:
        timeout = action.get("timeout_ms")
        if isinstance(timeout, int) and not isinstance(timeout, bool) and timeout > 0:
            return timeout / 1000
        return self.default_timeout

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        return {"event_type": event, "payload": dict(context)}

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        run = command_run(handler, finished)
        if run.error is None and run.exit_code != 0:
            run = replace(run, error=f"exited with status {run.exit_code}")
        if run.error is not None:
            return run
        output, problem = read_json(run.stdout)
        if problem is not None:
            return replace(run, error=f"invalid response: {problem}")
        return (
            replace(run, output=output)
            if isinstance(output, dict)
            else replace(run, error="the response is not a JSON object")
        )

    def after(
        self, event: str, payload: dict[str, Any], run: HandlerRun
    ) -> tuple[dict[str, Any], bool]:
        outcome = self.outcome(event, run)
        return payload, outcome[0] != "continue"

    def outcome(self, event: str, run: HandlerRun) -> tuple[str, Mapping[str, Any]]:
        """(continue | block | retry | skip, the response) as the engine reads this run."""
        if run.action.get("async_execution") is True and not gating(event):
            return "continue", {}
        response = run.output or {}
        action = response.get("action")
        action = action.lower() if isinstance(action, str) else None
        problem = run.error
        if problem is None and action not in ACTIONS:
            problem = f"unknown action {response.get('action')!r}"
        if problem is not None:
            if gating(event):
                return "block", {"reason": f"Required hook '{run.hook_id}' failed: {problem}"}
            return "continue", {}
        return str(action), response

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        modified: Any = None
        messages = [
            f"hook {run.hook_id} failed: {run.error}" for run in runs if run.error is not None
        ]
        decision = Decision(self.name, event, runs=tuple(runs), skipped=tuple(skipped))
        for run in runs:
            action, response = self.outcome(event, run)
            if action == "continue":
                if response.get("modified") is not None:
                    modified = response["modified"]
                continue
            if action == "block":
                reason = response.get("reason")
                return replace(
                    decision,
                    verdict="deny",
                    reason=reason if isinstance(reason, str) and reason else "Blocked",
                    messages=tuple(messages),
                )
            if action == "retry":
                delay = response.get("retry_delay_ms")
                reason = response.get("reason")
                return replace(
                    decision,
                    verdict="retry",
                    reason=reason
                    if isinstance(reason, str) and reason
                    else "Hook requested a retry",
                    retry_delay_ms=delay
                    if isinstance(delay, int) and not isinstance(delay, bool) and delay >= 0
                    else 1000,
                    messages=tuple(messages),
                )
            return replace(decision, messages=tuple(messages))  # skip: go on, unmodified
        return replace(
            decision,
            updated_input=modified if isinstance(modified, Mapping) else None,
            output=None if modified is None else {"modified": modified},
            messages=tuple(messages),
        )


PROTOCOL = A3S()
