"""Claude Code's nested matcher group (`{matcher, hooks: [...]}`) in a Copilot hooks file:
Copilot CLI 1.0.37 and later refuse the file ("Invalid hook configuration"); only the
cross-tool .claude/settings.json may use that shape.

## Example

```
"preToolUse": [{"matcher": "bash", "hooks": [{"type": "command", "bash": "x"}]}]
```

## Fix

Write each handler as an entry of its own, with its `matcher` beside its `type`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK759",
    name="claude-group-in-copilot-file",
    severity="warning",
    summary="Claude Code matcher group in a Copilot hooks file",
)
