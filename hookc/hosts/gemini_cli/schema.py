"""The JSON Schema of Gemini CLI's hook files (settings `hooks` and `hooksConfig`, an
extension's hooks/hooks.json); Tabnine CLI's is the same with its own title."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile

MATCHER = (
    "BeforeTool, AfterTool: a JavaScript regular expression searched in the tool name "
    "(unanchored; one JavaScript refuses is compared as plain text); SessionStart, "
    "SessionEnd, PreCompress: the exact value; other events ignore it. `*` or empty: always"
)


def schema(profile: Profile) -> dict[str, Any]:
    return settings_schema(
        profile, "Gemini CLI hooks (settings.json `hooks`, an extension's hooks/hooks.json)"
    )


def settings_schema(profile: Profile, title: str) -> dict[str, Any]:
    group = {
        "type": "object",
        "properties": {
            "matcher": {"type": "string", "description": MATCHER},
            "sequential": {
                "type": "boolean",
                "description": "true: every handler the event plans runs in order",
            },
            "hooks": {"type": "array", "items": {"$ref": "#/definitions/handler"}},
        },
        "required": ["hooks"],
        "additionalProperties": False,
    }
    found = document(
        profile,
        title=title,
        properties={
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": [*events(profile), "enabled", "disabled",
                                           "notifications"]},
                "additionalProperties": {"type": "array", "items": {"$ref": "#/definitions/group"}},
            },
            "hooksConfig": {
                "type": "object",
                "properties": {
                    "enabled": {"type": "boolean", "default": True},
                    "disabled": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "names (or commands) of handlers not to run",
                    },
                    "notifications": {"type": "boolean", "default": True},
                },
            },
        },
        definitions={"group": group},
    )  # fmt: skip
    handler = found["definitions"]["handler_command"]
    handler["properties"].pop("sequential", None)  # the group's field, not a handler's
    handler["properties"]["timeout"]["description"] = "milliseconds"
    return found
