"""Copilot's hook files are version 1; one that uses Copilot's own spellings (camelCase events)
without `"version": 1`, or with another version, is not the format it means to be.

## Example

```
{"hooks": {"preToolUse": [{"type": "command", "bash": "./guard.sh"}]}}
```

## Fix

Add `"version": 1` beside `"hooks"`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK756",
    name="copilot-file-version",
    severity="warning",
    summary="Copilot hooks file that is not version 1",
)
