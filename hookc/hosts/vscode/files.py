"""VS Code's own hook files: a custom agent's ``*.agent.md`` whose front matter declares
``hooks:`` (``.github/agents/``, or any ``agents`` folder). The JSON files VS Code loads
are Copilot's and Claude Code's, claimed by those hosts; ``hookc.hosts.vscode.reader``
reads any of them as VS Code does when asked (``--host vscode``)."""

from __future__ import annotations

import functools
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "vscode"


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    path = PurePath(name)
    if not path.name.endswith(".agent.md"):
        return False
    from hookc.hosts.claude_code.front_matter import claims as declares_hooks

    # The same test as a Claude Code agent's: an `agents` folder, a `hooks:` mapping.
    return declares_hooks(name, text)


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.vscode.reader import read

    return read(source, profile or _profile())
