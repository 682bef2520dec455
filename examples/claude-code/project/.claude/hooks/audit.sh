#!/bin/sh
# Append the tool call to the project's audit log.
jq -c '{time: now, tool: .tool_name, input: .tool_input}' >> "$CLAUDE_PROJECT_DIR/.claude/audit.jsonl"
