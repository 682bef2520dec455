r"""A string holds an escape CEL does not define (`\d` in a non-raw string).

## Example

```
when: "cmd.matches('\d+')"
```

## Fix

Use a raw string, `r'\d+'`, or double the backslash.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK104",
    name="invalid-escape",
    severity="error",
    summary="invalid escape sequence in a string literal",
)
