"""JSON Schemas of the hosts' hook files, made from their profiles so that the schema an
editor uses and the checks hookc runs cannot drift apart. Each host's ``schema`` module
lays out its file's shape; this module holds what they share and writes the files.

``schemas/<host>-hooks.schema.json`` are these documents as written by
``python -m hookc.frontend.formats.schemas``; a test holds the files equal to what this
module makes.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from hookc.hosts import by_name, hosts
from hookc.hosts.profile import ActionType, Profile, load_profile

DRAFT = "http://json-schema.org/draft-07/schema#"


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


def handlers(profile: Profile) -> dict[str, Any]:
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


def events(profile: Profile) -> list[str]:
    return [e for e in profile.events if not profile.event_details(e).get("internal")]


def document(
    profile: Profile,
    title: str,
    properties: Mapping[str, Any],
    definitions: Mapping[str, Any],
    required: list[str] | None = None,
) -> dict[str, Any]:
    all_definitions: dict[str, Any] = dict(definitions)
    all_definitions["handler"] = handlers(profile)
    for name, action_type in sorted(profile.action_types.items()):
        all_definitions[f"handler_{name}"] = _handler(action_type)
    found: dict[str, Any] = {
        "$schema": DRAFT,
        "$id": f"https://hookc.dev/schemas/{by_name(profile.name).schema_file}",
        "title": title,
        "description": "Made by hookc from its profile "
        f"`{profile.name}`; other keys of the file are left alone.",
        "type": "object",
        "properties": dict(properties),
        "definitions": all_definitions,
    }
    if required:
        found["required"] = required
    return found


def schema(name: str) -> dict[str, Any]:
    """The JSON Schema of a host's files, made by its ``schema`` module from its profile."""
    host = by_name(name)
    return host.make_schema(load_profile(host.profile))


def files() -> dict[str, str]:
    """Each host that has a schema, and the file it is written to under ``schemas/``."""
    return {host.name: host.schema_file for host in hosts() if host.schema}


def text(name: str) -> str:
    return json.dumps(schema(name), indent=2, ensure_ascii=False) + "\n"


def main(folder: str) -> None:
    for name, file_name in files().items():
        (Path(folder) / file_name).write_text(text(name), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "schemas")
