"""The JSON Schema of docker-agent's hook files (`agents.<name>.hooks`)."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile


def schema(profile: Profile) -> dict[str, Any]:
    names = events(profile)
    tool_events = [e for e in names if profile.event_details(e).get("tool")]
    hooks: dict[str, Any] = {}
    for event in names:
        item = "#/definitions/group" if event in tool_events else "#/definitions/handler"
        hooks[event] = {"type": "array", "items": {"$ref": item}}
    group = {
        "type": "object",
        "properties": {
            "matcher": {
                "type": "string",
                "description": "a Go regular expression fully matched against the tool "
                "name; `*` or empty: every tool",
            },
            "hooks": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/handler"}},
            "preempt_yolo": {"type": "boolean"},
        },
        "required": ["hooks"],
        "additionalProperties": False,
    }
    builtins = sorted((profile.details.get("builtins") or {}).keys())
    return document(
        profile,
        title="docker-agent agent hooks (`agents.<name>.hooks`)",
        properties={
            "agents": {
                "type": "object",
                "additionalProperties": {
                    "type": "object",
                    "properties": {
                        "hooks": {
                            "type": "object",
                            "properties": hooks,
                            "additionalProperties": False,
                        }
                    },
                },
            }
        },
        definitions={
            "group": group,
            "builtin_names": {"enum": builtins},
        },
        required=["agents"],
    )
