"""A timeout so long that it is probably milliseconds: hook timeouts are in seconds.

## Why

A hook that hangs holds the agent up for as long as its timeout: `30000` seconds is more
than eight hours, where the author most likely meant thirty seconds.

## Example

```
"timeout": 30000   (8.3 hours)
```

## Fix

Write seconds: 30.

## Fix safety

Unsafe (`hookc check --fix --unsafe-fixes`): the fix reads the number as milliseconds and
writes it as whole seconds, rounded up (`30000` → `30`, `1500` → `2`), which changes how long
the hook may run. None where the seconds would still be implausible (over an hour), or where
the value is not written as a plain number.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK706",
    name="timeout-in-milliseconds",
    severity="warning",
    summary="timeout so long it is likely milliseconds",
    fix="unsafe",
)
