"""The document does not match the hook file schema (schemas/hooks.schema.json).

## Example

```
priority: high
```

## Fix

Follow the message: the key and the type it expects.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK205",
    name="schema-mismatch",
    severity="error or warning",
    summary="hook file does not match the hook schema",
)
