"""Running the handlers that hooks name, by the protocol of the tool they come from.

``evaluate_all(event, context)`` (a compiled module's, or ``hookc.runtime``'s) says which hooks
match; for the hook systems whose hooks name handlers (Claude Code, docker-agent, the
``.system/hooks`` registry, A3S, rollouts), ``run`` then runs those handlers as the tool
would and merges their answers into one ``Decision``::

    from hookc import handlers

    matches = module.evaluate_all("PreToolUse", context)
    decision = handlers.run("claude-code", "PreToolUse", context, matches)
    if not decision.allowed:
        refuse(decision.reason)

``await handlers.arun(...)`` is the same under asyncio. A command handler gets the event as
JSON on standard input and answers with its exit status and standard output; a ``builtin``
handler names a function the caller registers in ``builtins``, called with the same JSON
object (as a dict) and the hook's action, and returning what a command would print (a dict,
or None), or a coroutine of it. Each protocol's module (``hookc.handlers.protocols``)
states its rules and where they come from.

Standard library only: importing this package loads no part of the compiler.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from hookc.handlers.execute import Builtin, Plan, run_async, run_sync
from hookc.handlers.execute import plan as _plan
from hookc.handlers.protocol import Options, Protocol
from hookc.handlers.protocols import PROTOCOLS
from hookc.handlers.results import Audience, Decision, HandlerRun, Notice, Verdict
from hookc.hosts import by_name

__all__ = [
    "PROTOCOLS",
    "Audience",
    "Builtin",
    "Builtins",
    "Decision",
    "HandlerRun",
    "Notice",
    "Plan",
    "Protocol",
    "Verdict",
    "arun",
    "get_protocol",
    "plan",
    "run",
]

Match = tuple[str, Mapping[str, Any]]


class Builtins(dict[str, Builtin]):
    """Builtin handlers by name, with a decorator to register them::

    builtins = Builtins()

    @builtins.register("add_date")
    def add_date(payload, action):
        return {"hook_specific_output": {"additional_context": "Today is ..."}}
    """

    def register(self, name: str) -> Any:
        def decorate(function: Builtin) -> Builtin:
            self[name] = function
            return function

        return decorate


def get_protocol(name: str) -> Protocol:
    """The protocol of the host called ``name`` (or a name it answered to before);
    ValueError, naming those there are, if none is."""
    try:
        return PROTOCOLS[by_name(name).name]
    except (KeyError, ValueError):
        known = ", ".join(sorted(PROTOCOLS))
        raise ValueError(f"unknown handler protocol {name!r}; hookc knows {known}") from None


def _options(
    cwd: str | os.PathLike[str] | None,
    env: Mapping[str, str] | None,
    session_id: str | None,
    project_dir: str | os.PathLike[str] | None,
    output_limit: int,
    timeout: float | None,
) -> Options:
    # A timeout is a number of seconds above zero; infinity waits as long as the handler
    # runs. NaN or zero would time every handler out, or none, without saying so.
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout!r}")
    return Options(
        cwd=os.path.abspath(cwd) if cwd is not None else os.getcwd(),
        env=dict(env or {}),
        session_id=session_id,
        project_dir=os.path.abspath(project_dir) if project_dir is not None else None,
        output_limit=output_limit,
        timeout=timeout,
    )


def run(
    protocol_name: str | Protocol,
    event: str,
    context: Mapping[str, Any],
    matches: Sequence[Match],
    *,
    builtins: Mapping[str, Builtin] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    session_id: str | None = None,
    project_dir: str | os.PathLike[str] | None = None,
    output_limit: int = 1 << 20,
    timeout: float | None = None,
) -> Decision:
    """Run the handlers of ``matches`` (``evaluate_all``'s ``[(hook_id, action), ...]``) for
    ``event`` and return the merged decision.

    ``cwd`` is the agent's working directory (default: this process's), where handlers run
    unless their hook says otherwise; ``env`` is added to the inherited environment;
    ``session_id`` and ``project_dir`` fill the fields and variables the tool provides;
    ``output_limit`` bounds the bytes kept of each handler's stdout and stderr; ``timeout``
    (seconds, above zero; any length, infinity included) overrides every handler's own.
    Never raises for a handler's failure: a hang, a crash, a flood, invalid output or a
    command that cannot start is read as the tool reads it. An exception that interrupts
    the call (KeyboardInterrupt) kills and reaps every handler it started first.
    """
    chosen = protocol_name if isinstance(protocol_name, Protocol) else get_protocol(protocol_name)
    options = _options(cwd, env, session_id, project_dir, output_limit, timeout)
    return run_sync(chosen, event, context, matches, options, builtins or {})


async def arun(
    protocol_name: str | Protocol,
    event: str,
    context: Mapping[str, Any],
    matches: Sequence[Match],
    *,
    builtins: Mapping[str, Builtin] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    session_id: str | None = None,
    project_dir: str | os.PathLike[str] | None = None,
    output_limit: int = 1 << 20,
    timeout: float | None = None,
) -> Decision:
    """``run`` under asyncio: commands run without blocking the event loop, coroutine
    builtins are awaited on it, and cancelling the call kills every command it started."""
    chosen = protocol_name if isinstance(protocol_name, Protocol) else get_protocol(protocol_name)
    options = _options(cwd, env, session_id, project_dir, output_limit, timeout)
    return await run_async(chosen, event, context, matches, options, builtins or {})


def plan(
    protocol_name: str | Protocol,
    event: str,
    context: Mapping[str, Any],
    matches: Sequence[Match],
    *,
    builtins: Mapping[str, Builtin] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
    session_id: str | None = None,
    project_dir: str | os.PathLike[str] | None = None,
    timeout: float | None = None,
) -> Plan:
    """What ``run`` with these arguments would run, and with what input, running nothing."""
    chosen = protocol_name if isinstance(protocol_name, Protocol) else get_protocol(protocol_name)
    options = _options(cwd, env, session_id, project_dir, 1 << 20, timeout)
    return _plan(chosen, event, context, matches, options, builtins or {})
