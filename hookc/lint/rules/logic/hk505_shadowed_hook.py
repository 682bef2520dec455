"""Under first-match ordering an earlier hook fires whenever this one would, so this one never
runs.

## Example

```
- {id: any_error, event: error, action: {type: abort}}
- {id: rate_limited, event: error, when: "classification.category == 'rate_limited'",
    action: {type: retry}}
```

## Fix

Give the narrower hook a higher priority, or narrow the earlier one.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK505",
    name="shadowed-hook",
    severity="warning",
    summary="hook shadowed by an earlier hook under first-match",
)
