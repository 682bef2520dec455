#!/usr/bin/env python3
"""Refuse a force push from the agent: exit 2 blocks the tool call."""
import json
import sys

event = json.load(sys.stdin)
command = event.get("tool_input", {}).get("command", "")
if "git push" in command and ("--force" in command or " -f" in command):
    print("force pushes go through review, not the agent", file=sys.stderr)
    sys.exit(2)
