"""The order of Windsurf's hook files: "Cascade loads and merges hooks from all
locations"; "if the same hook event is configured in multiple locations, all hooks will
execute in order: system → user → workspace" (docs.windsurf.com/windsurf/cascade/hooks).
Within a file, the order it lists them."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path, PurePath

from hookc.hosts.cursor.flat import merged
from hookc.hosts.profile import Profile
from hookc.ir.hooks import HookSet

SYSTEM, USER, WORKSPACE = range(3)


def level(name: str) -> int:
    """Where a Windsurf hooks file stands: ``SYSTEM``, ``USER`` or ``WORKSPACE``."""
    path = PurePath(name)
    if path.parent.name == "Windsurf" or tuple(path.parts[-3:-1]) == ("etc", "windsurf"):
        return SYSTEM
    if tuple(path.parts[-3:-1]) == (".codeium", "windsurf"):
        return USER
    try:
        home = Path(os.path.expanduser("~")).resolve()
        if Path(name).expanduser().resolve().parent == home / ".codeium" / "windsurf":
            return USER
    except (OSError, RuntimeError):  # a name the system refuses: a workspace's
        pass
    return WORKSPACE


def merge(files: Sequence[tuple[str, HookSet]], profile: Profile) -> HookSet:
    """Several Windsurf files' hooks, in the order Cascade runs them."""
    return merged(files, level, profile)
