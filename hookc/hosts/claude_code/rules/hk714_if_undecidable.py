"""A handler's `if` permission rule says something hookc cannot evaluate from the event's
context (a path from the home folder or the project root, a specifier of a tool hookc does
not model, shell syntax in a Bash pattern): hookc runs the handler on every call of the
tool, as Claude Code runs a hook whose `if` it cannot decide.

## Example

```
"if": "Read(~/.ssh/**)"   (the context does not carry the home folder)
```

## Fix

Use a rule hookc can decide (`Read(//home/dev/.ssh/**)`, `Bash(git push *)`), or let the
handler test the call itself.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK714",
    name="if-undecidable",
    severity="warning",
    summary="`if` rule hookc cannot decide: the handler runs on every call of its tool",
)
