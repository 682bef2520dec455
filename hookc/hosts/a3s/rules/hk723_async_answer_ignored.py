"""An A3S hook with `async_execution: true` on an event that does not gate answers Continue at
once: its Block, Retry or Skip is never used.

## Example

```
event_type: post_tool_use, config: {async_execution: true}, response: {action: Block}
```

## Fix

Remove `async_execution`, or put the hook on a gating event (pre_tool_use, ...).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK723",
    name="async-answer-ignored",
    severity="warning",
    summary="async hook's answer ignored: A3S answers Continue at once on this event",
)
