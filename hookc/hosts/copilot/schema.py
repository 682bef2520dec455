"""The JSON Schema of GitHub Copilot's hook files (``.github/hooks/*.json``,
``~/.copilot/hooks/*.json``): ``version`` 1, ``disableAllHooks``, and per event a list of
entries, each a handler with its ``matcher`` beside its fields."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile

MATCHER = (
    "A regular expression anchored as ^(?:matcher)$: it must match the whole tool name "
    "(preToolUse, postToolUse, postToolUseFailure, permissionRequest), trigger "
    "(preCompact), agent name (subagentStart) or notification type (notification). An "
    "invalid one makes Copilot skip the entry; other events ignore it."
)


def schema(profile: Profile) -> dict[str, Any]:
    found = document(
        profile,
        title="GitHub Copilot hooks (.github/hooks/*.json, ~/.copilot/hooks/*.json)",
        properties={
            "version": {"const": 1, "description": "the format's version: 1"},
            "disableAllHooks": {
                "type": "boolean",
                "description": "true: keep the file's hooks and run none of them",
            },
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": events(profile)},
                "additionalProperties": {
                    "type": "array",
                    "items": {"$ref": "#/definitions/handler"},
                },
            },
        },
        definitions={},
        required=["hooks"],
    )
    definitions = found["definitions"]
    for name in profile.action_types:
        handler = definitions[f"handler_{name}"]
        handler["properties"]["matcher"] = {"type": "string", "description": MATCHER}
        for field in ("timeoutSec", "timeout"):
            if field in handler["properties"]:
                handler["properties"][field]["exclusiveMinimum"] = 0
                handler["properties"][field]["description"] = "seconds"
    command = definitions["handler_command"]
    command["anyOf"] = [{"required": [field]} for field in ("bash", "powershell", "command")]
    return found
