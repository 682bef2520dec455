"""Augment's command-hook protocol: Claude Code's (``hookc.hosts.claude_code.protocol``
states every rule), which Augment's hooks page describes (JSON on stdin, exit 2 blocks,
``hookSpecificOutput``), with Augment's own input (``conversation_id`` and
``workspace_roots`` for ``session_id`` and ``cwd``) and millisecond timeouts (default
60000). Unverified beyond the fields that page names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hookc.handlers.protocol import Options
from hookc.hosts.claude_code.protocol import ClaudeCode


class Augment(ClaudeCode):
    name = "augment"
    default_timeout = 60.0

    def timeout_of(self, action: Mapping[str, Any]) -> float:
        timeout = action.get("timeout")
        if isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout > 0:
            return float(timeout) / 1000
        return self.default_timeout

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload.setdefault("conversation_id", options.session_id or "hookc-conversation")
        payload.setdefault("workspace_roots", [options.project_dir or options.cwd])
        payload["hook_event_name"] = event
        return payload

    def environment(self, options: Options) -> dict[str, str]:
        return {}


PROTOCOL = Augment()
