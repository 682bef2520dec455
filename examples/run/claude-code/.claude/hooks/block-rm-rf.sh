#!/bin/sh
# A Claude Code PreToolUse handler: refuse `rm -rf` (the flags in either order) in a Bash
# call. Exit 2 with the reason on stderr is how a hook blocks a call and tells the model why;
# exit 0 with nothing printed leaves the call to the usual permission flow.
input=$(cat)
if printf '%s' "$input" | grep -Eq '"command": *"([^"]*[^a-zA-Z_])?rm +-[a-zA-Z]*(rf|fr)'; then
  echo "Blocked: rm -rf deletes without asking. Remove the files by name instead." >&2
  exit 2
fi
exit 0
