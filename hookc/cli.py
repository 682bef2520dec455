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
from hookc.settings import SettingsError, add_options, inputs, resolve

if TYPE_CHECKING:
    from hookc.ir.hooks import Hook
    from hookc.optimize import Optimized
    from hookc.profile import Profile

EXIT_OK, EXIT_INPUT_ERROR, EXIT_USAGE = 0, 1, 2
FORMATS = ("text", "json", "sarif", "github")

# An example per command, shown by `hookc COMMAND --help` (a test runs each one).
EXAMPLES = {
    "check": """examples:
  hookc check policies.hooks.yaml .system/hooks/     files and folders
  hookc check . --select HK5 --ignore HK505          only path and logic warnings, but one
  cat policies.hooks.yaml | hookc check - --stdin-filename policies.hooks.yaml
  hookc check . --format github                      annotations in a GitHub workflow""",
    "compile": """examples:
  hookc compile policies.hooks.yaml -o build         writes build/policies.py
  hookc compile hooks/ -o build --name policies --target yaml
  hookc compile policies.hooks.yaml -o build --explain""",
    "fmt": """examples:
  hookc fmt policies.hooks.yaml                      rewrite it in place
  hookc fmt --diff .                                 show what would change
  hookc fmt --check policies.hooks.yaml              exit 1 if it is not formatted""",
    "eval": """examples:
  hookc eval policies.hooks.yaml --event limit --context ctx.json
  echo '{"tool": "Bash"}' | hookc eval build/policies.py --event pre_tool_use --context - --all""",
    "expr": """examples:
  hookc expr "1 + 2"
  hookc expr "cost.spend > 10.0" --context ctx.json""",
    "run": """examples:
  hookc run .claude/settings.json --event PreToolUse --context event.json --dry-run
  hookc run .claude/settings.json --event PreToolUse --context event.json --format json""",
    "rule": """examples:
  hookc rule HK505                                   what HK505 means, an example, the fix
  hookc rule --all                                   every code with its one-line meaning""",
}


class _UsageError(Exception):
    pass


