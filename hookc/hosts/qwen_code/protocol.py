"""Qwen Code's command-hook protocol: Claude Code's (``hookc.hosts.claude_code.protocol``
states every rule), which Qwen Code moved to with Claude Code's event names: the event's JSON
on stdin, exit 0 with optional JSON (`decision`, `hookSpecificOutput`), exit 2 blocking where
the event can, other exits non-blocking errors.

Qwen Code's own: a `command` handler's `timeout` is in milliseconds (its settings schema and
``packages/core/src/hooks``; `http` and `prompt` timeouts are seconds, and hookc runs command
handlers only). Unverified, and hookc's choices: the default when a command handler names
none is taken as Gemini CLI's, whose fork Qwen Code is (60,000 ms); `QWEN_PROJECT_DIR` is set
beside `CLAUDE_PROJECT_DIR`, as Gemini sets `GEMINI_PROJECT_DIR`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hookc.handlers.protocol import Options
from hookc.hosts.claude_code.protocol import ClaudeCode


class QwenCode(ClaudeCode):
    name = "qwen-code"
    default_timeout = 60.0

    def timeout_of(self, action: Mapping[str, Any]) -> float:
        timeout = action.get("timeout")
        if isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout > 0:
            return float(timeout) / 1000
        return self.default_timeout

    def environment(self, options: Options) -> dict[str, str]:
        project = options.project_dir or options.cwd
        return {**super().environment(options), "QWEN_PROJECT_DIR": project}


PROTOCOL = QwenCode()
