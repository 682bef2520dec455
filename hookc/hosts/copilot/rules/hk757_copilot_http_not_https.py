"""Copilot requires https for an http handler on preToolUse and permissionRequest (its answer
can grant tool permissions) and whenever `allowedEnvVars` is set; any URL must be http: or
https:.

## Example

```
"preToolUse": [{"type": "http", "url": "http://hooks.example.com/check"}]
```

## Fix

Serve the hook over https://.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK757",
    name="copilot-http-not-https",
    severity="error",
    summary="Copilot http handler whose URL must be https",
)
