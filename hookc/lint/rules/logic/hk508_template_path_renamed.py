"""A template reads, under another name, a path that its hook's own condition reads: one of the
two is likely misnamed (a path and the same path under another prefix).

## Example

```
condition: {path: pressure_ratio, ...}  params: {ratio: "${event.pressure_ratio}"}
```

## Fix

Read the same path in both, as the event's context has it.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK508",
    name="template-path-renamed",
    severity="warning",
    summary="template reads, under another name, a path the hook's condition reads",
)
