"""``hookc rule``: explain a diagnostic code: what it means, an example, the fix."""

from __future__ import annotations

import argparse
from typing import TextIO

from hookc.commands import EXIT_OK, UsageError
from hookc.rules import explain_rule, rule_index

DESCRIPTION = "Print what a diagnostic code means, an example that gets it, and the fix."
EXAMPLES = """examples:
  hookc rule HK505                                   what HK505 means, an example, the fix
  hookc rule --all                                   every code with its one-line meaning"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("code", nargs="?", help="a code, e.g. HK505")
    parser.add_argument("--all", action="store_true", help="list every code")


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    if args.all:
        out.write(rule_index())
        return EXIT_OK
    if not args.code:
        raise UsageError("name a code (hookc rule HK505) or give --all")
    text = explain_rule(args.code)
    if text is None:
        raise UsageError(f"unknown code {args.code!r} (hookc rule --all lists them)")
    out.write(text)
    return EXIT_OK
