"""What one run of ``check``, ``compile`` or ``fmt`` is asked to do: the configuration file
(``hookc.config``) overlaid with the command line's options, and the inputs as the user gave
them (files, folders searched for hook files, ``-`` for standard input).
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hookc.check.select import Selection, SelectionError, check_rule_names
from hookc.commands import UsageError, read_standard_input
from hookc.config import Config, ConfigError, find_config, load_config
from hookc.frontend.discover import expand, without_dot_slash
from hookc.hosts.profile import Profile, available, load_profile, load_profile_file, shipped


class SettingsError(UsageError):
    """A usage error: a bad option, configuration file or profile."""


@dataclass(frozen=True, slots=True)
class Settings:
    """The options of one run: the configuration file's, overlaid with the command line's."""

    profile: Profile | None  # None: each file is read with its format's profile
    strict: bool
    selection: Selection
    config: Config
    hosts: tuple[str, ...] | None = None  # --host's names (or "all"), over the configuration's

    def hosts_for(self, path: str) -> tuple[str, ...] | None:
        """The hosts ``path`` is read as: --host's, else the configuration's, else None
        (its own host alone)."""
        return self.hosts or self.config.hosts_for(path)


def add_options(
    parser: argparse.ArgumentParser, strict: bool = True, selection: bool = True
) -> None:
    """The options ``check``, ``compile`` and ``fmt`` share (fmt reports no warnings to
    select)."""
    parser.add_argument(
        "--profile",
        metavar="NAME|PATH",
        help=f"the runtime profile: a shipped one ({', '.join(available())}) or a profile "
        "file (default: the configuration's, else the one of each file's format)",
    )
    if selection:
        parser.add_argument(
            "--select",
            metavar="CODES",
            help="report only these warnings: codes, names or prefixes, comma-separated "
            "(HK5,HK402,shadowed-hook)",
        )
        parser.add_argument(
            "--ignore",
            metavar="CODES",
            help="do not report these warnings (errors are always reported)",
        )
    if strict:
        parser.add_argument("--strict", action="store_true", default=None,
                            help="fail (exit 1) on warnings too")  # fmt: skip
    parser.add_argument(
        "--config",
        metavar="FILE",
        help="the configuration file (default: the nearest hookc.toml, or pyproject.toml "
        "with [tool.hookc])",
    )
    parser.add_argument("--no-config", action="store_true", help="read no configuration file")
    parser.add_argument(
        "--stdin-filename",
        metavar="NAME",
        help="the name standard input (-) is reported under; its ending and content say "
        "its format (e.g. policies.hooks.yaml)",
    )


def resolve(args: argparse.Namespace) -> Settings:
    config = _config(args)
    asked_select, asked_ignore = getattr(args, "select", None), getattr(args, "ignore", None)
    try:
        select = check_rule_names(asked_select.split(","), "--select") if asked_select else None
        ignore = check_rule_names(asked_ignore.split(","), "--ignore") if asked_ignore else ()
    except SelectionError as exc:
        raise SettingsError(str(exc)) from None
    selection = Selection(
        select=select or config.select or ("ALL",),
        ignore=(*config.ignore, *ignore),
        per_file_ignores=config.per_file_ignores,
        per_hook_ignores=config.per_hook_ignores,
        allowed_commands=config.allowed_commands,
    )
    strict = getattr(args, "strict", None)
    hosts = _hosts(getattr(args, "host", None))
    if hosts is not None and args.profile:
        raise SettingsError("--host and --profile say the same thing: give one of them")
    return Settings(
        profile=profile_named(name) if (name := args.profile or config.profile) else None,
        strict=bool(strict if strict is not None else config.strict),
        selection=selection,
        config=config,
        hosts=hosts,
    )


def _hosts(text: str | None) -> tuple[str, ...] | None:
    if text is None:
        return None
    from hookc.check.hosts_disagree import HostError, parse_hosts

    try:
        return parse_hosts(text)
    except HostError as exc:
        raise SettingsError(str(exc)) from None


def _config(args: argparse.Namespace) -> Config:
    try:
        if args.config:
            return load_config(args.config)
        if args.no_config:
            return Config()
        found = find_config()
        return load_config(found) if found is not None else Config()
    except ConfigError as exc:
        raise SettingsError(str(exc)) from None


def profile_named(name: str) -> Profile:
    """A shipped profile by name, or a profile file by path."""
    if shipped(name):
        return load_profile(name)
    if Path(name).suffix.lower() in (".yaml", ".yml") or Path(name).exists():
        try:
            return load_profile_file(name)
        except ValueError as exc:
            raise SettingsError(str(exc)) from None
    raise SettingsError(
        f"unknown profile {name!r}; available: {', '.join(available())} (or a path to a "
        "profile file)"
    )


def inputs(
    names: list[str], settings: Settings, stdin_filename: str | None
) -> tuple[list[str], Mapping[str, str]]:
    """The files to read (folders searched for hook files) and the text of standard input
    under its name, if `-` is one of them."""
    given: dict[str, str] = {}
    paths: list[str] = []
    config = settings.config
    for name in names:
        if name == "-":
            if not stdin_filename:
                raise SettingsError(
                    "standard input (-) needs --stdin-filename NAME: its name is what "
                    "findings are reported under, and its ending and content say its format"
                )
            name = without_dot_slash(stdin_filename)
            given[name] = read_standard_input()
            paths.append(name)
        else:
            found = expand([name], config.include, config.exclude, config.base)
            if not found and Path(name).is_dir():
                raise SettingsError(f"{name}: no hook files in this folder")
            paths.extend(found)
    return list(dict.fromkeys(paths)), given
