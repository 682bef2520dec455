"""Qwen Code's hook files, by their path: ``settings.json`` in a ``.qwen`` folder. Their
events are Claude Code's, so content alone cannot tell them from a Claude Code file;
``hookc.hosts.qwen_code.reader`` reads one, imported only then."""

from __future__ import annotations

import functools
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "qwen-code"


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    return path.name == "settings.json" and path.parent.name == ".qwen"


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.qwen_code.reader import read

    return read(source, profile or _profile())
