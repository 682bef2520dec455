"""One of the hosts the file is declared for cannot load it at all (its reading has an error):
none of its hooks run there.

## Example

```
a .github/hooks/*.json file whose entries VS Code cannot read
```

## Fix

Fix the error the message quotes, or leave that host out of the file's hosts.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK755",
    name="file-a-host-cannot-load",
    severity="warning",
    summary="file one of its hosts cannot load",
)
