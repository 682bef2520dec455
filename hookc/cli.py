"""The ``hookc`` command line.

``main(argv) -> int`` does the work and returns the exit status, so tests call it in-process
and compare its output exactly; ``run`` is the console-script entry point.

Exit status: 0 success, 1 the input has an error (a diagnostic was printed), 2 a usage
error or a failure of hookc itself.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TextIO

import hookc
from hookc.errors import CompileError, EvaluationError

if TYPE_CHECKING:
    from hookc.ir.hooks import Hook
    from hookc.optimize import Optimized
    from hookc.profile import Profile

EXIT_OK, EXIT_INPUT_ERROR, EXIT_USAGE = 0, 1, 2


class _UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="hookc",
        description="A compiler and toolchain for the hook rules of AI-agent runtimes.",
    )
    parser.add_argument("--version", action="version", version=f"hookc {hookc.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    check = commands.add_parser(
        "check",
        help="lint hook files: syntax, schema, actions, paths, logic",
        description=(
            "Check hook files (native YAML, directive XML, or Markdown with an xml block) "
            "and print every problem with its place. Exit status: 0 no error (warnings "
            "alone pass unless --strict), 1 an error was found, 2 a usage error."
        ),
    )
    check.add_argument("files", nargs="+", metavar="FILE", help="hook files to check")
    check.add_argument(
        "--format",
        choices=("text", "json", "sarif"),
        default="text",
        help="text for people (default), json or sarif for tools",
    )
    check.add_argument("--strict", action="store_true", help="fail (exit 1) on warnings too")
    check.add_argument(
        "--profile",
        help="the runtime profile: its events, context schema and action catalog "
        "(default: the one of each file's format, found from its name and content)",
    )

    compile_ = commands.add_parser(
        "compile",
        help="compile hook files into a standalone Python module (or canonical YAML)",
        description=(
            "Check hook files as `hookc check` does and, if there is no error, compile "
            "them into one Python module, DIR/NAME.py, and its bytecode (the module "
            "imports only the standard library), or with --target yaml into canonical YAML, "
            "DIR/NAME.hooks.yaml, for hookc.runtime. Exit status: 0 written, 1 an error in "
            "the input (nothing is written), 2 a usage error."
        ),
    )
    compile_.add_argument(
        "files", nargs="+", metavar="INPUT", help="hook files, their hooks in this order"
    )
    compile_.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="DIR",
        help="the folder to write the module in (created if missing)",
    )
    compile_.add_argument(
        "--name",
        help="the module's name (default: the first input's name, e.g. policies for "
        "policies.hooks.yaml)",
    )
    compile_.add_argument(
        "--format",
        choices=("text", "json", "sarif"),
        default="text",
        help="how findings are printed: text (default), json or sarif",
    )
    compile_.add_argument(
        "--profile",
        help="the runtime profile (default: the one of the inputs' format, found from "
        "their names and content)",
    )
    compile_.add_argument(
        "-O",
        dest="level",
        type=int,
        choices=(0, 1, 2),
        default=1,
        metavar="LEVEL",
        help="optimization: -O0 conditions as written; -O1 (default) simplified, never "
        "changing when a hook fires; -O2 also cheap tests first",
    )
    compile_.add_argument(
        "--target",
        choices=("python", "yaml"),
        default="python",
        help="python (default): DIR/NAME.py and its bytecode; yaml: canonical YAML, "
        "DIR/NAME.hooks.yaml, for hookc.runtime",
    )
    compile_.add_argument(
        "--explain",
        action="store_true",
        help="print each hook's condition before and after optimizing, with the rules "
        "that changed it",
    )

    fmt = commands.add_parser(
        "fmt",
        help="rewrite YAML hook files in canonical form",
        description=(
            "Rewrite YAML hook files in canonical form: keys in a fixed order, defaults "
            "filled, conditions as trees. A file whose comments canonical YAML cannot keep "
            "(any but those above its first line) is not rewritten, and fmt says why. "
            "Exit status: 0 all canonical (or rewritten), 1 a file could not be rewritten "
            "or, with --check, is not canonical, 2 a usage error."
        ),
    )
    fmt.add_argument("files", nargs="+", metavar="FILE", help="YAML hook files")
    fmt.add_argument(
        "--check",
        action="store_true",
        help="change nothing; exit 1 if a file is not in canonical form (for pre-commit)",
    )
    fmt.add_argument(
        "--profile", default="default", help="the runtime profile (default: %(default)s)"
    )

    eval_ = commands.add_parser(
        "eval",
        help="evaluate hooks for an event and a context: which hook fires, and why",
        description=(
            "Evaluate FILE's hooks for EVENT in a context and print the action that fires as "
            "JSON (null if none). FILE is a hook file (YAML, directive XML, canonical YAML) "
            "or a module hookc compiled. Exit status: 0 evaluated, 1 an error in FILE, 2 a "
            "usage error."
        ),
    )
    eval_.add_argument("file", metavar="FILE", help="a hook file or a compiled module (.py)")
    eval_.add_argument("--event", required=True, metavar="EVENT", help="the event, e.g. error")
    eval_.add_argument(
        "--context",
        required=True,
        metavar="CTX",
        help="the event's context: a JSON object in a file, or '-' for standard input",
    )
    eval_.add_argument(
        "--all",
        action="store_true",
        help="print every matching hook's action, in order (the default for profiles that "
        "run every matching hook, such as claude-code and docker-agent)",
    )
    eval_.add_argument(
        "--explain",
        action="store_true",
        help="first list each hook in order, whether it fired, and each leaf of its "
        "condition with the values it read and its outcome",
    )
    eval_.add_argument(
        "--profile",
        help="the runtime profile (default: the one of FILE's format, found from its name "
        "and content)",
    )

    run_ = commands.add_parser(
        "run",
        help="run the handlers of the hooks that match an event, as the agent would",
        description=(
            "Evaluate FILE's hooks for EVENT in a context and run the handlers of those that "
            "match (commands get the event as JSON on stdin) by the protocol of the tool "
            "they are for, then print each handler's exit status, time and output and the "
            "merged decision. Exit status: 0 the handlers ran (whatever they decided), 1 an "
            "error in FILE, 2 a usage error."
        ),
    )
    run_.add_argument("file", metavar="FILE", help="a hook file or a compiled module (.py)")
    run_.add_argument("--event", required=True, metavar="EVENT", help="the event, e.g. PreToolUse")
    run_.add_argument(
        "--context",
        required=True,
        metavar="CTX",
        help="the event's context: a JSON object in a file, or '-' for standard input",
    )
    run_.add_argument(
        "--protocol",
        help="the tool whose protocol runs the handlers: claude_code, docker_agent, registry, "
        "a3s or rollouts (default: the one of FILE's profile)",
    )
    run_.add_argument(
        "--dry-run",
        action="store_true",
        help="run nothing: list the handlers that would run and the JSON they would get",
    )
    run_.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people (default), or json",
    )
    run_.add_argument(
        "--cwd",
        metavar="DIR",
        help="the agent's working directory, where handlers run (default: this one)",
    )
    run_.add_argument(
        "--project-dir",
        metavar="DIR",
        help="the project's root, Claude Code's CLAUDE_PROJECT_DIR (default: the folder "
        "holding FILE's .claude/, else the working directory)",
    )
    run_.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="give every handler this long instead of its own timeout",
    )
    run_.add_argument(
        "--profile",
        help="the runtime profile (default: the one of FILE's format, found from its name "
        "and content)",
    )

    expr = commands.add_parser(
        "expr",
        help="evaluate one `when` expression against a JSON context",
        description=(
            "Compile a `when` expression (CEL core with and/or/not) and evaluate it with the "
            "top-level keys of a JSON object as its variables. Prints the value as JSON. "
            "Exits 1, with a diagnostic, if the expression does not compile or evaluates "
            "to a CEL error (a missing key, no matching overload, overflow, ...)."
        ),
    )
    expr.add_argument("expression", help='the expression text, e.g. "cost.spend > 10.0"')
    expr.add_argument(
        "--context",
        metavar="FILE",
        help="a JSON object of variables; '-' reads standard input (default: no variables)",
    )
    return parser


def main(
    argv: Sequence[str] | None = None, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    out = stdout or sys.stdout
    err = stderr or sys.stderr
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:  # argparse exits for --help, --version and usage errors
        return int(exit_.code or 0)
    try:
        if args.command == "check":
            return _check(args.files, args.format, args.strict, args.profile, out)
        if args.command == "compile":
            return _compile(args, out, err)
        if args.command == "fmt":
            return _fmt(args, out, err)
        if args.command == "eval":
            return _eval(args, out, err)
        if args.command == "expr":
            return _expr(args.expression, args.context, out, err)
        if args.command == "run":
            return _run(args, out, err)
        parser.print_usage(err)
        print("hookc: error: a command is required (see hookc --help)", file=err)
        return EXIT_USAGE
    except _UsageError as exc:
        print(f"hookc: error: {exc}", file=err)
        return EXIT_USAGE
    except Exception as exc:  # a bug in hookc: say so, without a traceback for the user
        print(f"hookc: internal error: {type(exc).__name__}: {exc}", file=err)
        return EXIT_USAGE


def run() -> None:
    # A run is short, and its objects (immutable IR, parse results) are freed by reference
    # counting; the cycle collector's passes over hundreds of thousands of them cost a
    # fifth of a 1,000-hook check (0.67 s against 0.80-0.92 s, measured), so it stays off.
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


def _check(
    files: list[str], format: str, strict: bool, profile_name: str | None, out: TextIO
) -> int:
    from hookc.check.run import check_files
    from hookc.reporters import REPORTERS

    reports = check_files(files, _profile(profile_name))
    out.write(REPORTERS[format]().render(reports))
    severities = {d.severity.value for report in reports for d in report.diagnostics}
    failed = "error" in severities or (strict and "warning" in severities)
    return EXIT_INPUT_ERROR if failed else EXIT_OK


def _compile(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hookc.backend.driver import OutputError, compile_files
    from hookc.reporters import REPORTERS

    profile = _profile(args.profile)
    try:
        result = compile_files(
            args.files,
            args.output,
            name=args.name,
            profile=profile,
            level=args.level,
            target=args.target,
        )
    except OutputError as exc:
        raise _UsageError(str(exc)) from None
    out.write(REPORTERS[args.format]().render(result.reports))
    if result.module_path is None:
        return EXIT_INPUT_ERROR
    if args.explain:
        out.write(_explanation(result.optimized, args.level))
    hooks = f"{result.hook_count} hook{'' if result.hook_count == 1 else 's'}"
    print(f"hookc: wrote {result.module_path} ({hooks})", file=err)
    return EXIT_OK


def _profile(name: str | None) -> Profile | None:
    """The profile asked for, or None: each file's format then chooses its own."""
    from hookc.profile import available, load_profile

    if name is None:
        return None
    if name not in available():
        raise _UsageError(f"unknown profile {name!r}; available: {', '.join(available())}")
    return load_profile(name)


