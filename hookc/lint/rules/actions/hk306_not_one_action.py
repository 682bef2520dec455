"""A directive XML hook has no action element, or more than one.

## Example

```
<hook event="error"><abort/><retry/></hook>
```

## Fix

Keep exactly one action element.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK306",
    name="not-one-action",
    severity="error",
    summary="a hook must have exactly one action",
)
