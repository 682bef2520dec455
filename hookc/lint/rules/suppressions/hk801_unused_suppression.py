"""An inline suppression silences nothing on its hook: stale, or on the wrong hook.

## Example

```
- id: a  # hookc: ignore[HK501]   (hook a reads only declared paths)
```

## Fix

Remove it, or move it to the hook that has the finding.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK801",
    name="unused-suppression",
    severity="warning",
    summary="suppression that silences nothing",
)
