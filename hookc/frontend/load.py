"""One entry point for every hook file format: the file's format is found from its name
and content (``hookc.frontend.formats``), or named by the profile asked for."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hookc.frontend.files import read_source
from hookc.frontend.formats import detect, for_profile, not_of_format, unknown_format
from hookc.frontend.lower import Loaded
from hookc.profile import Profile, load_profile
from hookc.source import Source


def load_file(path: str | Path, profile: Profile | None = None) -> Loaded:
    """The hook IR of one file, with every diagnostic found on the way. Without a
    profile, the file's format chooses it."""
    read, diagnostics = read_source(path)
    if read is None:
        return Loaded(None, None, profile or load_profile(), tuple(diagnostics))
    loaded = load_source(read, profile)
    return replace(loaded, diagnostics=(*diagnostics, *loaded.diagnostics))


def load_source(source: Source, profile: Profile | None = None) -> Loaded:
    """The hook IR of text already read: by the format of the profile given, or else by
    the format that claims the file's name and content."""
    found = for_profile(profile.name) if profile is not None else detect(source.name, source.text)
    if found is None:
        return Loaded(source, None, load_profile(), (unknown_format(source),))
    if not found.reads_suffix(source.name):
        assert profile is not None  # a format claims only files of its endings
        return Loaded(source, None, profile, (not_of_format(source, found, profile.name),))
    return found.load(source, profile)
