"""Cursor's hook files: how one is recognized, by its path first and its content second;
``hookc.hosts.cursor.reader`` reads one, imported only then.

By path: ``hooks.json`` in a ``.cursor`` folder (a project's, or ``~/.cursor``), the
enterprise files (``hooks.json`` in ``/etc/cursor`` or in a ``Cursor`` folder: macOS's
Application Support, Windows' ProgramData), and a plugin's ``hooks/hooks.json`` beside its
``.cursor-plugin`` folder. By content, where no other host's folder is in the path: a
``hooks`` object naming an event only Cursor has (``beforeShellExecution``,
``afterFileEdit``, ...), or a handler field only Cursor's have (``failClosed``,
``loop_limit``). A Claude Code plugin's ``hooks/hooks.json`` holding Cursor's shape is
claimed by that content (Claude Code's host leaves it alone)."""

from __future__ import annotations

import functools
import re
from pathlib import Path, PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "cursor"
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
_HANDLER_LIST = r'"hooks"\s*:\s*\['  # Claude Code's groups hold one
# Events and handler fields no other host's hooks files have.
_OWN = (
    r'"(?:beforeShellExecution|afterShellExecution|beforeMCPExecution|afterMCPExecution|'
    r"beforeReadFile|afterFileEdit|beforeSubmitPrompt|afterAgentResponse|afterAgentThought|"
    r'beforeTabFileRead|afterTabFileEdit|failClosed|loop_limit)"\s*:'
)
# Folders that say a file is another host's, whatever it holds.
OTHER_HOSTS = frozenset(
    {".claude", ".gemini", ".qwen", ".tabnine", ".codex", ".github", ".windsurf", ".kiro",
     ".copilot", ".codeium"}
)  # fmt: skip


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if path.suffix.lower() != ".json":
        return False
    if path.name == "hooks.json" and path.parent.name in (".cursor", "Cursor"):
        return True
    if path.name == "hooks.json" and tuple(path.parts[-3:-1]) == ("etc", "cursor"):
        return True
    if path.name == "hooks.json" and path.parent.name == "hooks" and _in_plugin(path):
        # A plugin for both tools may keep Claude Code's grouped file there.
        return re.search(_HANDLER_LIST, text) is None
    if any(part in OTHER_HOSTS for part in path.parts[:-1]):
        return False
    return re.search(_HOOKS_OBJECT, text) is not None and re.search(_OWN, text) is not None


def _in_plugin(path: PurePath) -> bool:
    try:
        return (Path(path).parent.parent / ".cursor-plugin").is_dir()
    except OSError:  # a name the system refuses
        return False


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.cursor.reader import read

    return read(source, profile or _profile())
