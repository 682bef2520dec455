"""Running the handlers an event matched, synchronously or under asyncio, by a protocol's
rules.

Both entry points plan the same way (the handler each match names, duplicates dropped as
the tool drops them) and hand the merge to the protocol; they differ only in how they wait.
The synchronous one drives every command of a concurrent event from one selector loop in
the calling thread; the asynchronous one runs that loop in a worker thread (so the event
loop never blocks on a pipe) and awaits coroutine builtins on the event loop. Cancelling
the awaiting task kills every command it started.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import math
import os
import threading
import time
from collections.abc import Awaitable, Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from hookc.handlers.process import CommandSpec, Finished, run_commands
from hookc.handlers.protocol import Handler, Options, Protocol
from hookc.handlers.results import Decision, HandlerRun

# A builtin handler: called with the payload a command would read on standard input and
# the hook's action; returns the JSON object a command would print (or None for nothing).
Builtin = Callable[[dict[str, Any], Mapping[str, Any]], Any]


@dataclass(frozen=True, slots=True)
class Plan:
    """What running an event's matches will do, before anything runs."""

    protocol: str
    event: str
    concurrent: bool  # all at once, or one after another
    payload: Mapping[str, Any]  # what the (first) handler gets on standard input
    handlers: tuple[Handler, ...]
    skipped: tuple[str, ...]  # "hook id: why it does not run"

    def to_json(self) -> dict[str, Any]:
        return {
            "protocol": self.protocol,
            "event": self.event,
            "concurrent": self.concurrent,
            "stdin": dict(self.payload),
            "handlers": [
                {
                    "hook_id": h.hook_id,
                    "kind": h.kind,
                    "target": h.target,
                    "timeout": h.timeout,
                    "cwd": h.cwd,
                    "env": dict(h.env),
                }
                for h in self.handlers
            ],
            "skipped": list(self.skipped),
        }


def plan(
    protocol: Protocol,
    event: str,
    context: Mapping[str, Any],
    matches: Sequence[tuple[str, Mapping[str, Any]]],
    options: Options,
    builtins: Mapping[str, Builtin],
) -> Plan:
    handlers: list[Handler] = []
    skipped: list[str] = []
    seen: set[Any] = set()
    for hook_id, action in matches:
        handler = protocol.handler(hook_id, action, options)
        if isinstance(handler, str):
            skipped.append(f"{hook_id}: {handler}")
            continue
        if (
            handler.kind == "builtin"
            and handler.target not in builtins
            and not protocol.missing_builtin_fails
        ):
            skipped.append(f"{hook_id}: no builtin registered as `{handler.target}`")
            continue
        key = protocol.dedupe_key(handler)
        if key is not None:
            if key in seen:
                skipped.append(f"{hook_id}: the same handler as an earlier hook (run once)")
                continue
            seen.add(key)
        handlers.append(handler)
    return Plan(
        protocol.name,
        event,
        protocol.runs_concurrently(event, handlers),
        protocol.payload(event, context, options),
        tuple(handlers),
        tuple(skipped),
    )


def spec(
    protocol: Protocol,
    handler: Handler,
    stdin: bytes,
    options: Options,
    base: Mapping[bytes, bytes] | None = None,
) -> CommandSpec:
    """The command a handler runs, with ``stdin`` (``encode_payload``'s, made once for the
    handlers that share a payload) and the tool's variables over ``base`` (``environment``'s,
    made once per call)."""
    env = dict(base if base is not None else environment(protocol, options))
    env.update(_encoded_env(handler.env))
    return CommandSpec(
        handler.target,
        stdin,
        handler.cwd,
        env,
        handler.timeout,
        options.output_limit,
        handler.shell,
    )


def environment(protocol: Protocol, options: Options) -> dict[bytes, bytes]:
    """The inherited environment with the tool's and the caller's variables added."""
    env = _inherited_environment()
    env.update(_encoded_env(protocol.environment(options)))
    env.update(_encoded_env(options.env))
    return env


def _encoded_env(variables: Mapping[str, str]) -> list[tuple[bytes, bytes]]:
    return [(_env_bytes(key), _env_bytes(value)) for key, value in variables.items()]


def _env_bytes(text: str) -> bytes:
    """A variable's name or value as the process table holds it: os.fsencode (a surrogate
    escape from a file name becomes its byte again), else, for a lone surrogate no file
    name gave (a template's value from the context), its UTF-8 form kept as it is: a
    variable is bytes, and a value is better passed on than a crash."""
    try:
        return os.fsencode(text)
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogatepass")


