"""The XML declares a DTD or entities, which hookc never reads.

## Example

```
<!DOCTYPE hooks [<!ENTITY x "y">]>
```

## Fix

Remove the DOCTYPE.

## Fix safety

No automatic fix.
"""

from hookc.lint.rule import LintRule

RULE = LintRule(
    code="HK204",
    name="unsafe-xml",
    severity="error or warning",
    summary="unsafe XML: a DTD or entity declaration; XInclude, XSLT, a stylesheet (ignored)",
)
