"""``hookc check``: every file loaded and checked, ids compared across files, findings
filtered by the user's rule selection and inline suppressions, and sorted.

``hookc compile`` checks its inputs through ``check_inputs`` too, so the two commands report
the same findings for the same inputs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hookc.check.all_match import all_match_diagnostics
from hookc.check.commands import command_diagnostics
from hookc.check.logic import logic_diagnostics
from hookc.check.names import name_diagnostics
from hookc.check.paths import path_diagnostics
from hookc.check.select import Selection
from hookc.check.suppress import apply_suppressions
from hookc.frontend.inputs import duplicate_ids_across
from hookc.frontend.load import load_file, load_source
from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile
from hookc.ir.hooks import Hook
from hookc.lint.checks import lint_diagnostics
from hookc.optimize import Optimizer
from hookc.source import Source, progress
from hookc.source.diagnostics import Diagnostic, Severity, in_order


@dataclass(frozen=True, slots=True)
class FileReport:
    path: str
    diagnostics: tuple[Diagnostic, ...]
    # The file's hooks, to tell which hook a finding is on (``hook_ids``): a baseline's
    # fingerprint names it.
    hooks: tuple[Hook, ...] = field(default=(), compare=False, repr=False)

    def hook_ids(self) -> tuple[str, ...]:
        """The id of the hook each finding is on (``""``: none), in order."""
        from hookc.check.owners import owner_ids

        return owner_ids(self.diagnostics, self.hooks)

    def count(self, severity: Severity) -> int:
        # A list's count compares in C (by identity first): a file may have thousands.
        return [d.severity for d in self.diagnostics].count(severity)


@dataclass(frozen=True, slots=True)
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


# The hosts a file is to be read as (``--host``, ``hosts`` in the configuration), or None
# for its own host alone.
HostsFor = Callable[[str], "tuple[str, ...] | None"]


def check_files(
    paths: Sequence[str | Path],
    profile: Profile | None = None,
    selection: Selection | None = None,
    given: Mapping[str, str | Source] | None = None,
    hosts: HostsFor | None = None,
) -> list[FileReport]:
    """One report per file, sorted by path whatever order they were given in (a file named
    twice is checked once), so that the output is the same on every run. Without a
    profile, each file is read with its format's."""
    return list(check_inputs(paths, profile, selection, given, hosts).reports)


def check_inputs(
    paths: Sequence[str | Path],
    profile: Profile | None = None,
    selection: Selection | None = None,
    given: Mapping[str, str | Source] | None = None,
    hosts: HostsFor | None = None,
    optimizer: Optimizer | None = None,
) -> Checked:
    """Load and check each input (``given`` holds the text of inputs not read from disk:
    standard input, or a file as ``check --fix`` has mended it), then compare hook ids
    across them. Without a profile, each file is read with its format's.

    The logic checks of every file ask one ``optimizer`` (and its reasoner): the run's, a
    new one when none is given (``hookc compile`` gives the one it optimizes with)."""
    selection = selection or Selection()
    optimizer = Optimizer() if optimizer is None else optimizer
    found: dict[str, list[Diagnostic]] = {}
    loaded: dict[str, Loaded] = {}
    unique = list(dict.fromkeys(str(p) for p in paths))
    for done, path in enumerate(unique):
        progress.report("files checked", done, len(unique))
        text = (given or {}).get(path)
        asked = hosts(path) if hosts is not None and profile is None else None
        if asked:  # several hosts: each reads it, and where they disagree is said
            from hookc.check.hosts_disagree import load_for_hosts

            file = load_for_hosts(path, text.text if isinstance(text, Source) else text, asked)
        elif text is None:
            file = load_file(path, profile)
        else:
            file = load_source(text if isinstance(text, Source) else Source(path, text), profile)
        loaded[path] = file
        found[path] = [*file.diagnostics, *_checks(file, optimizer, selection.allowed_commands)]
    hooksets = {path: file.hookset for path, file in loaded.items() if file.hookset is not None}
    for path, diagnostic in duplicate_ids_across(hooksets):
        found[path].append(diagnostic)
    reports = []
    for path in sorted(found):
        file = loaded[path]
        kept = found[path]
        hooks = file.hookset.hooks if file.hookset is not None else ()
        if file.source is not None:
            kept = apply_suppressions(file.source, hooks, kept)
        whole = file.hookset if file.hookset is not None else file.partial
        every = whole.hooks if whole is not None else ()
        kept = selection.filter(path, kept, every)
        reports.append(FileReport(path, in_order(kept), tuple(every)))
    return Checked(tuple(reports), loaded)


def check_loaded(path: str, file: Loaded) -> FileReport:
    """Every finding on one file already loaded (``hookc eval``'s report), sorted."""
    found = [*file.diagnostics, *_checks(file, Optimizer())]
    return FileReport(path, in_order(found))


def _checks(
    file: Loaded, optimizer: Optimizer, allowed_commands: tuple[str, ...] | None = None
) -> list[Diagnostic]:
    # A file with a hook the schema refused is not lowered; its sound hooks are still
    # checked (``Loaded.partial``), so that one mistake hides no other finding.
    hookset = file.hookset or file.partial
    if hookset is None:
        return []
    found = [
        *path_diagnostics(hookset, file.profile.context_schema),
        *logic_diagnostics(hookset, optimizer, file.diagnostics),
        *name_diagnostics(hookset),
        *command_diagnostics(hookset),
    ]
    if file.source is not None:
        # The rule modules with a check: imported for a file with handlers only.
        found.extend(lint_diagnostics(file.source, hookset, file.profile, allowed_commands))
    if file.profile.details.get("control") == "first_result":
        rye = file.profile.details.get("rye") or {}
        collecting = (*rye.get("context_events", ()), *rye.get("first_match_events", ()))
        ignored = rye.get("ignored_result_layers", ())
        found.extend(all_match_diagnostics(hookset, ignored, collecting))
    return found
