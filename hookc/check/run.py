"""``hookc check``: every file loaded and checked on its own, findings sorted."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from hookc.check.all_match import all_match_diagnostics
from hookc.check.logic import logic_diagnostics
from hookc.check.names import name_diagnostics
from hookc.check.paths import path_diagnostics
from hookc.diagnostics import Diagnostic, Severity
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
    return check_loaded(str(path), load_file(path, profile))


def check_loaded(path: str, loaded: Loaded) -> FileReport:
    """Every finding on a file already loaded: the front end's, then the checks'."""
    found = list(loaded.diagnostics)
    hookset = loaded.hookset or loaded.partial
    if hookset is not None:
        found.extend(path_diagnostics(hookset, loaded.profile.context_schema))
        found.extend(logic_diagnostics(hookset))
        found.extend(name_diagnostics(hookset))
        rye = loaded.profile.details.get("rye") or {}
        collecting = (*rye.get("context_events", ()), *rye.get("first_match_events", ()))
        ignored = rye.get("ignored_result_layers", ())
        if loaded.profile.details.get("control") == "first_result":
            found.extend(all_match_diagnostics(hookset, ignored, collecting))
    return FileReport(path, tuple(sorted(set(found), key=Diagnostic.sort_key)))


def check_files(paths: Sequence[str | Path], profile: Profile | None = None) -> list[FileReport]:
    """One report per file, sorted by path whatever order they were given in (a file named
    twice is checked once), so that the output is the same on every run. Without a
    profile, each file is read with its format's."""
    return [check_file(path, profile) for path in sorted({str(p) for p in paths})]
