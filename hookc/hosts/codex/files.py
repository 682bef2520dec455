"""Codex's hook files: how one is recognized, by its path first and its content second;
``hookc.hosts.codex.reader`` reads one, imported only then.

By path: ``hooks.json`` and ``config.toml`` in a ``.codex`` folder (a project's, or
``~/.codex``), and a plugin's ``hooks/hooks.json`` whose plugin has a ``.codex-plugin``
manifest folder and no ``.claude-plugin`` one (a plugin made for both is Claude Code's
first: its file is then read as Claude Code's, and ``--profile codex`` reads it as
Codex's). By content, where no other host's folder is in the path: a ``hooks`` object that
names Codex's own event (``Interrupt``) or a handler field only Codex has
(``commandWindows``, ``command_windows``, ``additionalContextLimit``, ``timeoutSec``), and
a TOML file with ``[hooks]`` tables (``[[hooks.PreToolUse]]``: no other host writes hooks
in TOML). Codex's other events are Claude Code's, so such JSON alone says nothing."""

from __future__ import annotations

import functools
import re
from pathlib import Path, PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "codex"
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
_TOML_HOOKS = r"(?m)^[ \t]*\[\[?[ \t]*hooks[ \t]*[.\]]"
_OWN = r'"(?:Interrupt|commandWindows|command_windows|additionalContextLimit|timeoutSec)"\s*:'
# Folders that say a file is another host's, whatever it holds.
_OTHER_HOSTS = frozenset(
    {".claude", ".claude-plugin", ".gemini", ".qwen", ".tabnine", ".factory", ".augment",
     ".cursor", ".windsurf", ".github"}
)  # fmt: skip


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    suffix = path.suffix.lower()
    if path.parent.name == ".codex" and path.name in ("hooks.json", "config.toml"):
        return True
    if suffix == ".toml":
        return not _in_other_host(path) and re.search(_TOML_HOOKS, text) is not None
    if suffix != ".json":
        return False
    if path.name == "hooks.json" and path.parent.name == "hooks" and _in_codex_plugin(path):
        return True
    if _in_other_host(path):
        return False
    return re.search(_HOOKS_OBJECT, text) is not None and re.search(_OWN, text) is not None


def _in_other_host(path: PurePath) -> bool:
    return any(part in _OTHER_HOSTS for part in path.parts[:-1])


def _in_codex_plugin(path: PurePath) -> bool:
    plugin = Path(path).parent.parent
    try:
        return (plugin / ".codex-plugin").is_dir() and not (plugin / ".claude-plugin").is_dir()
    except OSError:  # a name the system cannot look up
        return False


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.codex.reader import read

    return read(source, profile or _profile())
