"""One entry point for every hook file format, chosen by the file's name."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hookc.diagnostics import Diagnostic, error, has_error, warning
from hookc.frontend.files import read_source
from hookc.frontend.lower import Loaded, kept_sections, lower_document
from hookc.frontend.yaml_file import load_yaml
from hookc.profile import Profile, load_profile
from hookc.source import Source, Span

YAML_SUFFIXES = (".yaml", ".yml")
XML_SUFFIXES = (".xml", ".md")
# The name of standard input when no --stdin-filename names it: read as native YAML.
STDIN = "<stdin>"


def load_file(path: str | Path, profile: Profile | None = None) -> Loaded:
    """The hook IR of one file, with every diagnostic found on the way."""
    profile = profile or load_profile()
    suffix = Path(path).suffix.lower()
    if suffix not in YAML_SUFFIXES + XML_SUFFIXES and not Path(path).is_dir():
        source = Source(str(path), "")
        return Loaded(
            None,
            None,
            profile,
            (
                error(
                    "HK201",
                    f"unknown kind of hook file `{suffix or Path(path).name}`",
                    source,
                    Span(0, 0),
                    "hook files end in .yaml, .yml, .xml or .md",
                ),
            ),
        )
    read, diagnostics = read_source(path)
    if read is None:
        return Loaded(None, None, profile, tuple(diagnostics))
    loaded = load_source(read, profile)
    return replace(loaded, diagnostics=(*diagnostics, *loaded.diagnostics))


def load_source(source: Source, profile: Profile) -> Loaded:
    """The hook IR of text already read; its name's ending says its format."""
    diagnostics: list[Diagnostic] = []
    if source.name == STDIN or Path(source.name).suffix.lower() in YAML_SUFFIXES:
        document, found = load_yaml(source)
    else:
        from hookc.frontend.xml_file import load_xml

        document, found = load_xml(source, profile)
    diagnostics.extend(found)
    if has_error(found):
        return Loaded(source, None, profile, tuple(diagnostics))
    if document is None and not found:
        found = [warning("HK208", "the file holds no hooks", source, Span(0, len(source.text)))]
        return Loaded(source, None, profile, tuple(diagnostics + found))
    hookset, extended, found = lower_document(document, source, profile)
    diagnostics.extend(found)
    return Loaded(source, hookset, extended, tuple(diagnostics), kept_sections(document))
