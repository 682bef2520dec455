"""Augment's hook files, by their path alone: ``settings.json`` and ``settings.local.json``
in a ``.augment`` folder (a project's, or ``~/.augment``) and ``/etc/augment/settings.json``.
Their events are Claude Code's, so content cannot tell them apart;
``hookc.hosts.augment.reader`` reads one, imported only then."""

from __future__ import annotations

import functools
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "augment"


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if path.name not in ("settings.json", "settings.local.json"):
        return False
    return path.parent.name == ".augment" or (
        path.name == "settings.json" and path.parent.name == "augment" and path.is_absolute()
        and path.parent.parent.name == "etc"
    )  # fmt: skip


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.augment.reader import read

    return read(source, profile or _profile())
