"""``hookc run``: run the handlers of the hooks that match an event, as the agent would."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
from pathlib import Path
from typing import Any, TextIO

from hookc import handlers
from hookc.commands import (
    EXIT_INPUT_ERROR,
    EXIT_OK,
    UsageError,
    add_host,
    add_profile,
    compiled_module,
)
from hookc.commands.context import read_context
from hookc.commands.run_support import (
    Stopped,
    choose_protocol,
    decision_text,
    plan_text,
    project_root,
    stopped_by_signals,
)
from hookc.eval import from_hookset, undecided_filters
from hookc.hosts import hosts

DESCRIPTION = (
    "Evaluate FILE's hooks for EVENT in a context and run the handlers of those that "
    "match (commands get the event as JSON on stdin) by the protocol of the tool "
    "they are for, then print each handler's exit status, time and output and the "
    "merged decision. Exit status: 0 the handlers ran (whatever they decided), 1 an "
    "error in FILE, 2 a usage error, 128 + N when signal N stops it (130 for Ctrl-C), "
    "every handler killed first."
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
        help="the host whose protocol runs the handlers: "
        f"{', '.join(host.name for host in hosts() if host.protocol)} "
        "(default: the one of FILE's profile)",
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
    add_host(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    # A signal (Ctrl-C, `kill`, a closed terminal) ends the run with the shell's status for
    # it and one line, every handler killed and reaped on the way out, never a traceback.
    with stopped_by_signals():
        try:
            return _run(args, out, err)
        except Stopped as stop:
            print(f"hookc: stopped by {stop.name}; every handler started was killed", file=err)
            return stop.status


def _run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    context = read_context(args.context)
    path = Path(args.file)
    for option, folder in (("--cwd", args.cwd), ("--project-dir", args.project_dir)):
        if folder is not None and not Path(folder).is_dir():
            raise UsageError(f"{option} {folder}: not a directory")
    if args.timeout is not None and not args.timeout > 0:
        raise UsageError("--timeout must be a positive number of seconds")
    if args.timeout == math.inf:  # a handler that hangs would hold the run for ever
        raise UsageError("--timeout must be a finite number of seconds (1e7 is 115 days)")
    if args.host is not None:  # the file read as that host, its handlers run by its protocol
        args.profile = _one_host(args)
    profile = args.profile or "default"
    if path.suffix == ".py":
        subject = compiled_module(path, out)
        if subject is None:
            return EXIT_INPUT_ERROR
        # The module records the profile it was compiled with (its host), as a hook file
        # says it by its format: its handlers run by that host's protocol.
        profile = args.profile or subject.profile or "default"
    else:  # a hook file: only its reading needs the front end
        from hookc.check.commands import command_diagnostics
        from hookc.config.settings import profile_named
        from hookc.frontend.inputs import load_hook_set
        from hookc.frontend.load import unsettled
        from hookc.source.diagnostics import Severity

        asked = None if args.profile is None else profile_named(args.profile)
        loaded = load_hook_set(path, asked)
        problem = unsettled(loaded)
        if problem is not None:  # each candidate host runs it its own way
            raise UsageError(problem)
        found = list(loaded.diagnostics)
        if loaded.hookset is not None:  # a command no handler may run as written (HK712)
            found += command_diagnostics(loaded.hookset)
        errors = [d for d in found if d.severity is Severity.ERROR]
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
    # Hooks hookc cannot evaluate are neither run nor left out silently: each is listed
    # among those not run, with why.
    unevaluated = tuple(subject.not_evaluated(args.event))
    # Hooks that match by hookc's guess at their `if` filter, not by a decision: said below.
    notes = undecided_filters(args.event, context, list(matches))
    if args.dry_run:
        plan = handlers.plan(protocol, args.event, context, matches, **options)
        plan = dataclasses.replace(plan, skipped=(*plan.skipped, *unevaluated))
        if args.format == "json":
            out.write(json.dumps(_with_notes(plan.to_json(), notes), indent=2) + "\n")
        else:
            out.write(plan_text(plan) + _notes_text(notes))
        return EXIT_OK
    decision = handlers.run(protocol, args.event, context, matches, **options)
    decision = dataclasses.replace(decision, skipped=(*decision.skipped, *unevaluated))
    if args.format == "json":
        shown = _with_notes(decision.to_json(), notes)
        out.write(json.dumps(shown, indent=2, ensure_ascii=False) + "\n")
    else:
        # The plan says whether its handlers ran at once: a Gemini CLI `sequential` group
        # makes an event's handlers run in order where the event alone would not.
        concurrent = handlers.plan(protocol, args.event, context, matches, **options).concurrent
        out.write(decision_text(decision, concurrent) + _notes_text(notes))
    return EXIT_OK


def _one_host(args: argparse.Namespace) -> str:
    from hookc.check.hosts_disagree import ALL, HostError, parse_hosts

    if args.profile:
        raise UsageError("--host and --profile say the same thing: give one of them")
    try:
        asked = parse_hosts(args.host)
    except HostError as exc:
        raise UsageError(str(exc)) from None
    if len(asked) != 1 or asked[0] == ALL:
        raise UsageError("run runs the handlers as one host does: name one with --host")
    return asked[0]


def _with_notes(shown: dict[str, Any], notes: list[tuple[str, str]]) -> dict[str, Any]:
    if not notes:
        return shown
    return {**shown, "notes": [{"id": hook_id, "note": note} for hook_id, note in notes]}


def _notes_text(notes: list[tuple[str, str]]) -> str:
    return "".join(f"note: {hook_id}: {note}\n" for hook_id, note in notes)
