"""Gemini CLI's hook files read with Gemini CLI's meaning: ``hooks`` in a settings file
(``.gemini/settings.json``, ``~/.gemini/settings.json``, ``/etc/gemini-cli/settings.json``)
and an extension's ``hooks/hooks.json`` (``{"hooks": {...}}``). Tabnine CLI reads the same
files under ``.tabnine/agent/`` (``hookc.hosts.tabnine``), and Qwen Code's reader
(``hookc.hosts.qwen_code.reader``) is this one with its own events and matcher rule.

Every rule below is Gemini CLI's own code (google-gemini/gemini-cli, snapshot 5411f113,
2026-08-21; ``@google/gemini-cli-core`` 0.61.0 compiles it unchanged), and
``tests/hosts/gemini_cli/test_oracle.py`` holds hookc's reading to that code, run:

- Loading (``hookRegistry.ts``): ``hooks.<Event>`` is a list of groups
  ``{matcher?, sequential?, hooks: [handler, ...]}``. An event name Gemini does not know
  is skipped (so a Claude Code file, ``PreToolUse`` and all, loads nothing: HK404 when
  no event of the file is Gemini's); the keys ``enabled``, ``disabled`` and
  ``notifications`` of ``hooks`` are settings, not events. A handler without a ``type``
  or a command handler with an empty ``command`` is discarded. ``hooksConfig.disabled``
  lists handlers by name (a handler's ``name``, else its ``command``) that do not run;
  ``hooksConfig.enabled: false`` turns every hook off.
- Selection (``hookPlanner.ts``): the group's matcher, ``trim()``med; absent, ``""`` or
  ``*`` matches everything. BeforeTool and AfterTool test it as a JavaScript regular
  expression, unanchored and case-sensitive, against the tool's name, with no exact-name
  fast path (``read_file`` also matches ``xread_filex``); a matcher JavaScript refuses as a
  regular expression is compared with the name as plain text. SessionStart (``source``),
  SessionEnd (``reason``) and PreCompress (``trigger``) compare it with the value exactly
  (``startup|resume`` matches neither). The other events pass the planner no context:
  their matchers are ignored (HK701). (The planner also matches everything when the tool
  name or trigger is empty; Gemini never passes an empty one.)
- Order and identity: every matching handler, in the order the file lists them;
  handlers with the same ``name`` and ``command`` (``getHookKey``) run once, the first
  that matches. ``sequential: true`` on any group whose handler is planned makes the
  whole plan run in order, each handler given the input as the one before rewrote it;
  hookc copies the group's flag onto each of its handlers as the action parameter
  ``sequential``, which ``hookc run`` reads.
- Handlers: ``command`` only (``name``, ``description``, ``timeout`` in milliseconds,
  default 60000, ``env``); a timeout under a second is likely seconds (HK717).

Handlers get no name from Gemini that is sure to be unique; hookc calls each
``<file>.<Event>.<group>.<handler>``, as it does Claude Code's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePath
from types import MappingProxyType
from typing import Any

from hookc.frontend.actions import describe
from hookc.frontend.formats import regex_dialects
from hookc.frontend.formats.groups import (
    Handler,
    handler_action,
    hooks_of,
    known_values,
    name_problems,
    name_test,
    pattern_test,
    unknown_event,
    what,
)
from hookc.frontend.formats.json_root import json_root
from hookc.frontend.formats.nested import Group, Shape, event_handlers, hooks_object
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr, Literal
from hookc.ir.hooks import Action, HookSet, Params
from hookc.runtime.values import CelError, compile_regex
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

HOOKS_CONFIG_FIELDS = ("enabled", "disabled", "notifications")
GROUP_FIELDS = ("matcher", "sequential", "hooks")
# `gemini hooks migrate --from-claude`'s renaming (packages/cli/src/commands/hooks/migrate.ts).
CLAUDE_EVENTS = MappingProxyType(
    {
        "PreToolUse": "BeforeTool",
        "PostToolUse": "AfterTool",
        "UserPromptSubmit": "BeforeAgent",
        "Stop": "AfterAgent",
        "SubagentStop": "AfterAgent",
        "PreCompact": "PreCompress",
    }
)
CLAUDE_TOOLS = {
    "Edit": "replace",
    "MultiEdit": "replace",
    "Bash": "run_shell_command",
    "Read": "read_file",
    "Write": "write_file",
    "Glob": "glob",
    "Grep": "grep_search",
    "LS": "list_directory",
    "WebFetch": "web_fetch",
    "WebSearch": "google_web_search",
    "TodoWrite": "write_todos",
}

Condition = tuple[Expr | None, list[Diagnostic], str | None]  # condition, findings, undecidable
Matcher = Callable[[str, Located, Source, Profile], Condition]


@dataclass(frozen=True, slots=True)
class Dialect:
    """What differs between Gemini CLI and the hosts that read its format."""

    host: str  # the host as messages name it
    matcher: Matcher  # a group's matcher as a condition
    # Each variable the host sets for a command, and the folder it names: "project" (the
    # folder above the settings folder) or "extension" (an extension's folder).
    variables: Mapping[str, str]
    # Handler types whose `timeout` counts milliseconds (the others: seconds).
    milliseconds: frozenset[str] = frozenset({"command"})
    # Events of another host, by the name this host gives them (HK404, HK402's hint).
    foreign_events: Mapping[str, str] = field(default_factory=lambda: CLAUDE_EVENTS)
    migrate_hint: str | None = "`gemini hooks migrate --from-claude` renames them"
    group_fields: tuple[str, ...] = GROUP_FIELDS
    # The settings key whose `enabled` and `disabled` turn hooks off (None: none).
    config_key: str | None = "hooksConfig"
    skipped_keys: tuple[str, ...] = HOOKS_CONFIG_FIELDS  # keys of `hooks` that are no event
    settings_dir: str = ".gemini"  # the folder a project's settings file lies in


def read(source: Source, profile: Profile) -> Loaded:
    """The file's hooks, read as Gemini CLI reads them."""
    return read_with(source, profile, GEMINI)


