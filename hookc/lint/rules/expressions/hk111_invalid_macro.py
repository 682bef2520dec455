"""A macro (`has`, `exists`, `all`, `exists_one`, `filter`, `map`) is used wrongly.

## Example

```
when: "has(limit_code + 'x')"
```

## Fix

Give `has` a path, and the list macros a variable name and a predicate.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK111",
    name="invalid-macro",
    severity="error",
    summary="invalid use of a macro (has, exists, all, exists_one, filter, map)",
)
