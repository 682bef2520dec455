"""The JSON Schema of Windsurf's hooks.json: ``hooks``, each event a list of commands."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile


def schema(profile: Profile) -> dict[str, Any]:
    found = document(
        profile,
        title="Windsurf Cascade hooks (.windsurf/hooks.json)",
        properties={
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": events(profile)},
                "additionalProperties": {
                    "type": "array",
                    "items": {"$ref": "#/definitions/handler_command"},
                },
            },
        },
        definitions={},
        required=["hooks"],
    )
    handler = found["definitions"]["handler_command"]
    handler["required"] = ["command"]  # `type` is optional: command is the only one
    handler["properties"]["show_output"]["description"] = "show the output in Cascade's UI"
    handler["properties"]["working_directory"]["description"] = (
        "where the command runs (default: the workspace's root)"
    )
    return found
