"""A `when` is empty.

## Example

```
when: ""
```

## Fix

Write a condition, or remove `when` (a hook without one always fires).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK107",
    name="empty-expression",
    severity="error",
    summary="empty expression",
)
