"""``hookc fmt``: lay YAML hook files out one way, keeping every comment."""

from __future__ import annotations

import argparse
from typing import TextIO

from hookc.backend.driver import ChangedMeanwhile, OutputError
from hookc.commands import EXIT_INPUT_ERROR, EXIT_OK, UsageError
from hookc.config.settings import add_options, inputs, resolve
from hookc.fmt import YAML_SUFFIXES, format_file, write

DESCRIPTION = (
    "Lay YAML hook files out one way (keys in a fixed order, two-space indentation, "
    "comments beside what they belong to), keeping everything the author wrote: "
    "comments, `when` texts, quotes; no default or id is written in. Other files (another "
    "runtime's YAML, directive XML) are left as they are, with a note. Exit status: 0 "
    "all formatted (or rewritten, or left alone), 1 a file could not be rewritten or, with "
    "--check or --diff, is not formatted, 2 a usage error."
)
EXAMPLES = """examples:
  hookc fmt policies.hooks.yaml                      rewrite it in place
  hookc fmt --diff .                                 show what would change
  hookc fmt --check policies.hooks.yaml              exit 1 if it is not formatted"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar="PATH",
        help="YAML hook files, folders, or - (standard input to standard output)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; exit 1 if a file is not formatted (for pre-commit)",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="change nothing; print what would change as a unified diff, exit 1 if anything would",
    )
    add_options(parser, strict=False, selection=False)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    settings = resolve(args)
    paths, given = inputs(args.files, settings, args.stdin_filename)
    profile = settings.profile  # None: each file is read with the profile it declares
    named = set(args.files)
    status = EXIT_OK
    for path in paths:
        if path not in named and path not in given and not path.lower().endswith(YAML_SUFFIXES):
            continue  # found in a folder: fmt lays out YAML, and XML is not its business
        formatted = format_file(path, profile, given.get(path))
        for diagnostic in formatted.diagnostics:
            print(diagnostic.render(), file=out)
        if formatted.note is not None:
            print(f"{path}: note: {formatted.note}", file=err)
        if formatted.canonical is None:
            status = EXIT_INPUT_ERROR
        elif path in given and not (args.check or args.diff):
            out.write(formatted.canonical)  # standard input: the result to standard output
        elif formatted.changed and args.diff:
            import difflib  # only --diff prints one

            assert formatted.text is not None
            out.writelines(
                difflib.unified_diff(
                    formatted.text.splitlines(keepends=True),
                    formatted.canonical.splitlines(keepends=True),
                    f"{path}\t(original)",
                    f"{path}\t(formatted)",
                )
            )
            status = EXIT_INPUT_ERROR
        elif formatted.changed and args.check:
            print(f"{path}: not formatted (hookc fmt rewrites it)", file=out)
            status = EXIT_INPUT_ERROR
        elif formatted.changed:
            try:
                write(formatted)
            except ChangedMeanwhile:
                print(
                    f"{path}: not rewritten: the file changed while fmt ran (an edit was "
                    "saved); run hookc fmt again",
                    file=out,
                )
                status = EXIT_INPUT_ERROR
                continue
            except OutputError as exc:
                raise UsageError(str(exc)) from None
            print(f"hookc: rewrote {path}", file=err)
    return status
