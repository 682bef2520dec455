"""Running command handlers as processes: the event on standard input, a deadline, bounded
output, and nothing left behind.

Each command runs under its tool's shell (``bash -c`` for Claude Code, ``$SHELL -c`` for
docker-agent, ``/bin/sh -c`` otherwise) in a process group of its own, which every process
it starts shares. (A group, not a session: on Linux a new session is also a new scheduling
autogroup, which on a busy machine made a trivial handler five times slower, measured.)
The group is killed with SIGKILL when the deadline passes, and also when the command itself
exits: a child it left running (``sleep 60 &``) would otherwise hold the output pipes open
and keep the caller waiting, or outlive the run unseen. Output beyond ``limit`` bytes a
stream is read and dropped, so a flood neither fills memory nor stalls the writer.

Many commands are driven at once by one selector loop in the calling thread: the pipes of
every command, and on Linux a pidfd for each (readable once the process has exited, before
it is reaped, so the group is killed while its id cannot yet be reused). Elsewhere exit is
polled with ``waitid(..., WNOWAIT)``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

SHELL = ("/bin/sh", "-c")  # when a protocol names no other
_CHUNK = 65536
_POLL = 0.01  # seconds between exit checks where there is no pidfd


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command to run: its text, standard input, directory, variables and limits."""

    command: str
    stdin: bytes
    cwd: str | None
    env: Mapping[bytes, bytes]  # the whole environment, as os.environb holds it
    timeout: float  # seconds
    limit: int  # bytes kept of each of stdout and stderr
    shell: tuple[str, ...] = SHELL  # the command is its last argument


@dataclass(frozen=True, slots=True)
class Finished:
    """What a command did: its exit status (or the signal that ended it) and its output."""

    returncode: int | None  # None: it could not be started
    timed_out: bool
    duration: float
    stdout: bytes
    stderr: bytes
    truncated: bool
    error: str | None = None  # why it could not be started


@dataclass(slots=True)
class _Stream:
    kept: bytearray = field(default_factory=bytearray)
    truncated: bool = False

    def take(self, data: bytes, limit: int) -> None:
        room = limit - len(self.kept)
        if room > 0:
            self.kept += data[:room]
        if len(data) > room:
            self.truncated = True


class _Running:
    """A started command and the state of its pipes."""

    def __init__(self, spec: CommandSpec, process: subprocess.Popen[bytes], start: float):
        self.spec = spec
        self.process = process
        self.start = start
        self.deadline = start + spec.timeout
        self.pending = memoryview(spec.stdin)
        self.out = _Stream()
        self.err = _Stream()
        self.exited = False
        self.ended: float | None = None
        self.timed_out = False
        self.pidfd: int | None = None
        try:
            self.pidfd = os.pidfd_open(process.pid)
        except (AttributeError, OSError):  # not Linux, or a kernel before 5.3
            self.pidfd = None

    def kill_group(self) -> None:
        # The process has not been reaped yet (it is alive or a zombie), so its id, which
        # is also its group's id, still names this group and no other.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)

    def has_exited(self) -> bool:
        """Whether the process has exited, without reaping it."""
        try:
            info = os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return True
        return info is not None


def run_commands(
    specs: Sequence[CommandSpec],
    cancel: threading.Event | None = None,
    wake: int | None = None,
    while_running: Callable[[], None] | None = None,
) -> list[Finished]:
    """Run every command at once and return what each did, in the order given.

    ``cancel`` and ``wake`` (the read end of a pipe written to when ``cancel`` is set) let
    another thread stop the run: every command still running is killed at once.
    ``while_running`` is called once every command has started, before waiting on them.
    """
    results: dict[int, Finished] = {}
    running: list[tuple[int, _Running]] = []
    for index, spec in enumerate(specs):
        started = _start(spec)
        if isinstance(started, Finished):
            results[index] = started
        else:
            running.append((index, started))
    if while_running is not None:
        try:
            while_running()
        except BaseException:
            for _, run in running:
                run.kill_group()
                run.process.wait()
                if run.pidfd is not None:
                    os.close(run.pidfd)
            raise
    if running:
        _drive([r for _, r in running], cancel, wake)
        for index, run in running:
            results[index] = _finish(run)
    return [results[i] for i in range(len(specs))]


def _start(spec: CommandSpec) -> _Running | Finished:
    start = time.monotonic()
    try:
        process = subprocess.Popen(
            [*spec.shell, spec.command],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=spec.cwd,
            env=spec.env,
            process_group=0,
        )
    except OSError as exc:  # a missing working directory, no /bin/sh, too many processes
        return Finished(None, False, time.monotonic() - start, b"", b"", False, str(exc))
    run = _Running(spec, process, start)
    assert process.stdin is not None and process.stdout is not None
    assert process.stderr is not None
    for pipe in (process.stdin, process.stdout, process.stderr):
        os.set_blocking(pipe.fileno(), False)
    _write_stdin(run)
    return run


