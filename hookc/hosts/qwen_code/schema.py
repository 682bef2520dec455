"""The JSON Schema of Qwen Code's hook files (`.qwen/settings.json` `hooks`)."""

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
                "description": "`*`, `.*` or empty: always; the exact value; a `|` list of "
                "values; else an unanchored JavaScript regular expression",
            },
            "sequential": {"type": "boolean"},
            "hooks": {"type": "array", "items": {"$ref": "#/definitions/handler"}},
        },
        "required": ["hooks"],
        "additionalProperties": False,
    }
    found = document(
        profile,
        title="Qwen Code hooks (.qwen/settings.json `hooks`)",
        properties={
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": events(profile)},
                "additionalProperties": {"type": "array", "items": {"$ref": "#/definitions/group"}},
            },
            "disableAllHooks": {"type": "boolean"},
        },
        definitions={"group": group},
    )
    for name in ("command", "http", "prompt"):
        handler = found["definitions"][f"handler_{name}"]["properties"]
        handler.pop("sequential", None)  # the group's field, not a handler's
        handler["timeout"]["description"] = "milliseconds" if name == "command" else "seconds"
    return found
