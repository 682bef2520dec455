"""An expression node of canonical YAML's node form is malformed.

## Example

```
{node: binary, op: '+', left: {node: ident}}
```

## Fix

Write it as hookc compile --target yaml would, or as a `when` text.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK212",
    name="invalid-expression-node",
    severity="error",
    summary="invalid expression node (canonical YAML's node form)",
)
