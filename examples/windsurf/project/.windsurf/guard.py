import json, sys

event = json.load(sys.stdin)
if "push --force" in event.get("tool_info", {}).get("command_line", ""):
    print("no force pushes", file=sys.stderr)
    sys.exit(2)
