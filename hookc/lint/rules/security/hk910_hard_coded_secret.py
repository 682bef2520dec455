"""A handler holds an API key written out: in its command, its headers, its `env` or its
URL. Recognised by each provider's key format: Anthropic (`sk-ant-api03-...`), OpenAI
(`sk-proj-...`, `sk-...T3BlbkFJ...`), AWS (`AKIA...`, `aws_secret_access_key=...`), GitHub
(`ghp_...`, `github_pat_...`), Slack (`xoxb-...`, webhook URLs), Stripe (`sk_live_...`),
Google (`AIza...`). The finding shows the key masked (its first four characters).

## Why

Hook files are committed and shared (a project's `.claude/settings.json`, a plugin's
`hooks.json`): a key written there is published with them, and stays in the history after
it is removed. A key in a hook's command also shows in process listings and logs.

## Example

```json
{"hooks": {"Stop": [{"hooks": [{"type": "http", "url": "https://api.example.com/log",
  "headers": {"Authorization": "Bearer sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"}}]}]}}
```

## Fix

Revoke the key (it is published), then read it from the environment: `"Authorization":
"Bearer $LOG_TOKEN"` with `"allowedEnvVars": ["LOG_TOKEN"]` for an http hook, `"$API_KEY"` in
a command.

## Fix safety

No automatic fix: the key must be revoked, which no edit of the file does.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from hookc.ir.hooks import Params
from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.source import Span
from hookc.source.diagnostics import Diagnostic, mask, warning

RULE = LintRule(
    code="HK910",
    name="hard-coded-secret",
    severity="warning",
    summary="API key written in a handler (Anthropic, OpenAI, AWS, GitHub, Slack, Stripe, Google)",
)

# Each provider's published key format. Order matters: Anthropic's `sk-ant-` before
# OpenAI's broader `sk-`.
FORMATS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (provider, re.compile(pattern))
    for provider, pattern in (
        ("Anthropic API key", r"\bsk-ant-(?:api|admin|oat)\d{2}-[A-Za-z0-9_\-]{20,}"),
        ("OpenAI API key", r"\bsk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}"),
        ("OpenAI API key", r"\bsk-[A-Za-z0-9]{20}T3BlbkFJ[A-Za-z0-9]{20}\b"),
        ("AWS access key id", r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
        (
            "AWS secret access key",
            r"(?i:aws_?secret_?access_?key)[\"']?\s*[=:]\s*[\"']?([A-Za-z0-9/+=]{40})\b",
        ),
        ("GitHub token", r"\bgh[pousr]_[A-Za-z0-9]{36,}\b"),
        ("GitHub token", r"\bgithub_pat_[A-Za-z0-9_]{22,}\b"),
        ("Slack token", r"\bxox[abposr]-[A-Za-z0-9-]{10,}"),
        ("Slack webhook", r"https://hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]+"),
        ("Stripe key", r"\b(?:sk|rk)_live_[A-Za-z0-9]{16,}\b"),
        ("Google API key", r"\bAIza[0-9A-Za-z_\-]{35}\b"),
    )
)


def secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """(provider, start, end) of each key in ``text``, each place once."""
    taken: list[tuple[int, int]] = []
    for provider, pattern in FORMATS:
        for match in pattern.finditer(text):
            group = 1 if match.re.groups else 0
            start, end = match.span(group)
            if any(start < e and s < end for s, e in taken):
                continue
            taken.append((start, end))
            yield provider, start, end


def check(context: Context) -> Iterator[Diagnostic]:
    text = context.source.text
    for handler in context.handlers():
        region = text[handler.span.start : handler.span.end]
        found = [
            (provider, Span(handler.span.start + start, handler.span.start + end))
            for provider, start, end in secrets(region)
        ]
        if not found:
            # A handler whose span is not its text (a TOML table's is its header line):
            # its values, each placed where the file writes it.
            found = [
                (provider, _placed(text, value[start:end], handler.span))
                for value in _strings(handler.params)
                for provider, start, end in secrets(value)
            ]
        for provider, span in found:
            yield warning(
                RULE.code,
                f"{provider} written in the handler: `{mask(text[span.start : span.end])}`",
                context.source,
                span,
                "revoke it, then read it from an environment variable",
                masked=True,
            )


def _strings(value: object) -> Iterator[str]:
    """Every string in a handler's parameters (its command, headers, env)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, Params):
        for _, item in value.items:
            yield from _strings(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _strings(item)


def _placed(text: str, secret: str, fallback: Span) -> Span:
    """Where the file writes the secret, if it writes it once; else the handler."""
    at = text.find(secret)
    if at < 0 or text.find(secret, at + 1) >= 0:
        return fallback
    return Span(at, at + len(secret))
