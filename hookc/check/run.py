"""``hookc check``: every file loaded and checked, ids compared across files, findings
filtered by the user's rule selection and inline suppressions, and sorted.

``hookc compile`` checks its inputs through ``check_inputs`` too, so the two commands report
the same findings for the same inputs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hookc.check.logic import logic_diagnostics
from hookc.check.paths import path_diagnostics
from hookc.check.select import Selection
from hookc.check.suppress import apply_suppressions
from hookc.diagnostics import Diagnostic, Severity, error
from hookc.frontend.load import load_file, load_source
from hookc.frontend.lower import Loaded
from hookc.ir.hooks import Hook, HookSet
from hookc.profile import Profile
from hookc.source import Source, Span


@dataclass(frozen=True)
class FileReport:
    path: str
    diagnostics: tuple[Diagnostic, ...]

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.diagnostics if d.severity is severity)


@dataclass(frozen=True)
class Checked:
    """The reports, one per file sorted by path, and what each file loaded to, in the order
    the files were given (compile joins hooks in that order)."""

    reports: tuple[FileReport, ...]
    loaded: Mapping[str, Loaded]

    @property
    def has_errors(self) -> bool:
        return any(r.count(Severity.ERROR) for r in self.reports)


def check_file(path: str | Path, profile: Profile | None = None) -> FileReport:
    return check_files([path], profile)[0]


def check_files(
    paths: Sequence[str | Path],
    profile: Profile | None = None,
    selection: Selection | None = None,
    given: Mapping[str, str] | None = None,
) -> list[FileReport]:
    """One report per file, sorted by path whatever order they were given in (a file named
    twice is checked once), so that the output is the same on every run. Without a
    profile, each file is read with its format's."""
    return list(check_inputs(paths, profile, selection, given).reports)


def check_inputs(
    paths: Sequence[str | Path],
    profile: Profile | None = None,
    selection: Selection | None = None,
    given: Mapping[str, str] | None = None,
) -> Checked:
    """Load and check each input (``given`` holds the text of inputs not read from disk:
    standard input), then compare hook ids across them. Without a profile, each file is
    read with its format's."""
    selection = selection or Selection()
    found: dict[str, list[Diagnostic]] = {}
    loaded: dict[str, Loaded] = {}
    for path in dict.fromkeys(str(p) for p in paths):
        text = (given or {}).get(path)
        if text is None:
            file = load_file(path, profile)
        else:
            file = load_source(Source(path, text), profile)
        loaded[path] = file
        found[path] = [*file.diagnostics, *_checks(file)]
    hooksets = {path: file.hookset for path, file in loaded.items() if file.hookset is not None}
    for path, diagnostic in duplicate_ids_across(hooksets):
        found[path].append(diagnostic)
    reports = []
    for path in sorted(found):
        file = loaded[path]
        kept = found[path]
        if file.source is not None:
            hooks = file.hookset.hooks if file.hookset is not None else ()
            kept = apply_suppressions(file.source, hooks, kept)
        kept = selection.filter(path, kept)
        reports.append(FileReport(path, tuple(sorted(set(kept), key=Diagnostic.sort_key))))
    return Checked(tuple(reports), loaded)


def _checks(file: Loaded) -> list[Diagnostic]:
    if file.hookset is None:
        return []
    return [
        *path_diagnostics(file.hookset, file.profile.context_schema),
        *logic_diagnostics(file.hookset),
    ]


def duplicate_ids_across(hooksets: Mapping[str, HookSet]) -> list[tuple[str, Diagnostic]]:
    """HK401, with the input it belongs to, for each hook whose id an earlier input read
    with the same profile used: files given together are one set of hooks, as compile joins
    them (the front end reports the duplicates inside one file). Files of different runtimes
    (a Claude Code settings file beside native YAML) are never joined, so their ids do not
    meet."""
    first: dict[tuple[str, str], tuple[str, Hook]] = {}
    found = []
    for path, hookset in hooksets.items():
        for hook in hookset.hooks:
            key = (hookset.profile, hook.id)
            if key not in first:
                first[key] = (path, hook)
                continue
            earlier_path, earlier = first[key]
            if earlier_path == path or hook.source is None:
                continue  # reported by the front end
            message = f"duplicate hook id `{hook.id}` (first used in {_place(earlier)})"
            span = hook.span or Span(0, 0)
            found.append(
                (path, error("HK401", message, hook.source, span, "give each hook its own id"))
            )
    return found


def _place(hook: Hook) -> str:
    if hook.source is None:
        return "another file"
    line = hook.source.position(hook.span.start)[0] if hook.span else 1
    return f"{hook.source.name} on line {line}"
