"""The reading the hosts that copy Claude Code's settings format share (Factory Droid,
Augment): a JSON object whose ``hooks`` is read by Claude Code's reader
(``read_document``) with the host's own profile, and the host's name in the findings
about the file as a whole. Claude Code's own settings keys are not checked there."""

from __future__ import annotations

from hookc.frontend.formats.json_root import json_root
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.claude_code.reader import read_document
from hookc.hosts.profile import Profile
from hookc.source import Source


def read_fork(source: Source, profile: Profile, host: str, *, events_at_root: bool) -> Loaded:
    """The file's hooks as ``host`` reads them. ``events_at_root``: a file with no
    ``hooks`` key whose root is keyed by the host's events holds them there."""
    opened = json_root(source, profile, f"a {host} hooks or settings file")
    if isinstance(opened, Loaded):
        return opened
    document, diagnostics = opened
    if (
        events_at_root
        and document.get("hooks") is None
        and any(key in profile.events for key in document.value)
    ):
        document = Located({"hooks": document}, document.span)
    return read_document(source, profile, document, diagnostics)
