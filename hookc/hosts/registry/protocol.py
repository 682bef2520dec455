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
handler gets 60 s unless its hook says `timeout` (seconds). A result whose fields do not
have the types of the seed's `HookResult` (`messages_to_user` a list of strings, `logs`,
`suggested_abilities`, `suggested_documents` and `follow_up_actions` lists, `new_intent` an
object, `usage_recorded` a boolean, `error` a string) is output the orchestrator cannot
read: the handler failed, as for output that is not JSON. Fields the seed does not name
are kept; a list is concatenated onto a list, and any other value replaces the last.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from hookc.handlers.protocol import Handler, Options, Protocol, joined, type_problem
from hookc.handlers.results import Decision, HandlerRun

# The seed's `HookResult` (§4.2), field by field.
RESULT_FIELDS: Mapping[str, type | tuple[type, ...]] = {
    "logs": list,
    "messages_to_user": list,
    "suggested_abilities": list,
    "suggested_documents": list,
    "follow_up_actions": list,
    "new_intent": dict,
    "usage_recorded": bool,
    "error": str,
}


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
        runs = [_checked(run) for run in runs]
        for run in runs:
            if run.error is not None:
                failure = f"hook {run.hook_id} failed: {run.error}"
                if run.stderr.strip():
                    failure += f": {run.stderr.strip()}"
                (denials if run.action.get("blocking") is True else warnings).append(failure)
                continue
            result = run.output or {}
            for key, value in result.items():
                earlier = merged.get(key)
                if isinstance(value, list) and isinstance(earlier, list):
                    merged[key] = [*earlier, *value]
                else:
                    merged[key] = value
            if result.get("error"):
                said = result.get("messages_to_user") or []
                denials.append(joined([*said, str(result["error"])]) or str(result["error"]))
        messages = merged.get("messages_to_user", [])
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


def _checked(run: HandlerRun) -> HandlerRun:
    """A run whose result the orchestrator cannot read (a field of the wrong type) failed."""
    if run.error is not None or run.output is None:
        return run
    problem = type_problem(run.output, RESULT_FIELDS)
    said = run.output.get("messages_to_user")
    if problem is None and isinstance(said, list) and not all(isinstance(m, str) for m in said):
        problem = "`messages_to_user` holds something other than strings"
    if problem is None:
        return run
    return replace(run, output=None, error=f"invalid result: {problem}")


PROTOCOL = Registry()
