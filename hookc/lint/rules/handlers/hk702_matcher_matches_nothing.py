"""A matcher that matches no tool or name the profile knows: its handlers may never run.

## Example

```
"matcher": "mcp__github"   (the server's tools are mcp__github__...)
```

## Fix

Match the names as the tool spells them: `mcp__github__.*` for every tool of a server.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK702",
    name="matcher-matches-nothing",
    severity="warning",
    summary="matcher that matches no name the profile knows",
)
