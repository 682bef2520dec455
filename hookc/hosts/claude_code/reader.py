"""Claude Code's hook files: ``hooks`` in a settings file (``.claude/settings.json``,
``.claude/settings.local.json``, ``~/.claude/settings.json``) and a plugin's
``hooks/hooks.json`` (``{description?, hooks}``); every other key of a settings file
(``permissions``, ``env``, ``statusLine``, ``$schema``, ...) is left alone.

``hooks.<Event>`` is a list of matcher groups ``{matcher?, hooks: [handler, ...]}``; every
handler of every group whose matcher matches runs, and identical handlers run once (a
command by its command string and ``args``, an http handler by its URL). A matcher is
read by what it contains, as Claude Code's hooks reference says ("Matcher patterns",
code.claude.com/docs/en/hooks, the text of 2026-08 and later; verified there, not only
in third-party summaries):

- ``*``, ``""`` or no matcher: every time;
- "Only letters, digits, ``_``, ``-``, spaces, ``,``, and ``|``": an "exact string, or
  list of exact strings separated by ``|`` or ``,`` with optional surrounding whitespace"
  (``Edit|Write``, ``Edit, Write``, ``code-reviewer``): set membership. (Commas and the
  whitespace need Claude Code 2.1.191, hyphens 2.1.195; before those a matcher with them
  was a regular expression.)
- "``FileChanged`` and ``StopFailure`` use a narrower exact-match set of letters, digits,
  ``_``, and ``|`` only. A hyphen, space, or comma in a matcher for those two events keeps
  it on the regular-expression path, and only ``|`` separates alternatives" (the profile
  marks StopFailure's matcher ``narrow``; FileChanged's is read as file-name globs, below);
- anything else: a JavaScript regular expression, tested unanchored (``^Notebook``,
  ``mcp__memory__.*``), translated to RE2 (hookc's ``matches``) by ``regex_dialects``.

What it is compared with depends on the event (the profile's ``events.<E>.matcher``:
``tool_name`` for tool events, ``source`` for SessionStart, ``trigger`` for PreCompact,
...); on events without one (UserPromptSubmit, Stop, ...) a matcher is ignored. A
FileChanged matcher is a ``|``-list of file-name globs (``package.json|*.toml``), never a
regular expression.

Claude Code gives a handler no name; hookc calls it ``<file>.<Event>.<group>.<handler>``
(``.claude/settings.PreToolUse.0.0``), ``<file>`` the file's path without its ending
(``frontend.lower.file_identity``), so that two plugins' ``hooks/hooks.json`` or the user's
and the project's ``settings.json`` checked or compiled together never share an id.

A file starting with a byte-order mark is read past it, with a warning: Claude Code 2.1
strips one before parsing (the ``safeParseJSON`` its published bundle, npm
@anthropic-ai/claude-agent-sdk 0.3.332, shares with the CLI does
``e.startsWith("\\uFEFF") ? e.slice(1) : e``), but Claude Code 2.0 (October 2025) rejected such
a file as "Invalid or malformed JSON" (anthropics/claude-code#9906), and so do the other
tools that read these files (``jq``, Python's ``json``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from hookc.frontend.actions import describe, did_you_mean
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
from hookc.hosts.claude_code.front_matter import (
    as_component,
    front_matter_document,
    script_roots,
)
from hookc.hosts.claude_code.mcp_names import is_mcp_tool_name, may_match_mcp_tool
from hookc.hosts.profile import Profile
from hookc.ir.expr import And, Call, Expr, Ident, Literal, Or
from hookc.ir.hooks import Action, HookSet
from hookc.runtime.values import CelError, compile_regex
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

# "Only letters, digits, `_`, `-`, spaces, `,`, and `|`": an exact name or a list of them,
# separated by `|` or `,` with optional whitespace around; FileChanged's and StopFailure's
# narrower set: letters, digits, `_` and `|`, and `|` alone separates.
EXACT = re.compile(r"[A-Za-z0-9_\- ,|]+")
NARROW_EXACT = re.compile(r"[A-Za-z0-9_|]+")
_SEPARATORS = re.compile(r"\s*[|,]\s*")
MATCH_ALL = ("", "*")
GROUP_FIELDS = ("matcher", "hooks", "description", "id")
# What makes two handlers identical to Claude Code, per handler type. The reference says
# command handlers are deduplicated by their command and `args`, http handlers by their
# URL (mcp_tool, prompt and agent handlers are not said to be, so never are here); a
# handler's `if` filter is part of its identity too: Anthropic's own security-guidance
# plugin runs one command twice under one matcher with two `if` filters, and both run.
_IDENTITY = {"command": ("command", "args", "if"), "http": ("url", "if")}


# The settings keys that govern hooks (sdk.d.ts: "keys that govern hooks (`hooks`,
# `disableAllHooks`, `allowManagedHooksOnly`, `allowedHttpHookUrls`,
# `httpHookAllowedEnvVars`)"), beside `hooks`, and the JSON type each must have.
SETTINGS_KEYS: dict[str, type] = {
    "disableAllHooks": bool,
    "allowManagedHooksOnly": bool,
    "allowedHttpHookUrls": list,
    "httpHookAllowedEnvVars": list,
}


def read(source: Source, profile: Profile) -> Loaded:
    """The file's hooks, read as Claude Code reads them."""
    loaded = _read(source, profile)
    if not (source.bom or source.text.startswith("\ufeff")):
        return loaded
    # A warning, not an error: Claude Code 2.1 reads past the mark (see the module's
    # docstring); what breaks is Claude Code 2.0 and every other tool reading the file.
    bom = warning(
        "HK235",
        "the file starts with a byte-order mark (U+FEFF), which JSON does not allow: "
        "Claude Code 2.1 reads past it, but Claude Code 2.0, jq and Python's json refuse "
        "the file",
        source,
        Span(0, 0),
        "save the file as UTF-8 without a byte-order mark",
    )
    return replace(loaded, diagnostics=(bom, *loaded.diagnostics))


