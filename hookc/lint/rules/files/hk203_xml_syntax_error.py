"""The XML is not well-formed.

## Example

```
<hook when="x < 3">
```

## Fix

Escape `<` as `&lt;`, or put the condition in a `<when>` CDATA child.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK203",
    name="xml-syntax-error",
    severity="error",
    summary="XML syntax error",
)
