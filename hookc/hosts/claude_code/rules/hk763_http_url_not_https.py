"""A Claude Code `http` handler whose URL is not `https://` (loopback addresses,
`localhost`, `127.0.0.1`, `[::1]`, excepted).

## Why

An http hook POSTs the event's JSON (the prompt, the tool's input, file contents) and
its headers (often a token) to the URL: over plain http anyone on the network path reads
them, and can answer in the server's place (an answer can allow a tool call).

## Example

```json
{"hooks": {"PostToolUse": [{"hooks": [{"type": "http", "url": "http://audit.example.com/hook"}]}]}}
```

## Fix

Use the server's `https://` URL.

## Fix safety

No automatic fix: the server must serve https first.
"""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK763",
    name="http-url-not-https",
    severity="warning",
    summary="Claude Code http hook whose URL is not https",
)

LOOPBACK = frozenset({"localhost", "127.0.0.1", "::1"})


def check(context: Context) -> Iterator[Diagnostic]:
    if context.host != "claude-code":
        return
    for handler in context.handlers():
        url = handler.get("url")
        if handler.type != "http" or not isinstance(url, str):
            continue
        parsed = urllib.parse.urlsplit(url.strip())
        if parsed.scheme == "https" or (parsed.hostname or "") in LOOPBACK:
            continue
        yield warning(
            RULE.code,
            f"the hook sends the event to `{url}` without TLS: anyone on the way reads it",
            context.source,
            context.find(handler, url),
            "use the server's https:// URL",
        )
