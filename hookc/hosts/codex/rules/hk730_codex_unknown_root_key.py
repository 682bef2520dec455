"""A Codex hooks.json holds a key beside `description` and `hooks` (`$schema` too): Codex's
HooksFile refuses unknown keys, so it skips the whole file and none of its hooks runs.

## Example

```
{"$schema": "...", "hooks": {...}}
```

## Fix

Remove the key; point an editor at the schema in its own settings.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK730",
    name="codex-unknown-root-key",
    severity="error",
    summary="key a Codex hooks file may not have: Codex refuses the whole file",
)
