"""A matcher on an event that ignores matchers (Claude Code's `Stop`, say): the group runs on
every such event, whatever the matcher says.

## Example

```
"Stop": [{"matcher": "Bash", "hooks": [...]}]
```

## Fix

Remove the matcher, or write "*" to say "every time".

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK701",
    name="matcher-ignored",
    severity="warning",
    summary="matcher on an event that ignores matchers",
)
