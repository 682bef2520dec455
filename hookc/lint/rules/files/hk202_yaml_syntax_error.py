"""The YAML does not parse.

## Example

```
hooks:
  - event: error
   action: {type: abort}
```

## Fix

Fix the indentation or quoting the message points at.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK202",
    name="yaml-syntax-error",
    severity="error",
    summary="YAML syntax error",
)
