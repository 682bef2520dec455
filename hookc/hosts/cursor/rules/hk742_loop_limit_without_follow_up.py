"""A Cursor `loop_limit` on an event other than `stop` or `subagentStop`: it caps the follow-up
messages those send, and does nothing elsewhere.

## Example

```
"afterFileEdit": [{"command": "./fmt.sh", "loop_limit": 3}]
```

## Fix

Remove it, or move the handler to `stop`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK742",
    name="loop-limit-without-follow-up",
    severity="warning",
    summary="Cursor `loop_limit` on an event that sends no follow-up",
)
