"""An old Kiro hook (`when`/`then`) on a tool trigger without `toolTypes`, or on a file trigger
without `patterns`: it names nothing to run for, and runs for none.

## Example

```
{"when": {"type": "fileEdited"}, "then": {...}}
```

## Fix

List them: "patterns": ["src/**/*.ts"], "toolTypes": ["write"] (or ["*"]).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK745",
    name="kiro-hook-without-tools",
    severity="warning",
    summary="old Kiro hook (`.kiro.hook`) without the tools or files it runs for",
)
