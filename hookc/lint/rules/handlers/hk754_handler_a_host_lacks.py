"""A handler type or field one of the file's hosts does not have: that host skips the handler
(a Claude Code `agent` handler under Copilot, an `http` one under VS Code) or ignores the
field (Claude Code's `if` under Copilot).

## Example

```
{"type": "agent", "prompt": "..."} read for copilot
```

## Fix

Use what every host has (`command`), or move the handler to the host's own file.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK754",
    name="handler-a-host-lacks",
    severity="warning",
    summary="handler type or field one of the file's hosts does not have",
)
