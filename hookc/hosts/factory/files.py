"""Factory Droid's hook files, by their path alone: ``hooks.json`` and ``settings.json``
(``settings.local.json``) in a ``.factory`` folder, and the older
``.factory/hooks/hooks.json``. Their events are Claude Code's, so content cannot tell
them apart; ``hookc.hosts.factory.reader`` reads one, imported only then."""

from __future__ import annotations

import functools
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "factory"
_NAMES = ("hooks.json", "settings.json", "settings.local.json")


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if path.parent.name == ".factory":
        return path.name in _NAMES
    return (
        path.name == "hooks.json"
        and path.parent.name == "hooks"
        and (path.parent.parent.name == ".factory")
    )


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.factory.reader import read

    return read(source, profile or _profile())
