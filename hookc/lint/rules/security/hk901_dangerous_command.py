"""A handler runs a command that destroys data or history, or opens the machine up:
`rm -rf` of `/` or the home folder, `mkfs`, `dd` onto a device, a fork bomb, `chmod 777`,
`git push --force`, `git reset --hard`, an SQL `DROP DATABASE`.

The command is split into words with `shlex` and read past what only starts a program
(`env FOO=1`, `/usr/bin/env -i`, `command`, `sudo`, `sh -c '...'`, `eval`), in every part
of a `;`, `&&`, `||` or `|` chain and every `$(...)`: quoting, paths and chains do not hide
it (`hookc.lint.shell`).

## Why

A hook runs on every matching event, unattended, with the user's rights. A destructive
command there is either a mistake (a cleanup hook whose variable is empty: `rm -rf
"$DIR/"` becomes `rm -rf /`) or a planted one in a shared settings file or plugin; either
way it runs before anyone reads it. Force-pushes and hard resets throw away work the user
has not seen.

## Example

```json
{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "cd /tmp && rm -rf ~"}]}]}}
```

## Fix

Remove the command, or narrow it to what the hook needs (`rm -rf "$CLAUDE_PROJECT_DIR/build"`,
`git push --force-with-lease`). If the hook is meant (a sandbox's reset), silence the
finding on that file (`per-file-ignores`) so that a new one still shows.

## Fix safety

No automatic fix: what the command should do instead is the author's to say.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterator

from hookc.lint.checks import Context
from hookc.lint.rule import LintRule
from hookc.lint.shell import Simple, commands, defines_fork_bomb
from hookc.source.diagnostics import Diagnostic, warning

RULE = LintRule(
    code="HK901",
    name="dangerous-command",
    severity="warning",
    summary="handler runs a destructive command (rm -rf /, mkfs, dd to a device, force-push...)",
)

_ROOTS = frozenset({"/", "/*", "~", "~/", "~/*", "$HOME", "${HOME}", "$HOME/", "$HOME/*", "/home"})
_DROP = re.compile(r"\bdrop\s+(?:database|schema)\b", re.IGNORECASE)


def _short_flags(words: tuple[str, ...]) -> set[str]:
    return {c for w in words if w.startswith("-") and not w.startswith("--") for c in w[1:]}


def dangers(simple: Simple) -> Iterator[tuple[str, str]]:
    """What is dangerous about one program run: (the word to point at, why)."""
    name, words = simple.name, simple.words
    args = words[1:]
    if name == "rm":
        flags = _short_flags(args)
        recursive = bool(flags & {"r", "R"}) or "--recursive" in args
        for target in args:
            if recursive and target.rstrip() in _ROOTS:
                yield target, f"`rm -r` of `{target}` deletes everything under it"
        if "--no-preserve-root" in args:
            yield "--no-preserve-root", "`rm --no-preserve-root` lets rm delete `/`"
    elif name == "mkfs" or name.startswith("mkfs."):
        yield words[0], f"`{name}` formats a file system"
    elif name == "dd":
        for word in args:
            if word.startswith("of=/dev/") and word not in ("of=/dev/null", "of=/dev/stdout"):
                yield word, f"`dd {word}` writes over a device"
    elif name == "chmod":
        for word in args:
            if word in ("777", "0777", "a+rwx", "ugo+rwx", "o+w"):
                yield word, f"`chmod {word}` lets every user of the machine write there"
    elif name == "git" and args[:1] == ("push",):
        for word in args[1:]:
            if word in ("--force", "-f") or (word.startswith("+") and len(word) > 1):
                yield word, "`git push --force` overwrites the remote's history"
    elif name == "git" and args[:1] == ("reset",) and "--hard" in args:
        yield "--hard", "`git reset --hard` throws away uncommitted work"
    elif name == "git" and args[:1] == ("clean",) and {"f", "d"} <= _short_flags(args[1:]):
        yield words[0], "`git clean -fd` deletes every untracked file"
    for word in words:
        match = _DROP.search(word)
        if match:
            yield match[0], f"`{match[0].upper()}` deletes a database"


def check(context: Context) -> Iterator[Diagnostic]:
    for handler, command in context.commands():
        seen: set[str] = set()
        if defines_fork_bomb(command):
            yield warning(
                RULE.code,
                "the command defines a fork bomb: a function that runs two copies of itself",
                context.source,
                context.find(handler, command),
                "remove it",
            )
        for pipeline in commands(command):
            for simple in pipeline.stages:
                for word, why in dangers(simple):
                    if why in seen:
                        continue
                    seen.add(why)
                    program = posixpath.basename(simple.words[0])
                    yield warning(
                        RULE.code,
                        f"dangerous command: {why}",
                        context.source,
                        context.find(handler, word),
                        f"narrow the `{program}` command to what the hook needs, or remove it",
                    )
