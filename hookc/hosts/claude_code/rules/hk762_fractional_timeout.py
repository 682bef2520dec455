"""A Claude Code handler's `timeout` that is not a whole number of seconds (`1.5`).

What hookc implements: the settings schema types `timeout` as a number of seconds and
every example and default is whole; peers' linters (agnix) require an integer. Whether
Claude Code rounds, truncates or refuses a fraction is not documented, so hookc warns.

## Why

A fraction says the author thought in other units (`0.5` for half a second) or mistyped; a
timeout Claude Code rounds down to `0` would kill the hook at once.

## Example

```json
{"hooks": {"PreToolUse": [{"hooks": [
  {"type": "command", "command": "./check.sh", "timeout": 2.5}
]}]}}
```

## Fix

Write whole seconds: `"timeout": 3`.

## Fix safety

No automatic fix (rounding up or down is the author's choice).
"""

from __future__ import annotations

from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK762",
    name="fractional-timeout",
    severity="warning",
    summary="Claude Code timeout that is not a whole number of seconds",
)


def check(context: Context) -> Iterator[Diagnostic]:
    if context.host != "claude-code":
        return
    for hook in context.hookset.hooks:
        timeout = hook.action.params.get("timeout")
        if not isinstance(timeout, float) or timeout.is_integer() or hook.action.span is None:
            continue
        span = hook.action.span
        text = context.source.text[span.start : span.end]
        at = text.find('"timeout"')
        if at >= 0:
            span = type(span)(span.start + at, span.start + at + len('"timeout"'))
        yield warning(
            RULE.code,
            f"`timeout` is {timeout:g} seconds: Claude Code's timeouts are whole seconds",
            context.source,
            span,
            "write a whole number of seconds",
        )
