"""The order of Cursor's hook files: "all matching hooks from every source run", the
sources in Cursor's priority, highest first: enterprise (``/etc/cursor/hooks.json``,
``/Library/Application Support/Cursor/hooks.json``, ``C:\\ProgramData\\Cursor\\hooks.json``),
team (Cursor's dashboard: no file), project (``.cursor/hooks.json``), user
(``~/.cursor/hooks.json``); the Claude Code files Cursor also loads come after, and are
Claude Code's files to hookc. Within a file, the order it lists them. hookc runs them in
that order, so that where answers conflict the higher source's comes first."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path, PurePath

from hookc.hosts.cursor.flat import merged
from hookc.hosts.profile import Profile
from hookc.ir.hooks import HookSet

ENTERPRISE, TEAM, PROJECT, USER = range(4)


def level(name: str) -> int:
    """Where a Cursor hooks file stands among the sources (``ENTERPRISE`` first)."""
    path = PurePath(name)
    if path.parent.name == "Cursor" or tuple(path.parts[-3:-1]) == ("etc", "cursor"):
        return ENTERPRISE
    try:
        home = Path(os.path.expanduser("~")).resolve()
        if Path(name).expanduser().resolve().parent == home / ".cursor":
            return USER
    except (OSError, RuntimeError):  # a name the system refuses: not the user's file
        pass
    return PROJECT


def merge(files: Sequence[tuple[str, HookSet]], profile: Profile) -> HookSet:
    """Several Cursor files' hooks, in the order Cursor runs them."""
    return merged(files, level, profile)
