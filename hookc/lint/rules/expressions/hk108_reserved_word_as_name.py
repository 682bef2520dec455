"""A CEL reserved word is used as a name or field.

## Example

```
when: "request.package == 'x'"
```

## Fix

Index instead of selecting: `request['package']`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK108",
    name="reserved-word-as-name",
    severity="error",
    summary="reserved word used as a name",
)
