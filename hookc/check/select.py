"""Which findings a user asked for: ``select``/``ignore`` (from the command line or the
configuration file), per-file ignores, as ruff has them, and per-hook ignores (by hook id:
a JSON file has no comments for an inline suppression).

A rule is named by its code (``HK501``), its name (``unknown-path``) or a prefix of codes
(``HK5`` for every HK5xx); ``ALL`` names every code. Only warnings can be silenced: an error
means a hook cannot be compiled as written, and compile refuses it whatever the selection
says, so check reports it too.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import PurePath

from hookc.source.diagnostics import CODES, Diagnostic, Severity

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.ir.hooks import Hook


class SelectionError(ValueError):
    """A rule name that names no code."""


def check_rule_names(names: Iterable[str], where: str) -> tuple[str, ...]:
    """``names`` as codes: each a code (any case), a rule's name, a prefix of codes or
    ``ALL``; else ``SelectionError`` with the closest code or name."""
    checked = []
    for name in names:
        rule = name.strip().upper()
        if rule and not rule.startswith("HK") and rule != "ALL":
            # A rule's name (`shadowed-hook`) stands for its code; reading the names loads
            # every rule's module, so only a name that is no code pays for it.
            from hookc.lint.registry import code_of_name

            rule = code_of_name(name) or rule
        if rule == "" or (rule != "ALL" and not any(code.startswith(rule) for code in CODES)):
            import difflib  # only for a suggestion: a run that needs none never loads it

            from hookc.lint.registry import rules

            known = [*CODES, *(r.name for r in rules() if r.name)]
            close = difflib.get_close_matches(name.strip(), known, n=1)
            hint = f" (did you mean {close[0]}?)" if close else " (see `hookc rule --all`)"
            raise SelectionError(f"{where}: unknown rule `{name}`{hint}")
        checked.append(rule)
    return tuple(checked)


def _matches(code: str, rules: Sequence[str]) -> bool:
    return any(rule == "ALL" or code.startswith(rule) for rule in rules)


@dataclass(frozen=True, slots=True)
class PerFileIgnore:
    """Codes silenced in the files a glob matches, the glob read relative to ``base`` (the
    folder of the configuration file that wrote it), as ``.gitignore`` reads its patterns
    (``hookc.frontend.gitignore``) and ruff its per-file ignores: a pattern with a ``/``
    matches the path from ``base`` whole (``legacy/*.yaml``: the files of ``legacy/``
    under ``base``, not those of ``a/legacy/`` nor of ``legacy/old/``; ``legacy/**``: every
    file under it), ``*`` and ``?`` never crossing a ``/``; a pattern without one matches a
    file's name at any depth (``*.policy.yaml``)."""

    pattern: str
    rules: tuple[str, ...]
    base: str = "."

    def applies_to(self, path: str) -> bool:
        relative = _relative(path, self.base)
        if relative is None:  # outside the configuration's folder: its name alone
            relative = PurePath(path).name
            if "/" in self.pattern.strip("/"):
                return False
        return _glob(self.pattern).fullmatch(relative) is not None


def _relative(path: str, base: str) -> str | None:
    """``path`` relative to ``base``, in / form; None where it is not under ``base``."""
    try:
        relative = os.path.relpath(os.path.abspath(path), os.path.abspath(base))
    except ValueError:  # another drive
        return None
    if relative == ".." or relative.startswith(".." + os.sep):
        return None
    return PurePath(relative).as_posix()


@functools.cache
def _glob(pattern: str) -> re.Pattern[str]:
    """A per-file-ignores pattern as a regular expression over a relative path."""
    from hookc.frontend.gitignore import glob_regex

    # `legacy/` names a folder: its files, as `legacy/**`.
    return glob_regex(pattern + "**" if pattern.endswith("/") else pattern)


def check_glob(pattern: str, where: str) -> str:
    """``pattern`` if it compiles as a per-file-ignores glob, else ``SelectionError``."""
    try:
        _glob(pattern)
    except re.error as exc:
        raise SelectionError(f"{where}: the pattern {pattern!r} cannot be read: {exc}") from None
    return pattern


@dataclass(frozen=True, slots=True)
class PerHookIgnore:
    """Codes silenced on the hooks whose id a pattern matches: ``*`` any run of characters
    (``/`` and ``.`` too: a derived id is ``<path>.<Event>.<group>.<handler>``), ``?`` one
    character, ``[...]`` one of a set, as ``fnmatch`` reads them, case and all. This is how
    a finding in a JSON file, which has no comments to carry an inline suppression, is
    silenced for one hook."""

    pattern: str
    rules: tuple[str, ...]

    def applies_to(self, hook_id: str) -> bool:
        return bool(hook_id) and _id_pattern(self.pattern).fullmatch(hook_id) is not None


@functools.cache
def _id_pattern(pattern: str) -> re.Pattern[str]:
    import fnmatch  # only where per-hook ignores are configured

    return re.compile(fnmatch.translate(pattern))


@dataclass(frozen=True, slots=True)
class Selection:
    select: tuple[str, ...] = ("ALL",)
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[PerFileIgnore, ...] = ()
    # The configuration's `allowed-commands` (HK930's allowlist); None: the rule is off.
    allowed_commands: tuple[str, ...] | None = None
    per_hook_ignores: tuple[PerHookIgnore, ...] = ()

    def wants(self, code: str, path: str) -> bool:
        """Whether a warning with ``code`` in ``path`` is reported."""
        if not _matches(code, self.select) or _matches(code, self.ignore):
            return False
        return not any(
            _matches(code, entry.rules) and entry.applies_to(path)
            for entry in self.per_file_ignores
        )

    def filter(
        self,
        path: str,
        diagnostics: Iterable[Diagnostic],
        hooks: Sequence[Hook] = (),
    ) -> list[Diagnostic]:
        """The findings of ``path`` the user wants; ``hooks``: the file's, for per-hook
        ignores (``hookc.check.owners``)."""
        # One answer per code: a file's findings repeat a few codes many times over.
        wanted: dict[str, bool] = {}
        kept = []
        for diagnostic in diagnostics:
            if diagnostic.severity is not Severity.ERROR:
                code = diagnostic.code
                answer = wanted.get(code)
                if answer is None:
                    answer = wanted[code] = self.wants(code, path)
                if not answer:
                    continue
            kept.append(diagnostic)
        if self.per_hook_ignores and hooks:
            kept = self._by_hook(kept, hooks)
        return kept

    def _by_hook(self, found: list[Diagnostic], hooks: Sequence[Hook]) -> list[Diagnostic]:
        from hookc.check.owners import owner_ids

        owners = owner_ids(found, hooks)
        return [
            diagnostic
            for diagnostic, owner in zip(found, owners, strict=True)
            if diagnostic.severity is Severity.ERROR
            or not any(
                _matches(diagnostic.code, entry.rules) and entry.applies_to(owner)
                for entry in self.per_hook_ignores
            )
        ]
