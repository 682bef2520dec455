"""The condition can never be true: the hook never fires.

## Example

```
when: "x > 100 && x < 50"
```

## Fix

Fix the condition, or remove the hook.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK503",
    name="never-true",
    severity="warning",
    summary="condition can never be true",
)
