"""The file holds no hooks.

## Example

```
hooks: []
```

## Fix

Add hooks, or do not give hookc this file.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK208",
    name="no-hooks",
    severity="warning",
    summary="no hooks found in the file",
)
