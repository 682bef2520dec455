"""A path is not in the event context schema: probably misspelt, or missing from the schema.

## Example

```
when: "cost.spent > 10.0"
```

## Fix

Fix the path (the hint names the closest), or declare it in `event_context_schema`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK501",
    name="unknown-path",
    severity="warning",
    summary="path not in the event context schema",
)
