"""The JSON Schema of Kiro's ``.kiro/hooks/*.json`` (version "v1"); the older
``*.kiro.hook`` files have none here."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile

MATCHER = (
    "a regular expression searched (unanchored) in the tool name (PreToolUse, PostToolUse) "
    "or the file's path (PostFileCreate, PostFileSave, PostFileDelete); `*` or empty: always"
)


def schema(profile: Profile) -> dict[str, Any]:
    hook = {
        "type": "object",
        "properties": {
            "name": {"type": "string"},
            "description": {"type": "string"},
            "trigger": {"enum": events(profile)},
            "matcher": {"type": "string", "description": MATCHER},
            "action": {"$ref": "#/definitions/action"},
            "timeout": {"type": "number", "exclusiveMinimum": 0, "description": "seconds"},
            "enabled": {"type": "boolean", "default": True},
        },
        "required": ["trigger", "action"],
        "additionalProperties": False,
    }
    action = {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": sorted(profile.action_types)}},
        "allOf": [
            {
                "if": {"properties": {"type": {"const": name}}, "required": ["type"]},
                "then": {
                    "properties": {
                        "type": {"const": name},
                        **{
                            spec.name: {"type": spec.type}
                            for spec in action_type.params
                            if spec.name in ("command", "prompt")
                        },
                    },
                    "required": [
                        spec.name
                        for spec in action_type.params
                        if spec.name in ("command", "prompt")
                    ],
                    "additionalProperties": False,
                },
            }
            for name, action_type in sorted(profile.action_types.items())
        ],
    }
    return document(
        profile,
        title='Kiro hooks (.kiro/hooks/*.json, "version": "v1")',
        properties={
            "version": {"const": "v1"},
            "hooks": {"type": "array", "items": {"$ref": "#/definitions/hook"}},
        },
        definitions={"hook": hook, "action": action},
        required=["version", "hooks"],
    )
