"""Codex parses this handler and skips it at startup: `prompt` and `agent` handlers (not
supported yet), a `command` handler with an empty command, an `mcp_tool` handler with an
empty server or tool, or on SessionEnd.

## Example

```
{"type": "prompt", "prompt": "Is this safe?"}
```

## Fix

Write a `command` handler (or an `mcp_tool` one on another event).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK731",
    name="codex-skipped-handler",
    severity="warning",
    summary="handler Codex parses and skips (prompt, agent, an empty command or MCP tool)",
)
