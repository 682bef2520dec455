"""An operator is applied to constants it can never accept, so the expression is always an
error.

## Example

```
when: "'a' in 'abc'"
```

## Fix

Use the operator for the type: `'abc'.contains('a')`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK113",
    name="operator-never-applies",
    severity="error",
    summary="operator applied to operands it can never accept",
)
