"""A docker-agent `builtin` names no builtin docker-agent ships.

## Example

```
command: add_git_log
```

## Fix

Use a builtin docker-agent ships (the hint names the closest).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK708",
    name="unknown-builtin",
    severity="error",
    summary="unknown builtin",
)
