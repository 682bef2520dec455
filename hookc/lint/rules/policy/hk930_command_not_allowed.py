"""A handler's command is not on the project's allowlist, `allowed-commands` under
`[tool.hookc]` (or in `hookc.toml`): shell-style patterns matched against the whole command
(`*` matches anything, `/` included). Off until the list is set.

## Why

Teams that review hooks centrally keep a list of the commands they have reviewed; a hook
that runs anything else (a new plugin's, a teammate's local experiment committed by
mistake) should not reach everyone's machine unreviewed. Every new command then fails the
check until it is reviewed and listed.

## Example

```toml
[tool.hookc]
allowed-commands = ["\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/*.sh", "npx prettier --write *"]
```

```json
{"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": "python3 ~/x.py"}]}]}}
```

## Fix

Review the command and add it (or a pattern for it) to `allowed-commands`, or remove the
hook.

## Fix safety

No automatic fix.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK930",
    name="command-not-allowed",
    severity="warning",
    summary="handler command not on the configured allowlist (allowed-commands)",
)


def check(context: Context) -> Iterator[Diagnostic]:
    allowed = context.allowed_commands
    if allowed is None:
        return
    for handler, command in context.commands():
        if any(fnmatch.fnmatchcase(command.strip(), pattern) for pattern in allowed):
            continue
        yield warning(
            RULE.code,
            f"the command `{command.strip()}` is not on the allowlist (`allowed-commands`)",
            context.source,
            context.find(handler, command),
            "review it and add it to `allowed-commands`, or remove the hook",
        )
