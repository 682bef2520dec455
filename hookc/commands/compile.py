"""``hookc compile``: check hook files as ``hookc check`` does and, without an error, write
them as one Python module (or canonical YAML, or a registry's registration JSON)."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence

from hookc.backend.driver import OutputError, compile_files, module_name_for
from hookc.cel.printer import to_text
from hookc.commands import (
    EXIT_INPUT_ERROR,
    EXIT_OK,
    FORMATS,
    UsageError,
    add_color,
    reporter,
)
from hookc.config.settings import add_options, inputs, resolve

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

    from hookc.hosts.profile import Profile
    from hookc.ir.hooks import Hook
    from hookc.optimize import Optimized

DESCRIPTION = (
    "Check hook files as `hookc check` does and, if there is no error, compile "
    "them into one Python module, DIR/NAME.py, and its bytecode (the module "
    "imports only the standard library), or with --target yaml into canonical YAML, "
    "DIR/NAME.hooks.yaml, for hookc.runtime. Exit status: 0 written, 1 an error in "
    "the input (nothing is written), 2 a usage error."
)
EXAMPLES = """examples:
  hookc compile policies.hooks.yaml -o build         writes build/policies.py
  hookc compile hooks/ -o build --name policies --target yaml
  hookc compile policies.hooks.yaml -o build --explain"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="+",
        metavar="INPUT",
        help="hook files or folders, their hooks in this order (- for standard input)",
    )
    parser.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="DIR",
        help="the folder to write the module in (created if missing)",
    )
    parser.add_argument(
        "--name",
        help="the module's name (default: the first input's name, e.g. policies for "
        "policies.hooks.yaml)",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="how findings are printed: text (default), json, sarif, github or gitlab",
    )
    add_color(parser)
    add_options(parser, strict=False)
    parser.add_argument(
        "--host",
        metavar="NAME",
        help="the host the files are for, whose meaning is compiled (the same as --profile "
        "with its name); needed for a file whose host its path and content leave unsettled",
    )
    parser.add_argument(
        "-O",
        dest="level",
        type=int,
        choices=(0, 1, 2),
        default=1,
        metavar="LEVEL",
        help="optimization: -O0 conditions as written; -O1 (default) simplified, never "
        "changing when a hook fires; -O2 also cheap tests first",
    )
    parser.add_argument(
        "--target",
        choices=("python", "yaml", "registration", "sql"),
        default="python",
        help="python (default): DIR/NAME.py and its bytecode; yaml: canonical YAML, "
        "DIR/NAME.hooks.yaml, for hookc.runtime; registration: a `.system/hooks` "
        "registry's hooks grouped by event, DIR/NAME.json, as register_hooks.py emits them; "
        "sql: DIR/NAME.sql, the replay of the hooks over a hook-input JSONL file (see "
        "docs/replay.md)",
    )
    parser.add_argument(
        "--dialect",
        choices=("duckdb", "spark"),
        default="duckdb",
        help="with --target sql: the SQL engine, duckdb (default) or spark (Spark 4)",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="print each hook's condition before and after optimizing, with the rules "
        "that changed it (on standard error when --format is not text)",
    )


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    settings = resolve(args)
    profile = settings.profile if settings.hosts is None else _profile_of(settings.hosts)
    paths, given = inputs(args.files, settings, args.stdin_filename)
    try:
        # A folder names the module it compiles to (`.system/hooks/` gives `hooks`).
        first = args.files[0]
        folder = args.name is None and os.path.isdir(first)
        name = module_name_for(first) if folder else args.name
        result = compile_files(
            paths,
            args.output,
            name=name,
            profile=profile,
            level=args.level,
            target=args.target,
            selection=settings.selection,
            given=given,
            dialect=args.dialect,
        )
    except OutputError as exc:
        raise UsageError(str(exc)) from None
    out.write(reporter(args, out).render(result.reports))
    if result.module_path is None:
        return EXIT_INPUT_ERROR
    if args.explain:
        # Machine-readable output stays one document: the explanation goes beside it.
        (out if args.format == "text" else err).write(explanation(result.optimized, args.level))
    for note in result.notes:
        print(f"hookc: note: {note}", file=err)
    hooks = f"{result.hook_count} hook{'' if result.hook_count == 1 else 's'}"
    print(f"hookc: wrote {result.module_path} ({hooks})", file=err)
    return EXIT_OK


def _profile_of(hosts: tuple[str, ...]) -> Profile:
    """The profile of the one host ``--host`` names: a module has one host's meaning."""
    from hookc.check.hosts_disagree import ALL
    from hookc.config.settings import profile_named
    from hookc.hosts import by_name

    if len(hosts) != 1 or hosts[0] == ALL:
        raise UsageError("a module has one host's meaning: name one with --host")
    return profile_named(by_name(hosts[0]).profile)


def explanation(optimized: Sequence[tuple[Hook, Optimized]], level: int) -> str:
    """Each hook's condition before and after the optimizer, and the rules that fired."""
    lines = [f"optimized at -O{level}:"]
    for hook, result in optimized:
        where = ""
        if hook.source is not None and hook.span is not None:
            where = f" ({hook.source.name}:{hook.source.position(hook.span.start)[0]})"
        lines.append(f"hook {hook.id}{where}")
        lines.append(f"  before: {to_text(result.before)}")
        if result.fired:
            lines.append(f"  after:  {to_text(result.after)}")
            lines.append(f"  rules:  {', '.join(result.fired)}")
        else:
            lines.append("  after:  unchanged")
    return "\n".join(lines) + "\n"
