"""A matcher reads a field the hook's event never carries, so the hook never runs.

## Example

```
event_type: UserPromptSubmit  with  match: {ability_scope: 'billing_*'}
```

## Fix

Move the hook to an event that carries the field, or drop the filter.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK722",
    name="matcher-field-never-present",
    severity="warning",
    summary="matcher reads a field the event does not carry: the hook never runs",
)