def encode_payload(payload: Mapping[str, Any]) -> bytes:
    """The JSON a command reads on stdin, as UTF-8. What JSON cannot say as it is: NaN and
    the infinities become null (as JavaScript's JSON.stringify writes them: the agents that
    send these events are mostly JavaScript or Go, and Go refuses them outright); a lone
    surrogate (from a ``\\ud800`` escape in the JSON the context came from) is written back
    as that escape, the whole text then in ASCII, since UTF-8 cannot hold it."""
    try:
        text = json.dumps(payload, ensure_ascii=False, allow_nan=False, default=str)
    except ValueError:  # NaN or an infinity (or a cycle, which the second try raises again)
        payload = _finite(payload, set())
        text = json.dumps(payload, ensure_ascii=False, allow_nan=False, default=str)
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(payload, allow_nan=False, default=str).encode("ascii")


def _finite(value: Any, path: set[int]) -> Any:
    """``value`` with every NaN and infinity replaced by None; ``path`` holds the containers
    being walked, so that a cycle is left for json.dumps to report."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if not isinstance(value, dict | list | tuple) or id(value) in path:
        return value
    path.add(id(value))
    try:
        if isinstance(value, dict):
            return {key: _finite(item, path) for key, item in value.items()}
        return [_finite(item, path) for item in value]
    finally:
        path.discard(id(value))


def _inherited_environment() -> dict[bytes, bytes]:
    """This process's environment as bytes, as the process table holds them (Popen would
    otherwise encode every variable again). os.environ keeps them so in `_data` on POSIX;
    copying that dict takes 1 µs where going through os.environb takes 20-50 µs, a few
    percent of a trivial handler's run."""
    data = getattr(os.environ, "_data", None)
    if os.name == "posix" and isinstance(data, dict):
        return dict(data)
    return dict(os.environb)


# -- synchronous --------------------------------------------------------------------------


def run_sync(
    protocol: Protocol,
    event: str,
    context: Mapping[str, Any],
    matches: Sequence[tuple[str, Mapping[str, Any]]],
    options: Options,
    builtins: Mapping[str, Builtin],
) -> Decision:
    chosen = plan(protocol, event, context, matches, options, builtins)
    base = environment(protocol, options)
    if not chosen.concurrent:
        chain = _one_by_one(protocol, event, chosen)
        stdin = _Stdin()
        try:
            handler, payload = next(chain)
            while True:
                if handler.kind == "command":
                    one = spec(protocol, handler, stdin.of(payload), options, base)
                    run = protocol.read(handler, run_commands([one])[0])
                else:
                    run = call_builtin(handler, payload, builtins)
                handler, payload = chain.send(run)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]
    payload = dict(chosen.payload)
    in_process: list[HandlerRun] = []

    def call_builtins() -> None:  # while the commands run
        for handler in chosen.handlers:
            if handler.kind == "builtin":
                in_process.append(call_builtin(handler, payload, builtins))

    commands = [h for h in chosen.handlers if h.kind == "command"]
    encoded = encode_payload(payload) if commands else b""  # once, whatever the number
    finished = run_commands(
        [spec(protocol, h, encoded, options, base) for h in commands], while_running=call_builtins
    )
    runs = _in_order(protocol, chosen.handlers, finished, in_process)
    return protocol.merge(event, runs, list(chosen.skipped), payload)


class _Stdin:
    """The encoded payload of handlers run in order, made again only when a handler's
    answer changed the payload (most never do)."""

    def __init__(self) -> None:
        self.payload: Mapping[str, Any] | None = None
        self.data = b""

    def of(self, payload: Mapping[str, Any]) -> bytes:
        if payload is not self.payload:
            self.payload, self.data = payload, encode_payload(payload)
        return self.data


def _one_by_one(
    protocol: Protocol, event: str, chosen: Plan
) -> Generator[tuple[Handler, dict[str, Any]], HandlerRun, Decision]:
    """A plan's handlers in turn, whichever way they are run: yields each handler with the
    payload it is given, is sent its run, and returns the merged decision. A run can change
    the payload of those after it, or end the chain."""
    payload = dict(chosen.payload)
    runs: list[HandlerRun] = []
    skipped = list(chosen.skipped)
    for position, handler in enumerate(chosen.handlers):
        run = yield handler, payload
        runs.append(run)
        payload, stop = protocol.after(event, payload, run)
        if stop:
            skipped += _not_reached(chosen.handlers[position + 1 :], run)
            break
    return protocol.merge(event, runs, skipped, payload)


def _in_order(
    protocol: Protocol,
    handlers: Sequence[Handler],
    finished: Sequence[Finished],
    in_process: Sequence[HandlerRun],
) -> list[HandlerRun]:
    """The runs of handlers run at once, in the handlers' order: ``finished`` holds the
    commands' in their order, ``in_process`` the builtins'."""
    done, answered = iter(finished), iter(in_process)
    return [
        protocol.read(h, next(done)) if h.kind == "command" else next(answered) for h in handlers
    ]


