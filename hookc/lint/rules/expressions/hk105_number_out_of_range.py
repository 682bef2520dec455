"""A number does not fit a 64-bit integer or a double.

## Example

```
when: "count > 99999999999999999999"
```

## Fix

Use a smaller number, or a double (`1e20`).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK105",
    name="number-out-of-range",
    severity="error",
    summary="numeric literal out of range (int64 or double)",
)
