"""The hook file formats hookc reads, and how a file's format is found.

Each format is one module in this package that exports ``FORMAT``: its name, the profile
it is read with unless ``--profile`` says otherwise, ``claims(file name, text)`` (does this
file look like mine, by its name and its content) and ``load(source, profile)`` (the file
as hook IR, every finding a diagnostic). Every file is offered to every format, so a
format module holds little more than ``claims``: its reader (``<format>_reader``, or
``hookc.frontend.rye``) is imported by ``load``, when a file of that format is read.
``formats()`` lists them most specific first: a file is read by the first format that
claims it. The native format (seed 000's YAML and directive XML) comes last and claims what
its endings say, so it is the fallback.

``--profile`` overrides detection: the file is read by the format whose profile that is,
or by the native format for a profile no other format owns.
"""

from __future__ import annotations

import functools
from pathlib import PurePath

from hookc.diagnostics import Diagnostic, error
from hookc.frontend.formats.format import Format, suffix
from hookc.source import Source, Span

__all__ = [
    "Format",
    "by_name",
    "detect",
    "for_profile",
    "formats",
    "not_of_format",
    "suffix",
    "unknown_format",
]


@functools.cache
def formats() -> tuple[Format, ...]:
    """Every format, in the order files are offered to them: most specific first; the
    native format claims by file ending alone, so it is last. (Imported on first use: a
    format module brings its reader and profile, which a run may not need.)"""
    from hookc.frontend.formats import a3s, claude_code, docker_agent, native, rye, system_hooks

    return (
        claude_code.FORMAT,
        docker_agent.FORMAT,
        rye.FORMAT,
        system_hooks.FORMAT,
        a3s.FORMAT,
        native.FORMAT,
    )


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


def not_of_format(source: Source, found: Format, profile: str) -> Diagnostic:
    """HK201 for a file that the profile asked for names a format it cannot be."""
    path = PurePath(source.name)
    return error(
        "HK201",
        f"the profile `{profile}` reads {found.name} files ({found.summary}), "
        f"not a `{path.suffix or path.name}` file",
        source,
        Span(0, 0),
        "leave out --profile: hookc finds each file's format from its name and content",
    )
