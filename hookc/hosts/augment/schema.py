"""The JSON Schema of Augment's hook settings: Claude Code's, with Augment's events and
command handlers only."""

from __future__ import annotations

from typing import Any

from hookc.hosts.claude_code.schema import schema as claude_schema
from hookc.hosts.profile import Profile


def schema(profile: Profile) -> dict[str, Any]:
    found = claude_schema(profile)
    found["title"] = "Augment hooks (.augment/settings.json `hooks`)"
    return found
