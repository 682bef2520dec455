"""A hook has both `when` and `condition`.

## Example

```
when: "x > 1"
condition: {path: x, op: gt, value: 1}
```

## Fix

Keep one of them.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK209",
    name="when-and-condition",
    severity="error",
    summary="a hook has both `when` and `condition`",
)