def _fmt(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hookc.backend.driver import OutputError
    from hookc.fmt import format_file, write

    profile = _profile(args.profile)
    assert profile is not None  # fmt rewrites native YAML: its --profile has a default
    status = EXIT_OK
    for path in dict.fromkeys(args.files):
        formatted = format_file(path, profile)
        for diagnostic in formatted.diagnostics:
            print(diagnostic.render(), file=out)
        if formatted.canonical is None:
            status = EXIT_INPUT_ERROR
        elif formatted.changed and args.check:
            print(f"{path}: not in canonical form (hookc fmt rewrites it)", file=out)
            status = EXIT_INPUT_ERROR
        elif formatted.changed:
            try:
                write(formatted)
            except OutputError as exc:
                raise _UsageError(str(exc)) from None
            print(f"hookc: rewrote {path}", file=err)
    return status


def _eval(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pathlib import Path

    from hookc.diagnostics import Severity
    from hookc.explain import explain, from_hookset, from_module, result
    from hookc.frontend.load import load_file

    context = _read_context(args.context)
    path = Path(args.file)
    if path.suffix == ".py":
        try:
            subject = from_module(path)
        except Exception as exc:  # the module's own code failed: the user's file, not hookc
            print(f"{path}: cannot load the module: {type(exc).__name__}: {exc}", file=out)
            return EXIT_INPUT_ERROR
    else:
        loaded = load_file(path, _profile(args.profile))
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        for diagnostic in errors:
            print(diagnostic.render(), file=out)
        if errors or loaded.hookset is None:
            return EXIT_INPUT_ERROR
        subject = from_hookset(loaded.hookset)
    every = args.all or subject.runs_every_match
    if args.explain:
        out.write(explain(subject, args.event, context, every))
    out.write(result(subject, args.event, context, every))
    return EXIT_OK


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pathlib import Path

    from hookc import handlers
    from hookc.diagnostics import Severity
    from hookc.explain import from_hookset, from_module
    from hookc.frontend.load import load_file
    from hookc.run import choose_protocol, decision_text, plan_text, project_root

    context = _read_context(args.context)
    path = Path(args.file)
    for option, folder in (("--cwd", args.cwd), ("--project-dir", args.project_dir)):
        if folder is not None and not Path(folder).is_dir():
            raise _UsageError(f"{option} {folder}: not a directory")
    if args.timeout is not None and not args.timeout > 0:
        raise _UsageError("--timeout must be a positive number of seconds")
    profile = args.profile or "default"
    if path.suffix == ".py":
        try:
            subject = from_module(path)
        except Exception as exc:  # the module's own code failed: the user's file, not hookc
            print(f"{path}: cannot load the module: {type(exc).__name__}: {exc}", file=out)
            return EXIT_INPUT_ERROR
    else:
        loaded = load_file(path, _profile(args.profile))
        errors = [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
        for diagnostic in errors:
            print(diagnostic.render(), file=out)
        if errors or loaded.hookset is None:
            return EXIT_INPUT_ERROR
        subject = from_hookset(loaded.hookset)
        profile = loaded.hookset.profile
    try:
        protocol = choose_protocol(args.protocol, profile)
    except ValueError as exc:
        raise _UsageError(str(exc)) from None
    matches = subject.evaluator.evaluate_all(args.event, context)
    options: dict[str, Any] = {
        "cwd": args.cwd,
        "timeout": args.timeout,
        "project_dir": args.project_dir or project_root(path),
    }
    if args.dry_run:
        plan = handlers.plan(protocol, args.event, context, matches, **options)
        shown = plan.to_json() if args.format == "json" else None
        out.write(json.dumps(shown, indent=2) + "\n" if shown else plan_text(plan))
        return EXIT_OK
    decision = handlers.run(protocol, args.event, context, matches, **options)
    if args.format == "json":
        out.write(json.dumps(decision.to_json(), indent=2, ensure_ascii=False) + "\n")
    else:
        out.write(decision_text(decision, protocol.concurrent(args.event)))
    return EXIT_OK


def _explanation(optimized: Sequence[tuple[Hook, Optimized]], level: int) -> str:
    """Each hook's condition before and after the optimizer, and the rules that fired."""
    from hookc.cel.printer import to_text

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


def _expr(text: str, context_path: str | None, out: TextIO, err: TextIO) -> int:
    import hookc.cel

    bindings = _read_context(context_path) if context_path else {}
    try:
        program = hookc.cel.compile(text)
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
    from hookc.explain import json_text

    print(json_text(value), file=out)
    return EXIT_OK


def _read_context(path: str) -> dict[str, Any]:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise _UsageError(f"cannot read the context {path}: {exc}") from None
    try:
        context = json.loads(text)
    except json.JSONDecodeError as exc:
        raise _UsageError(
            f"{path}:{exc.lineno}:{exc.colno}: the context is not valid JSON: {exc.msg}"
        ) from None
    if not isinstance(context, dict):
        raise _UsageError(
            f"{path}: the context must be a JSON object, not {type(context).__name__}"
        )
    return context
