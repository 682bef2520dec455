"""The file writes more than 1,000,000 YAML values (counted as it is read, before any is made:
a flat list of millions of numbers took a minute and gigabytes).

## Example

```
items: [1,1,1,1,...] four million times
```

## Fix

Split the file, or write the values as fewer, longer texts.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK220",
    name="too-many-yaml-values",
    severity="error or warning",
    summary="the YAML holds more than 1,000,000 values",
)
