"""``hookc check``: lint hook files and print every problem with its place; mend what can be
mended (``--fix``), compare with a baseline, count findings by rule."""

from __future__ import annotations

import argparse

from hookc.check.driver import FileReport, check_files
from hookc.commands import (
    EXIT_INPUT_ERROR,
    EXIT_OK,
    FORMATS,
    UsageError,
    add_color,
    add_host,
    hosts_help,
    reporter,
)
from hookc.config.settings import Settings, add_options, inputs, resolve
from hookc.source import progress

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import TextIO

DESCRIPTION = (
    "Check hook files of every kind hookc reads (native YAML, directive XML or Markdown, "
    "and each agent runtime's own: Claude Code settings, Rye, docker-agent, A3S, the "
    ".system/hooks registry) and print every problem with its place. Exit status: 0 no "
    "error (warnings alone pass unless --strict), 1 an error was found (or a warning, "
    "with --strict), 2 a usage error. After --fix the status is what remains; with --diff, "
    "1 if anything would change."
)
EXAMPLES = """examples:
  hookc check policies.hooks.yaml .system/hooks/     files and folders
  hookc check . --select HK5 --ignore HK505          only path and logic warnings, but one
  cat policies.hooks.yaml | hookc check - --stdin-filename policies.hooks.yaml
  hookc check . --format github                      annotations in a GitHub workflow
  hookc check .claude/settings.json --host claude-code,copilot,vscode
                                                     where the three hosts disagree
  hookc check .claude/settings.json --fix            mend what is safe to mend, in place
  hookc check . --fix --unsafe-fixes --diff          show every fix, change nothing
  hookc check . --write-baseline hookc-baseline.json record today's findings
  hookc check . --baseline hookc-baseline.json       fail on new findings only
  hookc check . --statistics                         how many of each rule"""


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
        help="text for people (default), json or sarif for tools, github for workflow "
        "annotations, gitlab for GitLab Code Quality (Code Climate JSON)",
    )
    parser.add_argument(
        "--fix",
        action="store_true",
        help="apply the safe fixes of the findings in place (standard input: the fixed text "
        "to standard output), then report what remains",
    )
    parser.add_argument(
        "--unsafe-fixes",
        action="store_true",
        help="with --fix or --diff, apply the unsafe fixes too (they may change what a hook "
        "does: a timeout's unit)",
    )
    parser.add_argument(
        "--diff",
        action="store_true",
        help="print what --fix would change as a unified diff and write nothing; exit 1 if "
        "anything would change",
    )
    parser.add_argument(
        "--baseline",
        metavar="FILE",
        help="leave out the findings recorded in FILE (written by --write-baseline): fail "
        "on new ones only",
    )
    parser.add_argument(
        "--write-baseline",
        metavar="FILE",
        help="record every finding in FILE (for --baseline) and exit 0",
    )
    parser.add_argument(
        "--statistics",
        action="store_true",
        help="print how many findings of each rule instead of the findings ([*]: fixable)",
    )
    add_color(parser)
    add_options(parser)
    add_host(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    settings = resolve(args)
    paths, given = inputs(args.files, settings, args.stdin_filename)
    if args.write_baseline and args.baseline:
        raise UsageError("--write-baseline records findings; --baseline hides them: give one")
    status = EXIT_OK
    if args.fix or args.diff:
        status, given, report = _fix(args, settings, paths, given, out, err)
        if not report:
            return status
    with progress.showing(err):  # a line on a terminal while a long check runs
        reports = check_files(
            paths, settings.profile, settings.selection, given, settings.hosts_for
        )
    if args.write_baseline:
        from hookc.check.baseline import BaselineError, write_baseline

        try:
            count = write_baseline(args.write_baseline, reports)
        except BaselineError as exc:
            raise UsageError(str(exc)) from None
        print(f"hookc: recorded {count} findings in {args.write_baseline}", file=err)
        return EXIT_OK
    if args.baseline:
        from hookc.check.baseline import BaselineError, read_baseline, without_baseline

        try:
            reports = without_baseline(reports, read_baseline(args.baseline))
        except BaselineError as exc:
            raise UsageError(str(exc)) from None
    # Standard input fixed: its text went to standard output; the findings go to stderr.
    shown = err if args.fix and _stdin(args) else out
    if args.statistics:
        from hookc.check.reporters import statistics

        shown.write(statistics(reports, machine=args.format != "text"))
    else:
        shown.write(reporter(args, shown).render(reports))
    return max(status, _status(reports, settings))


def _stdin(args: argparse.Namespace) -> set[str]:
    """The name standard input is checked under, if it is one of the inputs."""
    from hookc.frontend.discover import without_dot_slash

    if "-" not in args.files or not args.stdin_filename:
        return set()
    return {without_dot_slash(args.stdin_filename)}


def _status(reports: list[FileReport], settings: Settings) -> int:
    severities = {d.severity.value for report in reports for d in report.diagnostics}
    failed = "error" in severities or (settings.strict and "warning" in severities)
    return EXIT_INPUT_ERROR if failed else EXIT_OK


def _fix(
    args: argparse.Namespace,
    settings: Settings,
    paths: list[str],
    given: Mapping[str, str],
    out: TextIO,
    err: TextIO,
) -> tuple[int, dict[str, str], bool]:
    """Apply (``--fix``) or show (``--diff``) the fixes. The status so far, the inputs'
    texts as fixed (for the report of what remains), and whether to report: ``--diff``
    prints the diff alone."""
    from hookc.backend.driver import ChangedMeanwhile, OutputError
    from hookc.check.fix import fix_files, unified_diff, write_fixed

    fixed = fix_files(paths, settings.profile, settings.selection, given, args.unsafe_fixes)
    status = EXIT_OK
    texts = dict(given)
    stdin = _stdin(args)
    for each in fixed:
        if not each.changed:
            if each.path in stdin and not args.diff:
                out.write(each.original)
            continue
        if args.diff:
            out.write(unified_diff(each))
            status = EXIT_INPUT_ERROR
            continue
        if each.path in stdin:
            out.write(each.fixed)
            texts[each.path] = each.fixed
            continue
        try:
            write_fixed(each)
        except ChangedMeanwhile:
            print(
                f"{each.path}: not fixed: the file changed while hookc read it (an edit was "
                "saved); run hookc check --fix again",
                file=err,
            )
            status = EXIT_INPUT_ERROR
            continue
        except OutputError as exc:
            raise UsageError(str(exc)) from None
        word = "fix" if each.applied == 1 else "fixes"
        print(f"hookc: {each.path}: applied {each.applied} {word}", file=err)
    if args.diff:
        count = sum(each.applied for each in fixed)
        print(f"hookc: {count} fixes would be applied", file=err)
        return status, texts, False
    return status, texts, True
