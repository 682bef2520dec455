"""The JSON Schema of Factory Droid's hook files: Claude Code's, with Factory's events and
command handlers only."""

from __future__ import annotations

from typing import Any

from hookc.hosts.claude_code.schema import schema as claude_schema
from hookc.hosts.profile import Profile


def schema(profile: Profile) -> dict[str, Any]:
    found = claude_schema(profile)
    found["title"] = "Factory Droid hooks (.factory/hooks.json, `hooks` in .factory/settings.json)"
    return found