def read_with(source: Source, profile: Profile, dialect: Dialect) -> Loaded:
    opened = json_root(source, profile, f"a {dialect.host} settings or hooks file")
    if isinstance(opened, Loaded):
        return opened
    document, diagnostics = opened
    hooks_node = hooks_object(source, profile, document, diagnostics)
    if isinstance(hooks_node, Loaded):
        return hooks_node
    events = [(key, node) for key, node in hooks_node.items() if key not in dialect.skipped_keys]
    foreign = _foreign_file(events, hooks_node, source, profile, dialect)
    if foreign is not None:
        diagnostics.append(foreign)
        return Loaded(source, None, profile, tuple(diagnostics))
    handlers: list[Handler] = []
    for event, groups in events:
        found, problems = _event_handlers(event, groups, source, profile, dialect)
        handlers.extend(found)
        diagnostics.extend(problems)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    hooks, duplicates = hooks_of(handlers, source)
    diagnostics.extend(duplicates)
    disabled, off, problems = _switches(document, source, dialect)
    diagnostics.extend(problems)
    if off or disabled:
        names = {handler.id: _name(handler.action) for handler in handlers}
        hooks = [
            replace(hook, enabled=False) if off or names[hook.id] in disabled else hook
            for hook in hooks
        ]
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def _foreign_file(
    events: Sequence[tuple[str, Located]],
    hooks_node: Located,
    source: Source,
    profile: Profile,
    dialect: Dialect,
) -> Diagnostic | None:
    """HK404 when every event of the file is another host's and none is this one's: the
    host skips each, and the file loads nothing."""
    names = [event for event, _ in events]
    foreign = [event for event in names if event in dialect.foreign_events]
    if not foreign or any(event in profile.events for event in names):
        return None
    renames = ", ".join(f"{event} is {dialect.foreign_events[event]}" for event in foreign)
    hint = f"{dialect.host} calls them so: {renames}"
    if dialect.migrate_hint:
        hint = f"{dialect.migrate_hint} ({renames})"
    return error(
        "HK404",
        f"{dialect.host} loads no hook from this file: its events ({', '.join(names)}) are "
        f"Claude Code's, and {dialect.host} skips events it does not know; its events are "
        f"{', '.join(profile.events)}",
        source,
        hooks_node.key_span or hooks_node.span,
        hint,
    )


