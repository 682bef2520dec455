"""The action type is not in the catalog.

## Example

```
action: {type: retyr}
```

## Fix

Use a catalog type (the hint names the closest) or declare it in `action_types`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK301",
    name="unknown-action-type",
    severity="error",
    summary="unknown action type",
)
