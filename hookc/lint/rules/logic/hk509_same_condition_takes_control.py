"""Where every matching hook runs and the first result that is not a plain success takes
control (Rye), two hooks of one event have the same condition and both may take control:
only the earlier one's result ever counts.

## Example

```
two `error` hooks with {path: classification.category, value: transient}
```

## Fix

Merge the two hooks, or give them conditions that tell their cases apart.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK509",
    name="same-condition-takes-control",
    severity="warning",
    summary="two hooks that both take control with the same condition (all-match ordering)",
)
