"""Windsurf's hook files: how one is recognized, by its path first and its content second;
``hookc.hosts.windsurf.reader`` reads one, imported only then.

By path: ``hooks.json`` in a ``.windsurf`` folder (a workspace's), in
``~/.codeium/windsurf`` (the user's), in ``/etc/windsurf`` or a ``Windsurf`` folder (the
system's: macOS's Application Support, Windows' ProgramData). By content, where no other
host's folder is in the path: a ``hooks`` object naming one of Windsurf's snake_case
events (``pre_run_command``, ``post_write_code``, ...), which no other host has."""

from __future__ import annotations

import functools
import re
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "windsurf"
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
_OWN_EVENTS = (
    r'"(?:pre|post)_(?:read_code|write_code|run_command|mcp_tool_use)"\s*:|'
    r'"(?:pre_user_prompt|post_cascade_response(?:_with_transcript)?|post_setup_worktree)"\s*:'
)
OTHER_HOSTS = frozenset(
    {".claude", ".gemini", ".qwen", ".tabnine", ".codex", ".github", ".cursor", ".kiro"}
)


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if path.suffix.lower() != ".json":
        return False
    if path.name == "hooks.json":
        if path.parent.name in (".windsurf", "Windsurf"):
            return True
        if tuple(path.parts[-3:-1]) in ((".codeium", "windsurf"), ("etc", "windsurf")):
            return True
    if any(part in OTHER_HOSTS for part in path.parts[:-1]):
        return False
    return re.search(_HOOKS_OBJECT, text) is not None and re.search(_OWN_EVENTS, text) is not None


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.windsurf.reader import read

    return read(source, profile or _profile())
