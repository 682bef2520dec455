"""Refuse edits to generated and secret files (exit 2 blocks the tool call)."""

import json
import sys

path = json.load(sys.stdin).get("tool_input", {}).get("file_path", "")
if path.endswith(".env") or "/generated/" in path:
    print(f"{path} is not to be edited by hand", file=sys.stderr)
    sys.exit(2)
