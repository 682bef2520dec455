"""``hookc expr``: evaluate one ``when`` expression against a JSON context."""

from __future__ import annotations

import argparse
from typing import TextIO

import hookc.cel
from hookc.commands import EXIT_INPUT_ERROR, EXIT_OK
from hookc.commands.context import read_context
from hookc.errors import CompileError, EvaluationError
from hookc.eval import json_text

DESCRIPTION = (
    "Compile a `when` expression (CEL core with and/or/not) and evaluate it with the "
    "top-level keys of a JSON object as its variables. Prints the value as JSON. "
    "Exits 1, with a diagnostic, if the expression does not compile or evaluates "
    "to a CEL error (a missing key, no matching overload, overflow, ...)."
)
EXAMPLES = """examples:
  hookc expr "1 + 2"
  hookc expr "cost.spend > 10.0" --context ctx.json"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("expression", help='the expression text, e.g. "cost.spend > 10.0"')
    parser.add_argument(
        "--context",
        metavar="FILE",
        help="a JSON object of variables; '-' reads standard input (default: no variables)",
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    bindings = read_context(args.context) if args.context else {}
    try:
        program = hookc.cel.compile(args.expression)
    except CompileError as exc:
        for diagnostic in exc.diagnostics:
            print(diagnostic.render(), file=err)
        return EXIT_INPUT_ERROR
    for diagnostic in program.warnings:
        print(diagnostic.render(), file=err)
    try:
        value = program.evaluate(bindings)
    except EvaluationError as exc:
        print(f"<expr>: evaluation error: {exc}", file=err)
        return EXIT_INPUT_ERROR
    print(json_text(value), file=out)
    return EXIT_OK
