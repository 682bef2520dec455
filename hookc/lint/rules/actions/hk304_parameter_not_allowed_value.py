"""A parameter's value is not one of its allowed values.

## Example

```
action: {type: escalate, target: boss}
```

## Fix

Use one of the values the message lists.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK304",
    name="parameter-not-allowed-value",
    severity="error or warning",
    summary="action parameter not one of its allowed values",
)
