"""Hook files of the flat family: ``{"hooks": {<event>: [handler, ...]}}``, each event a
list of handlers (no matcher groups), a handler's matcher (where the host has one) on the
handler itself. Cursor's and Windsurf's files have this shape; each host's reader gives a
``Flat`` saying what differs: its matcher rule, its default handler type, the checks of its
own fields and of the file's top-level keys.

What they share, written once here: the JSON document and its shape errors, unknown events
(HK402 with the exact casing), a handler's type and fields checked against the profile's
catalog (unknown fields warned of and left out, as the hosts ignore them; wrong values
errors; defaults filled), timeouts, scripts under the project that are missing or not
executable. Neither host is known to run identical handlers once, so every handler is a
hook of its own, in file order. A handler's id is ``<file>.<event>.<index>`` (its place in
the event's list: the family has no groups).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hookc.frontend.actions import describe, did_you_mean, fill_defaults, freeze
from hookc.frontend.formats.groups import (
    Handler,
    _timeout_problems,
    hooks_of,
    renamed_field,
    script_problems,
    unknown_event,
)
from hookc.frontend.formats.json_root import json_root
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded, file_identity
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr
from hookc.ir.hooks import Action, HookSet, ParamValue
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

# A matcher as a condition: (condition, findings, why hookc cannot decide it).
Condition = tuple[Expr | None, list[Diagnostic], str | None]
MatcherRule = Callable[[str, Located, Source, Profile], Condition]
# A host's own checks of one handler: (event, handler node, action, source) -> findings.
HandlerCheck = Callable[[str, Located, Action, Source], list[Diagnostic]]
# A host's own checks of the whole document: (document, source) -> findings.
FileCheck = Callable[[Located, Source], list[Diagnostic]]


def _no_handler_check(
    event: str, node: Located, action: Action, source: Source
) -> list[Diagnostic]:
    return []


def _no_file_check(document: Located, source: Source) -> list[Diagnostic]:
    return []


@dataclass(frozen=True, slots=True)
class Flat:
    """What one host of the flat family reads differently."""

    host: str  # as messages name it
    matcher: MatcherRule  # a handler's `matcher` as a condition
    default_type: str = "command"  # the type of a handler that names none
    handler_check: HandlerCheck = _no_handler_check
    file_check: FileCheck = _no_file_check
    # Folders whose files run with the project as their working directory (`.cursor`).
    settings_dir: str = ".cursor"


def read_flat(source: Source, profile: Profile, flat: Flat) -> Loaded:
    """The file's hooks, read with the host's meaning."""
    opened = json_root(source, profile, f"a {flat.host} hooks file")
    if isinstance(opened, Loaded):
        return opened
    document, diagnostics = opened
    diagnostics.extend(flat.file_check(document, source))
    empty_set = HookSet((), ordering=profile.ordering, profile=profile.name)
    hooks_node = document.get("hooks")
    if hooks_node is None:
        diagnostics.append(warning("HK208", "the file holds no hooks", source, document.span))
        return Loaded(source, empty_set, profile, tuple(diagnostics))
    if not isinstance(hooks_node.value, dict):
        diagnostics.append(
            error(
                "HK205",
                "`hooks` maps event names to lists of handlers, "
                f"not {describe(hooks_node.plain())}",
                source,
                hooks_node.span,
            )
        )
        return Loaded(source, None, profile, tuple(diagnostics))
    handlers: list[Handler] = []
    roots = script_roots(source, flat.settings_dir)
    stem = file_identity(source.name)
    for event, entries in hooks_node.items():
        found, problems = _event_handlers(event, entries, source, profile, flat, roots, stem)
        handlers.extend(found)
        diagnostics.extend(problems)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    hooks, _ = hooks_of(handlers, source)  # no handler has a key: none is a duplicate
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def _event_handlers(
    event: str,
    entries: Located,
    source: Source,
    profile: Profile,
    flat: Flat,
    roots: dict[str, Path],
    stem: str,
) -> tuple[list[Handler], list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    if event not in profile.events:
        unknown = unknown_event(event, entries.key_span or entries.span, profile, source)
        return [], [unknown] if unknown is not None else []
    if not isinstance(entries.value, list):
        diagnostics.append(
            error(
                "HK205",
                f"`{event}` holds a list of handlers, not {describe(entries.plain())}",
                source,
                entries.span,
                'write [{"command": "..."}]',
            )
        )
        return [], diagnostics
    handlers: list[Handler] = []
    for index, node in enumerate(entries.value):
        action, found = flat_action(node, profile, source, flat.default_type, ("matcher",))
        diagnostics.extend(found)
        if action is None:
            continue
        diagnostics.extend(flat.handler_check(event, node, action, source))
        matcher_node = node.get("matcher")
        condition, found, undecidable = (
            (None, [], None)
            if matcher_node is None
            else flat.matcher(event, matcher_node, source, profile)
        )
        diagnostics.extend(found)
        command = node.get("command")
        if roots and command is not None and isinstance(command.value, str):
            diagnostics.extend(script_problems(command.value, roots, command, source))
        name = action.params.get("name")
        handlers.append(
            Handler(
                id=f"{stem}.{event}.{index}",
                event=event,
                condition=condition,
                action=action,
                node=node,
                key=None,
                description=name if isinstance(name, str) else None,
                matcher_text=matcher_node.value if matcher_node is not None else None,
                undecidable=undecidable,
            )
        )
    return handlers, diagnostics


def flat_action(
    node: Located,
    profile: Profile,
    source: Source,
    default_type: str,
    outside: Sequence[str] = (),
) -> tuple[Action | None, list[Diagnostic]]:
    """A handler as an action of its type (``type``, else ``default_type``): unknown fields
    are warned of and left out, wrong values are errors, defaults are filled. ``outside``
    names fields the reader takes for itself (the matcher), which are no action's."""
    if not isinstance(node.value, dict):
        return None, [
            error(
                "HK205", f"a handler is an object, not {describe(node.plain())}", source, node.span
            )
        ]
    type_node = node.get("type")
    kind: Any = default_type if type_node is None else type_node.value
    action_type = profile.action_types.get(kind) if isinstance(kind, str) else None
    if action_type is None:
        known = sorted(profile.action_types)
        where = type_node.span if type_node is not None else node.span
        return None, [
            error(
                "HK301",
                f"unknown handler type {describe(kind)}",
                source,
                where,
                did_you_mean(str(kind), known) or f"the types: {', '.join(known)}",
            )
        ]
    diagnostics: list[Diagnostic] = []
    given: dict[str, ParamValue] = {}
    names = [spec.name for spec in action_type.params]
    for name, value_node in node.items():
        if name == "type" or name in outside:
            continue
        spec = action_type.param(name)
        where = value_node.key_span or value_node.span
        if spec is None:
            renamed, fix = renamed_field(name, node, names, source)
            diagnostics.append(
                warning(
                    "HK704",
                    f"a `{action_type.name}` handler has no field `{name}`: it is ignored",
                    source,
                    where,
                    (f"did you mean `{renamed}`?" if renamed else None)
                    or did_you_mean(name, names)
                    or f"its fields: {', '.join(names)}",
                    fix=fix,
                )
            )
            continue
        value = value_node.plain()
        if not spec.admits(value):
            wanted = {"integer": "an integer", "boolean": "true or false"}.get(
                spec.type or "", f"a {spec.type}"
            )
            diagnostics.append(
                error(
                    "HK303",
                    f"`{name}` must be {wanted}, not {describe(value)}",
                    source,
                    value_node.span,
                )
            )
            continue
        if name == "timeout":
            diagnostics.extend(_timeout_problems(value, value_node, source))
        given[name] = freeze(value)
    for spec in action_type.params:
        if spec.required and node.get(spec.name) is None:
            diagnostics.append(
                error(
                    "HK305",
                    f"a `{action_type.name}` handler needs `{spec.name}`",
                    source,
                    node.span,
                )
            )
    if any(d.severity.value == "error" for d in diagnostics):
        return None, diagnostics
    return Action(action_type.name, fill_defaults(action_type, given), span=node.span), diagnostics


def script_roots(source: Source, settings_dir: str) -> dict[str, Path]:
    """Where a real project file's relative commands start: the folder above its
    ``settings_dir`` (Cursor runs a project's hooks from the project's root); nothing for
    a file elsewhere (a user's or the system's: their commands are not the project's)."""
    path = Path(source.name)
    try:
        if not path.is_file():
            return {}
        path = path.resolve()
    except OSError:
        return {}
    if path.parent.name != settings_dir:
        return {}
    project = path.parent.parent
    if project == Path.home() or project == project.parent:
        return {}
    return {".": project}


def merged(
    files: Sequence[tuple[str, HookSet]], level: Callable[[str], int], profile: Profile
) -> HookSet:
    """The hooks of several files of one host as the host runs them together: the files
    ordered by ``level`` of their paths (lower first; equal levels keep the order given),
    each file's hooks in its own order."""
    ordered = sorted(enumerate(files), key=lambda item: (level(item[1][0]), item[0]))
    hooks = tuple(hook for _, (_, hookset) in ordered for hook in hookset.hooks)
    return HookSet(hooks, ordering=profile.ordering, profile=profile.name)
