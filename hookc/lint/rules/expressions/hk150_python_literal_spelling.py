"""`True`, `False` or `None` are Python spellings; CEL reads them as variable names.

## Example

```
when: "enabled == True"
```

## Fix

Write `true`, `false`, `null`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK150",
    name="python-literal-spelling",
    severity="warning",
    summary="Python spelling of a literal (True, False, None) read as a variable name",
)
