#!/bin/sh
# Tabnine CLI BeforeTool hook: refuse destructive shell commands.
input=$(cat)
case "$input" in
  *"rm -rf"*|*"push --force"*) echo '{"decision": "deny", "reason": "destructive command refused"}' ;;
  *) echo '{"decision": "allow"}' ;;
esac
