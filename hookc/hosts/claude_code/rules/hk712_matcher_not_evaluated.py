"""A Claude Code matcher uses a construct JavaScript has and hookc's linear-time regex engine
does not (a look-ahead, a look-behind, a backreference): Claude Code runs the hook, hookc
cannot decide when. The hook is kept and checked; `hookc eval` and `hookc run` evaluate
every other hook and say this one was not evaluated.

## Example

```
"matcher": "^(?!Read$).*"
```

## Fix

Write the matcher without that construct if hookc should decide it (a list of the tools,
`Edit|Write`), or ignore HK712 for it.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK712",
    name="matcher-not-evaluated",
    severity="warning",
    summary="matcher the tool runs and hookc cannot: its hooks are kept, not evaluated",
)
