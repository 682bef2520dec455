"""The `when` expression does not parse as CEL.

## Example

```
when: "limit_code = 'spend_exceeded'"
```

## Fix

Write the expression in CEL: `==` compares, `&&`/`and` joins, strings are quoted.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK101",
    name="expression-syntax-error",
    severity="error",
    summary="syntax error in an expression",
)
