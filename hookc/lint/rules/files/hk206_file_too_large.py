"""The file is larger than 10 MB.

## Example

```
a generated 50 MB hook file
```

## Fix

Split it into several files.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK206",
    name="file-too-large",
    severity="error",
    summary="file too large",
)
