#!/bin/sh
# Keep the transcript path, so notes survive compaction.
jq -r '.transcript_path' >> "${CLAUDE_PLUGIN_ROOT}/notes.txt"
