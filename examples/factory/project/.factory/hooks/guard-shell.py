#!/usr/bin/env python3
"""Refuse `rm -rf` in the shell tool: exit 2 blocks the call, stderr tells the model why."""
import json
import sys

event = json.load(sys.stdin)
command = event.get("tool_input", {}).get("command", "")
if "rm -rf" in command:
    print("rm -rf is not allowed here; delete files one by one", file=sys.stderr)
    sys.exit(2)
