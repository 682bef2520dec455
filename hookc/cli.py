"""The ``hookc`` command line: the parser, and the hand-over to the command's module.

Each command lives in ``hookc.commands.<name>``; a run imports only the one it names, so
``hookc compile`` pays for neither ``run``'s handlers nor ``fmt``'s layout. ``main(argv) ->
int`` does the work and returns the exit status, so tests call it in-process and compare its
output exactly; ``run`` is the console-script entry point.

Exit status: 0 success, 1 the input has an error (a diagnostic was printed), 2 a usage
error or a failure of hookc itself.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import importlib
import os
import sys
from collections.abc import Collection, Sequence

from hookc.commands import EXIT_USAGE, HelpFormatter, UsageError, hosts_help
from hookc.version import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TextIO

    from hookc.commands import Command

# Every command, with its line in `hookc --help`, in the order listed there.
COMMANDS = {
    "check": "lint hook files: syntax, schema, actions, paths, logic",
    "compile": "compile hook files into a standalone Python module (or canonical YAML, or the "
    "registry's registration JSON)",
    "fmt": "lay YAML hook files out one way, keeping every comment",
    "eval": "evaluate hooks for an event and a context: which hook fires, and why",
    "run": "run the handlers of the hooks that match an event, as the agent would",
    "expr": "evaluate one `when` expression against a JSON context",
    "rule": "explain a diagnostic code: what it means, an example, the fix",
    "replay": "replay hooks over recorded agent events: what would have fired (DuckDB, Spark)",
    "ingest": "recorded agent events into the canonical Parquet table that replays scan",
}


def command(name: str) -> Command:
    """The module of the command ``name``."""
    return importlib.import_module(f"hookc.commands.{name}")


def _parser(named: Collection[str] | None = None) -> argparse.ArgumentParser:
    """hookc's parser. Only the commands in ``named`` (default: every one) get a parser, with
    their options and descriptions, and only their modules are imported: argparse parses
    with the one command a run names; the others are listed, and their parsers would only
    cost time."""
    parser = argparse.ArgumentParser(
        prog="hookc",
        description="A compiler and toolchain for the hook rules of AI-agent runtimes.",
        epilog=hosts_help(),
        formatter_class=HelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"hookc {__version__}")
    commands = parser.add_subparsers(  # type: ignore[call-overload]
        dest="command", metavar="COMMAND", parser_class=_command_parser
    )
    for name, summary in COMMANDS.items():
        if named is not None and name not in named:
            commands.add_parser(name, help=summary, listed_only=True)
            continue
        module = command(name)
        module.add_arguments(commands.add_parser(name, help=summary, **_command_options(name)))
    return parser


def _command_options(name: str) -> dict[str, Any]:
    """What a command's parser is made with, besides its line in ``hookc --help``."""
    module = command(name)
    return {
        "description": module.DESCRIPTION,
        "epilog": module.EXAMPLES,
        "formatter_class": HelpFormatter,
    }


def _command_parser(listed_only: bool = False, **options: Any) -> argparse.ArgumentParser | None:
    """A command's parser, made by argparse's ``add_parser``. A command the run does not
    name is listed (in ``hookc --help`` and in an ``invalid choice`` error) but never parses:
    it gets none, where a parser would cost three gettext look-ups (~50 µs each where a
    locale is set), and ``hookc compile`` would make six."""
    return None if listed_only else argparse.ArgumentParser(**options)


def _parse(arguments: list[str]) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    """The command line read as hookc's parser reads it, and the parser that read it: the
    command's own, where it read the line alone (``main`` asks the parser only for a line
    without a command, which hookc's parser reads).

    A line that starts with a command (``hookc compile ...``) is read by that command's
    parser alone, as hookc's parser hands it over (the same parser, the same words, the
    same errors and help), unless words are left over: hookc's parser reports those, so it
    reads such a line again, as it reads any other. Making it only where it has something
    to say saves its three gettext look-ups and the parsers of the listed commands.
    """
    if arguments and arguments[0] in COMMANDS:
        name = arguments[0]
        parser = argparse.ArgumentParser(prog=f"hookc {name}", **_command_options(name))
        command(name).add_arguments(parser)
        args, left_over = parser.parse_known_args(arguments[1:])
        if not left_over:
            args.command = name
            return parser, args
    # Every word of the command line that names a command: the command argparse will run,
    # if the line has one, is among them.
    parser = _parser(named=set(arguments) & COMMANDS.keys())
    return parser, parser.parse_args(arguments)


def main(
    argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    if stdout is None:
        _escape_what_cannot_be_shown(sys.stdout)
    if stderr is None:
        _escape_what_cannot_be_shown(sys.stderr)
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    arguments = sys.argv[1:] if argv is None else list(argv)
    try:
        parser, args = _parse(arguments)
    except SystemExit as exit_:  # argparse exits for --help, --version and usage errors
        return int(exit_.code or 0)
    if args.command is None:
        parser.print_usage(err)
        print("hookc: error: a command is required (see hookc --help)", file=err)
        return EXIT_USAGE
    try:
        return command(args.command).run(args, out, err)
    except UsageError as exc:
        print(f"hookc: error: {exc}", file=err)
        return EXIT_USAGE
    except Exception as exc:  # a bug in hookc: say so, without a traceback for the user
        print(f"hookc: internal error: {type(exc).__name__}: {exc}", file=err)
        return EXIT_USAGE


def _escape(error: UnicodeError) -> tuple[str, int]:
    """The characters an encoding cannot take, written as JSON's ``\\uXXXX`` escapes (an
    astral character as its two UTF-16 halves): readable in a report, and in a JSON or
    SARIF report the same string to a JSON reader, where Python's ``\\xe9`` is not JSON."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    escaped = []
    for char in error.object[error.start : error.end]:
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            escaped.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            escaped.append(f"\\u{code:04x}")
    return "".join(escaped), error.end


def _escape_what_cannot_be_shown(stream: TextIO) -> None:
    """Make ``stream`` (the process's standard output or error) escape what its encoding
    cannot take, instead of raising UnicodeEncodeError: in a legacy locale (``LC_ALL=C``,
    ASCII) or a console code page without the character, and for the lone surrogates that
    stand for a file name's undecodable bytes, a report would otherwise die half-printed
    as an internal error, with no findings and the wrong exit status."""
    import codecs

    try:
        codecs.lookup_error("hookc.escape")
    except LookupError:
        codecs.register_error("hookc.escape", _escape)
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(ValueError, OSError):
            reconfigure(errors="hookc.escape")


def run() -> None:
    # A run is short, and its objects (immutable IR, parse results) are freed by reference
    # counting; the cycle collector's passes over hundreds of thousands of them cost a
    # fifth of a 1,000-hook check (0.67 s against 0.80-0.92 s, measured), so it stays off,
    # from before the command's modules are imported.
    gc.disable()
    status = main()
    # Tearing the interpreter down frees every object one by one and runs a last full
    # collection over them all: 1.4 s after compiling 10,000 hooks, for nothing (every file
    # is written, synced and closed). Flush what was printed and leave at once.
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    finally:
        os._exit(status)
