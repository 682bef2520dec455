"""hookc fmt lays out native YAML hook files only; it leaves any other file (another runtime's
YAML, such as Rye's hook_conditions.yaml, or directive XML) as it is, with this note, and
the run still passes.

## Example

```
hookc fmt directive.xml
```

## Fix

Nothing to fix: the file keeps its own format and layout.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK601",
    name="fmt-unsupported-file",
    severity="error",
    summary="not a native YAML hook file: fmt leaves it as it is (a note)",
)
