"""``hookc run``'s side of running handlers from a terminal: the protocol it runs them by,
the signals that stop it, and the text of the plan and of the decision.

``hookc run`` evaluates a hook file for an event and runs the handlers of the hooks that
match, as the tool would, before an agent ever meets them.

Which hooks match is ``evaluate_all``'s answer (``hookc.runtime`` for a hook file, the module
itself for a compiled one); running them is ``hookc.handlers`` with the tool's protocol.
The report lists each handler with its exit status, time and output, then the merged
decision; ``--dry-run`` lists what would run and the JSON it would be given.
"""

from __future__ import annotations

import contextlib
import json
import signal
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from hookc.handlers import PROTOCOLS, Decision, HandlerRun, Plan, Protocol, get_protocol
from hookc.handlers.execute import encode_payload
from hookc.handlers.process import defer_while_starting
from hookc.hosts import hosts

# The signals that end a run: Ctrl-C, `kill`, a closed terminal.
STOPPING_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


class Stopped(BaseException):
    """A stopping signal, raised where the main thread is (a BaseException, so that no
    ``except Exception`` on the way, a builtin's say, swallows it): the ``finally`` of every
    call on the way out runs, and ``hookc.handlers`` kills and reaps its handlers there.
    Each handler has a process group of its own, so the terminal's Ctrl-C never reaches it:
    hookc must."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def status(self) -> int:
        """The shell's status for a death by this signal: 130 for SIGINT, 143 for SIGTERM."""
        return 128 + self.signum


@contextlib.contextmanager
def stopped_by_signals() -> Iterator[None]:
    """Within the block, a stopping signal raises ``Stopped``. A signal this process was
    started ignoring (`nohup` ignores SIGHUP; a background job of a non-interactive shell,
    SIGINT) stays ignored; outside the main thread, where Python takes no handlers, nothing
    changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum: int, frame: object) -> None:
        def raise_it() -> None:
            raise Stopped(signum)

        if not defer_while_starting(raise_it):  # else once the command starting is recorded
            raise_it()

    saved: dict[int, Any] = {}
    for name in STOPPING_SIGNALS:
        number = getattr(signal, name, None)
        if number is None or signal.getsignal(number) == signal.SIG_IGN:
            continue
        saved[number] = signal.signal(number, stop)
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler)


def choose_protocol(requested: str | None, profile: str) -> Protocol:
    """The protocol asked for, else the one of the host whose profile the file's is;
    ValueError saying what to do when neither names one."""
    known = ", ".join(sorted(PROTOCOLS))
    if requested is not None:
        try:
            return get_protocol(requested)
        except ValueError:
            raise ValueError(f"unknown protocol {requested!r}; hookc knows {known}") from None
    host = next((h for h in hosts() if profile == h.profile or profile in h.aliases), None)
    if host is None or not host.protocol:
        raise ValueError(
            f"the `{profile}` profile names no handler protocol; say which host runs these "
            f"hooks with --protocol ({known})"
        )
    return PROTOCOLS[host.name]


def project_root(path: Path) -> str | None:
    """The project a Claude Code settings file belongs to: the folder holding its
    `.claude/` (Claude Code's CLAUDE_PROJECT_DIR), or None for a file elsewhere."""
    resolved = path.resolve()
    for folder in (resolved, *resolved.parents):  # the file, or the `.claude/` folder itself
        if folder.name == ".claude":
            return str(folder.parent)
    return None


def plan_text(plan: Plan) -> str:
    lines = [_heading(plan.event, plan.protocol, len(plan.handlers), plan.concurrent)]
    for number, handler in enumerate(plan.handlers, 1):
        lines.append(f"{number}. {handler.hook_id}: {_what(handler.kind, handler.target)}")
        lines.append(f"   timeout {handler.timeout:g} s")
    lines += _skipped(plan.skipped)
    lines.append(f"stdin: {encode_payload(plan.payload).decode('utf-8')}")  # the bytes sent
    return "\n".join(lines) + "\n"


def decision_text(decision: Decision, concurrent: bool) -> str:
    lines = [_heading(decision.event, decision.protocol, len(decision.runs), concurrent)]
    for number, run in enumerate(decision.runs, 1):
        lines.append(f"{number}. {run.hook_id}: {_what(run.kind, run.target)}")
        lines.append(f"   {_ending(run)} in {run.duration * 1000:.0f} ms")
        lines += _output("stdout", run.stdout)
        lines += _output("stderr", run.stderr)
        if run.truncated:
            lines.append("   (output past the limit was read and dropped)")
        if run.kind == "builtin" and run.output is not None:
            lines.append(f"   answer: {json.dumps(dict(run.output), ensure_ascii=False)}")
    lines += _skipped(decision.skipped)
    lines.append(f"decision: {decision.verdict}")
    # A protocol that says who reads each text (Claude Code's) lists them with their
    # readers; the others give a reason, context and messages, and say no more.
    told = bool(decision.notices)
    fields: list[tuple[str, Any]] = [
        ("reason", None if told else decision.reason),
        ("updated input", decision.updated_input),
        ("additional context", None if told else decision.additional_context),
        (
            "retry after",
            None if decision.retry_delay_ms is None else f"{decision.retry_delay_ms} ms",
        ),
        ("result", decision.output),
    ]
    for label, value in fields:
        if value is not None:
            shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
            lines += _indented(f"  {label}: ", shown)
    for notice in decision.notices:
        lines += _indented(f"  {notice.what} ({_READERS[notice.to]}): ", notice.text)
    for message in () if told else decision.messages:
        lines += _indented("  message: ", message)
    return "\n".join(lines) + "\n"


_READERS = {
    "model": "the model sees it",
    "user": "the user sees it",
    "both": "the user and the model see it",
    "nobody": "nobody sees it",
}


def _heading(event: str, protocol: str, count: int, concurrent: bool) -> str:
    handlers = f"{count} handler{'' if count == 1 else 's'}"
    how = "at once" if concurrent else "in order"
    return f"event `{event}`: {handlers}, run {how} as {protocol} runs them"


def _what(kind: str, target: str) -> str:
    return f"command `{target}`" if kind == "command" else f"builtin `{target}`"


def _ending(run: HandlerRun) -> str:
    if run.timed_out:
        return "timed out, killed" if run.kind == "command" else "timed out"
    if run.error is not None and run.exit_code is None:
        return run.error
    if run.kind == "builtin":
        return "answered"
    return f"exit {run.exit_code}" + (f" ({run.error})" if run.error else "")


def _output(label: str, text: str) -> list[str]:
    return _indented(f"   {label}: ", text.rstrip("\n")) if text else []


def _indented(first: str, text: str) -> list[str]:
    pad = " " * len(first)
    rows = text.split("\n")
    return [first + rows[0], *(pad + row for row in rows[1:])]


def _skipped(skipped: Iterable[str]) -> list[str]:
    return [f"not run: {why}" for why in skipped]
