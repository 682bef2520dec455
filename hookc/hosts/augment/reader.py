"""Augment's hook files: ``hooks`` in its settings files, read with Claude Code's reader
(``hookc.hosts.claude_code.reader`` states the shape, matcher rule and identity of
handlers) and Augment's profile; the settings' other keys (``toolPermissions``, ...) are
left alone."""

from __future__ import annotations

from hookc.frontend.lower import Loaded
from hookc.hosts.claude_code.forks import read_fork
from hookc.hosts.profile import Profile
from hookc.source import Source


def read(source: Source, profile: Profile) -> Loaded:
    return read_fork(source, profile, "Augment", events_at_root=False)
