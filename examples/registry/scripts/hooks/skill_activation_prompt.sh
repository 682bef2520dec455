#!/bin/sh
# Seed 001 handler stand-in: reads the event context as JSON on stdin.
cat >/dev/null
echo "{}"
