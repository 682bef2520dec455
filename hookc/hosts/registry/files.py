"""Seed 001's hook registry (one YAML file per hook under ``.system/hooks/``): how a file
of it is recognized and where its commands run from; ``system_hooks_reader`` reads one
(imported only then: every file is offered to every format, and most are not the
registry's)."""

from __future__ import annotations

import re
from pathlib import Path, PurePath

from hookc.frontend.lower import Loaded
from hookc.hosts.host import suffix
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "registry"
# A registry file says what it is in its first lines: its own `event_type:` and `handler:`.
# Compiled (and cached by `re`) on first use, by the first YAML file.
_TOP_KEY = r"(?m)^(event_type|handler)\s*:"
_NATIVE_SECTION = r"(?m)^(?:hooks|builtin_hooks)\s*:"


def in_registry_folder(name: str) -> bool:
    """Whether the file lies directly in a ``.system/hooks`` folder."""
    return PurePath(name).parent.parts[-2:] == (".system", "hooks")


def claims(name: str, text: str) -> bool:
    if suffix(name) not in (".yaml", ".yml"):
        return False
    if re.search(_NATIVE_SECTION, text):  # seed 000's hook file, wherever it lies
        return False
    # In the registry's folder one of its keys says enough; elsewhere it takes both.
    keys = len(set(re.findall(_TOP_KEY, text)))
    return keys == 2 or (keys == 1 and in_registry_folder(name))


def project_root(name: str) -> Path:
    """Where handler commands run from: the folder holding ``.system`` for a file of the
    registry folder, else the file's own folder."""
    path = Path(name)
    if in_registry_folder(name):
        return path.parent.parent.parent
    return path.parent


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.registry.reader import read

    return read(source, profile or load_profile(PROFILE), project_root(source.name))
