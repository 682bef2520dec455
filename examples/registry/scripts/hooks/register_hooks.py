#!/usr/bin/env python3
"""Seed 001 §2.2's registration script, as a project would write it: scan
`.system/hooks/*.yaml`, keep the enabled hooks, print them grouped by `event_type` as JSON.

`hookc compile .system/hooks/ -o build --target registration` writes the same bytes (a test
holds it to that), after checking every file; with it, a project can drop this script.
"""

import json
import sys
from pathlib import Path

import yaml

# The events in the order of a session; the seed's example output lists its groups so.
EVENTS = [
    "UserPromptSubmit",
    "PromptSubmit",
    "PreAbilityCall",
    "PostAbilityCall",
    "SessionStart",
    "SessionEnd",
    "SessionStop",
]


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else ".system/hooks")
    grouped: dict[str, list[dict[str, object]]] = {}
    for path in sorted(folder.glob("*.yaml")):
        hook = yaml.safe_load(path.read_text(encoding="utf-8"))
        if not hook.get("enabled", True):
            continue
        handler = {"kind": hook["handler"]["kind"], "command": hook["handler"]["command"]}
        grouped.setdefault(hook["event_type"], []).append({"id": hook["id"], "handler": handler})
    order = [event for event in EVENTS if event in grouped]
    order += sorted(event for event in grouped if event not in EVENTS)
    print(json.dumps({event: grouped[event] for event in order}, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