def _switches(
    document: Located, source: Source, dialect: Dialect
) -> tuple[frozenset[str], bool, list[Diagnostic]]:
    """``hooksConfig``: the names of the handlers it disables, and whether it turns every
    hook off. An extension's hooks.json has none (the user's settings disable its hooks)."""
    if dialect.config_key is None or PurePath(source.name).name == "hooks.json":
        return frozenset(), False, []
    config = document.get(dialect.config_key)
    if config is None or not isinstance(config.value, dict):
        return frozenset(), False, []
    problems: list[Diagnostic] = []
    enabled = config.get("enabled")
    disabled = config.get("disabled")
    names: set[str] = set()
    if disabled is not None:
        if isinstance(disabled.value, list) and all(
            isinstance(item.value, str) for item in disabled.value
        ):
            names = {str(item.value) for item in disabled.value}
        else:
            problems.append(
                warning(
                    "HK303",
                    f"`{dialect.config_key}.disabled` lists the names (or commands) of the "
                    f"handlers not to run, not {describe(disabled.plain())}: it is ignored",
                    source,
                    disabled.span,
                )
            )
    return frozenset(names), enabled is not None and enabled.value is False, problems


def _name(action: Action) -> str:
    """The name ``hooksConfig.disabled`` knows a handler by: its ``name``, else its
    command (``getHookName``)."""
    name = action.params.get("name")
    return name if isinstance(name, str) and name else str(action.params.get("command") or "")


def _event_handlers(
    event: str, groups: Located, source: Source, profile: Profile, dialect: Dialect
) -> tuple[list[Handler], list[Diagnostic]]:
    if event not in profile.events:  # skipped by the host: nothing of it is loaded
        unknown = unknown_event(event, groups.key_span or groups.span, profile, source)
        if unknown is not None and event in dialect.foreign_events:
            unknown = replace(
                unknown,
                message=f"{dialect.host} knows no event `{event}` (Claude Code's): "
                "its handlers never run",
                hint=f"{dialect.host} calls it `{dialect.foreign_events[event]}`",
            )
        return [], [unknown] if unknown is not None else []
    return event_handlers(event, groups, source, profile, _shape(dialect))


def _shape(dialect: Dialect) -> Shape:
    """The nested shape as the dialect's host reads it."""

    def group(event: str, node: Located, source: Source, profile: Profile) -> Group:
        matcher_node = node.get("matcher")
        condition, found, undecidable = (
            (None, [], None)
            if matcher_node is None
            else dialect.matcher(event, matcher_node, source, profile)
        )
        sequential, more = _sequential(node, source, dialect)
        return Group(condition, (*found, *more), undecidable, sequential=sequential)

    def action(
        event: str, node: Located, group: Group, profile: Profile, source: Source
    ) -> tuple[Action | None, list[Diagnostic]]:
        return _handler(node, profile, source, dialect, group.sequential)

    return Shape(
        group_fields=dialect.group_fields,
        group=group,
        action=action,
        roots=lambda source: _script_roots(source, dialect),
        description=_description,
        key=_identity,
    )


def _description(group: Located, action: Action) -> str | None:
    """The handler's ``description``, else its ``name``."""
    description = action.params.get("description") or action.params.get("name")
    return description if isinstance(description, str) else None


def _sequential(group: Located, source: Source, dialect: Dialect) -> tuple[bool, list[Diagnostic]]:
    node = group.get("sequential")
    if node is None or "sequential" not in dialect.group_fields:
        return False, []
    if isinstance(node.value, bool):
        return node.value, []
    return False, [
        warning(
            "HK303",
            f"`sequential` is true or false, not {describe(node.plain())}: "
            f"{dialect.host} runs the group's handlers in parallel unless it is true",
            source,
            node.span,
        )
    ]


