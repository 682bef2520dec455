"""A `prompt` entry submits text as the user's first prompt: Copilot runs it on sessionStart
only (new interactive sessions), so elsewhere it never runs.

## Example

```
"agentStop": [{"type": "prompt", "prompt": "/review"}]
```

## Fix

Move it to sessionStart, or make it a command.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK758",
    name="copilot-prompt-outside-session-start",
    severity="warning",
    summary="Copilot prompt entry outside sessionStart: it never runs",
)
