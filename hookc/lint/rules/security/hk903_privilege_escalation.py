"""A handler runs a command as another user, root mostly: `sudo`, `doas`, `su`, `pkexec`,
wherever it stands in the command (`echo x && sudo rm ...`, `env sudo ...`).

## Why

A hook runs unattended on every matching event. With `sudo` it either waits for a
password nobody types (and times out, blocking the session), or it runs as root because
the machine lets it without one: then any mistake in the hook, or any text of the event it
passes on, acts on the whole machine.

## Example

```json
{"hooks": {"PostToolUse": [{"matcher": "Write", "hooks": [
  {"type": "command", "command": "sudo chown -R me /srv/app"}
]}]}}
```

## Fix

Do the privileged part once, outside the hook (a setup script the user runs), and let the
hook do only what the user's rights allow.

## Fix safety

No automatic fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.lint.shell import ELEVATORS, commands
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK903",
    name="privilege-escalation",
    severity="warning",
    summary="handler runs a command as root or another user (sudo, doas, su)",
)


def check(context: Context) -> Iterator[Diagnostic]:
    for handler, command in context.commands():
        used = {
            name
            for pipeline in commands(command)
            for simple in pipeline.stages
            for name in (*simple.elevated, simple.name)
            if name in ELEVATORS
        }
        for name in sorted(used):
            yield warning(
                RULE.code,
                f"the handler runs `{name}`: a hook runs unattended, as root here",
                context.source,
                context.find(handler, name),
                "do the privileged part once outside the hook",
            )
