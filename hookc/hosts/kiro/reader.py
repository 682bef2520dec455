"""Kiro's hook files read with Kiro's meaning, both generations (kiro.dev/docs/hooks,
kiro.dev/docs/cli/v3/hooks):

- ``.kiro/hooks/<name>.json`` (Kiro IDE 1.0, CLI v3): ``{"version": "v1", "hooks": [{name,
  description?, trigger, matcher?, action: {type: command|agent, command|prompt},
  timeout?, enabled?}]}``. ``version`` other than ``"v1"`` gets HK744. ``timeout`` is in
  seconds (default 60); ``enabled: false`` keeps the hook but runs it never.
- ``*.kiro.hook`` (the IDE before 1.0; also found as ``.json`` files in
  ``.kiro/hooks/``, told apart by their ``when`` and ``then``): one hook per file,
  ``{version, enabled, name, description, when: {type, patterns | toolTypes},
  then: {type: runCommand | askAgent, command | prompt, timeout}}``. Its trigger names are
  read as the new ones
  (``fileEdited`` is ``PostFileSave``, ``fileCreated`` ``PostFileCreate``, ``fileDeleted``
  ``PostFileDelete``, ``promptSubmit`` ``UserPromptSubmit``, ``agentStop`` ``Stop``,
  ``userTriggered`` ``Manual``, ``preToolUse``/``postToolUse`` the same in PascalCase,
  ``preTaskExecution``/``postTaskExecution`` ``PreTaskExec``/``PostTaskExec``), its
  ``runCommand`` as ``command`` and ``askAgent`` as ``agent``.
- The v1 matcher (the trigger table: "Tool name (regex)" on PreToolUse and PostToolUse,
  "File path (regex)" on PostFileCreate, PostFileSave and PostFileDelete): a regular
  expression searched unanchored in the value, case-sensitively; absent, ``""`` or
  ``*`` match every time. kiro-cli is written in Rust, whose ``regex`` crate shares RE2's
  syntax: hookc reads the matcher as RE2 (Go's dialect); unverified where the two differ
  (Rust's ``\\d``, ``\\w``, ``\\s`` are Unicode-aware, RE2's ASCII; no tool name or path
  of the tests has such characters). One the dialect refuses matches nothing (HK112). On
  the other triggers a matcher is ignored (HK701).
- The legacy filters: ``patterns`` are globs on the file's path (one without ``/``
  matches the file's name in any folder, as ``.gitignore`` reads it; hookc's reading,
  unverified), any of them; ``toolTypes`` are tool names compared exactly, ``*`` any
  tool, and one starting with ``@`` a regular expression, the ``@`` included
  ("prefixes starting with @ are matched by regex"), any of them. A tool trigger
  without ``toolTypes`` or a file trigger without ``patterns`` runs for nothing (HK745).
- Order: every matching hook, in file order (files of a folder by name).
"""

from __future__ import annotations

from pathlib import PurePath
from types import MappingProxyType
from typing import Any

from hookc.frontend.actions import describe, did_you_mean, fill_defaults, freeze
from hookc.frontend.formats import regex_dialects
from hookc.frontend.formats.groups import (
    _timeout_problems,
    cased_as,
    name_test,
    pattern_test,
    renamed_field,
    unknown_event,
)
from hookc.frontend.formats.json_root import json_root
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded, file_identity
from hookc.hosts.cursor.reader import ignored_matcher
from hookc.hosts.profile import Profile
from hookc.ir.expr import Call, Expr, Ident, Literal, Or
from hookc.ir.hooks import Action, Hook, HookSet, ParamValue
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, replacing, warning

HOOK_FIELDS = (
    "name", "description", "trigger", "matcher", "action", "timeout", "enabled", "confirm"
)  # fmt: skip
LEGACY_EVENTS = MappingProxyType(
    {
        "fileEdited": "PostFileSave",
        "fileCreated": "PostFileCreate",
        "fileDeleted": "PostFileDelete",
        "promptSubmit": "UserPromptSubmit",
        "agentStop": "Stop",
        "userTriggered": "Manual",
        "preToolUse": "PreToolUse",
        "postToolUse": "PostToolUse",
        "preTaskExecution": "PreTaskExec",
        "postTaskExecution": "PostTaskExec",
    }
)
LEGACY_ACTIONS = MappingProxyType({"runCommand": "command", "askAgent": "agent"})
MATCH_ALL = ("", "*")


