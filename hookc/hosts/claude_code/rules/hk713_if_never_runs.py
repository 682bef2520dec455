"""A handler's `if` filter can never let it run: `if` is evaluated on tool events only
(PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest, PermissionDenied), and on
any other event a handler with `if` never runs; a rule that names no tool (`git push`, an
unclosed parenthesis) matches no call.

## Example

```
"Stop": [{"hooks": [{"type": "command", "command": "./x.sh", "if": "Bash(git *)"}]}]
```

## Fix

Remove `if` from handlers of other events; write a rule as `Tool(specifier)`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK713",
    name="if-never-runs",
    severity="warning",
    summary="`if` filter that never lets the handler run (a non-tool event, no tool named)",
)