def _read(source: Source, profile: Profile) -> Loaded:
    opened = json_root(source, profile, "a Claude Code settings or hooks file")
    if isinstance(opened, Loaded):
        return opened
    document, diagnostics = opened
    diagnostics.extend(_settings_problems(document, source))
    return read_document(source, profile, document, diagnostics)


def read_front_matter(source: Source, profile: Profile) -> Loaded:
    """A skill's or an agent's Markdown file: the hooks of its front matter, read as a
    settings file's (``hookc.hosts.claude_code.front_matter`` says which files and how)."""
    document, diagnostics = front_matter_document(source)
    if document is None:
        return Loaded(source, None, profile, tuple(diagnostics))
    loaded = read_document(source, profile, document, diagnostics)
    if loaded.hookset is None:
        return loaded
    return replace(loaded, hookset=as_component(source, loaded.hookset))


def read_document(
    source: Source, profile: Profile, document: Located, diagnostics: list[Diagnostic]
) -> Loaded:
    """The hooks of a document already read (a JSON object, or the YAML front matter of a
    skill or an agent: the same ``hooks`` shape), ``diagnostics`` its reading's."""
    hooks_node = hooks_object(source, profile, document, diagnostics)
    if isinstance(hooks_node, Loaded):
        return hooks_node
    handlers: list[Handler] = []
    for event, groups in hooks_node.items():
        found = _event_handlers(event, groups, source, profile)
        handlers.extend(found[0])
        diagnostics.extend(found[1])
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    hooks, found_duplicates = hooks_of(handlers, source)
    diagnostics.extend(found_duplicates)
    disabled = document.get("disableAllHooks")
    if disabled is not None and disabled.value is True:  # hooks kept, none of them runs
        hooks = [replace(hook, enabled=False) for hook in hooks]
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def _settings_problems(document: Located, source: Source) -> list[Diagnostic]:
    """HK205 for a hook setting of the wrong JSON type (a list's items are strings)."""
    found = []
    for key, kind in SETTINGS_KEYS.items():
        node = document.get(key)
        if node is None:
            continue
        value = node.plain()
        wrong = not isinstance(value, kind) or (
            isinstance(value, list) and not all(isinstance(item, str) for item in value)
        )
        if wrong:
            wanted = "true or false" if kind is bool else "a list of strings"
            message = f"`{key}` must be {wanted}, not {describe(value)}"
            found.append(error("HK205", message, source, node.span))
    return found


def _event_handlers(
    event: str, groups: Located, source: Source, profile: Profile
) -> tuple[list[Handler], list[Diagnostic]]:
    # An event Claude Code does not know is warned of and read all the same.
    unknown = unknown_event(event, groups.key_span or groups.span, profile, source)
    handlers, found = event_handlers(event, groups, source, profile, SHAPE)
    return handlers, [unknown, *found] if unknown is not None else found


def _group(event: str, group: Located, source: Source, profile: Profile) -> Group:
    matcher_node = group.get("matcher")
    condition, found = matcher_condition(event, matcher_node, source, profile)
    return Group(condition, tuple(found), _undecidable(matcher_node, found))


