r"""A command runs a script under the project that is missing or not executable: the hook fails
every time it runs.

## Example

```
"command": "\"$CLAUDE_PROJECT_DIR\"/.claude/hooks/block-rm.sh"   (no such file)
```

## Fix

Fix the path, add the script, or make it executable (chmod +x).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK707",
    name="missing-script",
    severity="warning",
    summary="script under the project that is missing or not executable",
)
