"""Codex's hook files read with Codex's meaning: ``.codex/hooks.json`` (``{description?,
hooks}``), the ``[hooks]`` tables of ``.codex/config.toml`` (``[[hooks.PreToolUse]]`` with
``[[hooks.PreToolUse.hooks]]``), the same under ``~/.codex/``, and a Codex plugin's
``hooks/hooks.json``.

Every rule is Codex's own code (openai/codex, codex-rs; the newest stored versions, with
12 events and ``mcp_tool`` handlers), and ``tests/hosts/codex/oracle.py`` transcribes the
selection part of it independently of this module:

- Shape (``config/src/hook_config.rs``): a hooks.json's root is ``HooksFile``, with
  ``#[serde(deny_unknown_fields)]``: any key but ``description`` and ``hooks`` (``$schema``
  included) fails the whole file, which Codex then skips with a startup warning (HK730, an
  error). So does any value of the wrong type, a handler without ``type`` or of a type
  Codex lacks, a command handler without ``command``. ``hooks`` maps events to lists of
  groups ``{matcher?, hooks?}`` (``matcher`` an ``Option<String>``: ``null`` is no
  matcher; ``hooks`` may be absent); a key of ``hooks`` that is no event, and a key of a
  group or a handler that Codex does not read, are ignored by serde (HK402, HK704). In
  ``config.toml`` the ``[hooks]`` table holds the same events (and ``state``, the trust
  records, which hookc leaves alone).
- Handlers (``HookHandlerConfig``): ``command`` (``command``, ``commandWindows`` or
  ``command_windows``, ``timeout``, ``async``, ``statusMessage``,
  ``additionalContextLimit``) and ``mcp_tool`` (``server``, ``tool``, ``input``,
  ``timeout``, ``statusMessage``); ``prompt`` and ``agent`` parse and are skipped at
  discovery (HK731), as are an empty command and an ``mcp_tool`` handler with an empty
  server or tool or on SessionEnd. ``timeoutSec``: earlier releases read it as an alias of
  ``timeout`` (``hooks/src/engine/config.rs``: ``alias = "timeoutSec"``); the newest
  ``hook_config.rs`` has no such alias and ignores it (HK733). Discovery
  (``engine/discovery.rs``, ``normalize_command_hook``): the timeout defaults to 600 s, 0
  counts as 1; on SessionEnd and Interrupt it defaults to 1 s and is clamped to 1..3
  (HK734); ``async`` on SessionEnd runs synchronously, and ``additionalContextLimit`` is
  ignored on events that cannot add context (HK734). hookc writes the effective values
  into the action.
- Selection (``hooks/src/events/common.rs``, ``matches_matcher`` and ``is_exact_matcher``;
  ``hooks/src/engine/dispatcher.rs``, ``select_handlers_for_matcher_inputs``): no matcher,
  ``""`` or ``*`` match everything; a matcher of ASCII letters, digits, ``_`` and ``|``
  only is a ``|``-list of exact names; anything else is a Rust ``regex`` searched
  unanchored and case-sensitively (``rust_regex`` translates it). A regex Rust refuses is
  caught at discovery (``validate_matcher_pattern``), which skips the whole group
  (HK732). UserPromptSubmit, Stop and Interrupt ignore matchers, unchecked
  (``matcher_pattern_for_event``; HK701). The tool events test the tool's name and its
  aliases (``core/src/tools/hook_names.rs``): ``apply_patch`` is also ``Write`` and
  ``Edit``, ``spawn_agent`` also ``Agent``, each shell tool also ``Bash`` and its sibling
  shell tools; a handler is selected at most once however many of the names match. hookc
  writes that into the condition: the matcher tested against ``tool_name``, or
  ``tool_name`` one of the canonical names an alias of which the matcher matches.
- Order and identity: every selected handler, in file order; identical handlers are not
  merged (``select_handlers_keeps_duplicate_stop_handlers``).

Handlers get ids ``<file>.<Event>.<group>.<handler>``, as Claude Code's do.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path, PurePath
from typing import Any

from hookc.frontend.actions import describe, did_you_mean
from hookc.frontend.formats.groups import (
    Handler,
    handler_action,
    hooks_of,
    known_values,
    name_problems,
    name_test,
    pattern_test,
    unknown_event,
)
from hookc.frontend.formats.nested import Group, Shape, event_handlers
from hookc.frontend.formats.rust_regex import Untranslatable, translate
from hookc.frontend.json_file import load_json
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.claude_code.mcp_names import is_mcp_tool_name, may_match_mcp_tool
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr, Literal, Or
from hookc.ir.hooks import Action, HookSet, Params
from hookc.runtime.regex import RegexSyntaxError, compile_re2
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, Edit, Fix, error, has_error, replacing, warning

ROOT_FIELDS = ("description", "hooks")
GROUP_FIELDS = ("matcher", "hooks")
MATCH_ALL = ("", "*")
# core/src/tools/hook_names.rs: each canonical tool name and the other names a matcher
# may select it by (`HookToolName::apply_patch`, `spawn_agent`, `bash`, `shell`).
_SHELLS = ("Bash", "shell", "shell_command", "exec_command", "local_shell")
ALIASES: Mapping[str, tuple[str, ...]] = {
    "apply_patch": ("Write", "Edit"),
    "spawn_agent": ("Agent",),
    "Bash": ("shell_command", "exec_command", "local_shell"),
    **{name: tuple(other for other in _SHELLS if other != name) for name in _SHELLS[1:]},
}
# Handler fields Codex reads under another name too (serde `alias`).
_FIELD_ALIASES = {"command_windows": "commandWindows", "timeoutSec": "timeout"}
# discovery.rs: SessionEnd's and Interrupt's timeout (SESSION_END_DEFAULT_TIMEOUT_SEC,
# SESSION_END_MAX_TIMEOUT_SEC); the events whose hooks can add context.
SHORT_EVENTS = ("SessionEnd", "Interrupt")
SHORT_DEFAULT, SHORT_MAX = 1, 3
CONTEXT_EVENTS = frozenset(
    {"PreToolUse", "PostToolUse", "SessionStart", "UserPromptSubmit", "SubagentStart"}
)


def is_exact_matcher(text: str) -> bool:
    """common.rs ``is_exact_matcher``: ASCII letters, digits, ``_`` and ``|`` only."""
    return all(char.isascii() and (char.isalnum() or char in "_|") for char in text)


def read(source: Source, profile: Profile) -> Loaded:
    """The file's hooks, read as Codex reads them."""
    toml = _is_toml(source)
    if toml:
        from hookc.hosts.codex.toml_file import load_toml

        document, diagnostics = load_toml(source)
    else:
        document, diagnostics = load_json(source)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    empty = HookSet((), ordering=profile.ordering, profile=profile.name)
    if document is None:
        if toml:
            return Loaded(source, empty, profile, tuple(diagnostics))
        found = warning("HK208", "the file holds no hooks", source, Span(0, len(source.text)))
        return Loaded(source, None, profile, (found,))
    if not isinstance(document.value, dict):
        problem = error(
            "HK205",
            f"a Codex hooks file is a JSON object, not {describe(document.plain())}",
            source,
            document.span,
        )
        return Loaded(source, None, profile, (*diagnostics, problem))
    if not toml:
        diagnostics.extend(_root_problems(document, source))
    hooks_node = document.get("hooks")
    if hooks_node is None:
        if not toml:
            diagnostics.append(warning("HK208", "the file holds no hooks", source, document.span))
        return _loaded(source, empty, profile, diagnostics)
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
        return _loaded(source, None, profile, diagnostics)
    handlers: list[Handler] = []
    for event, groups in hooks_node.items():
        if toml and event == "state":  # [hooks.state."<key>"]: trust records, not hooks
            continue
        selected, problems = _event_handlers(event, groups, source, profile)
        handlers.extend(selected)
        diagnostics.extend(problems)
    if has_error(diagnostics):
        return _loaded(source, None, profile, diagnostics)
    hooks, duplicates = hooks_of(handlers, source)  # no handler has a key: none merged
    diagnostics.extend(duplicates)
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return _loaded(source, hookset, profile, diagnostics)


