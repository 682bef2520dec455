"""An event one of the file's hosts never fires (VS Code has no Notification; Copilot no
SessionEnd in Claude Code's spelling): its handlers run under the other hosts only.

## Example

```
.claude/settings.json read for vscode: "Notification": [...]
```

## Fix

Accept that the host does without it, or use an event every host fires.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK753",
    name="event-a-host-never-fires",
    severity="warning",
    summary="event one of the file's hosts never fires",
)
