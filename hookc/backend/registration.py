"""``hookc compile --target registration``: what seed 001's ``register_hooks.py`` emits.

The enabled hooks grouped by ``event_type``, each ``{"id": ..., "handler": {"kind": ...,
"command": ...}}``: JSON indented by two spaces, as the seed's example output is. Groups
follow the profile's events in the order of a session (the seed's output lists
UserPromptSubmit, PostAbilityCall, SessionStop in that order), then events the profile
does not know, by name; hooks within a group keep the order of their files.
"""

from __future__ import annotations

import json
from typing import Any

from hookc.hosts.profile import Profile
from hookc.ir.hooks import HookSet


def registration(hookset: HookSet, profile: Profile) -> dict[str, list[dict[str, Any]]]:
    grouped: dict[str, list[dict[str, Any]]] = {}
    for hook in hookset.hooks:
        if hook.enabled:
            handler = {"kind": hook.action.type, "command": hook.action.params.get("command")}
            grouped.setdefault(hook.event, []).append({"id": hook.id, "handler": handler})
    known = [event for event in profile.events if event in grouped]
    others = sorted(event for event in grouped if event not in profile.events)
    return {event: grouped[event] for event in known + others}


def registration_json(hookset: HookSet, profile: Profile) -> str:
    return json.dumps(registration(hookset, profile), indent=2, ensure_ascii=False) + "\n"