def _loaded(
    source: Source, hookset: HookSet | None, profile: Profile, diagnostics: list[Diagnostic]
) -> Loaded:
    if has_error(diagnostics):
        hookset = None
    return Loaded(source, hookset, profile, tuple(diagnostics))


def _root_problems(document: Located, source: Source) -> list[Diagnostic]:
    """HK730 for each root key Codex refuses, HK205 for a `description` not a string."""
    found = []
    for key, node in document.items():
        if key not in ROOT_FIELDS:
            found.append(
                error(
                    "HK730",
                    f"a Codex hooks file has no key `{key}`: Codex refuses the whole file "
                    "(it allows only `description` and `hooks`) and loads none of its hooks",
                    source,
                    node.key_span or node.span,
                    did_you_mean(key, list(ROOT_FIELDS)) or "remove it",
                )
            )
    description = document.get("description")
    if description is not None and not isinstance(description.value, str | None):
        found.append(
            error(
                "HK205",
                f"`description` is a string, not {describe(description.plain())}",
                source,
                description.span,
            )
        )
    return found


def _is_toml(source: Source) -> bool:
    return PurePath(source.name).suffix.lower() == ".toml"


def _renaming_event(source: Source, event: str, fix: Fix) -> Fix | None:
    """HK402's fix in a config.toml: the event renamed in every place that names it at
    once (``[[hooks.<event>]]`` and ``[[hooks.<event>.hooks]]`` of each group, a dotted
    or quoted key), since renaming one header alone would move its handlers to another
    table. None where one of those places is not the name as written (an escape)."""
    from hookc.hosts.codex.toml_file import key_places

    new = fix.edits[0].text
    edits: list[Edit] = []
    for place in key_places(source, ("hooks", event)):
        renamed = replacing(source, place, event, new)
        if renamed is None:
            return None
        edits.extend(renamed.edits)
    return Fix(tuple(edits), fix.safety, fix.title) if edits else None


