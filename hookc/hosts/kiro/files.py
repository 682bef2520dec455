"""Kiro's hook files: how one is recognized, by its path first and its content second;
``hookc.hosts.kiro.reader`` reads one, imported only then.

By path: a ``*.kiro.hook`` file (the IDE's first format), and a ``.json`` file directly in
a ``hooks`` folder of a ``.kiro`` folder (a project's or ``~/.kiro``). By content, where no
other host's folder is in the path: a ``hooks`` list whose hooks name a ``trigger``,
which no other host's files have."""

from __future__ import annotations

import functools
import re
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "kiro"
_HOOK_LIST = r'"hooks"\s*:\s*\['
_TRIGGER = r'"trigger"\s*:'
OTHER_HOSTS = frozenset(
    {".claude", ".gemini", ".qwen", ".tabnine", ".codex", ".github", ".cursor", ".windsurf"}
)


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if path.name.endswith(".kiro.hook"):
        return True
    if path.suffix.lower() != ".json":
        return False
    if path.parent.name == "hooks" and path.parent.parent.name == ".kiro":
        return True
    if any(part in OTHER_HOSTS for part in path.parts[:-1]):
        return False
    return re.search(_HOOK_LIST, text) is not None and re.search(_TRIGGER, text) is not None


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.kiro.reader import read

    return read(source, profile or _profile())
