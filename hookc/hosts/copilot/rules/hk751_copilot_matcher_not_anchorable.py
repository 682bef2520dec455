"""Copilot anchors a matcher as `^(?:matcher)$` and compiles it as a regular expression; when
that fails (or the matcher is no string) it skips the entry, and the handler never runs.

## Example

```
{"type": "command", "matcher": "Bash(git *)", "bash": "./guard.sh"}
```

## Fix

Write a regular expression over the tool name (`bash`); test the arguments in the script.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK751",
    name="copilot-matcher-not-anchorable",
    severity="warning",
    summary="matcher Copilot cannot compile as anchored: it skips the entry",
)
