"""The profile knows no such event (a warning: runtimes add events).

An error in a JSON file that no host claims because none of its events is any host's
(`{"hooks": {"BeforeEverything": [...]}}`): no host would load it, and the hint names the
nearest event of any host.

## Example

```
event: eror
```

## Fix

Fix the name (the hint names the closest), or ignore HK402 for events your runtime adds.

## Fix safety

Safe for an event written in another case (`pretooluse`, `preToolUse` → `PreToolUse`):
`hookc check --fix` writes the profile's spelling in the name's place, nothing else of the
file changed. Unsafe for a near name (`PreToolUsed` → `PreToolUse`, with `--unsafe-fixes`):
which event was meant is a guess. No fix where none is near, nor where the event already
has a key of that name in the file (the fix is dropped: it would write a key twice).
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK402",
    name="unknown-event",
    severity="error or warning",
    summary="event not known to the profile",
    fix="safe",
)
