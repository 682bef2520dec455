"""A required parameter is missing.

## Example

```
action: {type: call_directive}
```

## Fix

Add the parameter.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK305",
    name="missing-required-parameter",
    severity="error",
    summary="required action parameter missing",
)
