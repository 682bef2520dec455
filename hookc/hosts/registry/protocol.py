"""The `.system/hooks/*.yaml` registry's handler contract (seed 001, §2.3 "Execution
contract", §4.2 "Result model", §4.3.4 "Soft guardrail handler"):

- A `script` handler (`handler: {kind: script, command: ...}`) gets the event context as a
  JSON object on stdin, with `event_type`, and answers a JSON object (a `HookResult`) on
  stdout.
- "If the handler fails, the orchestrator should treat it as non-fatal by default and
  continue the main flow, unless the hook is explicitly marked as blocking in its YAML
  definition": a failure (a non-zero exit, a timeout, output that is not one JSON object)
  is a warning, or a denial for a hook with `blocking: true`.
- A guardrail blocks the call "by returning an error flag that the orchestrator
  understands": a result with a non-empty `error` denies, its `messages_to_user` saying why.
- "The orchestrator merges the handler results": the merged result holds every handler's
  list fields (`logs`, `messages_to_user`, `suggested_abilities`, `suggested_documents`,
  `follow_up_actions`, ...) concatenated in order, and for other fields the last value
  given; `messages_to_user` are the decision's messages.

hookc's choices where the seed is silent: handlers run one after another in the order the
hooks matched (the seed says only that the orchestrator "invokes each handler"), and a
handler gets 60 s unless its hook says `timeout` (seconds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hookc.handlers.protocol import Handler, Options, Protocol, joined
from hookc.handlers.results import Decision, HandlerRun


class Registry(Protocol):
    name = "registry"
    default_timeout = 60.0

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        if "type" not in action and "kind" in action:  # the seed's `handler: {kind: script}`
            action = {**action, "type": action["kind"]}
        return super().handler(hook_id, action, options)

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload.setdefault("event_type", event)
        if options.session_id is not None:
            payload.setdefault("session_id", options.session_id)
        return payload

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        merged: dict[str, Any] = {}
        denials: list[str] = []
        warnings: list[str] = []
        for run in runs:
            if run.error is not None:
                failure = f"hook {run.hook_id} failed: {run.error}"
                if run.stderr.strip():
                    failure += f": {run.stderr.strip()}"
                (denials if run.action.get("blocking") is True else warnings).append(failure)
                continue
            result = run.output or {}
            for key, value in result.items():
                if isinstance(value, list):
                    merged[key] = [*merged.get(key, []), *value]
                else:
                    merged[key] = value
            if result.get("error"):
                said = [m for m in result.get("messages_to_user") or [] if isinstance(m, str)]
                denials.append(joined([*said, str(result["error"])]) or str(result["error"]))
        messages = [m for m in merged.get("messages_to_user", []) if isinstance(m, str)]
        return Decision(
            self.name,
            event,
            "deny" if denials else "proceed",
            reason=joined(denials),
            messages=(*warnings, *messages),
            output=merged or None,
            runs=tuple(runs),
            skipped=tuple(skipped),
        )


PROTOCOL = Registry()
