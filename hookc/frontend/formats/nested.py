"""Claude Code's nested shape, ``hooks: {Event: [{matcher?, hooks: [handler, ...]}]}``, read
once for the hosts that write it: Claude Code (and Factory Droid, Augment), Codex, Gemini
CLI (and Qwen Code, Tabnine CLI).

What their readers share is the walk: an event holds a list of groups, a group is an
object whose fields the host knows (HK704 for another), its ``hooks`` a list of handlers,
each handler its action, a command's script under the project checked (HK707), and each
kept handler a ``Handler`` with the per-file id ``<file>.<Event>.<group>.<handler>``. What
a matcher means, which handlers are identical, what else a handler is checked for, and
whether an event the host does not know is read at all are the host's: its reader says so
in a ``Shape``, and checks the event's name itself before handing the groups here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path, PurePath

from hookc.frontend.actions import describe, did_you_mean
from hookc.frontend.formats.groups import Handler, script_problems
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded, file_identity
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr
from hookc.ir.hooks import Action, HookSet
from hookc.source import Source, progress
from hookc.source.diagnostics import Diagnostic, error, warning


@dataclass(frozen=True, slots=True)
class Group:
    """What a host reads from a matcher group before its handlers."""

    condition: Expr | None = None  # the matcher as a condition (None: every time)
    problems: tuple[Diagnostic, ...] = ()
    undecidable: str | None = None  # why hookc cannot run the matcher (``Handler.undecidable``)
    skip: bool = False  # the host skips the group: its handlers are checked, none is kept
    sequential: bool = False  # the group's handlers run in order (Gemini CLI's `sequential`)


def _no_refinement(
    condition: Expr | None, event: str, node: Located, source: Source
) -> tuple[Expr | None, list[Diagnostic], bool]:
    return condition, [], True


def _no_key(action: Action) -> Hashable | None:
    return None


@dataclass(frozen=True, slots=True)
class Shape:
    """A host's meaning of the nested shape's parts."""

    group_fields: tuple[str, ...]  # the fields of a group the host reads
    group: Callable[[str, Located, Source, Profile], Group]  # (event, group, ...)
    # (event, handler, its group, ...): the handler's action (None: not kept), its findings.
    action: Callable[[str, Located, Group, Profile, Source], tuple[Action | None, list[Diagnostic]]]
    roots: Callable[[Source], dict[str, Path]]  # ``script_problems``'s roots for the file
    description: Callable[[Located, Action], str | None]  # (group, action)
    key: Callable[[Action], Hashable | None] = _no_key  # ``Handler.key``
    # (group's condition, event, handler): the handler's condition, its findings, and
    # whether the handler can run at all (Claude Code's `if` filter).
    refine: Callable[
        [Expr | None, str, Located, Source], tuple[Expr | None, list[Diagnostic], bool]
    ] = _no_refinement
    ignored: str = "it is ignored"  # what the host does with a group's unknown field
    suggest_fields: bool = True  # HK704 on a group's field: "did you mean" a known one
    # `hooks` may be absent (no handlers), and a wrong one fails the file before the
    # matcher is read (Codex's serde `Option<Vec<_>>`), rather than being required.
    hooks_optional: bool = False


def hooks_object(
    source: Source, profile: Profile, document: Located, diagnostics: list[Diagnostic]
) -> Located | Loaded:
    """The document's ``hooks`` object (event names to lists of groups); or, where it has
    none, what the file loads as: no hooks (HK208 for a ``hooks.json``, which should have
    some; a settings file need not), or, for another value, HK205 and no hook set."""
    hooks_node = document.get("hooks")
    if hooks_node is None:
        if PurePath(source.name).name == "hooks.json":
            diagnostics.append(warning("HK208", "the file holds no hooks", source, document.span))
        hookset = HookSet((), ordering=profile.ordering, profile=profile.name)
        return Loaded(source, hookset, profile, tuple(diagnostics))
    if not isinstance(hooks_node.value, dict):
        diagnostics.append(
            error(
                "HK205",
                "`hooks` maps event names to lists of matcher groups, "
                f"not {describe(hooks_node.plain())}",
                source,
                hooks_node.span,
            )
        )
        return Loaded(source, None, profile, tuple(diagnostics))
    return hooks_node


def event_handlers(
    event: str, groups: Located, source: Source, profile: Profile, shape: Shape
) -> tuple[list[Handler], list[Diagnostic]]:
    """The handlers of one event's groups, in file order, and the findings about them."""
    diagnostics: list[Diagnostic] = []
    if not isinstance(groups.value, list):
        diagnostics.append(
            error(
                "HK205",
                f"`{event}` holds a list of matcher groups, not {describe(groups.plain())}",
                source,
                groups.span,
                'write [{"matcher": "...", "hooks": [...]}]',
            )
        )
        return [], diagnostics
    handlers: list[Handler] = []
    # Unique per file: two plugins' hooks.json, or user and project settings, never meet.
    stem = file_identity(source.name)
    roots = shape.roots(source)
    for group_index, group_node in enumerate(groups.value):
        progress.report(f"{source.name}: `{event}` matchers", group_index, len(groups.value))
        if not isinstance(group_node.value, dict):
            diagnostics.append(
                error(
                    "HK205",
                    f"a matcher group is an object, not {describe(group_node.plain())}",
                    source,
                    group_node.span,
                )
            )
            continue
        diagnostics.extend(_unknown_fields(group_node, source, shape))
        entries, wrong = _entries(group_node, source, shape.hooks_optional)
        if wrong is not None and shape.hooks_optional:
            diagnostics.append(wrong)
            continue
        group = shape.group(event, group_node, source, profile)
        diagnostics.extend(group.problems)
        if wrong is not None:
            diagnostics.append(wrong)
            continue
        matcher_node = group_node.get("matcher")
        for index, node in enumerate(entries):
            action, found = shape.action(event, node, group, profile, source)
            diagnostics.extend(found)
            if action is None or group.skip:
                continue
            command = node.get("command")
            if roots and command is not None and isinstance(command.value, str):
                diagnostics.extend(script_problems(command.value, roots, command, source))
            condition, found, runs = shape.refine(group.condition, event, node, source)
            diagnostics.extend(found)
            if not runs:
                continue
            handlers.append(
                Handler(
                    id=f"{stem}.{event}.{group_index}.{index}",
                    event=event,
                    condition=condition,
                    action=action,
                    node=node,
                    key=shape.key(action),
                    description=shape.description(group_node, action),
                    matcher_text=matcher_node.value if matcher_node is not None else None,
                    undecidable=group.undecidable,
                )
            )
    return handlers, diagnostics


def _unknown_fields(group: Located, source: Source, shape: Shape) -> list[Diagnostic]:
    """HK704 for each field of the group the host does not read."""
    fields = shape.group_fields
    listed = f"its fields: {', '.join(fields)}"
    return [
        warning(
            "HK704",
            f"a matcher group has no field `{key}`: {shape.ignored}",
            source,
            node.key_span or node.span,
            (did_you_mean(key, list(fields)) if shape.suggest_fields else None) or listed,
        )
        for key, node in group.items()
        if key not in fields
    ]


def _entries(
    group: Located, source: Source, optional: bool
) -> tuple[list[Located], Diagnostic | None]:
    """The group's handlers, or the HK205 that says its ``hooks`` is not a list of them."""
    entries = group.get("hooks")
    if entries is not None and isinstance(entries.value, list):
        return entries.value, None
    if entries is not None and optional:
        return [], error(
            "HK205",
            f"a matcher group's `hooks` is a list of handlers, not {describe(entries.plain())}",
            source,
            entries.span,
        )
    if optional:
        return [], None  # no `hooks`: no handlers
    return [], error(
        "HK205",
        "a matcher group needs `hooks`, a list of handlers",
        source,
        (entries or group).span,
    )
