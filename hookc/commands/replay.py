"""``hookc replay``: which hooks of a policy would have fired over recorded agent events,
which could not be decided, and what a change of policy would change."""

from __future__ import annotations

import argparse
import re
import sys

from hookc.commands import EXIT_INPUT_ERROR, EXIT_OK, UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

    from hookc.replay.engines import Outcome, Policy

DESCRIPTION = (
    "Replay POLICY's hooks over recorded events (hook-input JSONL, Claude Code "
    "transcripts, the table of hookc ingest): per hook, the events it fired on, those it "
    "could not decide (its condition was an error, usually a field the log does not have) "
    "and those it did not fire on, and each event's decision under the host's ordering. "
    "DuckDB runs it by default (pip install 'hookc[replay]'); --engine python is the "
    "reference. Exit status: 0 replayed, 1 an error in the input or --fail-on tripped, "
    "2 a usage error."
)
EXAMPLES = """examples:
  hookc replay guard.hooks.yaml --events ~/.claude/projects/-home-dev-shop/
  hookc replay guard.hooks.yaml --events hook-inputs.jsonl --compare old.hooks.yaml
  hookc replay guard.hooks.yaml --events events.jsonl --report json --fail-on no_rm_rf>0"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from hookc.replay.pipelines import FORMATS

    parser.add_argument("policy", nargs="+", metavar="POLICY", help="hook files or folders")
    parser.add_argument(
        "--events", nargs="+", required=True, metavar="PATH",
        help="recorded events: files, or folders of .jsonl files",
    )  # fmt: skip
    parser.add_argument(
        "--format", default="auto", choices=FORMATS,
        help="how the events were recorded (default: found from each file's first line)",
    )  # fmt: skip
    parser.add_argument(
        "--engine", default="duckdb", choices=("duckdb", "spark", "python"),
        help="duckdb (default, in process), spark (pyspark, --master), python (the reference)",
    )  # fmt: skip
    parser.add_argument("--master", default="local[2]", help="Spark's master (default local[2])")
    parser.add_argument("--event", help="the event of every record (hook-input without "
                        "hook_event_name)")  # fmt: skip
    parser.add_argument("--compare", nargs="+", metavar="OLD", help="the policy run today")
    parser.add_argument(
        "--report", default="text", choices=("text", "markdown", "json"), help="the output"
    )
    parser.add_argument(
        "--examples", type=int, default=3, metavar="N", help="examples per hook (default 3)"
    )
    parser.add_argument(
        "--fail-on", action="append", default=[], metavar="HOOK[>N]",
        help="exit 1 when HOOK fires more than N times (default 0); `changed[>N]` for the "
        "events --compare finds changed; repeatable",
    )  # fmt: skip
    parser.add_argument(
        "--matches", metavar="FILE",
        help="write each event a hook fired on, with their ids (FILE.parquet: Parquet; else "
        "JSON lines)",
    )  # fmt: skip
    parser.add_argument("--threads", type=int, help="DuckDB's threads (default: every core)")
    parser.add_argument("-O", dest="level", type=int, choices=(0, 1, 2), default=1,
                        help=argparse.SUPPRESS)  # fmt: skip


def load_policy(paths: list[str], out: TextIO, level: int = 1) -> Policy | None:
    """The hooks of hook files, checked as `hookc check` does (None, with the findings
    printed, if one has an error), optimized, in the host's evaluation order."""
    from hookc.check.driver import check_inputs
    from hookc.check.reporters import TextReporter
    from hookc.frontend.inputs import expand_folders
    from hookc.ir.hooks import HookSet
    from hookc.optimize import Optimizer
    from hookc.replay.engines import Policy

    optimizer = Optimizer()  # the run's: the checks' results serve the optimizing below
    checked = check_inputs(expand_folders(paths), optimizer=optimizer)
    if checked.has_errors:
        out.write(TextReporter().render(checked.reports))
        return None
    loaded = [f for f in checked.loaded.values() if f.hookset is not None]
    if not loaded:
        return Policy((), HookSet(()).ordering)
    ordering = loaded[0].profile.ordering
    hooks, _ = optimizer.optimize_hooks(tuple(h for f in loaded for h in f.hookset.hooks), level)  # type: ignore[union-attr]
    merged = HookSet(hooks, ordering=ordering)
    return Policy(merged.in_evaluation_order(), ordering)


_FAIL_ON = re.compile(r"(?P<name>[^>]+?)(?:>(?P<limit>[0-9]+))?")


def _tripped(outcome: Outcome, rules: list[str]) -> list[str]:
    tripped = []
    fired = {hook.id: hook.fired for hook in outcome.hooks}
    for rule in rules:
        found = _FAIL_ON.fullmatch(rule.strip())
        if found is None:
            raise UsageError(f"--fail-on {rule!r}: expected HOOK or HOOK>N")
        name, limit = found["name"], int(found["limit"] or 0)
        if name == "changed":
            count = outcome.changed
            if count is None:
                raise UsageError("--fail-on changed needs --compare")
        elif name in fired:
            count = fired[name]
        else:
            raise UsageError(f"--fail-on {rule!r}: the policy has no hook `{name}`")
        if count > limit:
            tripped.append(f"{name}: {count:,} > {limit:,}")
    return tripped


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from hookc.replay.duck import EngineMissing
    from hookc.replay.engines import run_duckdb, run_python
    from hookc.replay.pipelines import PipelineError, event_files, read_events
    from hookc.replay.report import to_json, to_text

    if args.examples < 0:
        raise UsageError("--examples must be 0 or more")
    policy = load_policy(args.policy, out, args.level)
    if policy is None:
        return EXIT_INPUT_ERROR
    old = None
    if args.compare:
        old = load_policy(args.compare, out, args.level)
        if old is None:
            return EXIT_INPUT_ERROR
    from pathlib import Path

    matches = Path(args.matches) if args.matches else None
    try:
        files = event_files(args.events)
        if args.engine == "python":
            progress = _progress(err)
            events = read_events(files, args.format, args.event)
            outcome = run_python(events, policy, old, args.examples, progress, matches)
        elif args.engine == "spark":
            from hookc.replay.spark_engine import run_spark

            outcome = run_spark(files, args.format, policy, old, args.examples, args.event,
                                args.master, matches=matches)  # fmt: skip
        else:
            outcome = run_duckdb(
                files, args.format, policy, old, args.examples, args.event, args.threads, matches
            )
    except PipelineError as exc:
        print(f"{exc}", file=out)
        return EXIT_INPUT_ERROR
    except EngineMissing as exc:
        raise UsageError(str(exc)) from None
    if args.report == "json":
        out.write(to_json(outcome))
    else:
        out.write(to_text(outcome, markdown=args.report == "markdown"))
    tripped = _tripped(outcome, args.fail_on)
    for line in tripped:
        print(f"hookc: --fail-on tripped: {line}", file=err)
    return EXIT_INPUT_ERROR if tripped else EXIT_OK


def _progress(err: TextIO):  # type: ignore[no-untyped-def]
    """Events done so far, on standard error when it is a terminal (long runs only)."""
    if not (hasattr(err, "isatty") and err.isatty()) or err is not sys.stderr:
        return None

    def show(done: int) -> None:
        err.write(f"\rhookc replay: {done:,} events")
        err.flush()

    return show
