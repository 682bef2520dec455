"""The JSON Schema of Claude Code's hook files (settings `hooks`, a plugin's hooks.json)."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile


def schema(profile: Profile) -> dict[str, Any]:
    group = {
        "type": "object",
        "properties": {
            "matcher": {
                "type": "string",
                "description": "`*`, empty or absent: always; letters, digits, `_`, `-`, "
                "spaces, `,` and `|`: exact names, separated by `|` or `,` (FileChanged and "
                "StopFailure: letters, digits, `_` and `|` only); anything else: a JavaScript "
                "regular expression",
            },
            "hooks": {"type": "array", "items": {"$ref": "#/definitions/handler"}},
            "description": {"type": "string"},
            "id": {"type": "string"},
        },
        "required": ["hooks"],
        "additionalProperties": False,
    }
    return document(
        profile,
        title="Claude Code hooks (settings.json `hooks`, a plugin's hooks/hooks.json)",
        properties={
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": events(profile)},
                "additionalProperties": {"type": "array", "items": {"$ref": "#/definitions/group"}},
            },
            "disableAllHooks": {"type": "boolean"},
            "allowManagedHooksOnly": {"type": "boolean"},
            "allowedHttpHookUrls": {"type": "array", "items": {"type": "string"}},
            "httpHookAllowedEnvVars": {"type": "array", "items": {"type": "string"}},
            "description": {"type": "string"},
        },
        definitions={"group": group},
    )
