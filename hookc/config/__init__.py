"""The project's configuration: ``[tool.hookc]`` in ``pyproject.toml``, or ``hookc.toml``
(the same keys at its top level), found in the current folder or the nearest one above it.

    [tool.hookc]
    profile = "default"            # a profile's name, or a path to a profile file
    strict = false                 # warnings fail the run too
    select = ["ALL"]               # codes or prefixes reported (warnings; errors always are)
    ignore = ["HK505"]
    include = ["*.hooks.yaml"]     # which files in a folder are hook files
    exclude = ["build/**"]         # files and folders a folder search skips

    allowed-commands = ["./hooks/*.sh"]  # HK930: every other hook command is reported
    hosts = ["claude-code", "copilot"]  # the agents this project uses (or "all")

    [tool.hookc.per-file-ignores]
    "legacy/*.yaml" = ["HK501"]    # legacy/ beside this file; "*.old.yaml": such names anywhere

    [tool.hookc.per-file-hosts]    # the hosts a file serves, where several load it
    ".claude/settings*.json" = ["claude-code", "copilot", "vscode"]

``hosts`` names the agents the project's files serve: a file several of them load (Claude
Code's settings, loaded by Copilot and VS Code too) is checked as each reads it, and where
they disagree is reported. Without it, a file is read as its own host alone.
    [tool.hookc.per-hook-ignores]  # by hook id (fnmatch: `*` crosses `.` and `/`)
    ".claude/settings.PreToolUse.*" = ["HK702"]   # JSON has no comment to suppress one hook

Paths in the file are relative to its folder. The command line's options win over it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from hookc.check.select import (
    PerFileIgnore,
    PerHookIgnore,
    SelectionError,
    check_glob,
    check_rule_names,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

CONFIG_FILES = ("hookc.toml", "pyproject.toml")
KEYS = (
    "profile",
    "strict",
    "select",
    "ignore",
    "include",
    "exclude",
    "per-file-ignores",
    "per-hook-ignores",
    "allowed-commands",
    "hosts",
    "per-file-hosts",
)
# `hookc` where TOML can have it as a key, bare or quoted: after a dot (`[tool.hookc]`,
# `tool . "hookc".strict = true`), at the start of a line (`hookc = {...}` under `[tool]`)
# or in an inline table (`tool = {hookc = {...}}`), and followed by a dot, `=` or the `]`
# of a table header. A key can be spelt with escapes only (`"\u0068ookc"`), hence the
# test for them beside this one. Compiled (and kept by `re`) when a pyproject.toml is read,
# not at every start-up.
_HOOKC_KEY = r"""(?:^|[.{,])[ \t]*["']?hookc["']?[ \t]*[.=\]]"""
# A table header that starts `[tool.hookc`, however it ends: `[tool.hookc` with its `]`
# forgotten configures nothing once parsed, but was meant to, so it is read (and refused).
_HOOKC_HEADER = r"""^[ \t]*\[\[?[ \t]*["']?tool["']?[ \t]*\.[ \t]*["']?hookc"""


class ConfigError(ValueError):
    """A configuration file that cannot be used, with its name and what is wrong."""


@dataclass(frozen=True, slots=True)
class Config:
    path: Path | None = None  # None: no configuration file
    profile: str | None = None
    strict: bool | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    per_file_ignores: tuple[PerFileIgnore, ...] = field(default=())
    allowed_commands: tuple[str, ...] | None = None  # HK930's allowlist
    hosts: tuple[str, ...] = ()  # the hosts every file serves (those that load it)
    per_file_hosts: tuple[PerFileIgnore, ...] = field(default=())  # `rules`: host names

    def hosts_for(self, path: str) -> tuple[str, ...] | None:
        """The hosts the configuration says ``path`` serves (the last pattern that matches
        it wins over ``hosts``), or None."""
        chosen = self.hosts
        for entry in self.per_file_hosts:
            if entry.applies_to(path):
                chosen = entry.rules
        return chosen or None

    per_hook_ignores: tuple[PerHookIgnore, ...] = field(default=())

    @property
    def base(self) -> str:
        """The folder the file's relative paths and patterns are read from."""
        return str(self.path.parent) if self.path is not None else "."


def find_config(start: str | Path = ".") -> Path | None:
    """The nearest ``hookc.toml``, or ``pyproject.toml`` with a ``[tool.hookc]`` table, in
    ``start`` or a folder above it. A ``pyproject.toml`` that does not parse but stands
    ``hookc`` as a key is found too, for ``load_config`` to refuse."""
    folder = Path(start).resolve()
    for candidate_folder in (folder, *folder.parents):
        for name in CONFIG_FILES:
            candidate = candidate_folder / name
            if not candidate.is_file():
                continue
            if name == "hookc.toml" or _has_hookc_table(candidate):
                return candidate
    return None


def _has_hookc_table(path: Path) -> bool:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    # Parsing a project's pyproject.toml took 2 ms of a one-hook compile: a file where no
    # `hookc` stands as a key (`hookc>=0.1` in a dependency list does not) is not parsed.
    keyed = re.search(_HOOKC_KEY, text, re.MULTILINE) or re.search(_HOOKC_HEADER, text, re.M)
    if not keyed and "\\u" not in text and "\\U" not in text:
        return False
    import tomllib  # only for a file that may configure hookc: start-up stays light

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        # A file that stands `hookc` as a key but does not parse (an error in `[project]`,
        # a typo in `[tool.hookc`) was meant to configure hookc: skipping it would switch
        # off `strict` and every selection without a word, and CI would pass. It is taken,
        # and `load_config` refuses it, naming the TOML error (as for a broken hookc.toml).
        # One whose only `hookc`-like text is an escape is no more hookc's than any other.
        return bool(keyed)
    return isinstance(data.get("tool"), dict) and "hookc" in data["tool"]


def load_config(path: str | Path) -> Config:
    """The configuration in ``path``; ``ConfigError`` saying where it is wrong."""
    import tomllib  # only when there is a configuration file: start-up stays light

    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: cannot read the configuration: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    table: Any = data
    where = str(path)
    if path.name == "pyproject.toml":
        table = (data.get("tool") or {}).get("hookc")
        where = f"{path}: [tool.hookc]"
        if table is None:
            raise ConfigError(f"{path}: no [tool.hookc] table")
    if not isinstance(table, dict):
        raise ConfigError(f"{where}: must be a table")
    for key in table:
        if key not in KEYS:
            import difflib  # only for a suggestion: a run that needs none never loads it

            close = difflib.get_close_matches(key, KEYS, n=1)
            hint = f" (did you mean `{close[0]}`?)" if close else f"; known: {', '.join(KEYS)}"
            raise ConfigError(f"{where}: unknown key `{key}`{hint}")
    base = path.parent
    try:
        ignores = _table(table.get("per-file-ignores", {}), where, "per-file-ignores")
        by_hook = _table(table.get("per-hook-ignores", {}), where, "per-hook-ignores")
        per_hook = tuple(
            PerHookIgnore(pattern, check_rule_names(_strings(codes, where, pattern), where))
            for pattern, codes in by_hook.items()
        )
        per_file = tuple(
            PerFileIgnore(
                check_glob(pattern, f"{where}: per-file-ignores"),
                check_rule_names(_strings(codes, where, pattern), where),
                str(base),
            )
            for pattern, codes in ignores.items()
        )
        select = table.get("select")
        allowed = table.get("allowed-commands")
        hosts_table = table.get("per-file-hosts", {})
        if not isinstance(hosts_table, dict):
            raise ConfigError(f"{where}: `per-file-hosts` must be a table of pattern = [hosts]")
        per_file_hosts = tuple(
            PerFileIgnore(pattern, _hosts(names, where, f"per-file-hosts `{pattern}`"), str(base))
            for pattern, names in hosts_table.items()
        )
        return Config(
            path=path,
            profile=_profile(table.get("profile"), where, base),
            strict=_bool(table.get("strict"), where, "strict"),
            select=check_rule_names(_strings(select, where, "select"), where)
            if select is not None
            else None,
            ignore=check_rule_names(_strings(table.get("ignore", []), where, "ignore"), where),
            include=_strings(table.get("include", []), where, "include"),
            exclude=_strings(table.get("exclude", []), where, "exclude"),
            per_file_ignores=per_file,
            per_hook_ignores=per_hook,
            allowed_commands=_strings(allowed, where, "allowed-commands")
            if allowed is not None
            else None,
            hosts=_hosts(table.get("hosts", []), where, "hosts"),
            per_file_hosts=per_file_hosts,
        )
    except SelectionError as exc:
        raise ConfigError(str(exc)) from None


def _profile(value: Any, where: str, base: Path) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise ConfigError(f"{where}: `profile` must be a string (a name or a path)")
    if value.endswith((".yaml", ".yml")) or "/" in value:
        return str(base / value)
    return value


def _hosts(value: Any, where: str, key: str) -> tuple[str, ...]:
    """Host names (or "all"), each one hookc knows."""
    from hookc.check.hosts_disagree import HostError, parse_hosts

    if value == "all":
        return ("all",)
    names = _strings(value, where, key)
    if not names:
        return ()
    try:
        return parse_hosts(",".join(names))
    except HostError as exc:
        raise ConfigError(f"{where}: `{key}`: {exc}") from None


def _bool(value: Any, where: str, key: str) -> bool | None:
    if value is not None and not isinstance(value, bool):
        raise ConfigError(f"{where}: `{key}` must be true or false")
    return value


def _strings(value: Any, where: str, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings")
    return tuple(value)


def _table(value: Any, where: str, key: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `{key}` must be a table of pattern = [codes]")
    return value