class _HelpFormatter(argparse.HelpFormatter):
    """Descriptions wrapped to the terminal; the examples printed as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if text.startswith("examples:"):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


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
        epilog=EXAMPLES["check"],
        formatter_class=_HelpFormatter,
    )
    check.add_argument(
        "files",
        nargs="+",
        metavar="PATH",
        help="hook files, folders (searched for hook files) or - for standard input",
    )
    check.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text for people (default), json or sarif for tools, github for workflow annotations",
    )
    _add_color(check)
    add_options(check)

    compile_ = commands.add_parser(
        "compile",
        help="compile hook files into a standalone Python module (or canonical YAML, or the "
        "registry's registration JSON)",
        description=(
            "Check hook files as `hookc check` does and, if there is no error, compile "
            "them into one Python module, DIR/NAME.py, and its bytecode (the module "
            "imports only the standard library), or with --target yaml into canonical YAML, "
            "DIR/NAME.hooks.yaml, for hookc.runtime. Exit status: 0 written, 1 an error in "
            "the input (nothing is written), 2 a usage error."
        ),
        epilog=EXAMPLES["compile"],
        formatter_class=_HelpFormatter,
    )
    compile_.add_argument(
        "files",
        nargs="+",
        metavar="INPUT",
        help="hook files or folders, their hooks in this order (- for standard input)",
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
        choices=FORMATS,
        default="text",
        help="how findings are printed: text (default), json, sarif or github",
    )
    _add_color(compile_)
    add_options(compile_, strict=False)
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
        choices=("python", "yaml", "registration"),
        default="python",
        help="python (default): DIR/NAME.py and its bytecode; yaml: canonical YAML, "
        "DIR/NAME.hooks.yaml, for hookc.runtime; registration: a `.system/hooks` "
        "registry's hooks grouped by event, DIR/NAME.json, as register_hooks.py emits them",
    )
    compile_.add_argument(
        "--explain",
        action="store_true",
        help="print each hook's condition before and after optimizing, with the rules "
        "that changed it (on standard error when --format is not text)",
    )

    fmt = commands.add_parser(
        "fmt",
        help="lay YAML hook files out one way, keeping every comment",
        description=(
            "Lay YAML hook files out one way (keys in a fixed order, two-space indentation, "
            "comments beside what they belong to), keeping everything the author wrote: "
            "comments, `when` texts, quotes; no default or id is written in. Exit status: 0 "
            "all formatted (or rewritten), 1 a file could not be rewritten or, with --check "
            "or --diff, is not formatted, 2 a usage error."
        ),
        epilog=EXAMPLES["fmt"],
        formatter_class=_HelpFormatter,
    )
    fmt.add_argument(
        "files",
        nargs="+",
        metavar="PATH",
        help="YAML hook files, folders, or - (standard input to standard output)",
    )
    fmt.add_argument(
        "--check",
        action="store_true",
        help="change nothing; exit 1 if a file is not formatted (for pre-commit)",
    )
    fmt.add_argument(
        "--diff",
        action="store_true",
        help="change nothing; print what would change as a unified diff, exit 1 if anything would",
    )
    add_options(fmt, strict=False, selection=False)

    eval_ = commands.add_parser(
        "eval",
        help="evaluate hooks for an event and a context: which hook fires, and why",
        description=(
            "Evaluate FILE's hooks for EVENT in a context and print the action that fires as "
            "JSON (null if none). FILE is a hook file (YAML, directive XML, canonical YAML) "
            "or a module hookc compiled. Exit status: 0 evaluated, 1 an error in FILE, 2 a "
            "usage error."
        ),
        epilog=EXAMPLES["eval"],
        formatter_class=_HelpFormatter,
    )
    eval_.add_argument(
        "file", metavar="FILE", help="a hook file, a folder of them, or a compiled module (.py)"
    )
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
        epilog=EXAMPLES["run"],
        formatter_class=_HelpFormatter,
    )
    run_.add_argument(
        "file", metavar="FILE", help="a hook file, a folder of them, or a compiled module (.py)"
    )
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
        epilog=EXAMPLES["expr"],
        formatter_class=_HelpFormatter,
    )
    expr.add_argument("expression", help='the expression text, e.g. "cost.spend > 10.0"')
    expr.add_argument(
        "--context",
        metavar="FILE",
        help="a JSON object of variables; '-' reads standard input (default: no variables)",
    )

    rule = commands.add_parser(
        "rule",
        help="explain a diagnostic code: what it means, an example, the fix",
        description="Print what a diagnostic code means, an example that gets it, and the fix.",
        epilog=EXAMPLES["rule"],
        formatter_class=_HelpFormatter,
    )
    rule.add_argument("code", nargs="?", help="a code, e.g. HK505")
    rule.add_argument("--all", action="store_true", help="list every code")
    return parser


def _add_color(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the text report: auto (default) on a terminal unless NO_COLOR is set",
    )


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
            return _check(args, out)
        if args.command == "compile":
            return _compile(args, out, err)
        if args.command == "fmt":
            return _fmt(args, out, err)
        if args.command == "eval":
            return _eval(args, out, err)
        if args.command == "expr":
            return _expr(args.expression, args.context, out, err)
        if args.command == "rule":
            return _rule(args, out)
        if args.command == "run":
            return _run(args, out, err)
        parser.print_usage(err)
        print("hookc: error: a command is required (see hookc --help)", file=err)
        return EXIT_USAGE
    except (_UsageError, SettingsError) as exc:
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


def _check(args: argparse.Namespace, out: TextIO) -> int:
    from hookc.check.run import check_files

    settings = resolve(args)
    paths, given = inputs(args.files, settings, args.stdin_filename)
    reports = check_files(paths, settings.profile, settings.selection, given)
    out.write(_reporter(args, out).render(reports))
    severities = {d.severity.value for report in reports for d in report.diagnostics}
    failed = "error" in severities or (settings.strict and "warning" in severities)
    return EXIT_INPUT_ERROR if failed else EXIT_OK


def _reporter(args: argparse.Namespace, out: TextIO) -> Any:
    from hookc.reporters import REPORTERS, TextReporter, colour_wanted

    if args.format == "text":
        return TextReporter(colour=colour_wanted(args.color, out, os.environ))
    return REPORTERS[args.format]()


def _compile(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hookc.backend.driver import OutputError, compile_files, module_name_for

    settings = resolve(args)
    paths, given = inputs(args.files, settings, args.stdin_filename)
    if given:
        raise _UsageError("compile reads files, not standard input (`-`)")
    try:
        # A folder names the module it compiles to (`.system/hooks/` gives `hooks`).
        first = args.files[0]
        folder = args.name is None and os.path.isdir(first)
        name = module_name_for(first) if folder else args.name
        result = compile_files(
            paths,
            args.output,
            name=name,
            profile=settings.profile,
            level=args.level,
            target=args.target,
            selection=settings.selection,
        )
    except OutputError as exc:
        raise _UsageError(str(exc)) from None
    out.write(_reporter(args, out).render(result.reports))
    if result.module_path is None:
        return EXIT_INPUT_ERROR
    if args.explain:
        # Machine-readable output stays one document: the explanation goes beside it.
        (out if args.format == "text" else err).write(_explanation(result.optimized, args.level))
    hooks = f"{result.hook_count} hook{'' if result.hook_count == 1 else 's'}"
    print(f"hookc: wrote {result.module_path} ({hooks})", file=err)
    return EXIT_OK


def _profile(name: str | None) -> Profile | None:
    """The profile asked for, or None: each file's format then chooses its own."""
    from hookc.settings import profile_named

    return None if name is None else profile_named(name)


