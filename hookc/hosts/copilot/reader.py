"""GitHub Copilot's hook files read with Copilot's meaning: ``.github/hooks/*.json``,
``~/.copilot/hooks/*.json``, ``hooks`` in Copilot's settings files, and Claude Code's
``.claude/settings(.local).json``, which Copilot CLI also loads ("Cross-tool
``.claude/settings.json`` and ``.claude/settings.local.json`` files in the repository are
also read"). Source: GitHub's hooks reference (github/docs
``content/copilot/reference/hooks-reference.md``, commit 2199f62d); what it leaves open is
said at each rule, with the public report hookc follows.

- Shape: ``{"version": 1, "disableAllHooks"?, "hooks": {<event>: [entry, ...]}}``. An
  entry is a handler with its ``matcher`` beside its fields. A file without
  ``"version": 1`` that names its events in Copilot's camelCase gets HK756; a file in
  VS Code's spelling (PascalCase events, no version) is one Copilot reads too, and gets
  nothing. An entry without ``type`` is read as a command, with a warning (HK301): the
  reference gives every entry one, VS Code does without.
  ``disableAllHooks: true`` keeps the file's hooks and runs none of them.
- Claude Code's nested shape (``{"matcher": ..., "hooks": [handler, ...]}``) is read in
  the cross-tool ``.claude/`` settings files, the group's matcher applying to each of its
  handlers. In Copilot's own files it gets HK759: Copilot CLI 1.0.37 and later refuse it
  there ("Invalid hook configuration", dotnet/runtime#125889); hookc still reads it, as
  older versions did.
- Events: the 13 camelCase ones and the PascalCase spellings of ten of them, which
  select the VS Code compatible payload (snake_case fields): the profile lists both, and
  an event of either spelling is its own event to hookc, with its own context fields (a
  tool call fires ``preToolUse`` entries with ``toolName`` and ``PreToolUse`` entries with
  ``tool_name``). Any other key (Claude Code's ``Notification``, ``SessionEnd``'s cousins,
  a misspelling) is an event Copilot never fires: HK402, its handlers left out.
- Matchers: "The pattern is anchored as ``^(?:matcher)$`` and must match the full value.
  Invalid regexes cause the hook entry to be skipped." hookc builds that text and reads
  it as a JavaScript regular expression (Copilot CLI runs on Node), translated to RE2; an
  invalid one, or one that is no string, skips the entry (HK751, the entry left out). On
  the events of the reference's matcher table (preToolUse, permissionRequest: the tool
  name; preCompact: the trigger; subagentStart: the agent's name; notification: the
  notification type) and on postToolUse and postToolUseFailure (Copilot CLI 1.0.63's
  changelog, github/copilot-cli#3820): elsewhere a matcher is ignored (HK701).
  Unverified, and what hookc does: ``*`` and the empty matcher match every name, as in
  Claude Code's files, which Copilot reads (``^(?:*)$`` is no regular expression at all,
  and ``^(?:)$`` would match only the empty name).
- Handlers: ``command`` (one of ``bash``, ``powershell``, ``command``; ``cwd``, ``env``,
  ``timeoutSec`` in seconds, 30 by default), ``http`` (``url``, ``headers``,
  ``allowedEnvVars``; https only on preToolUse and permissionRequest, and whenever
  ``allowedEnvVars`` is set: HK757, an error), ``prompt`` (sessionStart only: elsewhere
  HK758, left out). In a Claude Code file, a handler type Copilot lacks (``agent``,
  ``mcp_tool``) is skipped by Copilot: HK754, left out; in Copilot's own files it is an
  error (HK301).
- Order: every entry of every source runs, in file order; no two are deduplicated.

Ids are ``<file>.<Event>.<entry>.<handler>`` (a flat entry's handler is ``0``), so that a
Claude Code file read by Copilot, by VS Code and by Claude Code has the same ids.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import PurePath
from typing import Any

from hookc.frontend.actions import describe
from hookc.frontend.formats import regex_dialects
from hookc.frontend.formats.groups import (
    Handler,
    _timeout_problems,
    handler_action,
    hooks_of,
    known_values,
    name_problems,
    pattern_test,
    unknown_event,
    without_matcher,
)
from hookc.frontend.formats.json_root import json_root
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded, file_identity
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr, Literal
from hookc.ir.hooks import HookSet
from hookc.runtime.values import CelError, compile_regex
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

MATCH_ALL = ("", "*")
GROUP_FIELDS = ("matcher", "hooks", "description", "id")
# The events whose http handlers must use https: "the response can grant tool permissions".
HTTPS_EVENTS = frozenset({"preToolUse", "PreToolUse", "permissionRequest"})
PROMPT_EVENTS = frozenset({"sessionStart", "SessionStart"})
_COMMAND_FIELDS = ("bash", "powershell", "command")


def read(source: Source, profile: Profile) -> Loaded:
    """The file's hooks, read as Copilot CLI reads them."""
    opened = json_root(source, profile, "a Copilot hooks file")
    if isinstance(opened, Loaded):
        return opened
    document, diagnostics = opened
    claude_file = is_claude_file(source.name, source.text)
    hooks_node = document.get("hooks")
    empty_set = HookSet((), ordering=profile.ordering, profile=profile.name)
    if hooks_node is None:
        if not _is_settings(source.name):
            diagnostics.append(warning("HK208", "the file holds no hooks", source, document.span))
        return Loaded(source, empty_set, profile, tuple(diagnostics))
    if not isinstance(hooks_node.value, dict):
        diagnostics.append(
            error(
                "HK205",
                f"`hooks` maps event names to lists of entries, not {describe(hooks_node.plain())}",
                source,
                hooks_node.span,
            )
        )
        return Loaded(source, None, profile, tuple(diagnostics))
    if not claude_file:
        diagnostics.extend(_version_problems(document, hooks_node, source, profile))
    handlers: list[Handler] = []
    for event, entries in hooks_node.items():
        found, problems = _event_handlers(event, entries, source, profile, claude_file)
        handlers.extend(found)
        diagnostics.extend(problems)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    hooks, _ = hooks_of(handlers, source)  # no handler has a key: none is a duplicate
    disabled = document.get("disableAllHooks")
    if disabled is not None and disabled.value is True:
        hooks = [replace(hook, enabled=False) for hook in hooks]
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def is_claude_file(name: str, text: str) -> bool:
    """Claude Code's settings file, which Copilot reads in Claude Code's nested shape: one
    in a ``.claude`` folder, or (read with ``--host copilot`` from elsewhere) one Claude Code
    claims."""
    path = PurePath(name)
    if path.parent.name == ".claude" and path.name.startswith("settings"):
        return True
    from hookc.hosts import detect

    claimer = detect(name, text)
    return claimer is not None and claimer.name == "claude-code"


