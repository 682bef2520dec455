"""``hookc check``: lint hook files and print every problem with its place."""

from __future__ import annotations

import argparse

from hookc import progress
from hookc.check.run import check_files
from hookc.commands import EXIT_INPUT_ERROR, EXIT_OK, FORMATS, add_color, hosts_help, reporter
from hookc.settings import add_options, inputs, resolve

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

DESCRIPTION = (
    "Check hook files (native YAML, directive XML, or Markdown with an xml block) "
    "and print every problem with its place. Exit status: 0 no error (warnings "
    "alone pass unless --strict), 1 an error was found, 2 a usage error."
)
EXAMPLES = """examples:
  hookc check policies.hooks.yaml .system/hooks/     files and folders
  hookc check . --select HK5 --ignore HK505          only path and logic warnings, but one
  cat policies.hooks.yaml | hookc check - --stdin-filename policies.hooks.yaml
  hookc check . --format github                      annotations in a GitHub workflow"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = f"{EXAMPLES}\n\n{hosts_help()}"
    parser.add_argument(
        "files",
        nargs="+",
        metavar="PATH",
        help="hook files, folders (searched for hook files) or - for standard input",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text for people (default), json or sarif for tools, github for workflow annotations",
    )
    add_color(parser)
    add_options(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    settings = resolve(args)
    paths, given = inputs(args.files, settings, args.stdin_filename)
    with progress.showing(err):  # a line on a terminal while a long check runs
        reports = check_files(paths, settings.profile, settings.selection, given)
    out.write(reporter(args, out).render(reports))
    severities = {d.severity.value for report in reports for d in report.diagnostics}
    failed = "error" in severities or (settings.strict and "warning" in severities)
    return EXIT_INPUT_ERROR if failed else EXIT_OK