def _fmt(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hookc.backend.driver import OutputError
    from hookc.fmt import YAML_SUFFIXES, format_file, write

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
        if formatted.canonical is None:
            status = EXIT_INPUT_ERROR
        elif path in given and not (args.check or args.diff):
            out.write(formatted.canonical)  # standard input: the result to standard output
        elif formatted.changed and args.diff:
            import difflib

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
            except OutputError as exc:
                raise _UsageError(str(exc)) from None
            print(f"hookc: rewrote {path}", file=err)
    return status


def _eval(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pathlib import Path

    from hookc.check.run import check_loaded
    from hookc.diagnostics import Severity
    from hookc.explain import explain, from_hookset, from_module, result
    from hookc.frontend.inputs import load_hook_set
    from hookc.reporters import TextReporter

    context = _read_context(args.context)
    path = Path(args.file)
    profile: Profile | None = None
    if path.suffix == ".py":
        try:
            subject = from_module(path)
        except Exception as exc:  # the module's own code failed: the user's file, not hookc
            print(f"{path}: cannot load the module: {type(exc).__name__}: {exc}", file=out)
            return EXIT_INPUT_ERROR
    else:
        loaded = load_hook_set(path, _profile(args.profile))
        profile = loaded.profile
        # Every finding, printed as `hookc check` prints them: on standard output when one is
        # an error (nothing is evaluated), on standard error when they are warnings only.
        report = check_loaded(str(path), loaded)
        failed = any(d.severity is Severity.ERROR for d in report.diagnostics)
        (out if failed else err).write(TextReporter().render([report]))
        if failed:
            return EXIT_INPUT_ERROR
        hookset = loaded.hookset
        if hookset is None or not hookset.hooks:  # an empty file: nothing fires, say why
            from hookc.ir.hooks import HookSet

            print(f"hookc: {path}: the file holds no hooks", file=err)
            hookset = hookset or HookSet(())
        subject = from_hookset(hookset)
    every = args.all or subject.runs_every_match
    _warn_unknown_event(subject, args.event, profile, err)
    if args.explain:
        out.write(explain(subject, args.event, context, every))
    out.write(result(subject, args.event, context, every))
    return EXIT_OK


def _warn_unknown_event(subject: Any, event: str, profile: Profile | None, err: TextIO) -> None:
    """An event no hook listens to matches nothing (docs/semantics.md); when it is not one the
    profile knows either, it is probably mistyped: say so, with the closest name."""
    import difflib

    listened = {hook["event"] for hook in subject.hooks}
    known = sorted(listened | set(profile.events if profile is not None else ()))
    if event in known:
        return
    close = difflib.get_close_matches(event, known, n=1, cutoff=0.6)
    hint = f"; did you mean `{close[0]}`?" if close else f"; events: {', '.join(known)}"
    print(f"hookc: warning: no hook listens to the event `{event}`{hint}", file=err)


def _rule(args: argparse.Namespace, out: TextIO) -> int:
    from hookc.rules import explain_rule, rule_index

    if args.all:
        out.write(rule_index())
        return EXIT_OK
    if not args.code:
        raise _UsageError("name a code (hookc rule HK505) or give --all")
    text = explain_rule(args.code)
    if text is None:
        raise _UsageError(f"unknown code {args.code!r} (hookc rule --all lists them)")
    out.write(text)
    return EXIT_OK


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pathlib import Path

    from hookc import handlers
    from hookc.diagnostics import Severity
    from hookc.explain import from_hookset, from_module
    from hookc.frontend.inputs import load_hook_set
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
        loaded = load_hook_set(path, _profile(args.profile))
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
    except RecursionError:
        raise _UsageError(f"{path}: the context nests too deeply to read") from None
    if not isinstance(context, dict):
        raise _UsageError(
            f"{path}: the context must be a JSON object, not {type(context).__name__}"
        )
    return context
