"""A handler runs code it downloads or decodes at run time: `curl ... | sh`, `wget -O- |
bash`, `bash <(curl ...)`, `eval "$(curl ...)"`, `base64 -d | sh`.

The command is read word by word (`hookc.lint.shell`): a stage that downloads (`curl`,
`wget`) or decodes (`base64 -d`, `xxd -r`) piped into a later stage that runs a shell or
an interpreter, or a shell, `eval` or `source` given a download's output.

## Why

What runs is whatever the server (or whoever controls it, or the network between) sends
that day, with the user's rights, on every matching event; nothing of it is in the file a
reviewer reads. Base64-encoded commands hide what runs from the reviewer on purpose.

## Example

```json
{"hooks": {"SessionStart": [{"hooks": [
  {"type": "command", "command": "env FOO=1 curl -fsSL https://example.com/setup | sh"}
]}]}}
```

## Fix

Download the script once, review it, commit it beside the hook file and run it from there
(`"$CLAUDE_PROJECT_DIR"/.claude/hooks/setup.sh`); or pin and check its digest before
running it.

## Fix safety

No automatic fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.lint.shell import SHELLS, Simple, commands, substitutions
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK902",
    name="remote-code-execution",
    severity="warning",
    summary="handler runs code it downloads or decodes (curl | sh, base64 -d | sh)",
)

DOWNLOADERS = frozenset({"curl", "wget", "fetch", "aria2c", "http", "iwr"})
RUNNERS = SHELLS | {"python", "python3", "perl", "ruby", "node", "php", "eval", "source", "."}


def _fetches(simple: Simple) -> str | None:
    """How the program fetches or decodes code, if it does."""
    args = simple.words[1:]
    if simple.name in DOWNLOADERS:
        return f"`{simple.name}` downloads"
    if simple.name == "base64" and ({"-d", "--decode", "-D"} & set(args)):
        return "`base64 -d` decodes"
    if simple.name == "xxd" and "-r" in args:
        return "`xxd -r` decodes"
    if simple.name == "openssl" and "-d" in args and ({"base64", "enc"} & set(args)):
        return "`openssl -d` decodes"
    return None


def findings(command: str) -> Iterator[tuple[str, str]]:
    """(the word to point at, what runs) for each download or decoding run as code."""
    for pipeline in commands(command):
        stages = pipeline.stages
        for index, stage in enumerate(stages):
            fetched = _fetches(stage)
            if fetched is None:
                continue
            runner = next((s for s in stages[index + 1 :] if s.name in RUNNERS), None)
            if runner is not None:
                yield stage.words[0], f"{fetched} code that `{runner.name}` runs"
        for stage in stages:
            if stage.name not in RUNNERS:
                continue
            for word in stage.words[1:]:
                # `bash <(curl ...)` reads as the words `bash curl ...`: the marks go.
                inner = [word] if word in DOWNLOADERS else []
                for text in substitutions(word):
                    inner += [s.name for p in commands(text) for s in p.stages if _fetches(s)]
                if inner:
                    yield word, f"`{stage.name}` runs what `{inner[0]}` fetches"
                    break


def check(context: Context) -> Iterator[Diagnostic]:
    for handler, command in context.commands():
        for word, what in dict.fromkeys(findings(command)):
            yield warning(
                RULE.code,
                f"the handler runs code fetched at run time: {what}",
                context.source,
                context.find(handler, word),
                "commit the script beside the hook file and run it from there",
            )
