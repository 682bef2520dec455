"""What a tool's handler protocol decides, as one small interface each protocol fills in.

A protocol says which matched actions are handlers it runs (commands, builtins) and how
long each may take; what goes on standard input and into the environment; whether the
handlers of an event run at once or in order (and whether an answer stops the rest); how
one handler's exit code and output read; and how the answers merge into one ``Decision``.
The executor (``hookc.handlers.execute``) does the running and asks the protocol the rest.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from hookc.handlers.process import SHELL, Finished
from hookc.handlers.results import Decision, HandlerRun, Kind


@dataclass(frozen=True, slots=True)
class Options:
    """The caller's side of a run: where, as whom, and how much output to keep."""

    cwd: str  # the agent's working directory; handlers run here unless they say otherwise
    env: Mapping[str, str] = field(default_factory=dict)  # added to the inherited environment
    session_id: str | None = None
    project_dir: str | None = None  # Claude Code's CLAUDE_PROJECT_DIR (default: cwd)
    output_limit: int = 1 << 20  # bytes kept of each handler's stdout and of its stderr
    timeout: float | None = None  # seconds, overriding every handler's own


@dataclass(frozen=True, slots=True)
class Handler:
    """One matched hook's handler, ready to run."""

    hook_id: str
    action: Mapping[str, Any]
    kind: Kind
    target: str  # the command's text, or the builtin's name
    timeout: float  # seconds
    cwd: str
    env: Mapping[str, str] = field(default_factory=dict)  # the handler's own variables
    shell: tuple[str, ...] = SHELL  # the shell and its flags; the command comes last


class Protocol:
    """The rules of one tool. Subclasses override what their tool does differently."""

    name: str = ""
    default_timeout: float = 60.0  # seconds, when a handler names none
    # Whether a builtin nobody registered is a failed handler (else it is not run at all:
    # A3S's engine continues when a hook has no registered handler).
    missing_builtin_fails: bool = True

    # -- which handlers run, and how --------------------------------------------------

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        """The handler an action describes, or why hookc cannot run it."""
        kind = action.get("type")
        if kind == "builtin":
            name = action.get("command") or action.get("name") or hook_id
            return self._handler(hook_id, action, "builtin", str(name), options)
        command = action.get("command")
        if kind in ("command", "script") and isinstance(command, str) and command.strip():
            shell = self.shell(action)
            if isinstance(shell, str):
                return shell
            return self._handler(hook_id, action, "command", command, options, shell)
        if kind in ("command", "script"):
            return "a command handler with no command"
        return f"a `{kind}` handler (hookc runs command and builtin handlers)"

    def function_or_command(
        self, hook_id: str, action: Mapping[str, Any], options: Options
    ) -> Handler | str:
        """For tools whose handlers are functions registered by name (A3S, rollouts): a
        `command` action is a command; anything else names a builtin by its `command` or
        `name`, else by the hook's id."""
        if action.get("type") == "command":
            return Protocol.handler(self, hook_id, action, options)
        name = action.get("command") or action.get("name") or hook_id
        return self._handler(hook_id, action, "builtin", str(name), options)

    def _handler(
        self,
        hook_id: str,
        action: Mapping[str, Any],
        kind: Kind,
        target: str,
        options: Options,
        shell: tuple[str, ...] = SHELL,
    ) -> Handler:
        env = action.get("env")
        return Handler(
            hook_id,
            action,
            kind,
            target,
            options.timeout if options.timeout is not None else self.timeout_of(action),
            working_dir(options.cwd, action.get("working_dir")),
            {str(k): str(v) for k, v in env.items()} if isinstance(env, Mapping) else {},
            shell,
        )

    def shell(self, action: Mapping[str, Any]) -> tuple[str, ...] | str:
        """The shell a command runs under, or why hookc cannot provide it."""
        return SHELL

    def timeout_of(self, action: Mapping[str, Any]) -> float:
        timeout = action.get("timeout")
        if isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout > 0:
            return float(timeout)
        return self.default_timeout

    def dedupe_key(self, handler: Handler) -> Hashable | None:
        """Handlers with equal keys run once (the first); None never dedupes."""
        return None

    def concurrent(self, event: str) -> bool:
        """Whether the handlers of ``event`` run at once (else in order)."""
        return False

    def runs_concurrently(self, event: str, handlers: Sequence[Handler]) -> bool:
        """Whether these handlers, planned for ``event``, run at once: the event's rule,
        unless the tool lets a handler's own setting decide (Gemini CLI's `sequential`)."""
        return self.concurrent(event)

    # -- what a handler is given --------------------------------------------------------

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        """The JSON object a handler gets on standard input (a builtin gets it as a dict)."""
        return dict(context)

    def environment(self, options: Options) -> dict[str, str]:
        """The tool's own variables, added to the inherited environment."""
        return {}

    # -- what a handler's answer means --------------------------------------------------

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        """A finished command as the tool reads it: by default exit 0 with a JSON object
        on stdout answers that object, and anything else is an error."""
        run = command_run(handler, finished)
        if run.error is not None:
            return run
        if run.exit_code != 0:
            return replace(run, error=f"exited with status {run.exit_code}")
        output, problem = json_object(run.stdout)
        return replace(run, output=output, error=problem)

    def after(
        self, event: str, payload: dict[str, Any], run: HandlerRun
    ) -> tuple[dict[str, Any], bool]:
        """For handlers run in order: the payload the next one gets, and whether to stop."""
        return payload, False

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        """One decision from every run, in match order; ``payload`` is what the last
        handler was given (after any rewrites of handlers run in order)."""
        raise NotImplementedError