def _write_stdin(run: _Running) -> None:
    """Write as much of the input as the pipe takes now; close it once all is written or
    the command has stopped reading."""
    stdin = run.process.stdin
    if stdin is None or stdin.closed:
        return
    try:
        while run.pending:
            written = os.write(stdin.fileno(), run.pending[:_CHUNK])
            run.pending = run.pending[written:]
    except BlockingIOError:
        return
    except OSError as exc:  # EPIPE: the command exited or closed its input unread
        if exc.errno not in (errno.EPIPE, errno.EINVAL):
            raise
        run.pending = memoryview(b"")
    stdin.close()


# poll(2) where there is one, as subprocess itself uses: for a handful of descriptors it
# needs no epoll instance and no system call per registration.
_Selector = getattr(selectors, "PollSelector", selectors.DefaultSelector)


def _drive(runs: list[_Running], cancel: threading.Event | None, wake: int | None) -> None:
    selector = _Selector()
    try:
        for run in runs:
            process = run.process
            assert process.stdout is not None and process.stderr is not None
            selector.register(process.stdout, selectors.EVENT_READ, (run, run.out))
            selector.register(process.stderr, selectors.EVENT_READ, (run, run.err))
            if process.stdin is not None and not process.stdin.closed:
                selector.register(process.stdin, selectors.EVENT_WRITE, (run, None))
            if run.pidfd is not None:
                selector.register(run.pidfd, selectors.EVENT_READ, (run, "exit"))
        if wake is not None:
            selector.register(wake, selectors.EVENT_READ, None)
        _loop(selector, runs, cancel)
    finally:
        selector.close()


def _loop(
    selector: selectors.BaseSelector, runs: list[_Running], cancel: threading.Event | None
) -> None:
    polled = any(run.pidfd is None for run in runs)
    while True:
        waiting = [run for run in runs if not (run.exited and _pipes_closed(run))]
        if not waiting:
            return
        now = time.monotonic()
        if cancel is not None and cancel.is_set():
            for run in waiting:
                if not run.exited:
                    run.kill_group()
        for run in waiting:
            if not run.exited and now >= run.deadline and not run.timed_out:
                run.timed_out = True
                run.kill_group()
        live = [run.deadline - now for run in waiting if not run.exited and not run.timed_out]
        timeout = max(0.0, min(live)) if live else _POLL
        if polled:
            timeout = min(timeout, _POLL)
        for key, _ in selector.select(timeout):
            if key.data is None:  # the wake pipe: cancel was set; the loop top acts on it
                with contextlib.suppress(OSError):
                    os.read(key.fd, 512)
                continue
            run, what = key.data
            if getattr(key.fileobj, "closed", False):  # closed by an exit earlier in this batch
                continue
            if what == "exit":
                selector.unregister(key.fileobj)
                _exited(run, selector)
            elif what is None:
                _write_stdin(run)
                stdin = run.process.stdin
                if stdin is not None and stdin.closed:
                    selector.unregister(key.fileobj)
            else:
                _read(key, what, run, selector)
        for run in runs:
            if not run.exited and run.pidfd is None and run.has_exited():
                _exited(run, selector)


def _read(
    key: selectors.SelectorKey, stream: _Stream, run: _Running, selector: selectors.BaseSelector
) -> None:
    pipe = key.fileobj
    try:
        data = os.read(key.fd, _CHUNK)
    except BlockingIOError:
        return
    if data:
        stream.take(data, run.spec.limit)
        return
    selector.unregister(pipe)
    pipe.close()  # type: ignore[union-attr]


def _exited(run: _Running, selector: selectors.BaseSelector) -> None:
    """The command's own process has exited: kill what it left in its group, take what is
    already in its pipes, and close them."""
    run.exited = True
    run.ended = time.monotonic()
    run.kill_group()
    process = run.process
    for pipe, stream in ((process.stdout, run.out), (process.stderr, run.err)):
        if pipe is None or pipe.closed:
            continue
        with contextlib.suppress(BlockingIOError):
            while data := os.read(pipe.fileno(), _CHUNK):
                stream.take(data, run.spec.limit)
        selector.unregister(pipe)
        pipe.close()
    if process.stdin is not None and not process.stdin.closed:
        with contextlib.suppress(KeyError):
            selector.unregister(process.stdin)
        with contextlib.suppress(OSError):
            process.stdin.close()


def _pipes_closed(run: _Running) -> bool:
    process = run.process
    return all(pipe is None or pipe.closed for pipe in (process.stdout, process.stderr))


def _finish(run: _Running) -> Finished:
    returncode = run.process.wait()
    if run.pidfd is not None:
        os.close(run.pidfd)
    return Finished(
        returncode,
        run.timed_out,
        (run.ended or time.monotonic()) - run.start,
        bytes(run.out.kept),
        bytes(run.err.kept),
        run.out.truncated or run.err.truncated,
    )
