"""A condition tree is malformed: an unknown `op`, a missing `value`, `in` without a list.

## Example

```
condition: {path: tool, op: in, value: Bash}
```

## Fix

Follow the seed's tree form: `{path, op, value}`, `all`, `any`, `not`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK210",
    name="invalid-condition-tree",
    severity="error",
    summary="invalid condition tree",
)
