"""The JSON Schema of Cursor's hooks.json: ``version`` 1 and ``hooks``, each event a list
of handlers (``command`` by default, or ``type: "prompt"``) with their own matcher."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile

MATCHER = (
    "a JavaScript regular expression searched (unanchored) in the tool type (preToolUse, "
    "postToolUse, postToolUseFailure, MCP events), the command (shell events) or the "
    "subagent type (subagent events); `*` or empty: always"
)


def schema(profile: Profile) -> dict[str, Any]:
    found = document(
        profile,
        title="Cursor hooks (.cursor/hooks.json)",
        properties={
            "version": {"const": 1, "description": "the format's version: 1"},
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": events(profile)},
                "additionalProperties": {
                    "type": "array",
                    "items": {"$ref": "#/definitions/flat_handler"},
                },
            },
        },
        definitions={},
        required=["version", "hooks"],
    )
    definitions = found["definitions"]
    for name in profile.action_types:
        handler = definitions[f"handler_{name}"]
        handler["properties"]["matcher"] = {"type": "string", "description": MATCHER}
        handler["properties"]["loop_limit"] = {
            "type": ["integer", "null"],
            "description": "stop, subagentStop: how many follow-ups (default 5; null: no limit)",
        }
        handler["properties"]["failClosed"]["description"] = (
            "a failing handler denies (events that ask a permission)"
        )
        handler["required"] = [key for key in handler["required"] if key != "type"]
    definitions["flat_handler"] = {
        "type": "object",
        "description": "a handler: `command` unless `type` says `prompt`",
        "if": {"properties": {"type": {"const": "prompt"}}, "required": ["type"]},
        "then": {"$ref": "#/definitions/handler_prompt"},
        "else": {"$ref": "#/definitions/handler_command"},
    }
    return found
