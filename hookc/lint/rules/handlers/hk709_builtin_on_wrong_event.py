"""A builtin is placed on an event it does not serve, where it does nothing.

## Example

```
session_start: [{type: builtin, command: add_date}]   (add_date serves turn_start)
```

## Fix

Move it under the event the hint names.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK709",
    name="builtin-on-wrong-event",
    severity="warning",
    summary="builtin on an event it does not serve",
)
