"""docker-agent's hook files: ``hooks:`` under ``agents.<name>`` in an agent YAML (the
rest of the file, models, toolsets and instructions, is left alone).

Tool events (``pre_tool_use``, ``post_tool_use``, ``permission_request``,
``tool_input_transform``, ``tool_guard``, ``tool_response_transform``) take
``{matcher, hooks: [...]}`` groups; every other event a flat list of handlers. As
docker-agent's executor does (``pkg/hooks/executor.go``):

- a matcher is a Go regular expression fully matched against the tool name: it is
  compiled as ``^(?:matcher)$``; ``*`` or an empty matcher matches every tool; a matcher
  that does not compile is skipped (it matches nothing);
- every handler of every matching group runs, in the order written; a handler identical
  to one already chosen (every configured field equal: ``name``, ``type``, ``command``,
  ``args``, ``timeout``, ``env``, ``working_dir``, ``on_error``, ``strict_output``,
  ``model``, ``prompt``, ``schema``, compared as written) is skipped;
- ``preempt_yolo: true`` groups of ``pre_tool_use`` form a lane of their own, dispatched
  as ``pre_tool_use_pre_yolo``.

When more than one agent of a file has hooks, each agent's events are named
``<agent>/<event>``: each agent's executor runs only its own hooks.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any

from hookc.frontend.actions import describe, did_you_mean
from hookc.frontend.formats import regex_dialects
from hookc.frontend.formats.groups import (
    Handler,
    handler_action,
    hooks_of,
    name_problems,
    pattern_test,
    script_problems,
    unknown_event,
)
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.frontend.yaml_file import load_yaml
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr, Literal
from hookc.ir.hooks import Action, HookSet
from hookc.runtime.values import CelError, compile_regex
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

MATCH_ALL = ("", "*")
GROUP_FIELDS = ("matcher", "hooks", "preempt_yolo")
PREEMPT_LANE = "pre_tool_use_pre_yolo"
# sameHook's fields, with Go's zero value for one not written.
IDENTITY_FIELDS: tuple[tuple[str, Any], ...] = (
    ("name", ""),
    ("type", ""),
    ("command", ""),
    ("args", ()),
    ("timeout", 0),
    ("env", ()),
    ("working_dir", ""),
    ("on_error", ""),
    ("strict_output", False),
    ("model", ""),
    ("prompt", ""),
    ("schema", ""),
)


def read(source: Source, profile: Profile) -> Loaded:
    """The file's hooks, read as docker-agent reads them."""
    document, diagnostics = load_yaml(source)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    agents = document.get("agents") if document is not None else None
    if document is None or agents is None:
        where = document.span if document is not None else Span(0, len(source.text))
        empty = warning("HK208", "the file holds no `agents:`, so no hooks", source, where)
        return Loaded(source, None, profile, (*diagnostics, empty))
    if not isinstance(agents.value, dict):
        diagnostics.append(
            error(
                "HK205",
                f"`agents` maps agent names to agents, not {describe(agents.plain())}",
                source,
                agents.span,
            )
        )
        return Loaded(source, None, profile, tuple(diagnostics))
    with_hooks = [
        (name, hooks)
        for name, agent in agents.items()
        if (hooks := agent.get("hooks")) is not None and hooks.value
    ]
    handlers: list[Handler] = []
    for agent, hooks in with_hooks:
        prefix = f"{agent}/" if len(with_hooks) > 1 else ""
        found_handlers, found = _agent_handlers(agent, prefix, hooks, source, profile)
        handlers.extend(found_handlers)
        diagnostics.extend(found)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    hooks_found, duplicates = hooks_of(handlers, source)
    diagnostics.extend(duplicates)
    hookset = HookSet(tuple(hooks_found), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def _agent_handlers(
    agent: str, prefix: str, hooks: Located, source: Source, profile: Profile
) -> tuple[list[Handler], list[Diagnostic]]:
    if not isinstance(hooks.value, dict):
        return [], [
            error(
                "HK205",
                f"`hooks` maps event names to handlers, not {describe(hooks.plain())}",
                source,
                hooks.span,
            )
        ]
    diagnostics: list[Diagnostic] = []
    handlers: list[Handler] = []
    for event, entries in hooks.items():
        details = profile.event_details(event)
        key_span = entries.key_span or entries.span
        if details.get("internal"):  # a lane docker-agent dispatches, not a YAML key
            diagnostics.append(
                warning(
                    "HK402",
                    f"`{event}` is docker-agent's internal lane, not an event of the file: "
                    "its handlers never run",
                    source,
                    key_span,
                    "write `preempt_yolo: true` on a `pre_tool_use` group",
                )
            )
            continue
        unknown = unknown_event(event, key_span, profile, source)
        if unknown is not None:
            diagnostics.append(unknown)
            continue
        if not isinstance(entries.value, list):
            diagnostics.append(
                error(
                    "HK205",
                    f"`{event}` holds a list, not {describe(entries.plain())}",
                    source,
                    entries.span,
                )
            )
            continue
        if details.get("tool"):
            groups = _groups(event, entries, source, profile, diagnostics)
        else:
            groups = [(event, None, None, list(entries.value), None)]
        for lane, condition, matcher, nodes, group_index in groups:
            for hook_index, node in enumerate(nodes):
                action, found = handler_action(node, profile, source)
                diagnostics.extend(found)
                if action is None:
                    continue
                diagnostics.extend(_builtin_problems(action, node, lane, source, profile))
                diagnostics.extend(_command_problems(action, node, source))
                place = f"{group_index}.{hook_index}" if group_index is not None else hook_index
                handlers.append(
                    Handler(
                        id=f"{agent}.{event}.{place}",
                        event=prefix + lane,
                        condition=condition,
                        action=action,
                        node=node,
                        key=_identity(node),
                        matcher_text=matcher,
                    )
                )
    return handlers, diagnostics


def _groups(
    event: str, entries: Located, source: Source, profile: Profile, diagnostics: list[Diagnostic]
) -> list[tuple[str, Expr | None, str | None, list[Located], int | None]]:
    """Each matcher group of a tool event: its lane, condition, matcher and handlers."""
    groups: list[tuple[str, Expr | None, str | None, list[Located], int | None]] = []
    for group_index, group in enumerate(entries.value):
        if not isinstance(group.value, dict) or "hooks" not in group.value:
            hint = (
                'a handler of a tool event goes in a group: {matcher: "...", hooks: [...]}'
                if isinstance(group.value, dict) and "type" in group.value
                else None
            )
            diagnostics.append(
                error(
                    "HK205",
                    f"`{event}` holds matcher groups ({{matcher, hooks}}), "
                    f"not {describe(group.plain())}",
                    source,
                    group.span,
                    hint,
                )
            )
            continue
        for key, node in group.items():
            if key not in GROUP_FIELDS:
                diagnostics.append(
                    warning(
                        "HK704",
                        f"a matcher group has no field `{key}`: it is ignored",
                        source,
                        node.key_span or node.span,
                        did_you_mean(key, GROUP_FIELDS) or f"its fields: {', '.join(GROUP_FIELDS)}",
                    )
                )
        handlers = group.get("hooks")
        assert handlers is not None
        if not isinstance(handlers.value, list) or not handlers.value:
            diagnostics.append(
                error(
                    "HK205",
                    "a matcher group needs at least one handler in `hooks`",
                    source,
                    handlers.span,
                )
            )
            continue
        matcher_node = group.get("matcher")
        condition, found = matcher_condition(matcher_node, source, profile)
        diagnostics.extend(found)
        preempt = group.get("preempt_yolo")
        lane = event
        if preempt is not None and preempt.value is True:
            if event == "pre_tool_use":
                lane = PREEMPT_LANE
            else:
                diagnostics.append(
                    warning(
                        "HK704",
                        f"`preempt_yolo` is only meaningful on `pre_tool_use`: on `{event}` "
                        "it is ignored",
                        source,
                        preempt.key_span or preempt.span,
                    )
                )
        text = matcher_node.value if matcher_node is not None else None
        groups.append((lane, condition, text, handlers.value, group_index))
    return groups


def matcher_condition(
    node: Located | None, source: Source, profile: Profile
) -> tuple[Expr | None, list[Diagnostic]]:
    """``^(?:matcher)$`` on the tool name, in Go's regexp syntax (None: every tool)."""
    if node is None or node.value is None:
        return None, []
    text = node.value
    if not isinstance(text, str):
        return None, [
            error("HK303", f"`matcher` must be a string, not {describe(text)}", source, node.span)
        ]
    if text in MATCH_ALL:
        return None, []
    translated = regex_dialects.go(f"^(?:{text})$")
    if translated.pattern is None:
        code = "HK112" if translated.invalid else "HK711"
        hint = (
            "docker-agent skips a group whose matcher does not compile"
            if translated.invalid
            else None
        )
        return Literal(False), [
            error(code, f"the matcher `{text}`: {translated.problem}", source, node.span, hint)
        ]
    pattern = translated.pattern

    def matches(name: str, ignore_case: bool) -> bool:
        compiled = compile_regex(f"(?i){pattern}" if ignore_case else pattern)
        return not isinstance(compiled, CelError) and compiled.search(name) is not None

    known = [str(tool) for tool in profile.details.get("tools") or ()]
    problems = name_problems(text, known, matches, node.span, source, "tool", open_set=True)
    return pattern_test("tool_name", pattern, node.span), problems


def _identity(node: Located) -> Hashable:
    """What docker-agent's sameHook compares: the configured fields, unset ones as Go's
    zero values (an empty list or map equals an unset one)."""
    written = node.plain()
    return tuple(_frozen(written.get(name) or zero) for name, zero in IDENTITY_FIELDS)


def _frozen(value: Any) -> Hashable:
    if isinstance(value, dict):
        return tuple(sorted((str(k), _frozen(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return (type(value).__name__, value)


def _builtin_problems(
    action: Action, node: Located, event: str, source: Source, profile: Profile
) -> list[Diagnostic]:
    """HK708 for a builtin the runtime does not ship, HK709 for one on an event it does not
    serve."""
    if action.type != "builtin":
        return []
    name = action.params.get("command")
    where = node.get("command")
    span = where.span if where is not None else node.span
    builtins: Mapping[str, Any] = profile.details.get("builtins") or {}
    if name not in builtins:
        return [
            error(
                "HK708",
                f"docker-agent ships no builtin `{name}`",
                source,
                span,
                did_you_mean(str(name), sorted(builtins))
                or f"its builtins: {', '.join(sorted(builtins))}",
            )
        ]
    serves = builtins[str(name)]
    lane = "pre_tool_use" if event == PREEMPT_LANE else event
    if serves == "any" or lane in serves:
        return []
    return [
        warning(
            "HK709",
            f"the builtin `{name}` serves {', '.join(f'`{e}`' for e in serves)}, not `{lane}`",
            source,
            span,
            f"move it under {serves[0]}",
        )
    ]


def _command_problems(action: Action, node: Located, source: Source) -> list[Diagnostic]:
    """HK707 for a command hook running a script, relative to the agent file's folder (or
    its ``working_dir``), that is missing or not executable."""
    command = node.get("command")
    if action.type != "command" or command is None or not isinstance(command.value, str):
        return []
    path = Path(source.name)
    if not path.is_file():
        return []
    base = path.resolve().parent
    working_dir = action.params.get("working_dir")
    if isinstance(working_dir, str) and working_dir:
        if working_dir.startswith(("~", "$")):
            return []
        base = base / working_dir
    return script_problems(command.value, {".": base}, command, source)
