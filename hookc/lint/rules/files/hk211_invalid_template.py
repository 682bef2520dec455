"""A `${...}` template is unclosed or its expression does not compile.

## Example

```
message: "spent ${cost.spend"
```

## Fix

Close the template: `${cost.spend}`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK211",
    name="invalid-template",
    severity="error",
    summary="invalid `${...}` template",
)
