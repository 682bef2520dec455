"""The profile knows no such event (a warning: runtimes add events).

## Example

```
event: eror
```

## Fix

Fix the name (the hint names the closest), or ignore HK402 for events your runtime adds.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK402",
    name="unknown-event",
    severity="warning",
    summary="event not known to the profile",
)
