"""A parameter's value is not of the declared type.

## Example

```
action: {type: retry, max_attempts: many}
```

## Fix

Give a value of the type the catalog declares.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK303",
    name="parameter-wrong-type",
    severity="error or warning",
    summary="action parameter of the wrong type",
)
