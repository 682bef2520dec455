"""A `${...}` template reads a path not in the event context schema.

## Example

```
message: "${cost.spent}"
```

## Fix

Fix the path, or declare it in `event_context_schema`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK507",
    name="template-unknown-path",
    severity="warning",
    summary="template reads a path not in the event context schema",
)
