"""A hook document (a ``Located`` tree in the native shape) to a ``HookSet``.

Every front end ends here, so the rules of a hook are written once: the document is
checked against ``schemas/hooks.schema.json`` first (a malformed document is reported and
not lowered); the file's own ``action_types`` and ``event_context_schema`` extend the
profile; then each hook's condition and action are lowered and checked.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path, PurePath

from hookc.frontend.actions import build_action
from hookc.frontend.conditions import lower_condition, lower_when
from hookc.frontend.located import Located
from hookc.frontend.schema_valid import is_valid_document
from hookc.hosts.profile import Profile, profile_name
from hookc.ir.hooks import Hook, HookSet
from hookc.runtime.values import INT64_MAX, INT64_MIN
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, replacing, warning

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from hookc.frontend.schema_errors import JsonPath, Problem

SECTIONS = ("hooks", "builtin_hooks")
# A file's sections besides its hooks, kept as data for the tools that write hook files
# (hookc fmt, canonical YAML), in the order they write them.
KEPT_SECTIONS = (
    "action_types",
    "event_context_schema",
    "operators",
    "combinators",
    "return_schema",
)


@dataclass(frozen=True, slots=True)
class Loaded:
    """What a front end made of one file."""

    source: Source | None
    hookset: HookSet | None
    profile: Profile
    diagnostics: tuple[Diagnostic, ...] = field(default=())
    sections: Mapping[str, Any] = field(default_factory=dict)  # KEPT_SECTIONS, as written
    # When a hook did not match the schema (hookset is then None): the hooks that did, for
    # the checks, so that one mistake hides no finding elsewhere.
    partial: HookSet | None = None

    @property
    def has_errors(self) -> bool:
        return has_error(self.diagnostics)


def lower_document(
    document: Located | None, source: Source, profile: Profile
) -> tuple[HookSet | None, Profile, list[Diagnostic]]:
    """The hooks of a document in the native shape. When a hook does not match the schema,
    the file's hookset is None (``lower_with_partial`` also gives the hooks that do)."""
    hookset, profile, diagnostics, _ = lower_with_partial(document, source, profile)
    return hookset, profile, diagnostics


def lower_with_partial(
    document: Located | None, source: Source, profile: Profile
) -> tuple[HookSet | None, Profile, list[Diagnostic], HookSet | None]:
    if document is None:  # an empty file; the front end has said why if there was more to say
        return None, profile, [], None
    # Most files are valid, which the quick check decides on the tree as it is; only an
    # invalid one needs the explanations (schema_errors, imported for it).
    problems = []
    if not is_valid_document(document):
        from hookc.frontend.schema_errors import schema_problems

        problems = schema_problems(document.plain())
    diagnostics = [
        error(problem.code, problem.message, source, _place(document, problem))
        for problem in problems
    ]
    # A problem inside one hook leaves the others, and that hook's sound parts, to be
    # checked; a problem anywhere else (a section, the catalog) stops here.
    if any(_hook_of(problem.path) is None for problem in problems):
        return None, profile, diagnostics, None
    broken: dict[tuple[str, int], list[JsonPath]] = {}
    for problem in problems:
        place = _hook_of(problem.path)
        assert place is not None
        broken.setdefault(place, []).append(problem.path[2:])
    profile = _extend(document, profile)
    diagnostics.extend(_declarations(document, profile, source))
    diagnostics.extend(_catalog_defaults(document, profile, source))
    hooks: list[Hook] = []
    for section in SECTIONS:
        entries = document.get(section)
        for index, node in enumerate(entries.value if entries is not None else []):
            if (section, index) in broken:
                diagnostics.extend(_sound_parts(node, broken[section, index], source, profile))
                continue
            hook, found = _hook(node, section, index, source, profile)
            diagnostics.extend(found)
            if hook is not None:
                hooks.append(hook)
    if not hooks and not diagnostics:
        entries = document.get("hooks") or document.get("builtin_hooks")
        span = (entries.key_span or entries.span) if entries is not None else document.span
        diagnostics.append(warning("HK208", "the file holds no hooks", source, span))
    diagnostics.extend(duplicate_ids(hooks, source))
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    if broken:
        return None, profile, diagnostics, hookset
    return hookset, profile, diagnostics, None


def _hook_of(path: JsonPath) -> tuple[str, int] | None:
    """The hook a schema problem is inside (its section and index), if it is inside one."""
    if len(path) > 2 and path[0] in SECTIONS and isinstance(path[1], int):
        return str(path[0]), path[1]
    return None


