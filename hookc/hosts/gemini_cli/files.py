"""Gemini CLI's hook files: how one is recognized, by its path first and its content
second; ``hookc.hosts.gemini_cli.reader`` reads one, imported only then.

By path: ``settings.json`` in a ``.gemini`` folder (a project's, or ``~/.gemini``), the
system's ``/etc/gemini-cli/settings.json`` and ``system-defaults.json``, and an extension's
``hooks/hooks.json``: one under ``.gemini/extensions/<name>/``, or one whose folder holds
``gemini-extension.json`` (a Claude Code plugin's ``hooks/hooks.json`` has neither). By
content, where no host's folder is in the path: Gemini's settings schema named in
``$schema``, or a ``hooks`` object keyed by an event only Gemini CLI has (``BeforeTool``,
``AfterAgent``, ...)."""

from __future__ import annotations

import functools
import re
from pathlib import Path, PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "gemini-cli"
# Events Gemini CLI has and Claude Code (whose shape its files share) has not.
_OWN_EVENTS = (
    r'"(?:BeforeTool|AfterTool|BeforeAgent|AfterAgent|BeforeModel|AfterModel|'
    r'BeforeToolSelection|PreCompress)"\s*:'
)
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
# The schema Gemini CLI publishes for its settings (google-gemini/gemini-cli, schemas/).
_SCHEMA = r'"\$schema"\s*:\s*"[^"]*gemini-cli[^"]*settings\.schema\.json"'
# Folders that say a file is another host's, whatever it holds.
OTHER_HOSTS = frozenset(
    {".claude", ".claude-plugin", ".qwen", ".tabnine", ".codex", ".factory", ".augment",
     ".cursor", ".windsurf", ".github"}
)  # fmt: skip


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if path.suffix.lower() != ".json":
        return False
    if path.name == "settings.json" and path.parent.name == ".gemini":
        return True
    if path.name in ("settings.json", "system-defaults.json") and path.parent.name == "gemini-cli":
        return True
    if is_extension_hooks(path, "gemini-extension.json", ".gemini"):
        return True
    if any(part in OTHER_HOSTS for part in path.parts[:-1]):
        return False
    if re.search(_SCHEMA, text):
        return True
    return re.search(_HOOKS_OBJECT, text) is not None and re.search(_OWN_EVENTS, text) is not None


def is_extension_hooks(path: PurePath, manifest: str, home: str) -> bool:
    """An extension's ``hooks/hooks.json``: under ``<home>/extensions/<name>/``, or beside
    the extension's manifest."""
    if path.name != "hooks.json" or path.parent.name != "hooks":
        return False
    parts = path.parts
    if len(parts) >= 5 and parts[-4] == "extensions" and parts[-5] == home:
        return True
    try:
        return (Path(path).parent.parent / manifest).is_file()
    except OSError:  # a name the system refuses
        return False


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.gemini_cli.reader import read

    return read(source, profile or _profile())
