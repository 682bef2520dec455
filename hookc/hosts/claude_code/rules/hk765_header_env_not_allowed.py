"""A Claude Code `http` handler's header that reads an environment variable (`$TOKEN`,
`${TOKEN}`) not listed in the handler's `allowedEnvVars` (nor, where the file sets it, in
`httpHookAllowedEnvVars`, which the two are intersected with).

## Why

Claude Code substitutes only the variables a hook is allowed; any other is sent as the
literal text `$TOKEN`, so the server refuses the request and the hook fails every time.

## Example

```json
{"hooks": {"Stop": [{"hooks": [{"type": "http", "url": "https://hooks.example.com/x",
  "headers": {"Authorization": "Bearer $HOOK_TOKEN"}}]}]}}
```

## Fix

List the variable: `"allowedEnvVars": ["HOOK_TOKEN"]`.

## Fix safety

No automatic fix: allowing a variable is a decision about what leaves the machine.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hookc.ir.hooks import Params
from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK765",
    name="header-env-not-allowed",
    severity="warning",
    summary="Claude Code http header reads an env var not in allowedEnvVars",
)

_VARIABLE = re.compile(r"\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))")


def check(context: Context) -> Iterator[Diagnostic]:
    if context.host != "claude-code":
        return
    document = context.document()
    wide = document.get("httpHookAllowedEnvVars") if isinstance(document, dict) else None
    for handler in context.handlers():
        headers = handler.get("headers")
        if handler.type != "http" or not isinstance(headers, Params):
            continue
        listed = handler.get("allowedEnvVars")
        allowed = {v for v in listed if isinstance(v, str)} if isinstance(listed, tuple) else set()
        if isinstance(wide, list):
            allowed &= {v for v in wide if isinstance(v, str)}
        for _, value in headers.items:
            if not isinstance(value, str):
                continue
            for match in _VARIABLE.finditer(value):
                name = match[1] or match[2]
                if name in allowed:
                    continue
                yield warning(
                    RULE.code,
                    f"the header reads `${name}`, which `allowedEnvVars` does not list: "
                    "Claude Code sends it as the text",
                    context.source,
                    context.find(handler, match[0]),
                    f'add it: "allowedEnvVars": ["{name}"]',
                )