def _event_handlers(
    event: str, groups: Located, source: Source, profile: Profile
) -> tuple[list[Handler], list[Diagnostic]]:
    if event not in profile.events:  # serde ignores it: nothing of it is read
        unknown = unknown_event(event, groups.key_span or groups.span, profile, source)
        if unknown is not None and unknown.fix is not None and _is_toml(source):
            unknown = replace(unknown, fix=_renaming_event(source, event, unknown.fix))
        return [], [unknown] if unknown is not None else []
    return event_handlers(event, groups, source, profile, SHAPE)


def _group(event: str, group: Located, source: Source, profile: Profile) -> Group:
    condition, found, skip, undecidable = matcher_condition(
        event, group.get("matcher"), source, profile
    )
    return Group(condition, tuple(found), undecidable, skip)


def _description(group: Located, action: Action) -> str | None:
    """The handler's ``statusMessage``: Codex shows it while the hook runs."""
    status = action.params.get("statusMessage")
    return status if isinstance(status, str) else None


# -- handlers ---------------------------------------------------------------------------


def _handler(
    event: str, node: Located, group: Group, profile: Profile, source: Source
) -> tuple[Action | None, list[Diagnostic]]:
    """A handler as its action, with Codex's aliases read and its discovery applied; None
    when Codex skips it (with the finding that says so) or cannot parse it. (Its group
    changes nothing: a group's skip is the group's.)"""
    if not isinstance(node.value, dict):
        return None, [
            error(
                "HK205", f"a handler is an object, not {describe(node.plain())}", source, node.span
            )
        ]
    kind_node = node.get("type")
    kind = kind_node.value if kind_node is not None else None
    if kind in ("prompt", "agent"):
        return None, [
            warning(
                "HK731",
                f'Codex parses `{kind}` handlers but skips them ("{kind} hooks are not '
                'supported yet"): this one never runs',
                source,
                (kind_node or node).span,
                "write a `command` handler",
            )
        ]
    node, diagnostics = _normalized(node, source)
    action, found = handler_action(node, profile, source)
    diagnostics.extend(found)
    if action is None:
        return None, diagnostics
    if action.type == "mcp_tool":
        problem = _mcp_problem(event, action, node, source)
        if problem is not None:
            return None, [*diagnostics, problem]
    elif not str(action.params.get("command") or "").strip():
        diagnostics.append(
            warning(
                "HK731",
                "Codex skips a `command` handler whose `command` is empty",
                source,
                (node.get("command") or node).span,
            )
        )
        return None, diagnostics
    params, found = _discovered(event, action, node, source)
    diagnostics.extend(found)
    return replace(action, params=params), diagnostics


