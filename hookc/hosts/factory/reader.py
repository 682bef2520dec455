"""Factory Droid's hook files, read with Claude Code's reader
(``hookc.hosts.claude_code.reader``, which states the shape, the matcher rule and the
identity of handlers) and Factory's profile (its events, tools, and the older, narrower
exact-name rule marked ``narrow`` on its events). A hooks.json keyed by events at its
root is read as if they were under ``hooks``."""

from __future__ import annotations

from hookc.frontend.lower import Loaded
from hookc.hosts.claude_code.forks import read_fork
from hookc.hosts.profile import Profile
from hookc.source import Source


def read(source: Source, profile: Profile) -> Loaded:
    return read_fork(source, profile, "Factory Droid", events_at_root=True)
