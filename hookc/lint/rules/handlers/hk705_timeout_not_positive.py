"""A timeout is zero or negative; it must be a positive number of seconds.

## Example

```
timeout: 0
```

## Fix

Give a positive number of seconds, or leave it out for the tool's default.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK705",
    name="timeout-not-positive",
    severity="error",
    summary="timeout that is not a positive number of seconds",
)
