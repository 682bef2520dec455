"""A `matcher` on a Windsurf handler. Windsurf's hooks have no matchers: the handler runs on
every occurrence of its event, whatever the matcher says.

## Example

```
"pre_run_command": [{"command": "./guard.sh", "matcher": "git"}]
```

## Fix

Remove it, and filter inside the script on the JSON it reads (`tool_info`).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK741",
    name="matcher-on-windsurf-handler",
    severity="warning",
    summary="matcher on a Windsurf handler: Windsurf has none, the handler runs every time",
)
