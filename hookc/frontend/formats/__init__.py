"""The hook file formats hookc reads, and how a file's format is found.

Each format is one module in this package that exports ``FORMAT``: its name, the profile
it is read with unless ``--profile`` says otherwise, ``claims(file name, text)`` (does this
file look like mine, by its name and its content) and ``load(source, profile)`` (the file
as hook IR, every finding a diagnostic). ``FORMATS`` lists them most specific first: a
file is read by the first format that claims it. The native format (seed 000's YAML and
directive XML) comes last and claims what its endings say, so it is the fallback.

``--profile`` overrides detection: the file is read by the format whose profile that is,
or by the native format for a profile no other format owns.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePath
from typing import TYPE_CHECKING

from hookc.diagnostics import Diagnostic, error
from hookc.source import Source, Span

if TYPE_CHECKING:
    from hookc.frontend.lower import Loaded
    from hookc.profile import Profile


@dataclass(frozen=True, slots=True)
class Format:
    """One kind of hook file hookc reads."""

    name: str
    profile: str  # the profile a file of this format is read with by default
    summary: str  # what its files look like, for the diagnostic on a file of no known kind
    claims: Callable[[str, str], bool]  # (file name, text) -> is this file of this format
    # (source, profile or None for the format's own) -> the file's IR and findings
    load: Callable[[Source, Profile | None], Loaded]


@functools.cache
def formats() -> tuple[Format, ...]:
    """Every format, in the order files are offered to them: most specific first; the
    native format claims by file ending alone, so it is last. (Imported here, not at the
    top, because each format module builds on this one.)"""
    from hookc.frontend.formats import a3s, native, system_hooks

    return (system_hooks.FORMAT, a3s.FORMAT, native.FORMAT)


def detect(name: str, text: str) -> Format | None:
    """The first format that claims a file of this name and text, or None."""
    return next((found for found in formats() if found.claims(name, text)), None)


def for_profile(profile: str) -> Format:
    """The format a file is read as under ``--profile``: the one whose profile it is, or
    the native format (whose dialects are profiles of their own)."""
    owner = next((found for found in formats() if found.profile == profile), None)
    return owner or by_name("native")


def by_name(name: str) -> Format:
    return next(found for found in formats() if found.name == name)


def unknown_format(source: Source) -> Diagnostic:
    """HK201 for a file no format claims, naming every format hookc reads."""
    path = PurePath(source.name)
    kinds = "; ".join(f"{found.name}: {found.summary}" for found in formats())
    return error(
        "HK201",
        f"unknown kind of hook file `{path.suffix or path.name}`",
        source,
        Span(0, 0),
        f"hookc reads {kinds}; or name the format with --profile",
    )


def suffix(name: str) -> str:
    return PurePath(name).suffix.lower()
