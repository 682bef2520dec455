"""A file read by several hosts (declared with --host or `hosts` in the configuration) has a
matcher that each reads its own way: Claude Code compares `Edit|Write` with the tool name as
a list of exact names, Copilot as a regular expression anchored `^(?:Edit|Write)$` over its
own tool names (`edit`, `create`), so the handler runs under one host and never under
another.

## Example

```
.claude/settings.json read for claude-code and copilot: "matcher": "Edit|Write"
```

## Fix

Name every host's tools (`Edit|Write|edit|create`), or give each host a file of its own
(Copilot's in .github/hooks/).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK750",
    name="hosts-disagree-on-matcher",
    severity="warning",
    summary="matcher that selects other tools under one host than under another",
)
