"""A Kiro `.kiro/hooks/*.json` file whose `version` is not "v1", the only version of the
format.

## Example

```
{"version": "1.0", "hooks": [...]}
```

## Fix

Write "version": "v1".

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK744",
    name="kiro-file-version",
    severity="warning",
    summary='Kiro hooks file whose `version` is not "v1"',
)
