"""A string literal is opened and never closed.

## Example

```
when: "tool == 'Bash"
```

## Fix

Close the string with the quote it was opened with.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK102",
    name="unterminated-string",
    severity="error",
    summary="unterminated string literal",
)
