#!/bin/sh
# Appends the post_tool_use event (JSON on stdin) to the audit log.
cat >> "${AUDIT_LOG:-audit.jsonl}"
echo '{"action": "Continue"}'
