"""``hookc run``: run the handlers of the hooks that match an event, as the agent would."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any, TextIO

from hookc import handlers
from hookc.commands import EXIT_INPUT_ERROR, EXIT_OK, UsageError, add_profile, compiled_module
from hookc.commands.context import read_context
from hookc.explain import from_hookset
from hookc.run import choose_protocol, decision_text, plan_text, project_root

DESCRIPTION = (
    "Evaluate FILE's hooks for EVENT in a context and run the handlers of those that "
    "match (commands get the event as JSON on stdin) by the protocol of the tool "
    "they are for, then print each handler's exit status, time and output and the "
    "merged decision. Exit status: 0 the handlers ran (whatever they decided), 1 an "
    "error in FILE, 2 a usage error."
)
EXAMPLES = """examples:
  hookc run .claude/settings.json --event PreToolUse --context event.json --dry-run
  hookc run .claude/settings.json --event PreToolUse --context event.json --format json"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", help="a hook file, a folder of them, or a compiled module (.py)"
    )
    parser.add_argument(
        "--event", required=True, metavar="EVENT", help="the event, e.g. PreToolUse"
    )
    parser.add_argument(
        "--context",
        required=True,
        metavar="CTX",
        help="the event's context: a JSON object in a file, or '-' for standard input",
    )
    parser.add_argument(
        "--protocol",
        help="the tool whose protocol runs the handlers: claude_code, docker_agent, registry, "
        "a3s or rollouts (default: the one of FILE's profile)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="run nothing: list the handlers that would run and the JSON they would get",
    )
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text for people (default), or json",
    )
    parser.add_argument(
        "--cwd",
        metavar="DIR",
        help="the agent's working directory, where handlers run (default: this one)",
    )
    parser.add_argument(
        "--project-dir",
        metavar="DIR",
        help="the project's root, Claude Code's CLAUDE_PROJECT_DIR (default: the folder "
        "holding FILE's .claude/, else the working directory)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="give every handler this long instead of its own timeout",
    )
    add_profile(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    context = read_context(args.context)
    path = Path(args.file)
    for option, folder in (("--cwd", args.cwd), ("--project-dir", args.project_dir)):
        if folder is not None and not Path(folder).is_dir():
            raise UsageError(f"{option} {folder}: not a directory")
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError("--timeout must be a positive number of seconds")
    profile = args.profile or "default"
    if path.suffix == ".py":
        subject = compiled_module(path, out)
        if subject is None:
            return EXIT_INPUT_ERROR
        # The module records the profile it was compiled with (its host), as a hook file
        # says it by its format: its handlers run by that host's protocol.
        profile = args.profile or subject.profile or "default"
    else:  # a hook file: only its reading needs the front end
        from hookc.diagnostics import Severity
        from hookc.frontend.inputs import load_hook_set
        from hookc.settings import profile_named

        asked = None if args.profile is None else profile_named(args.profile)
        loaded = load_hook_set(path, asked)
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
        raise UsageError(str(exc)) from None
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
