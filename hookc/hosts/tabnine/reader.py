"""Tabnine CLI's hook files: Gemini CLI's reader (``hookc.hosts.gemini_cli.reader``, which
states every rule) with Tabnine's name in its findings and Tabnine's project variable."""

from __future__ import annotations

from dataclasses import replace

from hookc.frontend.lower import Loaded
from hookc.hosts.gemini_cli.reader import GEMINI, read_with
from hookc.hosts.profile import Profile
from hookc.source import Source

TABNINE = replace(
    GEMINI,
    host="Tabnine CLI",
    migrate_hint=None,  # Tabnine documents no migration command
    settings_dir=".tabnine",
    variables={**GEMINI.variables, "TABNINE_PROJECT_DIR": "project"},
)


def read(source: Source, profile: Profile) -> Loaded:
    return read_with(source, profile, TABNINE)