def read(source: Source, profile: Profile) -> Loaded:
    opened = json_root(source, profile, "a Kiro hook file")
    if isinstance(opened, Loaded):
        return opened
    document, diagnostics = opened
    if is_legacy(source.name, document):
        hooks, found = _legacy(document, source, profile)
    else:
        hooks, found = _v1(document, source, profile)
    diagnostics.extend(found)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def is_legacy(name: str, document: Located) -> bool:
    """A ``*.kiro.hook`` file, or a ``.json`` one in the old shape (``when`` and ``then``,
    no ``hooks``): the IDE's early files are found under both names."""
    if PurePath(name).name.endswith(".kiro.hook"):
        return True
    return document.get("hooks") is None and (
        document.get("when") is not None or document.get("then") is not None
    )


# -- .kiro/hooks/*.json ---------------------------------------------------------------


def _v1(document: Located, source: Source, profile: Profile) -> tuple[list[Hook], list[Diagnostic]]:
    found: list[Diagnostic] = []
    version = document.get("version")
    if version is None or version.value != "v1":
        found.append(
            warning(
                "HK744",
                'Kiro reads hook files of version "v1", not '
                + ("one without `version`" if version is None else describe(version.value)),
                source,
                version.span
                if version is not None
                else Span(document.span.start, document.span.start + 1),
                'write "version": "v1"',
            )
        )
    entries = document.get("hooks")
    if entries is None:
        found.append(warning("HK208", "the file holds no hooks", source, document.span))
        return [], found
    if not isinstance(entries.value, list):
        found.append(
            error(
                "HK205",
                f"`hooks` is a list of hooks, not {describe(entries.plain())}",
                source,
                entries.span,
                'write [{"name": "...", "trigger": "...", "action": {...}}]',
            )
        )
        return [], found
    stem = file_identity(source.name)
    hooks: list[Hook] = []
    for index, node in enumerate(entries.value):
        hook, problems = _v1_hook(node, index, stem, source, profile)
        found.extend(problems)
        if hook is not None:
            hooks.append(hook)
    return hooks, found


def _v1_hook(
    node: Located, index: int, stem: str, source: Source, profile: Profile
) -> tuple[Hook | None, list[Diagnostic]]:
    if not isinstance(node.value, dict):
        return None, [
            error("HK205", f"a hook is an object, not {describe(node.plain())}", source, node.span)
        ]
    found: list[Diagnostic] = []
    for key, value in node.items():
        if key not in HOOK_FIELDS:
            renamed, fix = renamed_field(key, node, HOOK_FIELDS, source)
            found.append(
                warning(
                    "HK704",
                    f"a Kiro hook has no field `{key}`: it is ignored",
                    source,
                    value.key_span or value.span,
                    (f"did you mean `{renamed}`?" if renamed else None)
                    or did_you_mean(key, list(HOOK_FIELDS))
                    or f"its fields: {', '.join(HOOK_FIELDS)}",
                    fix=fix,
                )
            )
    trigger = node.get("trigger")
    if trigger is None or not isinstance(trigger.value, str):
        found.append(
            error(
                "HK305",
                "a Kiro hook needs a `trigger`",
                source,
                (trigger or node).span,
                f"one of: {', '.join(profile.events)}",
            )
        )
        return None, found
    event = trigger.value
    unknown = unknown_event(event, trigger.span, profile, source)
    if unknown is not None:
        found.append(unknown)
        return None, found
    action_node = node.get("action")
    if action_node is None or not isinstance(action_node.value, dict):
        found.append(
            error(
                "HK305",
                'a Kiro hook needs an `action`: {"type": "command", "command": ...} or '
                '{"type": "agent", "prompt": ...}',
                source,
                (action_node or node).span,
            )
        )
        return None, found
    extra = {key: node.get(key) for key in ("name", "description", "timeout")}
    action, problems = _action(action_node, action_node.get("type"), extra, source, profile)
    found.extend(problems)
    enabled, problems = _enabled(node.get("enabled"), source)
    found.extend(problems)
    matcher = node.get("matcher")
    condition: Expr | None = None
    undecidable: str | None = None
    if matcher is not None:
        condition, problems, undecidable = kiro_matcher(event, matcher, source, profile)
        found.extend(problems)
    if action is None or has_error(found):
        return None, found
    name = action.params.get("name")
    hook = Hook(
        id=f"{stem}.{event}.{index}",
        event=event,
        condition=condition,
        action=action,
        enabled=enabled,
        description=name if isinstance(name, str) else None,
        undecidable=undecidable,
        span=node.span,
        source=source,
    )
    return hook, found


