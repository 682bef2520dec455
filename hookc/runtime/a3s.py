"""A3S's decision from the actions of the hooks that match an event (seed 002's result
model, as A3S's ``HookEngine::fire_outcome`` computes it).

The matching hooks' actions come in priority order (``evaluate_all`` of a module compiled
with the ``a3s`` profile). Each ``Continue`` goes on to the next hook, a ``modified`` value
replacing the one before (the last wins); ``Block``, ``Retry`` and ``Escalate`` end the
run with themselves; ``Skip`` ends it with ``Continue`` and drops every modification. A
``command`` action's handler answers with one of those (``answer``); an asynchronous
handler on an event that does not gate answers ``Continue`` at once, whatever it does.

Standard library only; issue 17's handler runner merges handler answers with this rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

# Events whose hooks gate a protected operation (HookEngine::is_gating_event): they never
# run asynchronously, and a handler that fails there blocks.
GATING_EVENTS = frozenset(
    {"pre_tool_use", "permission_request", "pre_compact", "pre_prompt", "pre_planning"}
)
STOPPING = frozenset({"Block", "Retry", "Escalate"})


def outcome(
    event: str,
    actions: Iterable[tuple[str, dict[str, Any]] | dict[str, Any]],
    answer: Callable[[dict[str, Any]], dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The engine's result for ``event`` as an action dict: ``{"type": "Continue"}`` (with
    ``modified`` when a hook gave one), or the ``Block``/``Retry``/``Escalate`` that
    stopped the run. ``actions`` are ``evaluate_all``'s pairs or plain action dicts."""
    modified: Any = None
    for item in actions:
        action = item[1] if isinstance(item, tuple) else item
        kind = action["type"]
        if kind == "command":
            if action.get("async_execution") and event not in GATING_EVENTS:
                continue  # fire-and-forget: Continue(None) at once
            if answer is None:
                raise ValueError(f"the handler `{action['command']}` must run to decide")
            action = _as_action(answer(action))
            kind = action["type"]
        if kind in STOPPING:
            return action
        if kind == "Skip":
            return {"type": "Continue"}
        if action.get("modified") is not None:
            modified = action["modified"]
    return (
        {"type": "Continue", "modified": modified} if modified is not None else {"type": "Continue"}
    )


def _as_action(response: dict[str, Any]) -> dict[str, Any]:
    """A handler's HookResponse (``{"action": "Block", "reason": ...}``) as an action dict,
    with A3S's defaults for a Block without a reason and a Retry without a delay."""
    kind = response.get("action", "Continue")
    action = {"type": kind, **{k: v for k, v in response.items() if k != "action"}}
    defaults: dict[str, dict[str, Any]] = {
        "Block": {"reason": "Blocked"},
        "Retry": {"reason": "Hook requested a retry", "retry_delay_ms": 1000},
    }
    for key, value in defaults.get(kind, {}).items():
        if action.get(key) is None:
            action[key] = value
    return action