def status_run(handler: Handler, finished: Finished) -> HandlerRun:
    """A finished command of a host that reads the exit status alone (Kiro, Windsurf): 0
    goes ahead and 2 blocks, read in ``merge``; any other status is a failed run."""
    run = command_run(handler, finished)
    if run.error is None and run.exit_code not in (0, 2):
        return replace(run, error=f"exited with status {run.exit_code}")
    return run


def command_run(handler: Handler, finished: Finished) -> HandlerRun:
    """The facts of a finished command, before any tool's reading of them."""
    code = finished.returncode
    error = finished.error
    if error is not None:
        error = f"could not start: {error}"
    elif finished.timed_out:
        error = f"timed out after {handler.timeout:g} s"
    elif code is not None and code < 0:
        error = f"killed by signal {-code}"
    return HandlerRun(
        handler.hook_id,
        "command",
        handler.target,
        action=handler.action,
        exit_code=code if code is not None and code >= 0 else None,
        signal=-code if code is not None and code < 0 else None,
        timed_out=finished.timed_out,
        duration=finished.duration,
        stdout=finished.stdout.decode("utf-8", "replace"),
        stderr=finished.stderr.decode("utf-8", "replace"),
        truncated=finished.truncated,
        error=error,
    )


# How deep a handler's JSON answer may nest. A real answer nests a few levels (the deepest
# documented one, a Claude Code `updatedPermissions` entry, five); a bound far above that
# keeps a hostile answer from exhausting the parser's recursion or, later, the encoder's
# when `hookc run --format json` prints it.
MAX_JSON_DEPTH = 64


def read_json(text: str) -> tuple[Any, str | None]:
    """A handler's output read as JSON, untrusted: (the value, None), or (None, the problem).

    The one place every protocol reads a handler's JSON, so that no answer can raise: a
    syntax error, nesting deeper than ``MAX_JSON_DEPTH`` (which the parser would meet as a
    RecursionError), and the non-JSON constants `NaN` and `Infinity` that Python's parser
    accepts and JavaScript's and Go's refuse are each a problem, never an exception. A
    string holding a lone surrogate (`"\\ud800"`, valid JSON but not encodable) is kept
    with U+FFFD in its place, so that printing the answer cannot fail.
    """
    try:
        value = json.loads(text, parse_constant=_refuse_constant)
    except RecursionError:
        return None, f"invalid JSON: nested deeper than {MAX_JSON_DEPTH} levels"
    except ValueError as exc:
        return None, f"invalid JSON: {exc}"
    if _deeper_than(value, MAX_JSON_DEPTH):
        return None, f"invalid JSON: nested deeper than {MAX_JSON_DEPTH} levels"
    if _LONE_SURROGATE_ESCAPE.search(text):
        value = _without_lone_surrogates(value)
    return value, None


def json_object(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """Stdout read as one JSON object: (the object, None), (None, None) for blank output,
    or (None, the problem)."""
    if not text.strip():
        return None, None
    value, problem = read_json(text)
    if problem is not None:
        return None, f"{problem} on stdout"
    if not isinstance(value, dict):
        return None, f"stdout is JSON but not an object ({type(value).__name__})"
    return value, None


def type_problem(
    value: Mapping[str, Any], types: Mapping[str, type | tuple[type, ...]]
) -> str | None:
    """The first field of ``value`` whose type is not the one ``types`` names (a missing or
    null field is fine; a bool is not a number), as a sentence; None when all are."""
    for key, expected in types.items():
        field_value = value.get(key)
        if field_value is None:
            continue
        wanted = expected if isinstance(expected, tuple) else (expected,)
        if isinstance(field_value, bool) and bool not in wanted:
            return f"`{key}` is {_json_type(field_value)}, not {_json_type_names(wanted)}"
        if not isinstance(field_value, wanted):
            return f"`{key}` is {_json_type(field_value)}, not {_json_type_names(wanted)}"
    return None


_JSON_NAMES = {
    bool: "a boolean",
    int: "a number",
    float: "a number",
    str: "a string",
    list: "a list",
    dict: "an object",
}


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    for kind, name in _JSON_NAMES.items():
        if isinstance(value, kind) and (kind is bool or not isinstance(value, bool)):
            return name
    return type(value).__name__


def _json_type_names(kinds: tuple[type, ...]) -> str:
    names = list(dict.fromkeys(_JSON_NAMES.get(kind, kind.__name__) for kind in kinds))
    return " or ".join(names)


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"`{name}` is not JSON")


_LONE_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether containers nest more than ``limit`` deep, walked without recursion."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def _without_lone_surrogates(value: Any) -> Any:
    """``value`` with every lone surrogate in its strings (keys too) replaced by U+FFFD;
    bounded by MAX_JSON_DEPTH, so the recursion is too."""
    if isinstance(value, str):
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, list):
        return [_without_lone_surrogates(item) for item in value]
    if isinstance(value, dict):
        return {
            _without_lone_surrogates(key): _without_lone_surrogates(item)
            for key, item in value.items()
        }
    return value


def working_dir(base: str, override: Any) -> str:
    """docker-agent's rule (pkg/hooks/handler.go, hookWorkingDir): an absolute working_dir
    wins, a relative one is joined onto the agent's directory; `~` is expanded first."""
    if not isinstance(override, str) or not override:
        return base
    override = os.path.expanduser(override)
    return override if os.path.isabs(override) else os.path.join(base, override)


def joined(texts: Sequence[str]) -> str | None:
    """Texts from several handlers, one per line, as both tools join them; None if none."""
    kept = [text.strip() for text in texts if text and text.strip()]
    return "\n".join(kept) if kept else None
