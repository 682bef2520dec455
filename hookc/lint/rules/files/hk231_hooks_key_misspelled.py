"""A JSON hook or settings file has no `hooks` key, but a key that is `hooks` misspelt
(`"hook"`, `"Hooks"`, `"hooks_"`) holding an object or a list.

## Why

No host reads hooks under another key, and none says so: a `.claude/settings.json` with
`"hook": {...}` loads no hook at all, silently.

## Example

```
{
  "hook": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
    ]
  }
}
```

## Fix

Write `hooks`.

## Fix safety

Unsafe (`--unsafe-fixes`): the key is renamed in its place, nothing else of the file changed,
but hooks that never ran start to run.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK231",
    name="hooks-key-misspelled",
    severity="error",
    summary="the `hooks` key misspelt in a JSON hook file",
    fix="unsafe",
)