def _normalized(node: Located, source: Source) -> tuple[Located, list[Diagnostic]]:
    """The handler with Codex's field aliases under their own names (``command_windows``,
    ``timeoutSec``: HK733) and a zero timeout as the one second Codex runs it with."""
    found: list[Diagnostic] = []
    fields: dict[str, Located] = {}
    for key, value in node.items():
        name = _FIELD_ALIASES.get(key, key)
        if key == "timeoutSec":
            found.append(
                warning(
                    "HK733",
                    "`timeoutSec`: older Codex releases read it as `timeout`, the current "
                    "one ignores it (its hook_config.rs has no such alias) and waits the "
                    "default 600 s",
                    source,
                    value.key_span or value.span,
                    "write `timeout`",
                )
            )
        if name in fields:  # serde refuses a field given twice (by its name and alias)
            found.append(
                error(
                    "HK205",
                    f"`{key}` and `{name}` are the same field given twice: Codex refuses the file",
                    source,
                    value.key_span or value.span,
                )
            )
            continue
        if name == "timeout" and value.value == 0 and type(value.value) is int:
            value = replace(value, value=1)  # `.max(1)`: a zero timeout is one second
        fields[name] = value
    return replace(node, value=fields), found


def _mcp_problem(event: str, action: Action, node: Located, source: Source) -> Diagnostic | None:
    """Why Codex refuses (HK303: an `input` TOML cannot hold, a null) or skips (HK731) an
    `mcp_tool` handler, or None."""
    given = node.get("input")
    if given is not None and _holds_null(given.plain()):
        return error(
            "HK303",
            "an `mcp_tool` handler's `input` cannot hold null (Codex requires values TOML "
            "can represent, and refuses the file)",
            source,
            given.span,
        )
    if event == "SessionEnd":
        return warning(
            "HK731",
            "Codex skips `mcp_tool` handlers on SessionEnd: this one never runs",
            source,
            node.span,
            "use a `command` handler",
        )
    for name in ("server", "tool"):
        if not str(action.params.get(name) or "").strip():
            return warning(
                "HK731",
                f"Codex skips an `mcp_tool` handler whose `{name}` is empty",
                source,
                (node.get(name) or node).span,
            )
    return None


def _holds_null(value: Any) -> bool:
    if value is None:
        return True
    if isinstance(value, dict):
        return any(_holds_null(item) for item in value.values())
    if isinstance(value, list):
        return any(_holds_null(item) for item in value)
    return False


def _discovered(
    event: str, action: Action, node: Located, source: Source
) -> tuple[Params, list[Diagnostic]]:
    """The action's parameters as Codex's discovery leaves them (``normalize_command_hook``
    and the `async` and `additionalContextLimit` rules), with a finding for each change."""
    params = dict(action.params.items)
    found: list[Diagnostic] = []
    if event in SHORT_EVENTS:
        given = node.get("timeout")
        timeout = given.value if given is not None else SHORT_DEFAULT
        if isinstance(timeout, int) and timeout > SHORT_MAX and given is not None:
            found.append(
                warning(
                    "HK734",
                    f"Codex clamps the timeout of {event} hooks to {SHORT_MAX} s "
                    f"(this one is {timeout})",
                    source,
                    given.span,
                    f"write {SHORT_MAX} or less",
                )
            )
        params["timeout"] = min(max(int(timeout), 1), SHORT_MAX)
    if params.get("async") is True and event == "SessionEnd":
        found.append(
            warning(
                "HK734",
                "Codex runs an `async` SessionEnd hook synchronously",
                source,
                (node.get("async") or node).span,
                "remove `async`",
            )
        )
        params["async"] = False
    if "additionalContextLimit" in params and event not in CONTEXT_EVENTS:
        limit = node.get("additionalContextLimit")
        found.append(
            warning(
                "HK734",
                f"Codex ignores `additionalContextLimit` on {event}: its hooks cannot add context",
                source,
                (limit.key_span or limit.span) if limit is not None else node.span,
                "remove it",
            )
        )
        del params["additionalContextLimit"]
    return Params(tuple(params.items()), span=action.params.span), found


# -- matchers ---------------------------------------------------------------------------


