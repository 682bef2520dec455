r"""An A3S pattern is not a regular expression Rust accepts, so A3S compares text instead (the
command contains it, the path equals it).

## Example

```
command_pattern: 'rm ('
```

## Fix

Escape what is meant literally: `rm \(`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK724",
    name="regex-read-as-text",
    severity="warning",
    summary="invalid regular expression that A3S matches as plain text",
)
