"""A host that reads the file ignores matchers (VS Code parses them and runs every hook on
every tool): a guard meant for one tool runs on all of them there.

## Example

```
.claude/settings.json read for vscode: PreToolUse "matcher": "Bash"
```

## Fix

Check the tool name in the handler itself (`tool_name` on stdin), so the guard does the same
under every host.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK752",
    name="matcher-ignored-by-host",
    severity="warning",
    summary="matcher a host ignores: the handler runs on every event of its kind there",
)
