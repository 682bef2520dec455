"""Two hooks have the same id (in one file, or across the files of one run).

## Example

```
- id: budget ...
- id: budget ...
```

## Fix

Give each hook its own id.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK401",
    name="duplicate-hook-id",
    severity="error",
    summary="duplicate hook id",
)
