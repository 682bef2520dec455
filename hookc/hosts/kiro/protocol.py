"""Kiro's hook protocol, from kiro.dev/docs/cli/v3/hooks and kiro.dev/docs/hooks/actions:

- A ``command`` action runs a shell command with the hook's context as JSON on stdin
  (``hook_event_name`` and ``cwd`` added where the context lacks them), in the
  workspace's folder; ``timeout`` in seconds, default 60, after which it is killed and
  fails. An ``agent`` action runs no process (it adds its prompt to the model's
  context): hookc does not run it.
- Exit 0: success; its stdout is added to the agent's context. Exit 2 blocks on the
  triggers that can block (``PreToolUse``, ``UserPromptSubmit``, ``PreTaskExec``), its
  stderr the reason given to the model. Any other status (and exit 2 elsewhere) is a
  failed hook, reported with its stderr; the action goes ahead.
- The matching hooks run in order; one block is enough.

Unverified, and so not modelled: the ``USER_PROMPT`` variable the IDE sets for prompt
triggers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import Handler, Options, Protocol, joined, status_run
from hookc.handlers.results import Decision, HandlerRun, Verdict

BLOCKING = frozenset({"PreToolUse", "UserPromptSubmit", "PreTaskExec"})


class Kiro(Protocol):
    name = "kiro"
    default_timeout = 60.0

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        if action.get("type") == "agent":
            return "an `agent` action (a prompt for the model; hookc runs commands)"
        return super().handler(hook_id, action, options)

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload["hook_event_name"] = event
        payload.setdefault("cwd", options.cwd)
        return payload

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        return status_run(handler, finished)

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        verdict: Verdict = "proceed"
        reason: str | None = None
        messages: list[str] = []
        contexts: list[str] = []
        for run in runs:
            if run.error is not None:
                detail = f": {run.stderr.strip()}" if run.stderr.strip() else ""
                messages.append(f"{event} hook {run.hook_id} failed ({run.error}){detail}")
            elif run.exit_code == 2 and event in BLOCKING:
                if verdict != "deny":
                    verdict, reason = "deny", run.stderr.strip() or "blocked by a hook"
            elif run.exit_code == 2:
                messages.append(f"{event} hook {run.hook_id}: exit 2 cannot block `{event}`")
            elif run.stdout.strip():
                contexts.append(run.stdout)
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason,
            additional_context=joined(contexts),
            messages=tuple(messages),
            runs=tuple(runs),
            skipped=tuple(skipped),
        )


PROTOCOL = Kiro()
