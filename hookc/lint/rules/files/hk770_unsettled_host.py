"""No path says which host runs the file, and its content fits several hosts that read it
differently: Claude Code's shape (`{"hooks": {"PreToolUse": [{"matcher": ..., "hooks":
[...]}]}}`), which Codex, Qwen Code, Factory and Augment write too, each with its own tool
names, matcher rule and timeouts.

A file is recognized by its path first (`.claude/settings.json`, `.codex/hooks.json`,
`.qwen/settings.json`, `.factory/hooks.json`, `.augment/settings.json`, a plugin's
`hooks/hooks.json` beside its `.claude-plugin` or `.codex-plugin` manifest, ...), then by
what only one host's files hold (an event only it has: `Interrupt` is Codex's, `TodoCreated`
Qwen Code's; a handler type only some have: `prompt`, `http`), and last by its shape. Where
several hosts still fit, `hookc check` reads the file as the shape's origin (Claude Code)
and says so here: its other findings are that host's, and may be wrong for the host that
really runs it. `hookc eval`, `compile` and `run` give no answer for such a file: they
stop with a usage error naming the candidates.

## Example

```
hooks.json (in no host's folder):
{"hooks": {"PreToolUse": [{"matcher": "Bash",
                           "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}
```

## Fix

Name the file's host: `hookc check --host codex hooks.json`, `hosts = ["codex"]` in
`hookc.toml` (every file), or `[tool.hookc.per-file-hosts]` with the file's pattern; or
keep the file where its host reads hook files, which settles it by its path.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK770",
    name="unsettled-host",
    severity="warning",
    summary="no path says which host runs the file, and its content fits several",
)