def _handler(
    node: Located, profile: Profile, source: Source, dialect: Dialect, sequential: bool
) -> tuple[Action | None, list[Diagnostic]]:
    """A handler as its action, with the group's ``sequential`` when it is set; a
    ``sequential`` written on the handler itself is the host's to ignore."""
    diagnostics: list[Diagnostic] = []
    written = node.get("sequential") if isinstance(node.value, dict) else None
    if written is not None:
        diagnostics.append(
            warning(
                "HK704",
                "a handler has no field `sequential` (a matcher group's): it is ignored",
                source,
                written.key_span or written.span,
                "move it to the group, beside `matcher` and `hooks`",
            )
        )
    type_node = node.get("type") if isinstance(node.value, dict) else None
    kind = type_node.value if type_node is not None else None
    action, found = handler_action(node, profile, source, milliseconds=kind in dialect.milliseconds)
    diagnostics.extend(found)
    if action is None:
        return None, diagnostics
    command = action.params.get("command")
    if action.type == "command" and command == "":
        diagnostics.append(
            error(
                "HK305",
                f"a `command` handler with an empty `command`: {dialect.host} discards it",
                source,
                node.span,
            )
        )
        return None, diagnostics
    items = tuple((k, v) for k, v in action.params.items if k != "sequential")
    if sequential:
        items += (("sequential", True),)
    return replace(action, params=Params(items, span=action.params.span)), diagnostics


def _identity(action: Action) -> tuple[object, ...] | None:
    """``getHookKey``: ``<name>:<command>``, an absent name as the empty one (a command
    handler's; hookc takes no two handlers of another type for the same one)."""
    if action.type != "command":
        return None
    name = action.params.get("name")
    return (name if isinstance(name, str) else "", action.params.get("command"))


# -- matchers ---------------------------------------------------------------------------


def gemini_matcher(event: str, node: Located, source: Source, profile: Profile) -> Condition:
    """A group's matcher as Gemini CLI's planner reads it (``matchesContext``)."""
    text = node.value
    if not isinstance(text, str):
        # `entry.matcher.trim()` throws, and the whole event's plan with it.
        return (
            None,
            [
                error(
                    "HK303",
                    f"`matcher` must be a string, not {describe(text)}: Gemini CLI fails "
                    "every hook of the event on it",
                    source,
                    node.span,
                )
            ],
            None,
        )
    trimmed = text.strip(_JS_SPACE)
    if trimmed in ("", "*"):
        return None, [], None
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        return None, [ignored_matcher(event, node, source)], None
    field = str(spec["field"])
    known = known_values(spec, profile)
    if spec.get("rule") == "exact":
        return exact_condition(trimmed, field, known, spec, node, source)
    return regex_condition(trimmed, field, known, spec, node, source, invalid_is_text=True)


def ignored_matcher(event: str, node: Located, source: Source) -> Diagnostic:
    return warning(
        "HK701",
        f"`{event}` ignores matchers: this group runs on every `{event}`",
        source,
        node.span,
        'remove the matcher, or write "*"',
    )


def exact_condition(
    text: str,
    field: str,
    known: list[str],
    spec: Mapping[str, Any],
    node: Located,
    source: Source,
) -> Condition:
    """``field == text``: the whole matcher, neither a regular expression nor a list."""

    def matches(name: str, ignore_case: bool) -> bool:
        return name.lower() == text.lower() if ignore_case else name == text

    hint = None
    if any(part.strip() in known for part in re.split(r"[|,]", text)):
        hint = (
            "this event's matcher is compared whole, as plain text (not a regular expression "
            "or a list): give each value a group of its own"
        )
    problems = name_problems(text, known, matches, node.span, source, what(spec), False, hint)
    return name_test(field, [text], node.span), problems, None


