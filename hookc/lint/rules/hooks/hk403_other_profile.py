"""The file declares a profile or ordering other than the one it is read with.

## Example

```
profile: claude_code   (read with --profile default)
```

## Fix

Read it with the profile it names, or remove the declaration.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK403",
    name="other-profile",
    severity="error",
    summary="file written for another profile or ordering",
)
