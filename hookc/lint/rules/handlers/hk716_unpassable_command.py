"""A command or an `env` entry that no process can be given: a NUL byte in the command or a
value, a variable name that holds `=`. The handler could never start.

## Example

```
env: {"A=B": "1"}
```

## Fix

Remove the NUL byte; name the variable without `=`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK716",
    name="unpassable-command",
    severity="error",
    summary="command or environment variable no process can be given (NUL, `=` in a name)",
)