def _is_settings(name: str) -> bool:
    return PurePath(name).name.startswith("settings")


def _version_problems(
    document: Located, hooks_node: Located, source: Source, profile: Profile
) -> list[Diagnostic]:
    """HK756: Copilot's format is version 1. A file with another version, or with none
    while it uses Copilot's own spellings, is not the format it means to be."""
    version = document.get("version")
    if version is not None:
        if version.value == 1 and not isinstance(version.value, bool):
            return []
        return [
            warning(
                "HK756",
                f"Copilot's hook files are version 1, not {describe(version.plain())}",
                source,
                version.span,
                'write "version": 1',
            )
        ]
    own_events = [
        key for key, _ in hooks_node.items() if key in profile.events and key[:1].islower()
    ]
    if not own_events:
        return []  # VS Code's spelling of the format (PascalCase events), which Copilot reads
    return [
        warning(
            "HK756",
            'a Copilot hooks file without `"version": 1`',
            source,
            Span(document.span.start, document.span.start + 1),
            'add "version": 1 beside "hooks", as the Copilot hooks reference writes every file',
        )
    ]


def _event_handlers(
    event: str, entries: Located, source: Source, profile: Profile, claude_file: bool
) -> tuple[list[Handler], list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    if event not in profile.events:
        unknown = unknown_event(event, entries.key_span or entries.span, profile, source)
        if unknown is not None:
            diagnostics.append(
                replace(unknown, message=f"Copilot never fires `{event}`: its handlers never run")
            )
        return [], diagnostics
    if not isinstance(entries.value, list):
        diagnostics.append(
            error(
                "HK205",
                f"`{event}` holds a list of entries, not {describe(entries.plain())}",
                source,
                entries.span,
                'write [{"type": "command", "bash": "..."}]',
            )
        )
        return [], diagnostics
    stem = file_identity(source.name)
    handlers: list[Handler] = []
    for entry_index, entry in enumerate(entries.value):
        if not isinstance(entry.value, dict):
            diagnostics.append(
                error(
                    "HK205",
                    f"an entry is an object, not {describe(entry.plain())}",
                    source,
                    entry.span,
                )
            )
            continue
        nested = entry.get("hooks")
        if nested is not None and isinstance(nested.value, list):
            members = list(nested.value)
            diagnostics.extend(_group_problems(entry, source, claude_file))
        else:
            members = [without_matcher(entry)]
        matcher_node = entry.get("matcher")
        condition, found, skipped, undecidable = matcher_condition(
            event, matcher_node, source, profile
        )
        diagnostics.extend(found)
        if skipped:
            continue
        for index, node in enumerate(members):
            action, found = _handler(event, node, source, profile, claude_file)
            diagnostics.extend(found)
            if action is None:
                continue
            handlers.append(
                Handler(
                    id=f"{stem}.{event}.{entry_index}.{index}",
                    event=event,
                    condition=condition,
                    action=action,
                    node=node,
                    key=None,
                    matcher_text=matcher_node.value if matcher_node is not None else None,
                    undecidable=undecidable,
                )
            )
    return handlers, diagnostics


def _group_problems(entry: Located, source: Source, claude_file: bool) -> list[Diagnostic]:
    found = []
    if not claude_file:
        found.append(
            warning(
                "HK759",
                "a Claude Code matcher group in a Copilot hooks file: Copilot CLI 1.0.37 and "
                'later refuse the file ("Invalid hook configuration")',
                source,
                entry.key_span or Span(entry.span.start, entry.span.start + 1),
                'write each handler as an entry of its own, its "matcher" beside its "type"',
            )
        )
    for key, node in entry.items():
        if key not in GROUP_FIELDS:
            found.append(
                warning(
                    "HK704",
                    f"a matcher group has no field `{key}`: it is ignored",
                    source,
                    node.key_span or node.span,
                    f"its fields: {', '.join(GROUP_FIELDS)}",
                )
            )
    return found


def _handler(
    event: str, node: Located, source: Source, profile: Profile, claude_file: bool
) -> tuple[Any, list[Diagnostic]]:
    """The handler as its action, or None (with why) when Copilot would not run it."""
    kind = node.get("type")
    if (
        claude_file
        and kind is not None
        and isinstance(kind.value, str)
        and kind.value not in profile.action_types
    ):
        return None, [
            warning(
                "HK754",
                f"Copilot has no `{kind.value}` handler: it skips this one",
                source,
                kind.span,
                f"Copilot's handler types: {', '.join(sorted(profile.action_types))}",
            )
        ]
    untyped: list[Diagnostic] = []
    if kind is None and isinstance(node.value, dict):
        # The reference writes `"type": "command"` on every entry; VS Code reads an entry
        # without one as a command, and so does hookc, with a warning (whether Copilot CLI
        # refuses it is not documented).
        untyped.append(
            warning(
                "HK301",
                "an entry without `type`: the Copilot hooks reference gives every entry one "
                '(VS Code reads it as `"type": "command"`)',
                source,
                Span(node.span.start, node.span.start + 1),
                'add "type": "command"',
            )
        )
        node = Located({**node.value, "type": Located("command", node.span)}, node.span)
    action, found = handler_action(node, profile, source)
    found = [*untyped, *found]
    if action is None:
        return None, found
    for name in ("timeoutSec", "timeout"):
        given = node.get(name)
        if given is not None and isinstance(given.value, int | float):
            # Seconds, both of them: not positive (HK705), or a millisecond count (HK706).
            found.extend(_timeout_problems(given.value, given, source, name))
    if action.type == "command" and not any(
        isinstance(action.params.get(name), str) and action.params.get(name)
        for name in _COMMAND_FIELDS
    ):
        found.append(
            error(
                "HK305",
                "a `command` handler needs `bash`, `powershell` or `command`",
                source,
                (kind or node).span,
            )
        )
    if action.type == "http":
        found.extend(_url_problems(event, node, action.params.get("allowedEnvVars"), source))
    if action.type == "prompt" and event not in PROMPT_EVENTS:
        found.append(
            warning(
                "HK758",
                f"Copilot runs `prompt` entries on sessionStart only: this one on `{event}` "
                "never runs",
                source,
                (kind or node).span,
                "move it to sessionStart, or make it a command",
            )
        )
        return None, found
    if has_error(found):
        return None, found
    return action, found


def _url_problems(event: str, node: Located, env: Any, source: Source) -> list[Diagnostic]:
    url = node.get("url")
    if url is None or not isinstance(url.value, str):
        return []
    scheme = url.value.split(":", 1)[0].lower() if ":" in url.value else ""
    if scheme not in ("http", "https"):
        return [
            error(
                "HK757",
                f"an http handler's `url` must use http: or https:, not {url.value!r}",
                source,
                url.span,
            )
        ]
    if scheme == "https":
        return []
    if event in HTTPS_EVENTS:
        why = f"on `{event}` its answer can grant tool permissions"
    elif env:
        why = "`allowedEnvVars` sends the named variables in its headers"
    else:
        return []
    return [
        error(
            "HK757",
            f"Copilot requires an https:// URL here: {why}",
            source,
            url.span,
            "serve the hook over https",
        )
    ]


# -- matchers ---------------------------------------------------------------------------


def matcher_condition(
    event: str, node: Located | None, source: Source, profile: Profile
) -> tuple[Expr | None, list[Diagnostic], bool, str | None]:
    """An entry's matcher as Copilot reads it: (the condition, findings, whether Copilot
    skips the entry, why hookc cannot evaluate it)."""
    if node is None:
        return None, [], False, None
    text = node.value
    if not isinstance(text, str):
        return (
            None,
            [
                warning(
                    "HK751",
                    f"`matcher` is a regular expression, not {describe(node.plain())}: Copilot "
                    "skips this entry",
                    source,
                    node.span,
                    'write the pattern as a string, e.g. "bash"',
                )
            ],
            True,
            None,
        )
    if text in MATCH_ALL:
        return None, [], False, None
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        return (
            None,
            [
                warning(
                    "HK701",
                    f"`{event}` ignores matchers: this entry runs on every `{event}`",
                    source,
                    node.span,
                    "remove the matcher",
                )
            ],
            False,
            None,
        )
    field = str(spec["field"])
    anchored = anchor(text)
    translated = regex_dialects.javascript(anchored)
    if translated.pattern is None and translated.invalid:
        return (
            None,
            [
                warning(
                    "HK751",
                    f"the matcher `{text}` is no valid regular expression as Copilot anchors "
                    f"it (`{anchored}`: {translated.problem}): Copilot skips this entry",
                    source,
                    node.span,
                    "escape the characters meant literally (`\\\\(`)",
                )
            ],
            True,
            None,
        )
    if translated.pattern is None:
        why = f"hookc cannot evaluate its matcher `{text}`: {translated.problem}"
        return (
            Literal(False, span=node.span),
            [
                warning(
                    "HK712",
                    f"the matcher `{text}` is one Copilot runs and hookc cannot: "
                    f"{translated.problem}",
                    source,
                    node.span,
                    "its handlers are kept but not evaluated",
                )
            ],
            False,
            why,
        )
    pattern = translated.pattern
    known = known_values(spec, profile)

    def matches(name: str, ignore_case: bool) -> bool:
        compiled = compile_regex(f"(?i){pattern}" if ignore_case else pattern)
        return not isinstance(compiled, CelError) and compiled.search(name) is not None

    what = "tool" if spec.get("values") == "tools" else f"`{field}`"
    hint = _claude_hint(text) if spec.get("values") == "tools" else None
    problems = name_problems(text, known, matches, node.span, source, what, False, hint)
    return pattern_test(field, pattern, node.span), problems, False, None


def anchor(matcher: str) -> str:
    """The text Copilot makes a regular expression of: ``^(?:matcher)$``."""
    return f"^(?:{matcher})$"


# Claude Code's tool names and Copilot's for the same tools (the reference's tool table).
CLAUDE_TOOLS = {
    "Bash": "bash",
    "Edit": "edit",
    "MultiEdit": "edit",
    "Write": "create",
    "Read": "view",
    "Glob": "glob",
    "Grep": "grep",
    "Task": "task",
    "WebFetch": "web_fetch",
}


def _claude_hint(text: str) -> str | None:
    named = [name for name in CLAUDE_TOOLS if re.search(rf"\b{name}\b", text)]
    if not named:
        return None
    renames = ", ".join(f"{name} is `{CLAUDE_TOOLS[name]}`" for name in named)
    return f"these are Claude Code's tool names; Copilot's: {renames}"
