"""Tabnine CLI BeforeTool hook: block writes that hold an API key."""

import json
import re
import sys

event = json.load(sys.stdin)
text = json.dumps(event.get("tool_input", {}))
if re.search(r"AKIA[0-9A-Z]{16}", text):
    print(json.dumps({"decision": "block", "reason": "the write holds an AWS key"}))
