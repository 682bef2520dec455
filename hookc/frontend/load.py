"""One entry point for every hook file format, chosen by the file's name."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hookc.diagnostics import Diagnostic, error, has_error, warning
from hookc.frontend.files import read_source
from hookc.frontend.front_matter import front_matter_hooks
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded, kept_sections, lower_with_partial
from hookc.frontend.rye import is_rye_document, lower_rye_document
from hookc.frontend.yaml_file import load_yaml
from hookc.profile import Profile, available, load_profile
from hookc.source import Source, Span

YAML_SUFFIXES = (".yaml", ".yml")
XML_SUFFIXES = (".xml", ".md")


def load_file(path: str | Path, profile: Profile | None = None) -> Loaded:
    """The hook IR of one file, with every diagnostic found on the way. Without a
    ``profile``, the file's content chooses it (Rye's own format, else the default)."""
    suffix = Path(path).suffix.lower()
    if suffix not in YAML_SUFFIXES + XML_SUFFIXES and not Path(path).is_dir():
        source = Source(str(path), "")
        return Loaded(
            None,
            None,
            profile or load_profile(),
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
        return Loaded(None, None, profile or load_profile(), tuple(diagnostics))
    loaded = load_source(read, profile)
    return replace(loaded, diagnostics=(*diagnostics, *loaded.diagnostics))


def load_source(source: Source, profile: Profile | None = None) -> Loaded:
    """The hook IR of text already read; its name's ending says its format, its content
    the profile when none is given."""
    diagnostics: list[Diagnostic] = []
    if Path(source.name).suffix.lower() in YAML_SUFFIXES:
        document, found = load_yaml(source)
        rye_shaped = is_rye_document(source.text, _plain(document))
        profile = profile or load_profile(_detected_profile(document, rye_shaped))
        if (
            rye_shaped
            and profile.dialect.get("rye")
            and document is not None
            and not has_error(found)
        ):
            return _rye_loaded(source, document, profile, found)
    else:
        from hookc.frontend.xml_file import load_xml

        in_front_matter = front_matter_hooks(source)
        if in_front_matter is not None:
            document, found = in_front_matter
        else:
            document, found = load_xml(source, profile or load_profile())
        rye_shaped = is_rye_document("", _plain(document))
        profile = profile or load_profile("rye" if rye_shaped else "default")
        if rye_shaped and profile.dialect.get("rye") and document is not None:
            if has_error(found):
                return Loaded(source, None, profile, tuple(found))
            return _rye_loaded(source, document, profile, found)
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


def _rye_loaded(
    source: Source, document: Located, profile: Profile, found: list[Diagnostic]
) -> Loaded:
    hookset, profile, lowered = lower_rye_document(document, source, profile)
    diagnostics = (*found, *lowered)
    if has_error(diagnostics):  # nothing is compiled; the sound hooks are still checked
        return Loaded(source, None, profile, diagnostics, partial=hookset)
    return Loaded(source, hookset, profile, diagnostics)


def _plain(document: Located | None) -> object:
    return None if document is None else document.plain()


def _detected_profile(document: Located | None, rye_shaped: bool) -> str:
    """The profile a YAML file's content asks for: Rye's own format is `rye`; a file that
    declares a profile hookc has (canonical YAML does) gets it; anything else `default`."""
    if rye_shaped:
        return "rye"
    declared = document.get("profile") if document is not None else None
    if declared is not None and declared.value in available():
        return str(declared.value)
    return "default"