def _action(
    event: str, node: Located, group: Group, profile: Profile, source: Source
) -> tuple[Action | None, list[Diagnostic]]:
    # `timeout_unit: ms` (Augment's profile): timeouts count milliseconds.
    milliseconds = profile.details.get("timeout_unit") == "ms"
    action, found = handler_action(node, profile, source, milliseconds=milliseconds)
    if action is not None:
        found.extend(_on_failure_problems(action, node, source))
    return action, found


def _description(group: Located, action: Action) -> str | None:
    """The group's ``description``, for each of its handlers."""
    description = group.get("description")
    if description is not None and isinstance(description.value, str):
        return description.value
    return None


def _undecidable(node: Located | None, found: list[Diagnostic]) -> str | None:
    """Why hookc cannot evaluate the group's matcher (its HK712), or None."""
    if node is None or not any(d.code == "HK712" for d in found):
        return None
    problem = regex_dialects.javascript(str(node.value)).problem
    return f"hookc cannot evaluate its matcher `{node.value}`: {problem}"


def _with_filter(
    condition: Expr | None, event: str, node: Located, source: Source
) -> tuple[Expr | None, list[Diagnostic], bool]:
    """The group's condition and the handler's ``if`` filter, a permission rule that
    ``permission_rules`` turns into a condition, with its findings at the rule, and
    whether the handler can run at all: not when its ``if`` never lets it (HK713; left
    out, as HK710's are)."""
    rule = node.get("if")
    if rule is None or not isinstance(rule.value, str):
        return condition, [], True  # a non-string `if` is the handler's HK303
    from hookc.hosts.claude_code.permission_rules import translate

    found = translate(rule.value, event)
    problems = [
        warning(finding.code, finding.message, source, rule.span, finding.hint)
        for finding in found.findings
    ]
    runs = not any(finding.code == "HK713" for finding in problems)
    filtered = replace(found.condition, span=rule.span)
    if condition is None or filtered == Literal(False):
        return filtered, problems, runs
    if isinstance(filtered, And) and filtered.operands[0] == condition:
        return filtered, problems, runs  # the rule tests the tool the matcher already names
    return And((condition, filtered), span=rule.span), problems, runs


def _on_failure_problems(action: Action, node: Located, source: Source) -> list[Diagnostic]:
    """An mcp_tool handler's `onFailure` other than `continue` or `block`: sdk.d.ts says
    "Any other value reads as 'block'", so the handler is kept, with a warning (a command
    or http handler's is an error: the profile's enum)."""
    given = node.get("onFailure")
    if action.type != "mcp_tool" or given is None or given.value in ("continue", "block"):
        return []
    return [
        warning(
            "HK304",
            f"`onFailure` is `continue` or `block`, not {describe(given.value)}: "
            "Claude Code reads it as `block`",
            source,
            given.span,
            did_you_mean(str(given.value), ["continue", "block"]) or 'write "block"',
        )
    ]


def _identity(action: Action) -> tuple[object, ...] | None:
    fields = _IDENTITY.get(action.type)
    if fields is None:
        return None
    return (action.type, *(action.params.get(field) for field in fields))


def matcher_condition(
    event: str, node: Located | None, source: Source, profile: Profile
) -> tuple[Expr | None, list[Diagnostic]]:
    """A group's matcher as a condition on the event's matched field (None: always)."""
    if node is None:
        return None, []
    text = node.value
    if not isinstance(text, str):
        return None, [
            error("HK303", f"`matcher` must be a string, not {describe(text)}", source, node.span)
        ]
    if text in MATCH_ALL:
        return None, []
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        if event not in profile.events:
            return None, []  # HK402 has said the event is unknown
        return None, [
            warning(
                "HK701",
                f"`{event}` ignores matchers: this group runs on every `{event}`",
                source,
                node.span,
                'remove the matcher, or write "*"',
            )
        ]
    field = str(spec["field"])
    known = known_values(spec, profile)
    if spec.get("globs"):  # FileChanged: `|`-separated file-name globs
        return _globs(field, text.split("|"), node.span), []
    narrow = bool(spec.get("narrow"))
    # `rule: regex` (Augment's tool matchers): every matcher is a regular expression.
    if spec.get("rule") != "regex" and (NARROW_EXACT if narrow else EXACT).fullmatch(text):
        names = text.split("|") if narrow else _SEPARATORS.split(text.strip())
        return _exact(text, names, field, known, spec, node, source)
    translated = regex_dialects.javascript(text)
    if translated.pattern is None and translated.invalid:
        return Literal(False), [
            error("HK112", f"the matcher `{text}`: {translated.problem}", source, node.span)
        ]
    if translated.pattern is None:
        # Claude Code runs it; hookc cannot: `false` stands in, and the hooks are marked
        # (``_undecidable``) so that nothing is decided or run on that stand-in silently.
        return Literal(False, span=node.span), [
            warning(
                "HK712",
                f"the matcher `{text}` is one Claude Code runs and hookc cannot: "
                f"{translated.problem}",
                source,
                node.span,
                "its handlers are kept but not evaluated (`hookc eval` and `hookc run` say "
                "so); without that construct hookc can decide the matcher",
            )
        ]
    pattern = translated.pattern

    def matches(name: str, ignore_case: bool) -> bool:
        compiled = compile_regex(f"(?i){pattern}" if ignore_case else pattern)
        return not isinstance(compiled, CelError) and compiled.search(name) is not None

    # Any server's tools are named mcp__<server>__<tool>: a pattern that can match such a
    # name matches tools no profile can list (decided exactly, over every such name).
    open_set = bool(spec.get("open")) or (
        spec.get("values") == "tools" and may_match_mcp_tool(pattern)
    )
    problems = name_problems(text, known, matches, node.span, source, what(spec), open_set)
    return pattern_test(field, pattern, node.span), problems


