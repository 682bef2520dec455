"""A Cursor `failClosed: true` on an event that asks no permission: it turns a failing handler
into a deny, and there is nothing to deny there.

## Example

```
"afterShellExecution": [{"command": "./log.sh", "failClosed": true}]
```

## Fix

Remove it; put guards on beforeShellExecution, preToolUse, beforeReadFile, ...

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK743",
    name="fail-closed-without-permission",
    severity="warning",
    summary="Cursor `failClosed` on an event that asks no permission",
)
