#!/bin/sh
# Refuse a commit whose staged diff holds something that looks like a key.
if git diff --cached | grep -qE 'AKIA[0-9A-Z]{16}|-----BEGIN [A-Z ]*PRIVATE KEY'; then
  echo "the staged changes hold a secret" >&2
  exit 2
fi
