"""The rules that look at hooks after they are read: each rule module with a ``check``
(under ``hookc/lint/rules/`` groups ``CHECKED_GROUPS``, and the file's host's
``hookc/hosts/<host>/rules/``) is given a ``Context`` per file and yields diagnostics.

Handlers come from the IR of every host: a hook whose action runs a shell command
(``command`` or ``script`` with a ``command``), or an ``http`` handler. The IR keeps the
handler's span, not each field's, so ``Context.find`` places a finding on the text it is
about inside the handler (as written, or JSON-escaped), else on the whole handler.

A file without handlers, of a host without rules of its own, imports no rule module:
native YAML policies pay nothing for rules about commands.
"""

from __future__ import annotations

import functools
import importlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from hookc.hosts.profile import Profile
from hookc.ir.hooks import Hook, HookSet, Params, ParamValue
from hookc.lint.modules import rule_modules
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic

# The groups of hookc/lint/rules/ whose rules have a check (the others document what a
# reader emits). A new rule with a check goes in one of these, or in its host's package.
CHECKED_GROUPS = ("security", "policy")
HANDLER_TYPES = frozenset({"command", "script", "http"})
# The fields beside `command` that hold a command to run (``Handler.commands``).
SHELL_FIELDS = ("bash", "powershell", "windows", "linux", "osx", "commandWindows")


@dataclass(frozen=True, slots=True)
class Handler:
    """One handler: its hook (event, id), type and fields."""

    hook: Hook
    type: str
    params: Params
    span: Span

    def get(self, name: str) -> ParamValue | None:
        return self.params.get(name)

    @property
    def command(self) -> str | None:
        """The shell command it runs: ``command`` (with ``args`` joined on, for the exec
        form), for a command or script handler."""
        if self.type not in ("command", "script"):
            return None
        command = self.get("command")
        if not isinstance(command, str):
            return None
        args = self.get("args")
        if isinstance(args, tuple) and all(isinstance(a, str) for a in args):
            import shlex

            return " ".join([command, *(shlex.quote(str(a)) for a in args)])
        return command

    @property
    def commands(self) -> tuple[str, ...]:
        """Every shell command it may run, each once: ``command`` and the per-shell and
        per-system forms of the hosts that have them (Copilot's and VS Code's ``bash`` and
        ``powershell``, VS Code's ``windows``/``linux``/``osx``, Codex's
        ``commandWindows``), which are as dangerous as ``command`` is."""
        if self.type not in ("command", "script"):
            return ()
        found = [self.command]
        found += [self.get(name) for name in SHELL_FIELDS]  # type: ignore[misc]
        return tuple(dict.fromkeys(c for c in found if isinstance(c, str) and c))


@dataclass(frozen=True, slots=True)
class Context:
    """One file for the rules: its text, hooks, profile, and the user's rule options."""

    source: Source
    hookset: HookSet
    profile: Profile
    allowed_commands: tuple[str, ...] | None = None

    @property
    def host(self) -> str:
        return self.profile.name

    def handlers(self) -> Iterator[Handler]:
        for hook in self.hookset.hooks:
            action = hook.action
            if action.type in HANDLER_TYPES and action.span is not None:
                yield Handler(hook, action.type, action.params, action.span)

    def commands(self) -> Iterator[tuple[Handler, str]]:
        """Each handler with each command it may run (``Handler.commands``)."""
        for handler in self.handlers():
            for command in handler.commands:
                yield handler, command

    def find(self, handler: Handler, text: str, after: int = 0) -> Span:
        """Where ``text`` is written inside the handler (as it is, or as a JSON string
        writes it), from ``after`` characters in; else the handler's span."""
        region = self.source.text[handler.span.start : handler.span.end]
        for form in (text, json.dumps(text, ensure_ascii=False)[1:-1]):
            at = _word_at(region, form, after) if form else -1
            if at >= 0:
                start = handler.span.start + at
                return Span(start, start + len(form))
        return handler.span

    def document(self) -> object:
        """The file as JSON (None if it is not): settings keys beside ``hooks``."""
        return _json(self.source.text)


def _word_at(region: str, text: str, after: int) -> int:
    """The first place of ``text`` in ``region`` from ``after`` that stands as a word of its
    own (no letter or digit touching it), else its first place at all (-1: none)."""
    first = at = region.find(text, after)
    while at >= 0:
        before = region[at - 1] if at > 0 else " "
        end = at + len(text)
        following = region[end] if end < len(region) else " "
        if not (before.isalnum() or following.isalnum()):
            return at
        at = region.find(text, at + 1)
    return first


@functools.lru_cache(maxsize=8)
def _json(text: str) -> object:
    try:
        return json.loads(text.removeprefix("\ufeff"))
    except ValueError:
        return None


def has_handlers(hookset: HookSet) -> bool:
    return any(hook.action.type in HANDLER_TYPES for hook in hookset.hooks)


@functools.cache
def _checks(host: str) -> tuple[Callable[[Context], Iterable[Diagnostic]], ...]:
    """The checks of the generic groups and of ``host``'s own rules, in code order."""
    packages = {f"hookc.lint.rules.{group}" for group in CHECKED_GROUPS}
    packages.add(f"hookc.hosts.{host.replace('-', '_')}.rules")
    found = []
    for _code, dotted in sorted(rule_modules().items()):
        if dotted.rsplit(".", 1)[0] in packages:
            check = getattr(importlib.import_module(dotted), "check", None)
            if check is not None:
                found.append(check)
    return tuple(found)


def lint_diagnostics(
    source: Source,
    hookset: HookSet,
    profile: Profile,
    allowed_commands: tuple[str, ...] | None = None,
) -> list[Diagnostic]:
    """Every checked rule's findings on one file's hooks."""
    own = f"hookc.hosts.{profile.name.replace('-', '_')}.rules."
    if not has_handlers(hookset) and not any(
        dotted.startswith(own) for dotted in rule_modules().values()
    ):
        return []
    context = Context(source, hookset, profile, allowed_commands)
    return [d for check in _checks(profile.name) for d in check(context)]
