"""The opening every JSON hook file's reader shares: the file read as JSON, and its root an
object to read hooks from; else what the file loads as, with the finding that says why."""

from __future__ import annotations

from hookc.frontend.actions import describe
from hookc.frontend.json_file import load_json
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, warning


def json_root(
    source: Source, profile: Profile, kind: str
) -> Loaded | tuple[Located, list[Diagnostic]]:
    """The file's root object and the findings of its reading; or, where there is no object
    (a syntax error, an empty file, another JSON value), what it loads as: no hook set, and
    the finding. ``kind`` names the file in that finding ("a Kiro hook file")."""
    document, diagnostics = load_json(source)
    if has_error(diagnostics):
        return Loaded(source, None, profile, tuple(diagnostics))
    if document is None:
        empty = warning("HK208", "the file holds no hooks", source, Span(0, len(source.text)))
        return Loaded(source, None, profile, (empty,))
    if not isinstance(document.value, dict):
        problem = error(
            "HK205",
            f"{kind} is a JSON object, not {describe(document.plain())}",
            source,
            document.span,
        )
        return Loaded(source, None, profile, (*diagnostics, problem))
    return document, diagnostics
