"""Claude Code's hook files (settings files, a plugin's ``hooks/hooks.json``, the front
matter of a skill's ``SKILL.md`` or an agent's ``.md``): how one is recognized;
``claude_code_reader`` reads one (``hookc.hosts.claude_code.front_matter`` says which
Markdown files are skills' and agents'), imported only then: every file is offered to every
format, and most are not Claude Code's."""

from __future__ import annotations

import functools
import re
from pathlib import Path, PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.host import Claim
from hookc.hosts.profile import Profile, load_profile
from hookc.hosts.shape import folder_claim
from hookc.hosts.shape import vocabulary as shape_vocabulary
from hookc.source import Source

PROFILE = "claude-code"
# Patterns, compiled (and cached by `re`) on first use: only a JSON file is looked at, and
# a start-up that reads no JSON file need not compile them.
_SETTINGS = r"settings(?:\.[\w-]+)*\.json"
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
_HANDLER_LIST = r'"hooks"\s*:\s*\['
_ANY_SETTINGS = r"(?:[\w.-]*[-_.])?settings(?:[-_.][\w.-]*)?\.json"
# What only a Claude Code settings file holds: its schema, or one of its own keys.
_SETTINGS_CONTENT = (
    r'claude-code-settings|"(?:permissions|sandbox|statusLine|enabledPlugins|apiKeyHelper|'
    r"includeCoAuthoredBy|cleanupPeriodDays|outputStyle|disableAllHooks|allowManagedHooksOnly|"
    r"allowedHttpHookUrls|httpHookAllowedEnvVars|"
    r'allowManagedPermissionRulesOnly|enableAllProjectMcpServers)"\s*:'
)
_EMPTY_HOOKS = r'"hooks"\s*:\s*\{\s*\}'
# The keys a plugin's hooks.json or a settings file holding nothing but hooks may have
# beside an empty `hooks`: such a file is Claude Code's whatever else it lacks.
_HOOKS_FILE_KEYS = frozenset(
    ("hooks", "description", "$schema", "disableAllHooks", "allowManagedHooksOnly",
     "allowedHttpHookUrls", "httpHookAllowedEnvVars")
)  # fmt: skip


_OWN_FOLDERS = (".claude", ".claude-plugin")


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    """Whether the file may be Claude Code's (``claim``)."""
    return claim(name, text) > Claim.NONE


def claim(name: str, text: str) -> Claim:
    """A settings file in a ``.claude`` folder by its name (and a plugin's
    ``hooks/hooks.json``, beside its ``.claude-plugin`` folder, that is not valid JSON or
    is Claude-shaped): by path. A settings file holding what only Claude Code's have
    (``permissions``, its schema, ...): by its own content. Any other JSON file by its
    shape, as Codex's, Qwen Code's, Factory's and Augment's files share it
    (``hookc.hosts.shape``): a ``hooks`` object keyed by Claude Code's events whose
    matcher groups hold ``hooks`` lists (Cursor's, Copilot's and Windsurf's ``hooks.json``
    list handlers directly under their events, and a VS Code ``settings.json`` has no
    hooks); under a ``.claude`` folder that is Claude Code's own, under another host's
    folder nobody's here.

    Two kinds of file lack those lists and are still Claude Code's shape: one whose
    ``hooks`` object is empty, with nothing beside it but the keys a hooks file has (a valid
    file with no hooks), and one that names Claude Code's events but is not valid JSON (its
    syntax error, at its line and column, is what to say of it; "unknown kind of file"
    would send its author looking in the wrong place)."""
    path = PurePath(name)
    if path.suffix.lower() == ".md":
        from hookc.hosts.claude_code.front_matter import claims as skill_or_agent

        return Claim.OWN if skill_or_agent(name, text) else Claim.NONE
    if path.suffix.lower() != ".json":
        return Claim.NONE
    if path.parent.name == ".claude" and re.fullmatch(_SETTINGS, path.name):
        return Claim.PATH
    if re.fullmatch(_ANY_SETTINGS, path.name) and re.search(_SETTINGS_CONTENT, text):
        return Claim.OWN  # managed-settings.json, settings-strict.json, ...
    if path.name == "hooks.json" and path.parent.name == "hooks" and _in_plugin(path):
        # A plugin can hold another host's hooks there too (a Cursor plugin's valid
        # `{"version": 1, "hooks": ...}`): its place claims a file only that does not parse.
        return Claim.PATH if _parsed(text) is None or _claims_content(text) else Claim.NONE
    if not _claims_content(text):
        return Claim.NONE
    return folder_claim(path, _OWN_FOLDERS, Claim.SHAPE)


def _claims_content(text: str) -> bool:
    """Whether the text looks like a Claude Code hooks file (``claims``)."""
    if re.search(_HOOKS_OBJECT, text) is None:
        return False
    if _event_key().search(text) is not None:
        if re.search(_HANDLER_LIST, text) is not None:
            return True
        # Not valid JSON, naming an event in Claude Code's own casing (Cursor's and
        # Copilot's events are camelCase: `stop`, `preToolUse`).
        return _event_key(exact_case=True).search(text) is not None and _parsed(text) is None
    if re.search(_EMPTY_HOOKS, text) is None:
        return False
    document = _parsed(text)
    return (
        isinstance(document, dict)
        and document.get("hooks") == {}
        and document.keys() <= _HOOKS_FILE_KEYS
    )


def _in_plugin(path: PurePath) -> bool:
    """Whether ``<plugin>/hooks/hooks.json`` has its plugin's manifest folder beside it."""
    try:
        return (Path(path).parent.parent / ".claude-plugin").is_dir()
    except OSError:  # a name the system cannot look up: not a plugin of ours
        return False


def _parsed(text: str) -> object:
    """The JSON document, or None when the text is not JSON (only asked of the few files
    that name Claude Code's events without its shape, or hold an empty ``hooks``)."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return None


@functools.cache
def _event_key(exact_case: bool = False) -> re.Pattern[str]:
    """A key naming one of Claude Code's events, in any case unless ``exact_case`` (a
    misspelt event is still Claude Code's, and gets its own finding)."""
    events = "|".join(re.escape(event) for event in _profile().events)
    return re.compile(f'"(?:{events})"\\s*:', 0 if exact_case else re.IGNORECASE)


def vocabulary() -> frozenset[tuple[str, str]]:
    """The events and handler types the host knows (``hookc.hosts.shape.narrow``)."""
    return shape_vocabulary(_profile())


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.claude_code.reader import read, read_front_matter

    if PurePath(source.name).suffix.lower() == ".md":
        return read_front_matter(source, profile or _profile())
    return read(source, profile or _profile())
