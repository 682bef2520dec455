"""The action has a parameter its type does not declare.

## Example

```
action: {type: retry, attempts: 3}
```

## Fix

Use the declared name (the hint names the closest).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK302",
    name="unknown-action-parameter",
    severity="error",
    summary="unknown action parameter",
)