def kiro_matcher(
    event: str, node: Located, source: Source, profile: Profile
) -> tuple[Expr | None, list[Diagnostic], str | None]:
    """A v1 hook's matcher as a condition (see the module's docstring)."""
    text = node.value
    if not isinstance(text, str):
        return (
            None,
            [
                error(
                    "HK303", f"`matcher` must be a string, not {describe(text)}", source, node.span
                )
            ],
            None,
        )
    if text in MATCH_ALL:
        return None, [], None
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        return None, [ignored_matcher(event, node, source)], None
    return regex(text, str(spec["field"]), node, source)


def regex(
    text: str, field: str, node: Located, source: Source
) -> tuple[Expr | None, list[Diagnostic], str | None]:
    translated = regex_dialects.go(text)
    if translated.pattern is None:
        problem = warning(
            "HK112",
            f"the matcher `{text}` is no regular expression Kiro reads ({translated.problem}): "
            "it matches nothing",
            source,
            node.span,
            "escape the characters meant literally (`\\\\(`)",
        )
        return Literal(False, span=node.span), [problem], None
    return pattern_test(field, translated.pattern, node.span), [], None


def _action(
    node: Located,
    type_node: Located | None,
    extra: dict[str, Located | None],
    source: Source,
    profile: Profile,
    renames: MappingProxyType[str, str] | None = None,
) -> tuple[Action | None, list[Diagnostic]]:
    """An action of its type from the action object's fields and the hook's own
    (``name``, ``description``, ``timeout``)."""
    kind: Any = type_node.value if type_node is not None else None
    if renames is not None and isinstance(kind, str):
        kind = renames.get(kind, kind)
    action_type = profile.action_types.get(kind) if isinstance(kind, str) else None
    if action_type is None:
        choices = list(renames) if renames is not None else sorted(profile.action_types)
        return None, [
            error(
                "HK301",
                f"unknown action type {describe(kind)}",
                source,
                (type_node or node).span,
                did_you_mean(str(kind), choices) or f"the types: {', '.join(choices)}",
            )
        ]
    found: list[Diagnostic] = []
    given: dict[str, ParamValue] = {}
    fields: list[tuple[str, Located]] = [(k, v) for k, v in node.items() if k != "type"]
    own = len(fields)
    fields += [(k, v) for k, v in extra.items() if v is not None]
    for index, (key, value_node) in enumerate(fields):
        spec = action_type.param(key)
        if spec is None:
            # Every key of the action object is the action's (a `cwd` there is ignored
            # by Kiro as by any host); the hook's own fields are given to every action
            # type, and are not its mistake where a type has no use for them.
            if index < own:
                found.append(
                    warning(
                        "HK704",
                        f"a `{action_type.name}` action has no field `{key}`: it is ignored",
                        source,
                        value_node.key_span or value_node.span,
                    )
                )
            continue
        value = value_node.plain()
        if not spec.admits(value):
            found.append(
                error(
                    "HK303",
                    f"`{key}` must be a {spec.type}, not {describe(value)}",
                    source,
                    value_node.span,
                )
            )
            continue
        if key == "timeout":
            found.extend(_timeout_problems(value, value_node, source))
        given[key] = freeze(value)
    for spec in action_type.params:
        if spec.required and spec.name not in given:
            found.append(
                error(
                    "HK305",
                    f"a `{action_type.name}` action needs `{spec.name}`",
                    source,
                    node.span,
                )
            )
    if has_error(found):
        return None, found
    return Action(action_type.name, fill_defaults(action_type, given), span=node.span), found


