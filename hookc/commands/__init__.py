"""The ``hookc`` commands, one module each (a ``Command``); ``hookc.cli`` imports only the
one a run names. This package holds what they share, and imports nothing heavy.

A command's module is its command line: its arguments, what it prints and its exit status.
The work is done by one package of the pipeline:

- ``check``: ``hookc.check.driver.check_files`` (printed by ``hookc.check.reporters``);
- ``compile``: ``hookc.backend.driver.compile_files``, after the checks;
- ``fmt``: ``hookc.fmt.format_file``;
- ``eval``: ``hookc.eval`` (``explain``, ``result``);
- ``run``: ``hookc.eval`` for which hooks match, ``hookc.handlers`` to run them
  (``run_support`` here: protocol, signals, the texts);
- ``expr``: ``hookc.cel``; ``rule``: ``hookc.lint.explain``; ``replay``: ``hookc.replay``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Protocol, TextIO

    from hookc.eval import Subject

    # Only type checkers ask for it: a run imports no typing.
    class Command(Protocol):
        """What a module of this package holds: its ``--help`` text beyond the one line of
        ``hookc --help`` (``hookc.cli.COMMANDS``), its arguments, and the run, which returns the
        exit status."""

        DESCRIPTION: str
        EXAMPLES: str

        def add_arguments(self, parser: argparse.ArgumentParser) -> None: ...

        def run(self, args: argparse.Namespace, out: TextIO, err: TextIO) -> int: ...


EXIT_OK, EXIT_INPUT_ERROR, EXIT_USAGE = 0, 1, 2
FORMATS = ("text", "json", "sarif", "github", "gitlab")


def hosts_help() -> str:
    """The hosts whose files hookc reads, a line each, for ``--help``."""
    from hookc.hosts import hosts

    lines = [f"  {host.name:<14}{host.summary}" for host in hosts()]
    return "hosts (each file is read as the first that claims it):\n" + "\n".join(lines)


class UsageError(Exception):
    """The command cannot be carried out as asked; printed as ``hookc: error: ...``, exit 2."""


class PlainHelpFormatter(argparse.HelpFormatter):
    """argparse's own formatter, told the terminal's width without ``shutil``.

    argparse makes a formatter for every ``add_argument`` (to check the argument's metavar)
    and the stock one asks ``shutil.get_terminal_size`` for the width each time: a command
    that prints no help would import shutil (with bz2 and lzma, ~2 ms) for it.
    """

    def __init__(
        self,
        prog: str,
        indent_increment: int = 2,
        max_help_position: int = 24,
        width: int | None = None,
    ) -> None:
        if width is None:
            width = terminal_columns() - 2  # as argparse's own
        super().__init__(prog, indent_increment, max_help_position, width)


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``: ``$COLUMNS`` if it is a positive number, else
    the width of the terminal standard output is, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
        columns = columns or 80
    return columns


class HelpFormatter(PlainHelpFormatter):
    """Descriptions wrapped to the terminal; the examples and the hosts printed as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith(("examples:", "hosts ")):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def read_standard_input() -> str:
    """Standard input as UTF-8 text, the encoding of hook files and JSON whatever the
    locale (in the C locale Python would read it as ASCII, and every other byte would
    become a lone surrogate); ``UsageError`` for bytes that are not UTF-8."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # a text stream put in its place (by a test, or an embedding program)
        return sys.stdin.read()
    data: bytes = buffer.read()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        byte, at = data[exc.start], exc.start
        raise UsageError(
            f"standard input is not valid UTF-8 (byte 0x{byte:02x} at byte {at})"
        ) from None


def add_color(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text report: auto (default) on a terminal unless NO_COLOR is set",
    )


def add_profile(parser: argparse.ArgumentParser) -> None:
    """``--profile`` of the commands that read one hook file or module (eval, run)."""
    parser.add_argument(
        "--profile",
        help="the runtime profile (default: the one of FILE's format, found from its name "
        "and content)",
    )


def add_host(parser: argparse.ArgumentParser) -> None:
    """``--host``: the hosts a file is read as (check, eval, run)."""
    from hookc.hosts import names

    parser.add_argument(
        "--host",
        metavar="NAME[,NAME...]|all",
        help="read each file as these hosts read it (" + ", ".join(names()) + "), and say "
        "where they disagree; `all`: every host that loads it (default: the configuration's "
        "`hosts`, else each file's own host)",
    )


def reporter(args: argparse.Namespace, out: TextIO) -> Any:
    """The reporter ``--format`` (and, for text, ``--color``) asks for."""
    from hookc.check.reporters import REPORTERS, TextReporter, colour_wanted

    if args.format == "text":
        return TextReporter(colour=colour_wanted(args.color, out, os.environ))
    return REPORTERS[args.format]()


def compiled_module(path: Path, out: TextIO) -> Subject | None:
    """The hooks of a module ``hookc compile`` wrote, for ``eval`` and ``run``; None, with
    the reason printed, where the module's own code fails (the user's file, not hookc)."""
    from hookc.eval import from_module

    try:
        return from_module(path)
    except Exception as exc:
        print(f"{path}: cannot load the module: {type(exc).__name__}: {exc}", file=out)
        return None
