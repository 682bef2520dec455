"""A file in one host's place whose events are another host's (a Claude Code `PreToolUse` in
`.gemini/settings.json`): the host skips events it does not know, so it loads none of the
file's hooks.

## Example

```
.gemini/settings.json: {"hooks": {"PreToolUse": [...]}}
```

## Fix

Rename the events to the host's (`gemini hooks migrate --from-claude` does it for Gemini
CLI: PreToolUse is BeforeTool, PostToolUse AfterTool, Stop AfterAgent).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK404",
    name="other-host-events",
    severity="error",
    summary="events of another host: the file's host loads none of them",
)
