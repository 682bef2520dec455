"""A timeout so short it is probably seconds: this host counts hook timeouts in milliseconds
(Gemini CLI, Qwen Code's command hooks).

## Why

A Claude Code file's `"timeout": 30` copied as it is (`gemini hooks migrate` copies it
unchanged) gives the hook 30 milliseconds: it is killed before it starts.

## Example

```
"timeout": 30   (30 ms: the hook is killed before it starts)
```

## Fix

Write milliseconds: 30000.

## Fix safety

Unsafe (`hookc check --fix --unsafe-fixes`): the fix reads the number as seconds and writes
it in milliseconds (`30` → `30000`), which changes how long the hook may run. None for a
value under one second (`0.5` would still look like seconds), or where the value is not
written as a plain number.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK717",
    name="timeout-in-seconds",
    severity="warning",
    summary="timeout so short it is likely seconds, where timeouts are milliseconds",
    fix="unsafe",
)
