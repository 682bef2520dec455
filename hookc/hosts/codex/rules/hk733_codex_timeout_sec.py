"""`timeoutSec`: older Codex releases read it as `timeout`; the current one has no such alias,
ignores it and waits the default 600 seconds.

## Example

```
"timeoutSec": 30
```

## Fix

Write "timeout": 30.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK733",
    name="codex-timeout-sec",
    severity="warning",
    summary="`timeoutSec`, which the current Codex ignores (older releases read it)",
)
