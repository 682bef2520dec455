"""Codex changes or ignores this handler setting on its event: SessionEnd and Interrupt hooks
wait at most 3 seconds, an `async` SessionEnd hook runs synchronously,
`additionalContextLimit` counts only where a hook can add context.

## Example

```
"Interrupt": [{"hooks": [{"type": "command", "command": "x", "timeout": 30}]}]
```

## Fix

Write what Codex does: a timeout of 3 or less; no `async` or `additionalContextLimit` there.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK734",
    name="codex-setting-changed",
    severity="warning",
    summary="handler setting Codex changes or ignores on this event (clamped, dropped)",
)
