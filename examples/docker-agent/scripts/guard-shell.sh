#!/bin/sh
# Deny `rm -rf`, `sudo` and `dd` in shell calls (docker-agent reads the decision on stdout).
cmd=$(jq -r '.tool_input.cmd // ""')
if echo "$cmd" | grep -qE 'rm -rf|sudo|dd if='; then
  echo '{"hook_specific_output":{"permission_decision":"deny","permission_decision_reason":"destructive command"}}'
fi
