"""A parameter tag (`template`, `double`, `params`) is malformed.

## Example

```
{double: many}
```

## Fix

Use `{double: NaN}`, `{double: +Inf}`, a template list or a params mapping.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK213",
    name="invalid-parameter-tag",
    severity="error",
    summary="invalid parameter tag (canonical YAML's `template`, `double` or `params`)",
)
