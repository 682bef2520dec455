"""Codex's hook files: how one is recognized, by its path first and its content second;
``hookc.hosts.codex.reader`` reads one, imported only then.

By path: ``hooks.json`` and ``config.toml`` in a ``.codex`` folder (a project's, or
``~/.codex``), and a plugin's ``hooks/hooks.json`` whose plugin has a ``.codex-plugin``
manifest folder and no ``.claude-plugin`` one (a plugin made for both is Claude Code's
first: its file is then read as Claude Code's, and ``--profile codex`` reads it as
Codex's). By its own content, where no other host's folder is in the path: a ``hooks``
object that names Codex's own event (``Interrupt``) or a handler field only Codex has
(``commandWindows``, ``command_windows``, ``additionalContextLimit``), and a TOML file with
``[hooks]`` tables (``[[hooks.PreToolUse]]``: no other host writes hooks in TOML). Codex's
other events are Claude Code's, so other JSON in Claude Code's shape is claimed by that
shape only (``hookc.hosts.shape``: with Claude Code's, Qwen Code's, ... claims, unsettled
unless its content decides); so is one with ``timeoutSec``, which Copilot's files have too
and the current Codex ignores (HK733)."""

from __future__ import annotations

import functools
import re
from pathlib import Path, PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.host import Claim
from hookc.hosts.profile import Profile, load_profile
from hookc.hosts.shape import HOST_FOLDERS, shape_claim
from hookc.hosts.shape import vocabulary as shape_vocabulary
from hookc.source import Source

PROFILE = "codex"
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
_TOML_HOOKS = r"(?m)^[ \t]*\[\[?[ \t]*hooks[ \t]*[.\]]"
_OWN = r'"(?:Interrupt|commandWindows|command_windows|additionalContextLimit)"\s*:'
_OWN_FOLDERS = (".codex", ".codex-plugin")


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    return claim(name, text) > Claim.NONE


def claim(name: str, text: str) -> Claim:
    path = PurePath(name)
    suffix = path.suffix.lower()
    if path.parent.name == ".codex" and path.name in ("hooks.json", "config.toml"):
        return Claim.PATH
    if suffix == ".toml":
        if _in_other_host(path) or re.search(_TOML_HOOKS, text) is None:
            return Claim.NONE
        return Claim.OWN
    if suffix != ".json":
        return Claim.NONE
    if path.name == "hooks.json" and path.parent.name == "hooks" and _in_codex_plugin(path):
        return Claim.PATH
    if _in_other_host(path):
        return Claim.NONE
    if re.search(_HOOKS_OBJECT, text) is not None and re.search(_OWN, text) is not None:
        return Claim.OWN
    return shape_claim(name, text, _OWN_FOLDERS, _profile().events)


def _in_other_host(path: PurePath) -> bool:
    return bool(set(path.parts[:-1]) & (HOST_FOLDERS - set(_OWN_FOLDERS)))


def _in_codex_plugin(path: PurePath) -> bool:
    plugin = Path(path).parent.parent
    try:
        return (plugin / ".codex-plugin").is_dir() and not (plugin / ".claude-plugin").is_dir()
    except OSError:  # a name the system cannot look up
        return False


def vocabulary() -> frozenset[tuple[str, str]]:
    """The events and handler types the host knows (``hookc.hosts.shape.narrow``)."""
    return shape_vocabulary(_profile())


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.codex.reader import read

    return read(source, profile or _profile())
