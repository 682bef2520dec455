"""The file is not valid TOML, so Codex cannot read its configuration.

## Example

```
matcher = "Bash
```

## Fix

Close the string, table or array the message points at.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK736",
    name="toml-syntax-error",
    severity="error",
    summary="TOML syntax error",
)
