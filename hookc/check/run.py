"""``hookc check``: every file loaded and checked on its own, findings sorted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hookc.check.logic import logic_diagnostics
from hookc.check.paths import path_diagnostics
from hookc.diagnostics import Diagnostic, Severity
from hookc.frontend.inputs import duplicate_ids_across, expand_folders
from hookc.frontend.load import load_file
from hookc.frontend.lower import Loaded
from hookc.profile import Profile


@dataclass(frozen=True)
class FileReport:
    path: str
    diagnostics: tuple[Diagnostic, ...]

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)


def check_file(path: str | Path, profile: Profile | None = None) -> FileReport:
    loaded = load_file(path, profile)
    return _report(str(path), loaded, [])


def _report(path: str, loaded: Loaded, more: list[Diagnostic]) -> FileReport:
    found = list(loaded.diagnostics) + more
    if loaded.hookset is not None:
        found.extend(path_diagnostics(loaded.hookset, loaded.profile.context_schema))
        found.extend(logic_diagnostics(loaded.hookset))
    return FileReport(path, tuple(sorted(set(found), key=Diagnostic.sort_key)))


def check_files(paths: Sequence[str | Path], profile: Profile | None = None) -> list[FileReport]:
    """One report per file, sorted by path whatever order they were given in (a file named
    twice is checked once), so that the output is the same on every run. Without a
    profile, each file is read with its format's. A folder stands for the hook files in
    it, and no two files may give hooks the same id."""
    files = sorted(set(expand_folders(paths)))
    loaded = {path: load_file(path, profile) for path in files}
    across: dict[str, list[Diagnostic]] = {path: [] for path in files}
    hooksets = {path: found.hookset for path, found in loaded.items() if found.hookset}
    for path, diagnostic in duplicate_ids_across(hooksets):
        across[path].append(diagnostic)
    return [_report(path, loaded[path], across[path]) for path in files]
