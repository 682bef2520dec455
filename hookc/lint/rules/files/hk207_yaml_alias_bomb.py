"""YAML aliases expand to more than 1,000,000 nodes, add more than 100,000 values or
4 MiB of text to what the file writes, or an alias contains itself.

## Example

```
a: &a [*b, *b, ...] nested
```

## Fix

Write the values out, or use fewer nested aliases.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK207",
    name="yaml-alias-bomb",
    severity="error",
    summary="YAML aliases expand to too many nodes",
)
