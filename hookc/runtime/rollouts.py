"""Compiled hooks as a rollouts hook file (seed 003): ``register(hooks)`` subscribes one
handler per rollouts event the hooks listen to (``hooks.on_tool_call(handler)``, ...).

Each handler is what the seed's hook functions are, ``async def handler(event, ctx)``: it
evaluates the hooks for its event against the event dataclass's fields (a ``Path`` as its
text, nested dataclasses as dicts) and answers with the seed's results: the first
matching hook's ``block`` gives ``BlockToolResult(reason)``; ``confirm`` asks
``ctx.confirm(title, message)`` and blocks when the user says no or there is no UI
(``ctx.has_ui``), as the seed's permission gate does; ``allow`` and no match give None.

``BlockToolResult`` is the caller's: the ``hooks`` API's attribute of that name if it has
one, else ``rollouts.hooks.BlockToolResult`` if rollouts has loaded that module, else a
class of the same shape (``reason``, and ``block`` true, which is what ``HookRunner``
tests). Nothing is imported: a compiled module stays standard library only.

Standard library only: every module compiled with the ``rollouts`` profile carries this
file verbatim, as it carries ``values.py`` and ``support.py``.
"""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

# Each rollouts event and the HookAPI method that subscribes a handler to it.
ROLLOUTS_EVENTS = {
    "tool_call": "on_tool_call",
    "tool_result": "on_tool_result",
    "session": "on_session",
    "turn_start": "on_turn_start",
    "turn_end": "on_turn_end",
}


@dataclasses.dataclass(frozen=True)
class BlockToolResult:
    """The seed's result of a blocking hook, for callers that give no class of their own."""

    reason: str
    block: bool = True


def register_handlers(
    hooks: Any,
    evaluate_hooks: Callable[[str, Any], dict[str, Any] | None],
    events: Iterable[str],
) -> None:
    """Subscribe, on the ``hooks`` API, one handler for each rollouts event in ``events``."""
    block_result = _block_result_class(hooks)
    for event in events:
        method = ROLLOUTS_EVENTS.get(event)
        if method is not None:
            getattr(hooks, method)(_rollouts_handler(event, evaluate_hooks, block_result))


def _rollouts_handler(
    event_name: str,
    evaluate_hooks: Callable[[str, Any], dict[str, Any] | None],
    block_result: Callable[..., Any],
) -> Callable[[Any, Any], Awaitable[Any]]:
    async def handler(event: Any, ctx: Any) -> Any:
        action = evaluate_hooks(event_name, event_context(event))
        if action is None:
            return None
        if action["type"] == "block":
            return block_result(reason=action["reason"])
        if action["type"] == "confirm":
            if not getattr(ctx, "has_ui", False):
                return block_result(reason=action["no_ui_reason"])
            if not await ctx.confirm(action["title"], action["message"]):
                return block_result(reason=action["denied_reason"])
        return None

    handler.__name__ = handler.__qualname__ = f"hookc_{event_name}"
    return handler


def event_context(event: Any) -> dict[str, Any]:
    """An event dataclass as the context its hooks read: its fields by name."""
    if dataclasses.is_dataclass(event) and not isinstance(event, type):
        return {f.name: _plain(getattr(event, f.name)) for f in dataclasses.fields(event)}
    return dict(event) if isinstance(event, dict) else {}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return event_context(value)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _block_result_class(hooks: Any) -> Callable[..., Any]:
    """The caller's class: nothing is imported (a hook file runs inside rollouts, which
    has loaded ``rollouts.hooks`` already, or it is not there to use)."""
    loaded = sys.modules.get("rollouts.hooks")
    for owner in (hooks, loaded):
        found = getattr(owner, "BlockToolResult", None)
        if found is not None:
            return found  # type: ignore[no-any-return]
    return BlockToolResult
