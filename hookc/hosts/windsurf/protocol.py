"""Windsurf's hook protocol, from its Cascade Hooks docs:

- Input: JSON on stdin with ``agent_action_name`` (the event), ``trajectory_id``,
  ``execution_id``, ``timestamp`` and the event's ``tool_info`` (hookc adds the common
  fields the context lacks). The command runs in its ``working_directory`` (relative to
  the workspace's root), else the workspace's root. Windsurf states no timeout; hookc's
  default is 60 seconds.
- The answer is the exit status: a pre-hook (``pre_*``) that exits 2 blocks the action,
  its stderr the reason shown; any other status lets it go ahead (another non-zero one
  is reported as a failed hook). Post-hooks cannot block: exit 2 there is a failure only.
  With ``show_output``, stdout (and stderr) are shown to the user.
- The handlers of an event run one after another, in merge order (system, user,
  workspace); a block does not stop the later ones from running (the docs do not say
  it does), and one block is enough.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Mapping, Sequence
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import Handler, Options, Protocol, status_run
from hookc.handlers.results import Decision, HandlerRun, Notice, Verdict


def blocks(event: str) -> bool:
    """Whether exit 2 blocks ``event``'s action: the pre-hooks'."""
    return event.startswith("pre_")


class Windsurf(Protocol):
    name = "windsurf"
    default_timeout = 60.0

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        directory = action.get("working_directory")
        if isinstance(directory, str) and directory:
            action = {**action, "working_dir": directory}
        return super().handler(hook_id, action, options)

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload["agent_action_name"] = event
        payload.setdefault("trajectory_id", options.session_id or str(uuid.uuid4()))
        payload.setdefault("execution_id", str(uuid.uuid4()))
        payload.setdefault(
            "timestamp", datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")
        )
        payload.setdefault("tool_info", {})
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
        notices: list[Notice] = []
        for run in runs:
            if run.error is None and run.exit_code == 2:
                if blocks(event):
                    if verdict != "deny":
                        verdict, reason = "deny", run.stderr.strip() or "blocked by a hook"
                else:
                    messages.append(f"{event} hook {run.hook_id}: exit 2 cannot block a post-hook")
            elif run.error is not None:
                messages.append(f"{event} hook {run.hook_id} failed: {run.error}")
            if run.action.get("show_output") is True:
                for what, text in (("stdout", run.stdout), ("stderr", run.stderr)):
                    if text.strip():
                        notices.append(Notice(what, "user", text.strip(), run.hook_id))
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason,
            messages=tuple(messages),
            runs=tuple(runs),
            skipped=tuple(skipped),
            notices=tuple(notices),
        )


PROTOCOL = Windsurf()
