"""A JSON hook file starts with a UTF-8 byte-order mark (U+FEFF), which JSON does not allow.

## Why

Claude Code 2.1 reads past the mark, but Claude Code 2.0 rejected such a file as "Invalid or
malformed JSON" (anthropics/claude-code#9906), and so do the other tools that read these
files (`jq`, Python's `json`): the same hooks run or not depending on who reads them. Some
Windows editors add the mark without saying so.

The finding had the JSON syntax error's code (HK214) as a warning; a code of its own keeps
"the file does not parse" apart from "the file parses, with a mark before it".

## Example

A `.claude/settings.json` saved as "UTF-8 with BOM": its first bytes, as `xxd` shows them.

```
00000000: efbb bf7b 0a20 2022 686f 6f6b 7322 3a20  ...{.  "hooks":
```

## Fix

Save the file as UTF-8 without a byte-order mark.

## Fix safety

No automatic fix (`hookc check --fix` keeps a file's mark as it is).
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK235",
    name="byte-order-mark",
    severity="warning",
    summary="a JSON hook file starts with a byte-order mark",
)
