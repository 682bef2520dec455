"""A Claude Code handler whose type its event does not accept: a `prompt` or `agent`
handler on `SessionStart`, `Setup` or `SubagentStart`; an `http` handler on `SessionStart`
or `Setup`; anything but `command` on `Setup`.

What hookc implements: `SessionStart` takes `command` and `mcp_tool`, `Setup` takes
`command` only (the hooks reference's table of handler types per event, as the issue
quotes it), and `SubagentStart` takes no `prompt` or `agent` (Claude Code 2.1.142's
changelog: "configuring a prompt- or agent-type hook for `SessionStart`/`Setup`/
`SubagentStart` now shows a clear 'use a command-type hook instead' error"). Every other
event is taken to accept every type.

## Why

Claude Code refuses the handler with a configuration error; the hook never runs, and the
session starts without what it was meant to set up.

## Example

```json
{"hooks": {"SessionStart": [{"hooks": [{"type": "prompt", "prompt": "Summarise the repo"}]}]}}
```

## Fix

Use a `command` handler (it can print the context to add), or move the handler to an event
that accepts its type.

## Fix safety

No automatic fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK760",
    name="handler-type-not-on-event",
    severity="warning",
    summary="Claude Code handler type that its event does not accept (prompt on SessionStart)",
)

ACCEPTED: dict[str, frozenset[str]] = {
    "SessionStart": frozenset({"command", "mcp_tool"}),
    "Setup": frozenset({"command"}),
    "SubagentStart": frozenset({"command", "http", "mcp_tool"}),
}


def check(context: Context) -> Iterator[Diagnostic]:
    if context.host != "claude-code":
        return
    for hook in context.hookset.hooks:
        accepted = ACCEPTED.get(hook.event)
        action = hook.action
        if accepted is None or action.type in accepted or action.span is None:
            continue
        text = context.source.text[action.span.start : action.span.end]
        at = text.find(f'"{action.type}"')
        span = action.span
        if at >= 0:
            start = action.span.start + at
            span = type(span)(start, start + len(action.type) + 2)
        yield warning(
            RULE.code,
            f"`{hook.event}` does not accept a `{action.type}` handler: Claude Code refuses it",
            context.source,
            span,
            f"use one of: {', '.join(sorted(accepted))}",
        )
