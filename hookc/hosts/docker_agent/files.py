"""docker-agent's hook files (``hooks:`` under ``agents.<name>`` in an agent YAML): how one
is recognized; ``docker_agent_reader`` reads one (imported only then: every file is offered
to every format, and most are not docker-agent's)."""

from __future__ import annotations

import functools
import re
from pathlib import PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "docker-agent"
_AGENTS = r"(?m)^agents[ \t]*:"  # compiled (and cached by `re`) on first use


@functools.cache
def _profile() -> Profile:
    return load_profile(PROFILE)


def claims(name: str, text: str) -> bool:
    """A YAML file with a top-level ``agents:`` map."""
    # The substring test first: it is ten times quicker than the line search it spares.
    return (
        PurePath(name).suffix.lower() in (".yaml", ".yml")
        and "agents" in text
        and re.search(_AGENTS, text) is not None
    )


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.docker_agent.reader import read

    return read(source, profile or _profile())
