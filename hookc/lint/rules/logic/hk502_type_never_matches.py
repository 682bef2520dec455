"""An operator is applied to a path whose declared type can never accept it.

## Example

```
when: "limit_code > 3"   (limit_code is a string)
```

## Fix

Compare with a value of the path's type.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK502",
    name="type-never-matches",
    severity="error",
    summary="operator applied to a path whose schema type can never match",
)
