"""A regular expression or glob pattern does not compile.

## Example

```
when: "cmd.matches('(unclosed')"
```

## Fix

Fix the pattern; the message quotes the compiler's reason.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK112",
    name="invalid-pattern",
    severity="error or warning",
    summary="invalid regular expression or glob pattern",
)
