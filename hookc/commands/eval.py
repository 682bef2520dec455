"""``hookc eval``: evaluate hooks for an event and a context: which hook fires, and why."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from hookc.commands import (
    EXIT_INPUT_ERROR,
    EXIT_OK,
    UsageError,
    add_host,
    add_profile,
    compiled_module,
)
from hookc.commands.context import read_context
from hookc.eval import Subject, explain, from_hookset, result, undecided_filters

if TYPE_CHECKING:
    from hookc.hosts.profile import Profile

DESCRIPTION = (
    "Evaluate FILE's hooks for EVENT in a context and print the action that fires as "
    "JSON (null if none). FILE is a hook file (YAML, directive XML, canonical YAML) "
    "or a module hookc compiled. Exit status: 0 evaluated, 1 an error in FILE, 2 a "
    "usage error."
)
EXAMPLES = """examples:
  hookc eval policies.hooks.yaml --event limit --context ctx.json
  hookc eval .claude/settings.json --event PreToolUse --context call.json --host all
  echo '{"tool": "Bash"}' | hookc eval build/policies.py --event pre_tool_use --context - --all"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "file", metavar="FILE", help="a hook file, a folder of them, or a compiled module (.py)"
    )
    parser.add_argument("--event", required=True, metavar="EVENT", help="the event, e.g. error")
    parser.add_argument(
        "--context",
        required=True,
        metavar="CTX",
        help="the event's context: a JSON object in a file, or '-' for standard input",
    )
    parser.add_argument(
        "--all",
        action="store_true",
        help="print every matching hook's action, in order (the default for profiles that "
        "run every matching hook, such as claude-code and docker-agent)",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="first list each hook in order, whether it fired, and each leaf of its "
        "condition with the values it read and its outcome",
    )
    add_profile(parser)
    add_host(parser)


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    context = read_context(args.context)
    path = Path(args.file)
    profile: Profile | None = None
    if args.host is not None and path.suffix != ".py":
        return _by_hosts(path, args, context, out, err)
    if path.suffix == ".py":
        subject = compiled_module(path, out)
        if subject is None:
            return EXIT_INPUT_ERROR
    else:
        checked = _checked(path, args.profile, out, err)
        if checked is None:
            return EXIT_INPUT_ERROR
        subject, profile = checked
    every = args.all or subject.runs_every_match
    _warn_unknown_event(subject, args.event, profile, err)
    if args.explain:
        out.write(explain(subject, args.event, context, every))
    else:  # the explanation says it in place; the result alone would leave them out silently
        for note in subject.not_evaluated(args.event):
            print(f"hookc: warning: {note}; it is not in the result", file=err)
    out.write(result(subject, args.event, context, every))
    if not args.explain:  # --explain says it under the hook
        _say_undecided(subject, args.event, context, every, err)
    return EXIT_OK


def _by_hosts(
    path: Path, args: argparse.Namespace, context: dict[str, Any], out: TextIO, err: TextIO
) -> int:
    """``--host``: the file read as each host named (``all``: every host that loads it) and
    each one's answer, one after the other under the host's name."""
    from hookc.check.hosts_disagree import HostError, hosts_for, parse_hosts
    from hookc.frontend.files import read_source

    if args.profile:
        raise UsageError("--host and --profile say the same thing: give one of them")
    try:
        asked = parse_hosts(args.host)
    except HostError as exc:
        raise UsageError(str(exc)) from None
    source, problems = read_source(path)
    if source is None:
        for problem in problems:
            print(problem.render(), file=out)
        return EXIT_INPUT_ERROR
    chosen = hosts_for(source.name, source.text, asked)
    if len(chosen) == 1 and len(asked) == 1:  # one host: its answer alone, as --profile's
        return _as_host(path, chosen[0].name, args, context, out, err, heading=False)
    if not chosen:
        wanted = ", ".join(asked)
        raise UsageError(f"{path}: no host of {wanted} loads this file")
    status = EXIT_OK
    for host in chosen:
        status = max(status, _as_host(path, host.name, args, context, out, err, heading=True))
    return status


def _as_host(
    path: Path,
    host: str,
    args: argparse.Namespace,
    context: dict[str, Any],
    out: TextIO,
    err: TextIO,
    heading: bool,
) -> int:
    """One host's answer: the file read as it, the event under its name for it."""
    if heading:
        out.write(f"== {host} ==\n")
        err.write(f"hookc: {path} as {host} reads it:\n")
    checked = _checked(path, host, out, err)
    if checked is None:
        return EXIT_INPUT_ERROR
    subject, profile = checked
    aliases = profile.details.get("event_aliases") or {}
    event = str(aliases.get(args.event, args.event))
    every = args.all or subject.runs_every_match
    if heading and not any(hook["event"] == event for hook in subject.hooks):
        out.write(f"{host} runs no hook of this file on `{event}`\n")
    elif args.explain:
        out.write(explain(subject, event, context, every))
    out.write(result(subject, event, context, every))
    return EXIT_OK


def _say_undecided(
    subject: Subject, event: str, context: dict[str, Any], every: bool, err: TextIO
) -> None:
    """A note for each hook in the answer that fires by hookc's guess at its ``if`` filter
    (Claude Code's permission rule), not by a decision."""
    found = list(subject.evaluator.evaluate_all(event, context))[: None if every else 1]
    for hook_id, note in undecided_filters(event, context, found):
        print(f"hookc: note: {hook_id}: {note}", file=err)


def _checked(
    path: Path, profile_name: str | None, out: TextIO, err: TextIO
) -> tuple[Subject, Profile] | None:
    """A hook file's hooks, loaded and checked as `hookc check` does, and its profile; None
    when it has an error. The front end and the checks are imported here, where a hook file
    needs them: a compiled module's evaluation does without them."""
    from hookc.check.driver import check_loaded
    from hookc.check.reporters import TextReporter
    from hookc.config.settings import profile_named
    from hookc.frontend.inputs import load_hook_set
    from hookc.frontend.load import unsettled
    from hookc.ir.hooks import HookSet
    from hookc.source.diagnostics import Severity

    loaded = load_hook_set(path, None if profile_name is None else profile_named(profile_name))
    problem = unsettled(loaded)
    if problem is not None:  # each candidate host would answer its own way
        raise UsageError(problem)
    # Every finding, printed as `hookc check` prints them: on standard output when one is
    # an error (nothing is evaluated), on standard error when they are warnings only.
    report = check_loaded(str(path), loaded)
    failed = any(d.severity is Severity.ERROR for d in report.diagnostics)
    (out if failed else err).write(TextReporter().render([report]))
    if failed:
        return None
    hookset = loaded.hookset
    if hookset is None or not hookset.hooks:  # an empty file: nothing fires, say why
        print(f"hookc: {path}: the file holds no hooks", file=err)
        hookset = hookset or HookSet(())
    return from_hookset(hookset), loaded.profile


def _warn_unknown_event(subject: Subject, event: str, profile: Profile | None, err: TextIO) -> None:
    """An event no hook listens to matches nothing (docs/semantics.md); when it is not one the
    profile knows either, it is probably mistyped: say so, with the closest name."""
    listened = {hook["event"] for hook in subject.hooks}
    known = sorted(listened | set(profile.events if profile is not None else ()))
    if event in known:
        return
    import difflib  # only for an event no hook listens to

    close = difflib.get_close_matches(event, known, n=1, cutoff=0.6)
    hint = f"; did you mean `{close[0]}`?" if close else f"; events: {', '.join(known)}"
    print(f"hookc: warning: no hook listens to the event `{event}`{hint}", file=err)
