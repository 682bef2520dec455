"""The expression nests more than 128 levels deep.

## Example

```
when: "((((((...))))))" nested 200 times
```

## Fix

Flatten it: chains of `&&` and `||` count as one level.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK106",
    name="expression-too-deep",
    severity="error",
    summary="expression nested too deeply",
)
