"""``hookc ingest``: recorded agent events into the canonical Parquet table replays scan."""

from __future__ import annotations

import argparse

from hookc.commands import EXIT_INPUT_ERROR, EXIT_OK, UsageError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TextIO

DESCRIPTION = (
    "Rebuild the hook inputs of recorded events (as `hookc replay --events` reads them) into "
    "one Parquet table: each event's name, where it was recorded, the hook input as JSON, "
    "and typed columns for the paths the host declares, which a replay then reads without "
    "parsing JSON. Lines JSON readers read differently (a key written twice, NaN or "
    "Infinity, not UTF-8, not JSON) are quarantined with their counts (--reject: refused). "
    "Needs DuckDB (pip install 'hookc[replay]'). Exit status: 0 written, 1 quarantined "
    "lines with --reject or an unreadable input, 2 a usage error."
)
EXAMPLES = """examples:
  hookc ingest ~/.claude/projects/-home-dev-shop/ -o events.parquet
  hookc ingest hook-inputs.jsonl --format hook-input -o events.parquet --path tool_input.command
  hookc replay guard.hooks.yaml --events events.parquet"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from hookc.replay.pipelines import FORMATS

    parser.add_argument("events", nargs="+", metavar="EVENTS", help="files, or folders")
    parser.add_argument(
        "--format", default="auto", choices=tuple(f for f in FORMATS if f != "parquet"),
        help="how the events were recorded (default: found from each file's first line)",
    )  # fmt: skip
    parser.add_argument("-o", "--output", required=True, help="the Parquet file to write")
    parser.add_argument("--host", default="claude-code",
                        help="the host whose declared paths get typed columns")  # fmt: skip
    parser.add_argument("--path", action="append", default=[], metavar="PATH",
                        help="a dotted path to type too; repeatable")  # fmt: skip
    parser.add_argument("--event", help="the event of every record (hook-input without "
                        "hook_event_name)")  # fmt: skip
    parser.add_argument("--reject", action="store_true",
                        help="write nothing if any line is quarantined")  # fmt: skip


def run(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from pathlib import Path

    from hookc.hosts.profile import available
    from hookc.replay.duck import EngineMissing
    from hookc.replay.ingest import ingest
    from hookc.replay.pipelines import PipelineError, event_files

    if args.host not in available():
        raise UsageError(f"--host {args.host}: not a host (one of {', '.join(available())})")
    try:
        files = event_files(args.events)
        done = ingest(files, args.format, Path(args.output), host=args.host, event=args.event,
                      extra_paths=args.path, reject=args.reject)  # fmt: skip
    except PipelineError as exc:
        print(f"{exc}", file=out)
        return EXIT_INPUT_ERROR
    except EngineMissing as exc:
        raise UsageError(str(exc)) from None
    held = sum(done.quarantined.values())
    reasons = ", ".join(f"{reason} {count:,}" for reason, count in sorted(done.quarantined.items()))
    if args.reject and held:
        print(f"hookc ingest: {held:,} line(s) JSON readers read differently ({reasons}); "
              "--reject: nothing written", file=out)  # fmt: skip
        return EXIT_INPUT_ERROR
    print(f"hookc ingest: {done.events:,} events to {done.output} "
          f"({len(done.paths)} typed paths)", file=out)  # fmt: skip
    if held:
        print(f"hookc ingest: {held:,} line(s) quarantined ({reasons}) in "
              f"{done.quarantine_file}", file=out)  # fmt: skip
    return EXIT_OK