def _exact(
    text: str,
    names: list[str],
    field: str,
    known: list[str],
    spec: Mapping[str, Any],
    node: Located,
    source: Source,
) -> tuple[Expr, list[Diagnostic]]:
    tools = spec.get("values") == "tools"
    # A whole MCP tool name (mcp__server__tool) is a tool the profile cannot list; a bare
    # server prefix (mcp__server) is compared exactly and matches no tool at all.
    full_mcp = [name for name in names if is_mcp_tool_name(name)]
    open_set = bool(spec.get("open")) or (tools and len(full_mcp) == len(names))
    prefixes = [name for name in names if tools and re.fullmatch(r"mcp__[^_]+(?:_[^_]+)*", name)]
    hint = (
        f"an exact name matches one tool; for every tool of the server write `{prefixes[0]}__.*`"
        if prefixes
        else None
    )

    def matches(name: str, ignore_case: bool) -> bool:
        if ignore_case:
            return name.lower() in {n.lower() for n in names}
        return name in names

    problems = name_problems(text, known, matches, node.span, source, what(spec), open_set, hint)
    return name_test(field, names, node.span), problems


def _globs(field: str, globs: list[str], span: Span) -> Expr:
    """``file_path.glob(...)`` for each glob: one without `/` names a file anywhere."""
    tests: list[Expr] = [
        Call("glob", (Literal(glob if "/" in glob else f"**/{glob}"),), Ident(field), span=span)
        for glob in globs
    ]
    return tests[0] if len(tests) == 1 else Or(tuple(tests), span=span)


def _script_roots(source: Source) -> dict[str, Path]:
    """The folders Claude Code's variables name for this file, when it is a real file:
    a settings file in ``<project>/.claude/`` runs in ``<project>`` (CLAUDE_PROJECT_DIR),
    a plugin's ``<plugin>/hooks/hooks.json`` has ``<plugin>`` as CLAUDE_PLUGIN_ROOT."""
    path = Path(source.name)
    if not path.is_file():
        return {}
    path = path.resolve()
    if path.suffix.lower() == ".md":  # a skill's or an agent's front matter
        return script_roots(path)
    if path.parent.name == "hooks" and path.parent.parent.name == ".factory":
        path = path.parent  # Factory's older `.factory/hooks/hooks.json`: a project's file
    elif path.parent.name == "hooks" and path.name == "hooks.json":
        return {"CLAUDE_PLUGIN_ROOT": path.parent.parent}
    folder = path.parent.name
    project = path.parent.parent if folder in HOST_FOLDERS else path.parent
    if project == Path.home():  # ~/.claude/settings.json: no project of its own
        return {}
    return {HOST_FOLDERS.get(folder) or "CLAUDE_PROJECT_DIR": project, ".": project}


# The settings folders of the hosts that read this format (Factory Droid's and Augment's
# reuse this reader), each with the variable naming the project, where the host sets one.
HOST_FOLDERS = {".claude": "CLAUDE_PROJECT_DIR", ".factory": "FACTORY_PROJECT_DIR", ".augment": ""}


SHAPE = Shape(
    group_fields=GROUP_FIELDS,
    group=_group,
    action=_action,
    roots=_script_roots,
    description=_description,
    key=_identity,
    refine=_with_filter,  # a handler's `if` filter narrows its group's matcher
    suggest_fields=False,  # a group's unknown field: its fields listed, no guess
)
