"""A JSON hook file writes its events at the top level, without the `hooks` object every host
reads them from: `{"PreToolUse": [...]}` for `{"hooks": {"PreToolUse": [...]}}`.

## Why

A plugin's `hooks/hooks.json`, Cursor's and Copilot's `hooks.json` and every settings file
hold events under `hooks`. A host that meets events at the top level loads no hook (a
settings file) or refuses the file; hookc said "unknown kind of hook file", which sends the
author looking for the wrong mistake.

## Example

```
{
  "PreToolUse": [
    {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
  ]
}
```

## Fix

Wrap the events in `{"hooks": {...}}`.

## Fix safety

No automatic fix: the wrapping moves the whole file's text.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK230",
    name="hooks-key-missing",
    severity="error",
    summary="events at the top level of a JSON hook file, not under `hooks`",
)
