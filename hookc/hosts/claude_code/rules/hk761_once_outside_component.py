"""A Claude Code handler with `once` in a settings or plugin file: `once` ("run once per
session, then removed") is read in the hooks of a skill's or an agent's front matter only.

What hookc implements: the hooks reference lists `once` among the fields of skill and
agent hooks; peers' linters (agnix) report it elsewhere. hookc takes a file ending in `.md`
(a skill's `SKILL.md`, an agent's file) as a component and any other as settings.

## Why

In a settings file the field is ignored: the hook runs on every matching event, not once,
which is the opposite of what its author wrote.

## Example

```json
{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "command": "./warm.sh", "once": true}
]}]}}
```

## Fix

Move the hook into the skill or agent it belongs to, or make the script itself remember
that it ran (a marker file under `$CLAUDE_PROJECT_DIR`).

## Fix safety

No automatic fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK761",
    name="once-outside-component",
    severity="warning",
    summary="`once` on a Claude Code hook outside a skill or agent (it is ignored there)",
)


def check(context: Context) -> Iterator[Diagnostic]:
    if context.host != "claude-code" or context.source.name.lower().endswith(".md"):
        return
    for handler in context.handlers():
        if handler.get("once") is True:
            yield warning(
                RULE.code,
                "`once` is read in skills' and agents' hooks only: here the hook runs every time",
                context.source,
                context.find(handler, '"once"'),
                "move the hook into its skill or agent, or remove `once`",
            )