def _sound_parts(
    node: Located, problems: list[JsonPath], source: Source, profile: Profile
) -> list[Diagnostic]:
    """The findings in a hook's condition and action when the schema found nothing wrong
    there (the problem is elsewhere in the hook), so that one mistake hides no other."""
    found: list[Diagnostic] = []

    def sound(key: str) -> bool:
        return node.get(key) is not None and not any(path[:1] == (key,) for path in problems)

    if sound("when") and not sound("condition"):
        found.extend(lower_when(node.get("when"), source)[1])  # type: ignore[arg-type]
    elif sound("condition") and not sound("when"):
        found.extend(lower_condition(node.get("condition"), source)[1])  # type: ignore[arg-type]
    if sound("action"):
        found.extend(build_action(node.get("action"), profile, source)[1])  # type: ignore[arg-type]
    return found


def kept_sections(document: Located | None) -> dict[str, Any]:
    if document is None:
        return {}
    return {key: node.plain() for key in KEPT_SECTIONS if (node := document.get(key)) is not None}


def _place(document: Located, problem: Problem) -> Span:
    """Where a schema problem shows: at the value, or at the key for an unknown key."""
    node = document.at(problem.path)
    if problem.at_key and node.key_span is not None:
        return node.key_span
    return node.span


def _extend(document: Located, profile: Profile) -> Profile:
    """The profile with the file's own catalog and context schema (both already checked
    by the hook schema, the context schema against JSON Schema's meta-schema)."""
    catalog = document.get("action_types")
    schema = document.get("event_context_schema")
    return profile.extend(
        catalog.plain() if catalog is not None else None,
        schema.plain() if schema is not None else None,
    )


def _catalog_defaults(document: Located, profile: Profile, source: Source) -> list[Diagnostic]:
    """HK303/HK304 where the file's own catalog gives a parameter a default of another type
    or outside its own enum: every hook using the default would be refused once written
    out (canonical YAML writes defaults as given)."""
    found = []
    catalog = document.get("action_types")
    for type_name, entry in catalog.items() if catalog is not None else ():
        parameters = entry.get("parameters") if isinstance(entry.value, dict) else None
        action = profile.action_types.get(str(type_name))
        for name, spec_node in parameters.items() if parameters is not None else ():
            default = spec_node.get("default") if isinstance(spec_node.value, dict) else None
            spec = action.param(str(name)) if action is not None else None
            if default is None or spec is None or not spec.has_default:
                continue
            if not spec.admits(spec.default):
                message = f"the default of `{name}` is not of its type `{spec.type}`"
                found.append(error("HK303", message, source, default.span))
            elif spec.enum is not None and spec.default not in spec.enum:
                allowed = ", ".join(str(value) for value in spec.enum)
                message = f"the default of `{name}` is not one of its allowed values: {allowed}"
                found.append(error("HK304", message, source, default.span))
    return found


def _declarations(document: Located, profile: Profile, source: Source) -> list[Diagnostic]:
    """HK403 where a file (canonical YAML, say) declares a profile or ordering other than
    the profile it is read with: its hooks would be ordered, or defaulted, otherwise."""
    found = []
    declared = document.get("profile")
    if declared is not None and profile_name(str(declared.value)) != profile.name:
        found.append(
            error(
                "HK403",
                f"this file was written for the profile `{declared.value}`, not `{profile.name}`",
                source,
                declared.span,
                f"read it with --profile {declared.value}",
            )
        )
    ordering = document.get("ordering")
    if ordering is not None:
        actual = {
            "higher_priority_first": profile.ordering.higher_priority_first,
            "first_match": profile.ordering.first_match,
        }
        for key, node in ordering.items():
            if node.value != actual[key]:
                found.append(
                    error(
                        "HK403",
                        f"this file declares `{key}: {str(node.value).lower()}`, but the "
                        f"profile `{profile.name}` has `{str(actual[key]).lower()}`",
                        source,
                        node.span,
                        "the ordering comes from the profile; remove `ordering:` or read the "
                        "file with the profile it was written for",
                    )
                )
    return found


def _priority(node: Located | None, source: Source, diagnostics: list[Diagnostic]) -> int:
    """The priority as an int: JSON Schema's integers include ``1.0``, which the runtime's
    int64 does not; a priority past int64 is an error (no runtime orders by it)."""
    if node is None:
        return 0
    value = node.value
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, int) and not INT64_MIN <= value <= INT64_MAX:
        message = "`priority` is beyond the int64 range"
        diagnostics.append(error("HK205", message, source, node.span))
        return 0
    return int(value)


