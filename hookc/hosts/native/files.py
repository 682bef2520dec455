"""Seed 000's own format: hook YAML (``hooks:``, ``builtin_hooks:``) and directive XML
(plain ``.xml``, or the first xml fence of a Rye Markdown file). It claims a file by its
ending alone, so it is the fallback for every YAML, XML and Markdown file that no more
specific format claims."""

from __future__ import annotations

from hookc.frontend.lower import Loaded, kept_sections, lower_with_partial
from hookc.frontend.yaml_file import load_yaml
from hookc.hosts.host import suffix
from hookc.hosts.profile import Profile, load_profile, shipped
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, has_error, warning

YAML_SUFFIXES = (".yaml", ".yml")
XML_SUFFIXES = (".xml", ".md")


def claims(name: str, text: str) -> bool:
    return suffix(name) in YAML_SUFFIXES + XML_SUFFIXES


def load(source: Source, profile: Profile | None) -> Loaded:
    """The hook IR of a native file; its ending says YAML or XML. Without a profile, a
    file that declares one it was written for (canonical YAML does) is read with it."""
    diagnostics: list[Diagnostic] = []
    if suffix(source.name) in YAML_SUFFIXES:
        document, found = load_yaml(source)
        if profile is None and document is not None:
            declared = document.get("profile")
            if declared is not None and isinstance(declared.value, str) and shipped(declared.value):
                profile = load_profile(str(declared.value))
    else:
        from hookc.frontend.xml_file import load_xml

        profile = profile or load_profile()
        document, found = load_xml(source, profile)
    profile = profile or load_profile()
    diagnostics.extend(found)
    if has_error(found):
        return Loaded(source, None, profile, tuple(diagnostics))
    if document is None and not found:
        found = [warning("HK208", "the file holds no hooks", source, Span(0, len(source.text)))]
        return Loaded(source, None, profile, tuple(diagnostics + found))
    hookset, extended, found, partial = lower_with_partial(document, source, profile)
    diagnostics.extend(found)
    sections = kept_sections(document)
    return Loaded(source, hookset, extended, tuple(diagnostics), sections, partial=partial)
