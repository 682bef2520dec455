r"""A Codex matcher that is neither `*`, empty, nor letters, digits, `_` and `|` is a Rust
regular expression; Rust refuses this one, and Codex then skips the whole matcher group at
startup.

## Example

```
"matcher": "Bash("
```

## Fix

Escape what is meant literally (`Bash\(`), or list exact names: `Bash|apply_patch`.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK732",
    name="codex-invalid-matcher",
    severity="warning",
    summary="matcher that is no Rust regular expression: Codex skips the whole group",
)
