"""The file cannot be read: missing, a folder, binary, not UTF-8, or of a kind hookc does not
read.

## Example

```
hookc check policies.hooks.yml~
```

## Fix

Give a hook file (.yaml, .yml, .xml, .md) saved as UTF-8.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK201",
    name="unreadable-file",
    severity="error",
    summary="file cannot be read (missing, not UTF-8, binary)",
)
