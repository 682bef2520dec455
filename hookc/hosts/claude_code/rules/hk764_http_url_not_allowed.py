"""A Claude Code `http` handler whose URL matches none of the file's
`allowedHttpHookUrls` patterns (`*` matches anything).

What hookc implements: `allowedHttpHookUrls` is a settings key (sdk.d.ts: "keys that
govern hooks"); hookc compares the URLs of the same file's http hooks with it. A list in
another settings file (the managed one) is not seen.

## Why

Claude Code does not call a URL the allowlist does not name: the hook silently does
nothing.

## Example

```json
{"allowedHttpHookUrls": ["https://hooks.example.com/*"],
 "hooks": {"Stop": [{"hooks": [{"type": "http", "url": "https://other.example.com/x"}]}]}}
```

## Fix

Add the URL (or a pattern for it) to `allowedHttpHookUrls`, or correct the URL.

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
    code="HK764",
    name="http-url-not-allowed",
    severity="warning",
    summary="Claude Code http hook URL not in the file's allowedHttpHookUrls",
)


def check(context: Context) -> Iterator[Diagnostic]:
    if context.host != "claude-code":
        return
    document = context.document()
    allowed = document.get("allowedHttpHookUrls") if isinstance(document, dict) else None
    if not isinstance(allowed, list):
        return
    patterns = [p for p in allowed if isinstance(p, str)]
    for handler in context.handlers():
        url = handler.get("url")
        if handler.type != "http" or not isinstance(url, str):
            continue
        if any(fnmatch.fnmatchcase(url, pattern) for pattern in patterns):
            continue
        yield warning(
            RULE.code,
            f"`{url}` matches none of `allowedHttpHookUrls`: Claude Code will not call it",
            context.source,
            context.find(handler, url),
            "add it to `allowedHttpHookUrls`, or correct the URL",
        )
