"""Commands a handler runs under a shell: none built from the event, each one a process
can be given.

HK715: a ``${...}`` template inside the command of a ``command`` or ``script`` action. The
template is rendered from the event's context (what a model wrote, a file's contents),
and the text runs under ``sh -c``: a value ``$(touch PWNED)`` would run. No host hookc
runs handlers for builds a command from the event: Claude Code and docker-agent pass the
command to the shell as written (their ``${VAR}`` is the shell's variable; hookc's readers
of their files keep it as text), the ``.system/hooks`` registry names a script, and A3S's
handlers are functions given the event, hookc's ``command`` bridge being hookc's own.
Quoting each value (``shlex.quote``) would make a shell-safe word, but not a safe
*argument*: ``rm ${path}`` with a path ``-rf /`` or ``git ${args}`` with ``--upload-pack=...``
still does what the event says. So hookc refuses the template, and the event reaches a
command only as data: JSON on standard input (``jq -r .tool_input.command``), or a value
of ``env`` the command quotes itself (``"$CMD"``). ``hookc.runtime.load`` refuses the same
(``LoadError``), for canonical files that were never checked.

HK716: what no process can be given: a NUL byte in a command or in an ``env`` value, an
``env`` name that holds ``=`` or NUL. The system call that starts a process
takes C strings and ``NAME=value`` pairs; such a handler could never start.
"""

from __future__ import annotations

from collections.abc import Iterator

from hookc.ir.hooks import Hook, HookSet, Params, ParamValue, Template
from hookc.runtime.tree_form import SHELL_ACTION_TYPES
from hookc.source import Span
from hookc.source.diagnostics import Diagnostic, error

_HINT = (
    "a handler gets the event as JSON on standard input: read the value there (with "
    '`jq`, say), or pass it in `env` and quote it (`"$VALUE"`); a shell variable is '
    "written `$NAME`"
)


def command_diagnostics(hookset: HookSet) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for hook in hookset.hooks:
        if hook.source is None or hook.action.type not in SHELL_ACTION_TYPES:
            continue
        found.extend(_problems(hook))
    return found


def _problems(hook: Hook) -> Iterator[Diagnostic]:
    assert hook.source is not None
    source = hook.source
    params = hook.action.params
    where = hook.action.span or hook.span or Span(0, 0)
    command = params.get("command")
    if isinstance(command, Template):
        hole = next((part for part in command.parts if not isinstance(part, str)), None)
        at = (hole.span if hole is not None else None) or command.span or where
        yield error(
            "HK715",
            f"`${{{source.text[at.start : at.end]}}}` puts the event's text into a shell "
            "command: a value such as `$(rm -rf ~)` there would run",
            source,
            at,
            _HINT,
        )
    elif isinstance(command, str) and "\0" in command:
        yield error(
            "HK716", "the command holds a NUL byte: no process can be given it", source, where
        )
    env = params.get("env")
    if isinstance(env, Params):
        for name, value in env.items:
            problem = _env_problem(name, value)
            if problem is not None:
                yield error("HK716", problem, source, env.span or where)


def _env_problem(name: str, value: ParamValue) -> str | None:
    if "=" in name or "\0" in name:
        return (
            f"the variable name {name!r} cannot be passed to a process (a name holds no `=` or NUL)"
        )
    if isinstance(value, str) and "\0" in value:
        return f"the value of `{name}` holds a NUL byte: no process can be given it"
    return None
