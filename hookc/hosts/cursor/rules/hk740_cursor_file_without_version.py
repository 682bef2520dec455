"""A Cursor hooks file without `"version": 1` (or with another value): Cursor's docs require
the format's version, and a project's file without it is treated as broken.

## Example

```
{"hooks": {"beforeShellExecution": [{"command": "./guard.sh"}]}}
```

## Fix

Add "version": 1 beside "hooks".

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK740",
    name="cursor-file-without-version",
    severity="warning",
    summary='Cursor hooks file without `"version": 1`',
)
