r"""A matcher's regular expression uses syntax hookc cannot translate to Python's with the same
meaning (a Unicode class `\p{Lu}`, say).

## Example

```
matcher: "\p{Lu}\w*"
```

## Fix

Write the pattern without that construct (`[A-Z]\w*` for ASCII names).

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK711",
    name="untranslatable-regex",
    severity="error",
    summary="regular expression hookc cannot translate to RE2 (hookc's `matches`)",
)