def matcher_condition(
    event: str, node: Located | None, source: Source, profile: Profile
) -> tuple[Expr | None, list[Diagnostic], bool, str | None]:
    """A group's matcher as a condition (None: every time), its findings, whether Codex
    skips the group, and why hookc cannot evaluate it (or None)."""
    if node is None or node.value is None:
        return None, [], False, None
    text = node.value
    if not isinstance(text, str):
        problem = error(
            "HK303",
            f"`matcher` must be a string or null, not {describe(text)}: Codex refuses the file",
            source,
            node.span,
        )
        return None, [problem], False, None
    spec = profile.event_details(event).get("matcher")
    if spec is None:  # matcher_pattern_for_event: ignored, and never validated
        if text in MATCH_ALL:
            return None, [], False, None
        return (
            None,
            [
                warning(
                    "HK701",
                    f"`{event}` ignores matchers: this group runs on every `{event}`",
                    source,
                    node.span,
                    'remove the matcher, or write "*"',
                )
            ],
            False,
            None,
        )
    if text in MATCH_ALL:
        return None, [], False, None
    field = str(spec["field"])
    tools = spec.get("values") == "tools"
    known = known_values(spec, profile)
    what = "tool" if tools else f"`{field}`"
    if is_exact_matcher(text):
        names = text.split("|")
        extra = [name for name, aliases in ALIASES.items() if set(aliases) & set(names)]
        open_set = bool(spec.get("open")) or (
            tools and all(is_mcp_tool_name(name) for name in names)
        )

        def exact(name: str, ignore_case: bool) -> bool:
            if ignore_case:
                return name.lower() in {n.lower() for n in names}
            return name in names

        problems = name_problems(text, known, exact, node.span, source, what, open_set)
        return name_test(field, names + (extra if tools else []), node.span), problems, False, None
    try:
        pattern = translate(text)
    except Untranslatable as problem:
        if problem.invalid:
            return (
                None,
                [
                    warning(
                        "HK732",
                        f"the matcher `{text}` is no Rust regular expression "
                        f"({problem.message}): Codex skips the whole group, and none of its "
                        "handlers runs",
                        source,
                        node.span,
                        "escape what is meant literally with a backslash, or list exact "
                        "names with `|` (`Bash|apply_patch`)",
                    )
                ],
                True,
                None,
            )
        why = f"hookc cannot evaluate its matcher `{text}`: {problem.message}"
        return (
            Literal(False, span=node.span),
            [
                warning(
                    "HK712",
                    f"the matcher `{text}` is one Codex runs and hookc cannot: {problem.message}",
                    source,
                    node.span,
                    "its handlers are kept but not evaluated (`hookc eval` and `hookc run` say "
                    "so); without that construct hookc can decide the matcher",
                )
            ],
            False,
            why,
        )

    def search(name: str, ignore_case: bool) -> bool:
        try:
            compiled = compile_re2(f"(?i){pattern}" if ignore_case else pattern)
        except RegexSyntaxError:
            return False
        return compiled.search(name) is not None

    extra = (
        [name for name, aliases in ALIASES.items() if any(search(a, False) for a in aliases)]
        if tools
        else []
    )
    open_set = bool(spec.get("open")) or (tools and may_match_mcp_tool(pattern))
    problems = name_problems(text, known, search, node.span, source, what, open_set)
    test = pattern_test(field, pattern, node.span)
    if extra:
        test = Or((test, name_test(field, extra, node.span)), span=node.span)
    return test, problems, False, None


def _script_roots(source: Source) -> dict[str, Path]:
    """The folders a command's paths are read from, when the file is a real one: a
    project's ``<project>/.codex/`` file runs its commands in ``<project>`` (Codex runs
    hooks in the session's directory, the project); a plugin's ``hooks/hooks.json`` has
    its plugin folder as ``PLUGIN_ROOT`` (and ``CLAUDE_PLUGIN_ROOT``, discovery.rs)."""
    path = Path(source.name)
    if not path.is_file():
        return {}
    path = path.resolve()
    if path.parent.name == "hooks" and path.name == "hooks.json":
        plugin = path.parent.parent
        return {"PLUGIN_ROOT": plugin, "CLAUDE_PLUGIN_ROOT": plugin}
    if path.parent.name != ".codex":
        return {}
    project = path.parent.parent
    if project == Path.home():  # ~/.codex: no project of its own
        return {}
    return {".": project}


SHAPE = Shape(
    group_fields=GROUP_FIELDS,
    group=_group,
    action=_handler,
    roots=_script_roots,
    description=_description,
    # Codex runs identical handlers once each: no handler has a key, so none is merged.
    ignored="Codex ignores it",
    hooks_optional=True,  # `hooks: Option<Vec<_>>`, and a wrong one fails the file's parse
)
