"""A function is unknown, or called with the wrong number of arguments.

## Example

```
when: "len(items) > 2"
```

## Fix

Use CEL's functions: `size(items) > 2`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK110",
    name="unknown-function",
    severity="error",
    summary="unknown function, or wrong number of arguments",
)
