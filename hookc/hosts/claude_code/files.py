"""Claude Code's hook files (settings files, a plugin's ``hooks/hooks.json``, the front
matter of a skill's ``SKILL.md`` or an agent's ``.md``): how one is recognized;
``claude_code_reader`` reads one (``hookc.hosts.claude_code.front_matter`` says which
Markdown files are skills' and agents'), imported only then: every file is offered to every
format, and most are not Claude Code's."""

from __future__ import annotations

import functools
import re
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.profile import Profile, load_profile
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
    r"includeCoAuthoredBy|cleanupPeriodDays|outputStyle|disableAllHooks|"
    r'allowManagedPermissionRulesOnly|enableAllProjectMcpServers)"\s*:'
)


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    """A settings file in a ``.claude`` folder by its name; any other JSON file by its
    content: a ``hooks`` object keyed by Claude Code's events whose matcher groups hold
    ``hooks`` lists. (Cursor's, Copilot's and Windsurf's ``hooks.json`` list handlers
    directly under their events, and a VS Code ``settings.json`` has no hooks.)"""
    path = PurePath(name)
    if path.suffix.lower() == ".md":
        from hookc.hosts.claude_code.front_matter import claims as skill_or_agent

        return skill_or_agent(name, text)
    if path.suffix.lower() != ".json":
        return False
    if path.parent.name == ".claude" and re.fullmatch(_SETTINGS, path.name):
        return True
    if re.fullmatch(_ANY_SETTINGS, path.name) and re.search(_SETTINGS_CONTENT, text):
        return True  # managed-settings.json, settings-strict.json, ...
    return (
        re.search(_HOOKS_OBJECT, text) is not None
        and re.search(_HANDLER_LIST, text) is not None
        and _event_key().search(text) is not None
    )


@functools.cache
def _event_key() -> re.Pattern[str]:
    """A key naming one of Claude Code's events, in any case (a misspelt event is still
    Claude Code's, and gets its own finding)."""
    events = "|".join(re.escape(event) for event in _profile().events)
    return re.compile(f'"(?:{events})"\\s*:', re.IGNORECASE)


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.claude_code.reader import read, read_front_matter

    if PurePath(source.name).suffix.lower() == ".md":
        return read_front_matter(source, profile or _profile())
    return read(source, profile or _profile())
