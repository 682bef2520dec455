"""Augment's hook files, by their path: ``settings.json`` and ``settings.local.json`` in a
``.augment`` folder (a project's, or ``~/.augment``) and ``/etc/augment/settings.json``.
Their events are Claude Code's, so elsewhere content claims a file by Claude Code's shape
only, which leaves it unsettled unless its content decides (``hookc.hosts.shape``);
``hookc.hosts.augment.reader`` reads one, imported only then."""

from __future__ import annotations

import functools
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.host import Claim
from hookc.hosts.profile import Profile, load_profile
from hookc.hosts.shape import shape_claim
from hookc.hosts.shape import vocabulary as shape_vocabulary
from hookc.source import Source

PROFILE = "augment"


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    return claim(name, text) > Claim.NONE


def _by_path(name: str) -> bool:
    path = PurePath(name)
    if path.name not in ("settings.json", "settings.local.json"):
        return False
    return path.parent.name == ".augment" or (
        path.name == "settings.json" and path.parent.name == "augment" and path.is_absolute()
        and path.parent.parent.name == "etc"
    )  # fmt: skip


def claim(name: str, text: str) -> Claim:
    """By path, or else by Claude Code's shape (``hookc.hosts.shape``), its own where a
    ``.augment`` folder holds it."""
    if _by_path(name):
        return Claim.PATH
    return shape_claim(name, text, (".augment",), _profile().events)


def vocabulary() -> frozenset[tuple[str, str]]:
    """The events and handler types the host knows (``hookc.hosts.shape.narrow``)."""
    return shape_vocabulary(_profile())


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.augment.reader import read

    return read(source, profile or _profile())
