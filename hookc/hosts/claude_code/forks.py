"""The reading the hosts that copy Claude Code's settings format share (Factory Droid,
Augment): a JSON object whose ``hooks`` is read by Claude Code's reader
(``read_document``) with the host's own profile, and the host's name in the findings
about the file as a whole. Claude Code's own settings keys are not checked there."""

from __future__ import annotations

from hookc.frontend.actions import describe
from hookc.frontend.json_file import load_json
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.claude_code.reader import read_document
from hookc.hosts.profile import Profile
from hookc.source import Source, Span
from hookc.source.diagnostics import error, has_error, warning


def read_fork(source: Source, profile: Profile, host: str, *, events_at_root: bool) -> Loaded:
    """The file's hooks as ``host`` reads them. ``events_at_root``: a file with no
    ``hooks`` key whose root is keyed by the host's events holds them there."""
    document, diagnostics = load_json(source)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    if document is None:
        empty = warning("HK208", "the file holds no hooks", source, Span(0, len(source.text)))
        return Loaded(source, None, profile, (empty,))
    if not isinstance(document.value, dict):
        problem = error(
            "HK205",
            f"a {host} hooks or settings file is a JSON object, not {describe(document.plain())}",
            source,
            document.span,
        )
        return Loaded(source, None, profile, (*diagnostics, problem))
    if (
        events_at_root
        and document.get("hooks") is None
        and any(key in profile.events for key in document.value)
    ):
        document = Located({"hooks": document}, document.span)
    return read_document(source, profile, document, diagnostics)