def _enabled(node: Located | None, source: Source) -> tuple[bool, list[Diagnostic]]:
    if node is None:
        return True, []
    if isinstance(node.value, bool):
        return node.value, []
    return True, [
        error("HK303", f"`enabled` is true or false, not {describe(node.value)}", source, node.span)
    ]


# -- *.kiro.hook ------------------------------------------------------------------------


def _legacy(
    document: Located, source: Source, profile: Profile
) -> tuple[list[Hook], list[Diagnostic]]:
    found: list[Diagnostic] = []
    when = document.get("when")
    then = document.get("then")
    if when is None or not isinstance(when.value, dict):
        found.append(
            error("HK305", "a .kiro.hook needs `when`, an object", source, (when or document).span)
        )
    if then is None or not isinstance(then.value, dict):
        found.append(
            error("HK305", "a .kiro.hook needs `then`, an object", source, (then or document).span)
        )
    if when is None or then is None or has_error(found):
        return [], found
    kind = when.get("type")
    name = kind.value if kind is not None else None
    event = LEGACY_EVENTS.get(name) if isinstance(name, str) else None
    if event is None:
        # A trigger in another case is the author's: the safe fix writes Kiro's spelling.
        cased = cased_as(name, list(LEGACY_EVENTS)) if isinstance(name, str) else None
        found.append(
            warning(
                "HK402",
                f"Kiro knows no hook trigger {describe(name)}: the hook never runs",
                source,
                (kind or when).span,
                (f"did you mean `{cased}`?" if cased else None)
                or did_you_mean(str(name), list(LEGACY_EVENTS))
                or f"its triggers: {', '.join(LEGACY_EVENTS)}",
                fix=replacing(source, kind.span, name, cased)
                if cased and kind and isinstance(name, str)
                else None,
            )
        )
        return [], found
    extra = {key: document.get(key) for key in ("name", "description")}
    action, problems = _action(then, then.get("type"), extra, source, profile, LEGACY_ACTIONS)
    found.extend(problems)
    enabled, problems = _enabled(document.get("enabled"), source)
    found.extend(problems)
    condition, problems = _legacy_filter(event, str(name), when, source, profile)
    found.extend(problems)
    if action is None or has_error(found):
        return [], found
    label = action.params.get("name")
    hook = Hook(
        id=f"{file_identity(source.name)}.{event}.0",
        event=event,
        condition=condition,
        action=action,
        enabled=enabled,
        description=label if isinstance(label, str) else None,
        span=document.span,
        source=source,
    )
    return [hook], found


def _legacy_filter(
    event: str, trigger: str, when: Located, source: Source, profile: Profile
) -> tuple[Expr | None, list[Diagnostic]]:
    """``patterns`` (file triggers) or ``toolTypes`` (tool triggers) as a condition."""
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        return None, []
    key = "toolTypes" if spec["field"] == "tool_name" else "patterns"
    node = when.get(key)
    if node is None or not isinstance(node.value, list) or not node.value:
        return Literal(False, span=when.span), [
            warning(
                "HK745",
                f"a `{trigger}` hook lists the {'tools' if key == 'toolTypes' else 'files'} it "
                f"runs for in `{key}`; without them it runs for none",
                source,
                (node or when).span,
                f'add "{key}": ["*"]' if key == "toolTypes" else f'add "{key}": ["**/*"]',
            )
        ]
    tests: list[Expr] = []
    found: list[Diagnostic] = []
    for item in node.value:
        text = item.value
        if not isinstance(text, str):
            found.append(
                error("HK303", f"`{key}` lists strings, not {describe(text)}", source, item.span)
            )
            continue
        if key == "patterns":
            tests.append(_glob(text if "/" in text else f"**/{text}", item.span))
        elif text == "*":
            return None, found
        elif text.startswith("@"):
            condition, problems, _ = regex(text, "tool_name", item, source)
            found.extend(problems)
            if condition is not None:
                tests.append(condition)
        else:
            tests.append(name_test("tool_name", [text], item.span))
    if not tests:
        return Literal(False, span=node.span), found
    return (tests[0] if len(tests) == 1 else Or(tuple(tests), span=node.span)), found


def _glob(pattern: str, span: Span) -> Expr:
    return Call("glob", (Literal(pattern),), Ident("file_path"), span=span)