def call_builtin(
    handler: Handler, payload: Mapping[str, Any], builtins: Mapping[str, Builtin]
) -> HandlerRun:
    function = builtins.get(handler.target)
    start = time.monotonic()
    if function is None:
        return _builtin_run(handler, start, None, f"no builtin registered as `{handler.target}`")
    try:
        answer = function(dict(payload), handler.action)
        if inspect.isawaitable(answer):
            answer = _await_here(answer, handler.timeout)
    except TimeoutError:
        return _builtin_run(handler, start, None, f"timed out after {handler.timeout:g} s")
    except Exception as exc:  # the caller's function failed: a handler error, not ours
        return _builtin_run(handler, start, None, f"raised {type(exc).__name__}: {exc}")
    return _builtin_answer(handler, start, answer)


def _await_here(answer: Awaitable[Any], timeout: float) -> Any:
    """A coroutine builtin under the synchronous API: run on an event loop of its own,
    which cannot be done from inside a running one."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(_within(answer, timeout))
    if inspect.iscoroutine(answer):
        answer.close()
    raise RuntimeError("a coroutine builtin inside a running event loop: use handlers.arun")


async def _within(answer: Awaitable[Any], timeout: float) -> Any:
    return await asyncio.wait_for(answer, timeout)


def _builtin_answer(handler: Handler, start: float, answer: Any) -> HandlerRun:
    if answer is not None and not isinstance(answer, Mapping):
        return _builtin_run(
            handler, start, None, f"returned {type(answer).__name__}, not a dict or None"
        )
    return _builtin_run(handler, start, answer, None)


def _builtin_run(
    handler: Handler, start: float, output: Mapping[str, Any] | None, error: str | None
) -> HandlerRun:
    return HandlerRun(
        handler.hook_id,
        "builtin",
        handler.target,
        action=handler.action,
        timed_out=error is not None and error.startswith("timed out"),
        duration=time.monotonic() - start,
        output=None if output is None else dict(output),
        error=error,
    )


def _not_reached(rest: Sequence[Handler], run: HandlerRun) -> list[str]:
    return [f"{h.hook_id}: not run, {run.hook_id} ended the chain" for h in rest]


# -- asyncio ------------------------------------------------------------------------------


async def run_async(
    protocol: Protocol,
    event: str,
    context: Mapping[str, Any],
    matches: Sequence[tuple[str, Mapping[str, Any]]],
    options: Options,
    builtins: Mapping[str, Builtin],
) -> Decision:
    chosen = plan(protocol, event, context, matches, options, builtins)
    base = environment(protocol, options)
    if not chosen.concurrent:
        chain = _one_by_one(protocol, event, chosen)
        stdin = _Stdin()
        try:
            handler, payload = next(chain)
            while True:
                if handler.kind == "command":
                    one = [spec(protocol, handler, stdin.of(payload), options, base)]
                    run = protocol.read(handler, (await _commands_in_thread(one))[0])
                else:
                    run = await acall_builtin(handler, payload, builtins)
                handler, payload = chain.send(run)
        except StopIteration as end:
            return end.value  # type: ignore[no-any-return]
    payload = dict(chosen.payload)
    commands = [h for h in chosen.handlers if h.kind == "command"]
    calls = [acall_builtin(h, payload, builtins) for h in chosen.handlers if h.kind == "builtin"]
    encoded = encode_payload(payload) if commands else b""  # once, whatever the number
    finished, in_process = await asyncio.gather(
        _commands_in_thread([spec(protocol, h, encoded, options, base) for h in commands]),
        asyncio.gather(*calls),
    )
    runs = _in_order(protocol, chosen.handlers, finished, in_process)
    return protocol.merge(event, runs, list(chosen.skipped), payload)


async def acall_builtin(
    handler: Handler, payload: Mapping[str, Any], builtins: Mapping[str, Builtin]
) -> HandlerRun:
    function = builtins.get(handler.target)
    start = time.monotonic()
    if function is None:
        return _builtin_run(handler, start, None, f"no builtin registered as `{handler.target}`")
    try:
        answer = function(dict(payload), handler.action)
        if inspect.isawaitable(answer):
            answer = await _within(answer, handler.timeout)
    except TimeoutError:
        return _builtin_run(handler, start, None, f"timed out after {handler.timeout:g} s")
    except Exception as exc:  # the caller's function failed: a handler error, not ours
        return _builtin_run(handler, start, None, f"raised {type(exc).__name__}: {exc}")
    return _builtin_answer(handler, start, answer)


async def _commands_in_thread(specs: list[CommandSpec]) -> list[Finished]:
    if not specs:
        return []
    cancel = threading.Event()
    wake_read, wake_write = os.pipe()
    task = asyncio.ensure_future(asyncio.to_thread(run_commands, specs, cancel, wake_read))
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        # Kill every command now, and wait for that, so none outlives the cancelled call.
        cancel.set()
        os.write(wake_write, b"x")
        await asyncio.wait({task})
        raise
    finally:

        def close(_: object = None) -> None:
            os.close(wake_read)
            os.close(wake_write)

        if task.done():
            close()
        else:  # cancelled while cancelling: close once the thread is done with the pipe
            task.add_done_callback(close)
