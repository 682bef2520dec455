"""The condition is always true: it tests nothing.

## Example

```
when: "x > 1 || x <= 1 || !has(x)"
```

## Fix

Fix the condition, or remove it (a hook without one always fires).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK504",
    name="always-true",
    severity="warning",
    summary="condition is always true",
)
