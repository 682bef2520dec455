"""A handler or matcher group has a field the tool does not read: it is ignored, often a
misspelling.

## Why

A tool ignores a field it does not know without a word: a `timout` leaves the default
timeout in force, a `status_message` shows no message.

## Example

```
{"type": "command", "command": "date", "timout": 5}
```

## Fix

Fix the name (the hint names the closest), or remove the field.

## Fix safety

Safe, for a handler's field spelt as one of its fields in another case or with `_` and `-`
put in or left out (`Timeout`, `status_message`, `command_windows` for `timeout`,
`statusMessage`, `commandWindows`, a deprecated spelling for its new name): `hookc check
--fix` renames the key, the value untouched. None where the handler has that field already
(the key would be written twice), nor for a misspelling (`timout`): which field was meant is
a guess.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK704",
    name="unknown-handler-field",
    severity="warning",
    summary="field a handler or matcher group does not have (the tool ignores it)",
    fix="safe",
)
