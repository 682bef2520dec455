"""The JSON Schema of Tabnine CLI's hook files: Gemini CLI's, titled for Tabnine."""

from __future__ import annotations

from typing import Any

from hookc.hosts.gemini_cli.schema import settings_schema
from hookc.hosts.profile import Profile


def schema(profile: Profile) -> dict[str, Any]:
    return settings_schema(profile, "Tabnine CLI hooks (.tabnine/agent/settings.json `hooks`)")
