"""``hookc rule``: explain a rule, named by its code or its name: what it checks, why, an
example, the fix and how safe an automatic fix is (the rule module's docstring)."""

from __future__ import annotations

import argparse
from typing import TextIO

from hookc.commands import EXIT_OK, UsageError

DESCRIPTION = (
    "Print what a rule checks, why, an example that gets it, the fix and whether "
    "`check --fix` applies it. Name it by code (HK505) or name (shadowed-hook)."
)
EXAMPLES = """examples:
  hookc rule HK505                                   what HK505 means, an example, the fix
  hookc rule dangerous-command                       a rule by its name
  hookc rule HK702 --file .claude/settings.json      how to silence it in that file
  hookc rule --all                                   every rule with its name and meaning"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", help="a code or a name, e.g. HK505 or shadowed-hook")
    parser.add_argument("--all", action="store_true", help="list every rule")
    parser.add_argument(
        "--file",
        metavar="PATH",
        help="a hook file: say only the ways of silencing the rule that work for its format "
        "(no comment for JSON)",
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hookc.lint.explain import explain, index

    if args.all:
        out.write(index())
        return EXIT_OK
    if not args.code:
        raise UsageError("name a rule (hookc rule HK505, hookc rule shadowed-hook) or give --all")
    text = explain(args.code, args.file)
    if text is None:
        raise UsageError(f"unknown rule {args.code!r} (hookc rule --all lists them)")
    out.write(text)
    return EXIT_OK
