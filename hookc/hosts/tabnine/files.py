"""Tabnine CLI's hook files, by their path alone: ``settings.json`` in a
``.tabnine/agent`` folder. Their content is Gemini CLI's, so content says nothing of
Tabnine; ``hookc.hosts.tabnine.reader`` reads one, imported only then."""

from __future__ import annotations

import functools
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "tabnine"


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    return (
        path.name == "settings.json"
        and path.parent.name == "agent"
        and path.parent.parent.name == ".tabnine"
    )


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.tabnine.reader import read

    return read(source, profile or _profile())
