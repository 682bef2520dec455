#!/usr/bin/env python3
"""Deny `rm -rf` in any shell tool (Codex's matcher `Bash` selects them all)."""
import json
import sys

event = json.load(sys.stdin)
command = str(event.get("tool_input", {}).get("command", ""))
if "rm -rf" in command:
    reason = f"{event['tool_name']}: `rm -rf` is not allowed here"
    output = {"permissionDecision": "deny", "permissionDecisionReason": reason}
    print(json.dumps({"hookSpecificOutput": {"hookEventName": "PreToolUse", **output}}))
