"""A matcher names a key its tool does not have (an A3S `matcher`, a registry `match`): the
tool ignores it, so the hook matches more than meant.

## Example

```
matcher: {tool_name: Bash}   (A3S's key is `tool`)
```

## Fix

Use a key the hint lists: tool, path_pattern, command_pattern, session_id, skill;
ability_scope, min_duration_ms, only_if_changed_paths.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK721",
    name="unknown-matcher-key",
    severity="error or warning",
    summary="unknown matcher key",
)
