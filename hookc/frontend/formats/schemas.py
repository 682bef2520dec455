"""JSON Schemas of the Claude Code and docker-agent hook formats, made from their profiles
so that the schema an editor uses and the checks hookc runs cannot drift apart.

``schemas/claude-code-hooks.schema.json`` and ``schemas/docker-agent-hooks.schema.json``
are these documents as written by ``python -m hookc.frontend.formats.schemas``; a test
holds the files equal to what this module makes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookc.profile import ActionType, Profile, load_profile

DRAFT = "http://json-schema.org/draft-07/schema#"
FILES = {
    "claude-code": "claude-code-hooks.schema.json",
    "docker-agent": "docker-agent-hooks.schema.json",
}


def _parameter(spec: Any) -> dict[str, Any]:
    schema: dict[str, Any] = {}
    if spec.type is not None:
        schema["type"] = spec.type
    if spec.enum is not None:
        schema["enum"] = list(spec.enum)
    if spec.has_default:
        schema["default"] = spec.default
    if spec.name == "timeout":
        schema["exclusiveMinimum"] = 0
        schema["description"] = "seconds"
    return schema


def _handler(action_type: ActionType) -> dict[str, Any]:
    """One handler type: its `type` constant and its fields, nothing else."""
    properties: dict[str, Any] = {"type": {"const": action_type.name}}
    for spec in action_type.params:
        properties[spec.name] = _parameter(spec)
    required = ["type", *(spec.name for spec in action_type.params if spec.required)]
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    if action_type.description:
        schema["description"] = action_type.description
    return schema


def _handlers(profile: Profile) -> dict[str, Any]:
    """A handler of any type, chosen by its `type` (if/then, so an editor reports the
    fields of the type written)."""
    types = sorted(profile.action_types)
    return {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": types}},
        "allOf": [
            {
                "if": {"properties": {"type": {"const": name}}, "required": ["type"]},
                "then": {"$ref": f"#/definitions/handler_{name}"},
            }
            for name in types
        ],
    }


def _events(profile: Profile) -> list[str]:
    return [e for e in profile.events if not profile.event_details(e).get("internal")]


def claude_code(profile: Profile) -> dict[str, Any]:
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
    return _document(
        profile,
        title="Claude Code hooks (settings.json `hooks`, a plugin's hooks/hooks.json)",
        properties={
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": _events(profile)},
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


def docker_agent(profile: Profile) -> dict[str, Any]:
    events = _events(profile)
    tool_events = [e for e in events if profile.event_details(e).get("tool")]
    hooks: dict[str, Any] = {}
    for event in events:
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
    return _document(
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


def _document(
    profile: Profile,
    title: str,
    properties: Mapping[str, Any],
    definitions: Mapping[str, Any],
    required: list[str] | None = None,
) -> dict[str, Any]:
    all_definitions: dict[str, Any] = dict(definitions)
    all_definitions["handler"] = _handlers(profile)
    for name, action_type in sorted(profile.action_types.items()):
        all_definitions[f"handler_{name}"] = _handler(action_type)
    document: dict[str, Any] = {
        "$schema": DRAFT,
        "$id": f"https://hookc.dev/schemas/{FILES[profile.name]}",
        "title": title,
        "description": "Made by hookc from its profile "
        f"`{profile.name}`; other keys of the file are left alone.",
        "type": "object",
        "properties": dict(properties),
        "definitions": all_definitions,
    }
    if required:
        document["required"] = required
    return document


def schema(name: str) -> dict[str, Any]:
    profile = load_profile(name)
    return claude_code(profile) if name == "claude-code" else docker_agent(profile)


def text(name: str) -> str:
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"


def main(folder: str) -> None:
    for name, file_name in FILES.items():
        (Path(folder) / file_name).write_text(text(name), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "schemas")
