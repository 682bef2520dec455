"""Hook files read as VS Code reads them: Copilot's ``.github/hooks/*.json``, Claude
Code's settings files, and the front matter of a custom agent. Each rule is VS Code's own
code (microsoft/vscode, ``src/vs/workbench/contrib/chat/common/promptSyntax/``):

- Which format (``hookCompatibility.ts``, ``getHookSourceFormat``): ``settings.json`` or
  ``settings.local.json`` in a ``.claude`` folder is Claude's format; every other file is
  Copilot's.
- Event names (``HOOKS_BY_TARGET``, ``toHookType``): in Claude's format the eight Claude
  names VS Code shares, in Copilot's its camelCase names (``preToolUse``,
  ``userPromptSubmitted``, ``agentStop`` is ``Stop``, ...), and in either the ten
  ``HookType`` names themselves. Any other key (``Notification``, ``permissionRequest``,
  ``preCompact`` in camelCase, ...) is skipped: HK753. ``SessionEnd`` and
  ``ErrorOccurred`` are parsed but VS Code fires neither (its events are eight): HK753.
- In Copilot's format two keys of one event (``preToolUse`` and ``PreToolUse``) do not add
  up: ``result.set`` keeps the later key's hooks alone (HK753 at the earlier key's). In
  Claude's format they add up. ``disableAllHooks: true`` turns a Claude-format file off;
  ``parseCopilotHooks`` does not read it.
- Entries (``extractHookCommandsFromItem``): an entry with a ``hooks`` list is a Claude
  matcher group, whose handlers are read and whose ``matcher`` is not; any other entry is
  a handler, its ``matcher`` unread. So a matcher never narrows anything: HK752 on each
  that says something (not ``*`` or empty); every handler runs on every event of its
  kind.
- Handlers (``normalizeForResolve``, ``normalizeHookCommand``): a handler without a
  ``type`` is a command; one of any other type is dropped (HK754). ``bash`` stands for
  ``linux`` and ``osx`` and ``powershell`` for ``windows`` where those are not given;
  ``timeoutSec`` for ``timeout``. Other fields are ignored (HK704).
- A custom agent's front matter (``parseSubagentHooksFromYaml``): event names as
  ``toHookType`` has them, entries as above.

Ids are ``<file>.<key>.<entry>.<handler>``, the key as written: the ids Copilot's and
Claude Code's readers give the same handlers, so the hosts' answers line up.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import PurePath

from hookc.frontend.actions import describe
from hookc.frontend.formats.groups import Handler, handler_action, hooks_of, without_matcher
from hookc.frontend.json_file import load_json
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded, file_identity
from hookc.hosts.profile import Profile
from hookc.ir.hooks import Action, HookSet
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

# hookTypes.ts: HookType, and the names each format gives its members.
HOOK_TYPES = (
    "SessionStart SessionEnd UserPromptSubmit PreToolUse PostToolUse PreCompact "
    "SubagentStart SubagentStop Stop ErrorOccurred".split()
)
CLAUDE_NAMES: Mapping[str, str] = {
    name: name
    for name in "SessionStart UserPromptSubmit PreToolUse PostToolUse PreCompact SubagentStart "
    "SubagentStop Stop".split()
}
COPILOT_NAMES: Mapping[str, str] = {
    "sessionStart": "SessionStart",
    "sessionEnd": "SessionEnd",
    "userPromptSubmitted": "UserPromptSubmit",
    "preToolUse": "PreToolUse",
    "postToolUse": "PostToolUse",
    "agentStop": "Stop",
    "subagentStop": "SubagentStop",
    "errorOccurred": "ErrorOccurred",
}
MATCH_ALL = ("", "*")


def hook_type(key: str, claude_format: bool) -> str | None:
    """The HookType VS Code files a key under, or None when it skips the key."""
    names = CLAUDE_NAMES if claude_format else COPILOT_NAMES
    return names.get(key) or (key if key in HOOK_TYPES else None)


def canonical_event(event: str) -> str:
    """The event VS Code fires for a name any of its formats gives it (``preToolUse`` is
    ``PreToolUse``): for ``hookc eval --host vscode --event preToolUse``."""
    return COPILOT_NAMES.get(event, event)


def is_claude_format(name: str, text: str) -> bool:
    """``getHookSourceFormat``: a ``.claude`` folder's settings file. hookc adds a file
    Claude Code claims elsewhere (read with ``--host vscode``), which VS Code would only
    meet at that path."""
    path = PurePath(name)
    if path.name.lower() in ("settings.json", "settings.local.json") and (
        path.parent.name == ".claude"
    ):
        return True
    from hookc.hosts import detect

    claimer = detect(name, text)
    return claimer is not None and claimer.name == "claude-code"


def read(source: Source, profile: Profile) -> Loaded:
    """The file's hooks as VS Code loads them."""
    if PurePath(source.name).suffix.lower() == ".md":
        from hookc.hosts.claude_code.front_matter import front_matter_document

        document, found = front_matter_document(source)
        diagnostics = list(found)
        claude_format = True  # toHookType's names; entries as in any file
    else:
        document, diagnostics = load_json(source)
        claude_format = is_claude_format(source.name, source.text)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    if document is None or not isinstance(document.value, dict):
        what = "nothing" if document is None else describe(document.plain())
        problem = error("HK205", f"VS Code reads a JSON object here, not {what}", source,
                        document.span if document is not None else Span(0, 0))  # fmt: skip
        return Loaded(source, None, profile, (*diagnostics, problem))
    empty = HookSet((), ordering=profile.ordering, profile=profile.name)
    hooks_node = document.get("hooks")
    if hooks_node is None or not isinstance(hooks_node.value, dict):
        if hooks_node is not None:
            diagnostics.append(
                error(
                    "HK205",
                    f"`hooks` maps event names to lists, not {describe(hooks_node.plain())}",
                    source,
                    hooks_node.span,
                )
            )
        return Loaded(source, None if hooks_node else empty, profile, tuple(diagnostics))
    by_type: dict[str, list[Handler]] = {}
    keys: dict[str, Located] = {}
    stem = file_identity(source.name)
    for key, entries in hooks_node.items():
        event = hook_type(key, claude_format)
        where = entries.key_span or entries.span
        if isinstance(entries.value, list) and not entries.value:
            continue  # nothing to run, whether VS Code fires the event or not
        if event is None or event not in profile.events:
            never = "skips" if event is None else "never fires"
            diagnostics.append(
                warning(
                    "HK753",
                    f"VS Code {never} `{key}`: its handlers never run there",
                    source,
                    where,
                    f"VS Code's events: {', '.join(profile.events)}",
                )
            )
            continue
        if not isinstance(entries.value, list):
            continue  # `Array.isArray` fails: VS Code skips the key
        handlers: list[Handler] = []
        for entry_index, entry in enumerate(entries.value):
            entry_handlers, problems = _entry(
                entry, event, f"{stem}.{key}.{entry_index}", source, profile
            )
            handlers.extend(entry_handlers)
            diagnostics.extend(problems)
        if not handlers:
            continue
        if event in by_type and not claude_format:
            earlier = keys[event]
            diagnostics.append(
                warning(
                    "HK753",
                    f"VS Code keeps only the later of two keys for `{event}`: these handlers "
                    "never run there",
                    source,
                    earlier.key_span or earlier.span,
                    "put every handler of the event under one key",
                )
            )
            by_type[event] = []
        by_type.setdefault(event, []).extend(handlers)
        keys[event] = entries
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    ordered = [handler for handlers in by_type.values() for handler in handlers]
    ordered.sort(key=lambda handler: handler.node.span.start)
    hooks, _ = hooks_of(ordered, source)
    disabled = document.get("disableAllHooks")
    if claude_format and disabled is not None and disabled.value is True:
        hooks = [replace(hook, enabled=False) for hook in hooks]
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def _entry(
    entry: Located, event: str, prefix: str, source: Source, profile: Profile
) -> tuple[list[Handler], list[Diagnostic]]:
    if not isinstance(entry.value, dict):
        return [], []  # `typeof item !== 'object'`: skipped
    diagnostics: list[Diagnostic] = []
    matcher = entry.get("matcher")
    if matcher is not None and matcher.value not in MATCH_ALL:
        shown = matcher.value if isinstance(matcher.value, str) else describe(matcher.plain())
        diagnostics.append(
            warning(
                "HK752",
                f"VS Code ignores matchers: this runs on every `{event}`, not on `{shown}` alone",
                source,
                matcher.span,
                "test the tool name in the handler (`tool_name` on stdin)",
            )
        )
    nested = entry.get("hooks")
    if nested is not None and isinstance(nested.value, list):
        members = list(enumerate(nested.value))
    else:
        members = [(0, without_matcher(entry))]
    handlers = []
    for index, node in members:
        if not isinstance(node.value, dict):
            continue  # skipped, as a non-object entry is
        action, found = _handler(node, source, profile)
        diagnostics.extend(found)
        if action is None:
            continue
        handlers.append(
            Handler(
                id=f"{prefix}.{index}",
                event=event,
                condition=None,
                action=action,
                node=node,
                key=None,
            )
        )
    return handlers, diagnostics


def _handler(
    node: Located, source: Source, profile: Profile
) -> tuple[Action | None, list[Diagnostic]]:
    kind = node.get("type")
    if kind is None:  # "Claude format allows omitting the 'type' field"
        node = Located({**node.value, "type": Located("command", node.span)}, node.span)
    elif kind.value != "command":
        shown = kind.value if isinstance(kind.value, str) else describe(kind.plain())
        return None, [
            warning(
                "HK754",
                f"VS Code runs command hooks only: it drops this `{shown}` handler",
                source,
                kind.span,
                'write it as {"type": "command", "command": "..."}',
            )
        ]
    return handler_action(node, profile, source)
