"""A `${...}` template inside a handler's command: hookc would fill it from the event (text a
model wrote) and run the result under a shell, so a value `$(rm -rf ~)` runs. Quoting is no
cure (a path `-rf /` is still an argument); no host builds a command from the event: Claude
Code and docker-agent hand their command to the shell as written.

## Example

```
handler: {command: "echo auditing ${args.command}"}
```

## Fix

Read the event as data: the handler gets it as JSON on standard input (`jq -r
.args.command`), or pass the value in `env` and quote it (`"$CMD"`). A shell variable is
written `$NAME`; `{template: ["${NAME}"]}` keeps `${` as text.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK715",
    name="template-in-command",
    severity="error",
    summary="template that builds a shell command from the event",
)
