"""GitHub Copilot's hook files: how one is recognized, by its path first and its content
second; ``hookc.hosts.copilot.reader`` reads one, imported only then.

By path: any ``.json`` in a ``.github/hooks`` or ``.copilot/hooks`` folder (the reference:
"``.github/hooks/*.json``", "``*.json`` files in the user-level hooks directory"), and
``settings.json`` or ``settings.local.json`` in ``.github/copilot``. By content, where no
other host's folder is in the path: a ``hooks`` object and something only Copilot's
format has: an entry field ``bash``, ``powershell`` or ``timeoutSec``, or an event only
Copilot names (``userPromptSubmitted``, ``agentStop``, ``errorOccurred``,
``permissionRequest``, ``notification``). Cursor's ``hooks.json`` has camelCase events
too, but none of those.
"""

from __future__ import annotations

import functools
import re
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "copilot"
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
_OWN = (
    r'"(?:bash|powershell|timeoutSec|userPromptSubmitted|agentStop|errorOccurred|'
    r'permissionRequest|notification)"\s*:'
)
# Folders that say a file is another host's, whatever it holds.
OTHER_HOSTS = frozenset(
    {".claude", ".claude-plugin", ".cursor", ".windsurf", ".kiro", ".gemini", ".qwen",
     ".tabnine", ".codex", ".factory", ".augment"}
)  # fmt: skip


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if path.suffix.lower() != ".json":
        return False
    parent = path.parent
    if parent.name == "hooks" and parent.parent.name in (".github", ".copilot"):
        return True
    if parent.name == "copilot" and parent.parent.name == ".github":
        return path.name in ("settings.json", "settings.local.json")
    if any(part in OTHER_HOSTS for part in path.parts[:-1]):
        return False
    return re.search(_HOOKS_OBJECT, text) is not None and re.search(_OWN, text) is not None


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.copilot.reader import read

    return read(source, profile or _profile())