def regex_condition(
    text: str,
    field: str,
    known: list[str],
    spec: Mapping[str, Any],
    node: Located,
    source: Source,
    *,
    invalid_is_text: bool,
) -> Condition:
    """An unanchored JavaScript regular expression tested against ``field``; one
    JavaScript refuses is the name itself (``invalid_is_text``: Gemini's fallback to
    equality) or matches nothing (Qwen Code's)."""
    translated = regex_dialects.javascript(text)
    if translated.pattern is None and translated.invalid:
        if invalid_is_text:
            condition: Expr = name_test(field, [text], node.span)
            fallback = f"it is compared with the {what(spec)} as plain text"
        else:
            condition = Literal(False, span=node.span)
            fallback = "it matches nothing"
        return (
            condition,
            [
                warning(
                    "HK112",
                    f"the matcher `{text}` is no JavaScript regular expression "
                    f"({translated.problem}): {fallback}",
                    source,
                    node.span,
                    "escape the characters meant literally (`\\\\[`)",
                )
            ],
            None,
        )
    if translated.pattern is None:
        return (
            Literal(False, span=node.span),
            [
                warning(
                    "HK712",
                    f"the matcher `{text}` is one the host runs and hookc cannot: "
                    f"{translated.problem}",
                    source,
                    node.span,
                    "its handlers are kept but not evaluated (`hookc eval` and `hookc run` say "
                    "so); without that construct hookc can decide the matcher",
                )
            ],
            f"hookc cannot evaluate its matcher `{text}`: {translated.problem}",
        )
    pattern = translated.pattern

    def matches(name: str, ignore_case: bool) -> bool:
        compiled = compile_regex(f"(?i){pattern}" if ignore_case else pattern)
        return not isinstance(compiled, CelError) and compiled.search(name) is not None

    open_set = bool(spec.get("open")) or "mcp" in text.lower()
    hint = claude_tool_hint(text) if spec.get("values") == "tools" else None
    if hint is not None:  # Claude Code's names: say so, rather than a look-alike by case

        def matches_cased(name: str, ignore_case: bool) -> bool:
            return not ignore_case and matches(name, False)

        problems = name_problems(
            text, known, matches_cased, node.span, source, what(spec), open_set, hint
        )
        return pattern_test(field, pattern, node.span), problems, None
    problems = name_problems(text, known, matches, node.span, source, what(spec), open_set)
    return pattern_test(field, pattern, node.span), problems, None


def claude_tool_hint(text: str) -> str | None:
    """When a tool matcher names Claude Code's tools: Gemini's names for them."""
    named = [name for name in CLAUDE_TOOLS if re.search(rf"\b{name}\b", text)]
    if not named:
        return None
    renames = ", ".join(f"{name} is `{CLAUDE_TOOLS[name]}`" for name in named)
    return f"these are Claude Code's tool names; here {renames}"


# JavaScript's String.prototype.trim: its WhiteSpace and LineTerminator characters.
_JS_SPACE = (
    "\t\n\x0b\x0c\r \xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def _script_roots(source: Source, dialect: Dialect) -> dict[str, Path]:
    """The folders the host's variables name for this file, when it is a real file: a
    project's ``<project>/.gemini/settings.json`` runs in ``<project>``; an extension's
    ``<extension>/hooks/hooks.json`` has ``<extension>`` as ``${extensionPath}``."""
    path = Path(source.name)
    if not path.is_file():
        return {}
    path = path.resolve()
    if path.parent.name == "hooks" and path.name == "hooks.json":
        folder, kind = path.parent.parent, "extension"
    else:
        folder = path.parent
        while folder.name != dialect.settings_dir.split("/")[0] and folder != folder.parent:
            folder = folder.parent
        folder, kind = folder.parent, "project"
        if folder == Path.home() or folder == folder.parent:  # user settings: no project
            return {}
    roots = {name: folder for name, names in dialect.variables.items() if names == kind}
    if kind == "project":
        roots["."] = folder
    return roots


GEMINI = Dialect(
    host="Gemini CLI",
    matcher=gemini_matcher,
    variables={
        "GEMINI_PROJECT_DIR": "project",
        "GEMINI_CWD": "project",
        "CLAUDE_PROJECT_DIR": "project",
        "extensionPath": "extension",
    },
)
