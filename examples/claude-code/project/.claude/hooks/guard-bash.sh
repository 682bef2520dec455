#!/bin/sh
# Block recursive deletes outside the project: exit 2 tells Claude Code to refuse the call.
command=$(jq -r '.tool_input.command // ""')
case "$command" in
  *"rm -rf /"*|*"rm -rf ~"*) echo "refusing a recursive delete outside the project" >&2; exit 2 ;;
esac
exit 0