def _hook(
    node: Located, section: str, index: int, source: Source, profile: Profile
) -> tuple[Hook | None, list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    entries: dict[str, Located] = node.value  # the schema requires a mapping
    id_node = entries.get("id")
    hook_id = id_node.value if id_node is not None else derived_id(source, section, index)
    event_node = entries["event"]  # the schema requires it
    event = str(event_node.value)
    if profile.events and event not in profile.events:
        close = _close_events(event, profile.events)
        # The fix: safe for the event in another case, unsafe for a near name (a guess).
        cased = [known for known in profile.events if known.lower() == event.lower()]
        fix = (
            replacing(source, event_node.span, event, cased[0]) if cased
            else replacing(source, event_node.span, event, close[0], "unsafe") if close
            else None
        )  # fmt: skip
        diagnostics.append(
            warning(
                "HK402",
                f"the `{profile.name}` profile knows no event `{event}`",
                source,
                event_node.span,
                f"did you mean `{(cased or close)[0]}`?" if cased or close else
                f"its events: {', '.join(profile.events)} (a runtime may add others)",
                fix=fix,
            )
        )  # fmt: skip
    when, tree = entries.get("when"), entries.get("condition")
    condition = None
    if when is not None:
        condition, found = lower_when(when, source)
        diagnostics.extend(found)
    elif tree is not None:
        condition, found = lower_condition(tree, source)
        diagnostics.extend(found)
    priority = _priority(entries.get("priority"), source, diagnostics)
    action, found = build_action(entries["action"], profile, source)  # the schema requires it
    diagnostics.extend(found)
    if action is None or (diagnostics and has_error(diagnostics)):
        return None, diagnostics
    enabled, description = entries.get("enabled"), entries.get("description")
    hook = Hook(
        id=str(hook_id),
        event=event,
        condition=condition,
        action=action,
        priority=priority,
        enabled=True if enabled is None else enabled.value,
        description=None if description is None else description.value,
        builtin=section == "builtin_hooks",
        span=node.span,
        source=source,
        id_span=None if id_node is None else id_node.span,
    )
    return hook, diagnostics


@functools.lru_cache(maxsize=256)
def _close_events(event: str, events: tuple[str, ...]) -> tuple[str, ...]:
    """The profile's event closest to an unknown one: asked once per event name, however
    many hooks use it (difflib compares every pair of names, ~100 µs a time)."""
    import difflib  # only when a suggestion is wanted: keeps start-up light

    return tuple(difflib.get_close_matches(event, events, n=1, cutoff=0.6))


def file_identity(name: str) -> str:
    """What a derived id says of the file it comes from, where the file's format gives
    its hooks no name of their own (Claude Code's settings and plugin ``hooks.json``):
    the path without its ending, relative to the working directory when the file is under
    it (``.claude/settings.local``, ``plugins/a/hooks/hooks``), under ``~/`` when it is in
    the home folder (``~/.claude/settings``), else absolute; ``/`` between folders.

    The path, because it is the only name two files can never share: every plugin's file
    is ``hooks/hooks.json`` and every scope's is ``settings.json``, so anything shorter
    (the stem, the plugin's folder) collides in some repository. Relative to the working
    directory, because that is how findings name the file (``hookc check .`` from the
    project's root, as pre-commit and CI run it), so an id reads as where its hook is; and
    a bare name (a file read from standard input, a test's in-memory source) is its own
    stem, as before."""
    absolute = os.path.abspath(name)
    try:
        relative = os.path.relpath(absolute)
    except ValueError:  # another drive (Windows): no relative path
        relative = os.pardir
    if relative.split(os.sep, 1)[0] != os.pardir:
        shown = PurePath(relative)
    else:
        shown = PurePath(absolute)
        # Not under it, or no home folder is known: the absolute path.
        with contextlib.suppress(ValueError, RuntimeError):
            shown = PurePath("~") / shown.relative_to(Path.home())
    return shown.with_suffix("").as_posix() if shown.suffix else shown.as_posix()


def derived_id(source: Source, section: str, index: int) -> str:
    """An id for a hook that has none: the file's stem, its section and its index there."""
    return f"{PurePath(source.name).stem}.{section}.{index}"


def duplicate_ids(hooks: list[Hook], source: Source) -> list[Diagnostic]:
    """HK401 for each hook whose id an earlier hook of the same file has (Rye's too)."""
    first: dict[str, Hook] = {}
    diagnostics = []
    for hook in hooks:
        if hook.id in first:
            earlier = first[hook.id]
            line = source.position(earlier.span.start)[0] if earlier.span else 0
            diagnostics.append(
                error(
                    "HK401",
                    f"duplicate hook id `{hook.id}` (first used on line {line})",
                    source,
                    hook.id_span or hook.span or Span(0, 0),
                    "give each hook its own id",
                )
            )
        else:
            first[hook.id] = hook
    return diagnostics
