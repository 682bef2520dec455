"""CEL's unsigned integers (`1u`) and bytes (`b'..'`) have no place in hook contexts.

## Example

```
when: "retries < 3u"
```

## Fix

Write a plain integer (`3`) or a string.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK103",
    name="unsupported-literal",
    severity="error",
    summary="unsupported literal (uint or bytes)",
)
