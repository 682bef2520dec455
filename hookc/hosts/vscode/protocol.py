"""VS Code's command-hook protocol: Claude Code's output rules (``hookc.hosts.claude_code.
protocol`` states them), as VS Code's "Agent hooks" page describes them
(microsoft/vscode-docs ``docs/agent-customization/hooks.md``): exit 0 parses stdout as
JSON, exit 2 blocks and shows stderr to the model, any other status is a warning; the
output's ``continue``, ``stopReason``, ``systemMessage``, ``decision``/``reason`` and
``hookSpecificOutput`` (``permissionDecision`` allow|deny|ask, ``updatedInput``,
``additionalContext``); "the most restrictive wins".

What differs from Claude Code:
- Input: the common fields are ``timestamp`` (ISO 8601), ``cwd``, ``sessionId``,
  ``hookEventName`` and ``transcript_path`` (hookc adds those the context lacks).
- The command is the platform's (``hookSchema.ts`` ``resolveEffectiveCommand``): on Linux
  ``linux`` (or ``bash``), on macOS ``osx`` (or ``bash``), else ``command``; one from
  ``bash`` runs under bash, the others under the default shell. It runs in ``cwd``,
  relative to the workspace root (``--project-dir``), else in the root.
- ``timeout`` (or ``timeoutSec``) in seconds, 30 by default; no ``CLAUDE_PROJECT_DIR``;
  identical handlers are not merged (VS Code's code keeps every one).
"""

from __future__ import annotations

import datetime
import os
import shutil
import sys
import uuid
from collections.abc import Hashable, Mapping
from dataclasses import replace
from typing import Any

from hookc.handlers.protocol import Handler, Options
from hookc.hosts.claude_code.protocol import ClaudeCode


class VSCode(ClaudeCode):
    name = "vscode"
    default_timeout = 30.0

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        if action.get("type") != "command":
            return f"a `{action.get('type')}` handler (VS Code runs command hooks only)"
        platform = "osx" if sys.platform == "darwin" else "linux"
        own = _text(action.get(platform))
        from_bash = not own and bool(_text(action.get("bash")))
        command = own or _text(action.get("bash")) or _text(action.get("command"))
        if not command:
            return f"a command handler with no command for {platform}"
        shell: tuple[str, ...] = ("/bin/sh", "-c")
        if from_bash:
            bash = shutil.which("bash")
            if bash is None:
                return "a `bash` command, and no bash here to run it"
            shell = (bash, "-c")
        found = self._handler(hook_id, action, "command", command, options, shell)
        root = options.project_dir or options.cwd
        cwd = action.get("cwd")
        if isinstance(cwd, str) and cwd:
            cwd = os.path.expanduser(cwd)
            return replace(found, cwd=cwd if os.path.isabs(cwd) else os.path.join(root, cwd))
        return replace(found, cwd=root)

    def timeout_of(self, action: Mapping[str, Any]) -> float:
        for name in ("timeout", "timeoutSec"):
            value = action.get(name)
            if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
                return float(value)
        return self.default_timeout

    def dedupe_key(self, handler: Handler) -> Hashable | None:
        return None

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        now = datetime.datetime.now(datetime.UTC)
        payload.setdefault("timestamp", now.isoformat(timespec="milliseconds")[:-6] + "Z")
        payload.setdefault("cwd", options.cwd)
        payload.setdefault("sessionId", options.session_id or str(uuid.uuid4()))
        payload["hookEventName"] = event
        payload.setdefault("transcript_path", None)
        return payload

    def environment(self, options: Options) -> dict[str, str]:
        return {}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


PROTOCOL = VSCode()
