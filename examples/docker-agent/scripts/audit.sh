#!/bin/sh
# Append the event to the agent's audit log.
jq -c '{event: .hook_event_name, tool: .tool_name}' >> /tmp/agent-audit.jsonl
