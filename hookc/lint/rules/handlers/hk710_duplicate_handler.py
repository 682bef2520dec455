"""The same handler again, under a matcher that matches whenever the first one does: the tool
runs it once, so the second never runs.

## Example

```
"*": log-tool.sh  and  "Bash": log-tool.sh
```

## Fix

Remove one of them.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK710",
    name="duplicate-handler",
    severity="warning",
    summary="duplicate handler that never runs a second time",
)
