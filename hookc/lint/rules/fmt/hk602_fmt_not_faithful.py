"""fmt could not rewrite the file faithfully (a comment it could not place, or text ruamel.yaml
cannot read as the front end does), so it left it as it was.

## Example

```
key	: value   (a tab before `:`)
```

## Fix

Fix what the message points at (here, the tab), then run fmt again.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK602",
    name="fmt-not-faithful",
    severity="error",
    summary="file fmt cannot rewrite faithfully: left as it was",
)
