"""A matcher differs from a known name only by case; matchers are case-sensitive, so it does
not match it.

## Why

Claude Code, Gemini CLI and docker-agent compare a matcher with the tool's name as written:
`bash` never matches the tool `Bash`, and the handlers under it never run.

## Example

```
"matcher": "bash"
```

## Fix

Write the name's case: `Bash`.

## Fix safety

Safe: `hookc check --fix` writes each word of the matcher that is a known name in another
case as the name is spelt (`bash|edit` → `Bash|Edit`, `bash.*` → `Bash.*`), inside the
matcher's text only; a word after a `\\` (a regex escape's letter) is left alone.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK703",
    name="matcher-case-mismatch",
    severity="warning",
    summary="matcher that differs from a known name only by case",
    fix="safe",
)
