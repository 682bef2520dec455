"""The JSON Schema of Codex's hooks.json (``{description?, hooks}``; the same shape as the
``[hooks]`` tables of config.toml). Its root allows no other key, ``$schema`` included:
Codex refuses the file otherwise, so an editor is pointed at this schema by its own
settings, not by the file."""

from __future__ import annotations

from typing import Any

from hookc.frontend.formats.schemas import document, events
from hookc.hosts.profile import Profile


def schema(profile: Profile) -> dict[str, Any]:
    group = {
        "type": "object",
        "properties": {
            "matcher": {
                "type": ["string", "null"],
                "description": "null, absent, empty or `*`: always; ASCII letters, digits, `_` "
                "and `|` only: exact names separated by `|`; anything else: a Rust regular "
                "expression, searched unanchored. Tool matchers also test a tool's aliases "
                "(`Edit`, `Write` for apply_patch; `Bash` for the shell tools; `Agent` for "
                "spawn_agent)",
            },
            "hooks": {"type": "array", "items": {"$ref": "#/definitions/handler"}},
        },
    }
    found = document(
        profile,
        title="Codex hooks (.codex/hooks.json; `[hooks]` in .codex/config.toml)",
        properties={
            "description": {"type": "string"},
            "hooks": {
                "type": "object",
                "propertyNames": {"enum": events(profile)},
                "additionalProperties": {"type": "array", "items": {"$ref": "#/definitions/group"}},
            },
        },
        definitions={"group": group},
    )
    found["additionalProperties"] = False
    command = found["definitions"]["handler_command"]["properties"]
    command["command_windows"] = {"type": "string", "description": "`commandWindows`"}
    for name in ("command", "mcp_tool"):
        timeout = found["definitions"][f"handler_{name}"]["properties"]["timeout"]
        timeout["minimum"] = 0  # 0 runs as one second
        timeout.pop("exclusiveMinimum", None)
    return found
