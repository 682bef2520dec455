"""An inline suppression cannot be read: no code, an unknown one, or a reason glued to the `]`.

## Example

```
# hookc: ignore[HK5O1]
```

## Fix

Write `hookc: ignore[HK501]`, or several codes: `hookc: ignore[HK501, HK505]`, then a space
and the reason if you like.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK802",
    name="unreadable-suppression",
    severity="warning",
    summary="suppression that cannot be read",
)
