"""One entry point for every host's hook files: the file's host is found from its name and
content (``hookc.hosts.recognize``), or named by the profile asked for. A file whose host
its path does not say and its content does not settle (Claude Code's shape, which Codex,
Qwen Code, Factory and Augment share) is read as the first candidate's with HK770 saying
so; ``unsettled`` finds that finding for the commands that refuse such a file."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path, PurePath

from hookc.frontend.files import read_source
from hookc.frontend.json_file import load_json
from hookc.frontend.lower import Loaded
from hookc.frontend.unclaimed import misplaced, unclaimed
from hookc.hosts import Host, Recognition, for_profile, hosts, recognize
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, warning


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
    recognized = recognize(source.name, source.text)
    claimed = recognized.host
    found = for_profile(profile.name) if profile is not None else claimed
    if found is None:
        precise = unclaimed(source)
        return Loaded(source, None, load_profile(), tuple(precise or (unknown_format(source),)))
    if not found.reads_suffix(source.name):
        assert profile is not None  # a format claims only files of its endings
        return Loaded(source, None, profile, (not_of_format(source, found, profile.name),))
    # A file plainly of one system (not only by its ending), named with another's profile;
    # a dialect of the format asked for is that format's to read (--profile overrides), and
    # a host that also loads the claimer's files (VS Code loads Claude Code's) reads it.
    if (
        profile is not None
        and claimed is not None
        and claimed is not found
        and claimed.name != "native"
        and claimed.dialect_of != found.name
        and claimed.name not in found.reads_also
        # Unless the path says nothing and the text fits the host asked for too (Codex's
        # and Copilot's files share `timeoutSec`): then the host asked for settles it.
        and not _settled_by_request(source, claimed, found)
    ):
        return Loaded(source, None, profile, (other_format(source, claimed, profile),))
    loaded = found.load(source, profile)
    # Only a JSON file that yielded no hook is read again (a settings file without hooks).
    if source.name.lower().endswith(".json") and not (loaded.hookset and loaded.hookset.hooks):
        loaded = replace(loaded, diagnostics=(*loaded.diagnostics, *_misplaced(source, loaded)))
    if profile is None and not recognized.settled:
        return replace(
            loaded, diagnostics=(unsettled_host(source, recognized), *loaded.diagnostics)
        )
    return loaded


def _misplaced(source: Source, loaded: Loaded) -> list[Diagnostic]:
    """HK230/HK231 for a claimed JSON file without a ``hooks`` key (a settings file whose
    hooks are under ``"hook"``, or at the top level, which its host silently ignores)."""
    # A syntax error says it all (a byte order mark, HK235, hides nothing).
    if any(d.code == "HK214" for d in loaded.diagnostics):
        return []
    root, _ = load_json(source)
    if root is None:
        return []
    return misplaced(source, root, tuple(loaded.profile.events))


# The code of the finding on a file whose host is unsettled.
UNSETTLED = "HK770"


def unsettled_host(source: Source, recognized: Recognition) -> Diagnostic:
    """HK770: the file's path names no host and its content fits several, which read it
    differently; it is read as the first."""
    names = [host.name for host in recognized.candidates]
    at = source.text.find('"hooks"')
    span = Span(at, at + len('"hooks"')) if at >= 0 else Span(0, 0)
    return warning(
        "HK770",
        f"which host runs this file is unsettled: its path names none, and its content fits "
        f"{', '.join(names[:-1])} and {names[-1]}, which read it differently; checked as "
        f"{names[0]}'s, its findings may be wrong for the others",
        source,
        span,
        "name its host with `--host NAME` (eval, compile and run refuse the file without it; "
        'check also takes `hosts = ["NAME"]` or `[tool.hookc.per-file-hosts]` in hookc.toml), '
        "or keep it where its host reads hook files",
    )


def unsettled(loaded: Loaded, option: str = "--host") -> str | None:
    """For ``eval``, ``compile`` and ``run``, whose answer depends on the host: the usage
    error for a file whose host is unsettled (HK770 among its findings), naming the
    candidates and the option that settles it; None for a file whose host is known."""
    found = next((d for d in loaded.diagnostics if d.code == UNSETTLED), None)
    if found is None:
        return None
    names = [host.name for host in recognize(found.source.name, found.source.text).candidates]
    return (
        f"{found.source.name}: which host runs this file is unsettled: its path names none, "
        f"and its content fits {', '.join(names[:-1])} and {names[-1]}, which answer "
        f"differently; name its host with {option} NAME"
    )


def _settled_by_request(source: Source, claimed: Host, found: Host) -> bool:
    """Whether the host asked for settles which host's file this is: its path says nothing
    (the claimer claims it by its text alone) and the text fits the host asked for too
    (Codex's and Copilot's files share `timeoutSec`). The native format claims every file by
    its ending, so it settles nothing."""
    return (
        found.name != "native"
        and not claimed.claims(source.name, "")
        and found.claims(source.name, source.text)
    )


def other_format(source: Source, claimed: Host, profile: Profile) -> Diagnostic:
    """HK403 for a file that is plainly of one format, passed with the profile of another:
    reading it as that other format would only list its keys as unknown."""
    return error(
        "HK403",
        f"this looks like {claimed.summary}, not a file of the `{profile.name}` profile",
        source,
        Span(0, 0),
        f"read it with --profile {claimed.profile}, or without --profile",
    )


def unknown_format(source: Source) -> Diagnostic:
    """HK201 for a file no host claims, naming every host hookc reads."""
    path = PurePath(source.name)
    kinds = "; ".join(f"{host.name}: {host.summary}" for host in hosts() if host.reads_files)
    return error(
        "HK201",
        f"unknown kind of hook file `{path.suffix or path.name}`",
        source,
        Span(0, 0),
        f"hookc reads {kinds}; or name the format with --profile",
    )


def not_of_format(source: Source, found: Host, profile: str) -> Diagnostic:
    """HK201 for a file that the profile asked for names a host it cannot be."""
    path = PurePath(source.name)
    return error(
        "HK201",
        f"the profile `{profile}` reads {found.name} files ({found.summary}), "
        f"not a `{path.suffix or path.name}` file",
        source,
        Span(0, 0),
        "leave out --profile: hookc finds each file's format from its name and content",
    )
