"""rollouts' hook runner (seed 003, "Option 2: Tool Wrapper", `HookRunner.emit_tool_call` and
`emit_tool_result`; "Open Questions"):

- Handlers are Python functions (`async def check(event, ctx)`) registered by a hook
  module: here, builtins named by the action's `command` or `name`, else the hook's id; a
  `command` handler is hookc's bridge, the event on stdin and the answer on stdout.
- `tool_call`: handlers run in order and the first that answers `{"block": true, "reason":
  ...}` (a `BlockToolResult`) wins; the rest do not run.
- Other events (`tool_result`, ...): every handler runs in order and "last handler wins for
  modifications": the last answer given is the result.

The seed leaves open what a handler that raises, or times out, does ("If hook throws, log
and continue? Or block the operation?"). hookc logs and continues, and uses 30 s as the
timeout (the seed's "Pi-mono uses 30s default"); a hook's `timeout` (seconds) overrides it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hookc.handlers.protocol import Handler, Options, Protocol
from hookc.handlers.results import Decision, HandlerRun


def _blocks(run: HandlerRun) -> bool:
    return run.error is None and (run.output or {}).get("block") is True


class Rollouts(Protocol):
    name = "rollouts"
    default_timeout = 30.0

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        return self.function_or_command(hook_id, action, options)

    def after(
        self, event: str, payload: dict[str, Any], run: HandlerRun
    ) -> tuple[dict[str, Any], bool]:
        return payload, event == "tool_call" and _blocks(run)

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        messages = tuple(
            f"hook {run.hook_id} failed: {run.error}" for run in runs if run.error is not None
        )
        answers = [run.output for run in runs if run.error is None and run.output]
        blocking = next((run for run in runs if _blocks(run)), None)
        if event == "tool_call" and blocking is not None:
            reason = (blocking.output or {}).get("reason")
            return Decision(
                self.name,
                event,
                "deny",
                reason=reason if isinstance(reason, str) and reason else "blocked",
                output=blocking.output,
                messages=messages,
                runs=tuple(runs),
                skipped=tuple(skipped),
            )
        return Decision(
            self.name,
            event,
            output=answers[-1] if answers and event != "tool_call" else None,
            messages=messages,
            runs=tuple(runs),
            skipped=tuple(skipped),
        )


PROTOCOL = Rollouts()
