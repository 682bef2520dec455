"""A JSON hook file (Claude Code's settings.json or hooks.json) does not parse.

## Example

```
{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "date"},]}]}}
```

## Fix

Fix the JSON where the caret points: JSON allows no comma after the last item, and no
comments.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK214",
    name="json-syntax-error",
    severity="error",
    summary="JSON syntax error",
)
