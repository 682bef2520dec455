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
polled with ``waitid(..., WNOWAIT)``. At most ``MAX_AT_ONCE`` run at a time (fewer under a
low limit on open files); the rest start as slots free up, so 1,000 matching handlers never
fail for want of descriptors, and a start the system refuses is that command's failed run.

Nothing is left behind on any way out: a command that cannot start (``Popen`` refuses a NUL
byte or `=` in a variable's name with ValueError) is a failed run, and an exception while
the commands run (KeyboardInterrupt, a signal turned into one) kills and reaps every group
before it goes on. What hookc cannot reach: a process that leaves its group (``setsid``,
a shell's ``set -m`` job control, a daemon that double-forks into a session of its own)
is no longer in the group that is killed, and an unprivileged caller has no handle on it
(it is re-parented to init or the nearest subreaper). A caller that must contain those runs
hookc in a cgroup or container, or makes itself a subreaper (Linux
``PR_SET_CHILD_SUBREAPER``); hookc, a library inside someone else's process, does neither.
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
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

SHELL = ("/bin/sh", "-c")  # when a protocol names no other
_CHUNK = 65536
_POLL = 0.01  # seconds between exit checks where there is no pidfd
_LONGEST_WAIT = 3600.0  # seconds a selector is asked to wait at most (poll takes < 2**31 ms)
# Commands run at a time at most: enough for every realistic event at once (Claude Code runs
# all its matching hooks together), few enough that 1,000 matching handlers neither run out
# of descriptors (each holds up to 4) nor start 1,000 shells on a laptop at once.
MAX_AT_ONCE = 64
_RESERVED_FDS = 64  # descriptors left to the caller when the limit bounds the commands


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
    errno: int | None = None  # the system's error number for that, where there is one


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
    """Run every command, at most ``at_once()`` at a time (the rest as slots free up), and
    return what each did, in the order given.

    ``cancel`` and ``wake`` (the read end of a pipe written to when ``cancel`` is set) let
    another thread stop the run: every command still running is killed at once.
    ``while_running`` is called once the first commands have started, before waiting on
    them. Whatever ends the call (a return, an exception in ``while_running``, an interrupt
    or a signal's exception), every command it started is killed and reaped first.
    """
    batch = _Batch(specs, at_once())
    selector = _Selector()
    with _interrupts_wait_for_starts():
        try:
            if wake is not None:
                selector.register(wake, selectors.EVENT_READ, None)
            batch.start_more(selector)
            if while_running is not None:
                while_running()
            _loop(selector, batch, cancel)
        finally:
            try:
                batch.abandon()
            finally:
                selector.close()
    return batch.results()


@contextlib.contextmanager
def _interrupts_wait_for_starts() -> Iterator[None]:
    """Ctrl-C in a program calling ``handlers.run`` (Python's own SIGINT handler, which
    raises KeyboardInterrupt at any bytecode) waits, as ``hookc run``'s signals do, until
    the command being started is recorded: raised inside ``Popen`` after the fork, it would
    leave that command running unseen. Only in the main thread (the only one Python runs
    handlers in), and only where the program has not set a SIGINT handler of its own."""
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield
        return

    def interrupt(signum: int, frame: object) -> None:
        if not defer_while_starting(_raise_interrupt):
            _raise_interrupt()

    signal.signal(signal.SIGINT, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _raise_interrupt() -> None:
    raise KeyboardInterrupt


def at_once() -> int:
    """How many commands run at a time: ``MAX_AT_ONCE``, fewer where the limit on open
    files would not hold that many (each takes up to 4 descriptors while it runs and 8 while
    it starts). A start the system still refuses for want of descriptors or processes waits
    for a running command to end (``_Batch.start_more``)."""
    try:
        import resource

        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (ImportError, OSError, ValueError):
        return MAX_AT_ONCE
    if soft == getattr(resource, "RLIM_INFINITY", -1) or soft <= 0:
        return MAX_AT_ONCE
    return max(1, min(MAX_AT_ONCE, (soft - _RESERVED_FDS) // 8))


# Failures to start that go away once a running command ends: no descriptors (EMFILE,
# ENFILE), no process slots or memory for a fork (EAGAIN, ENOMEM).
_TRANSIENT = frozenset({errno.EMFILE, errno.ENFILE, errno.EAGAIN, errno.ENOMEM})


class _Batch:
    """The commands of one call: those waiting, running and finished, by position."""

    def __init__(self, specs: Sequence[CommandSpec], limit: int):
        self.specs = specs
        self.limit = limit
        self.waiting = deque(range(len(specs)))
        self.running: dict[int, _Running] = {}
        self.done: dict[int, Finished] = {}

    def start_more(self, selector: selectors.BaseSelector) -> None:
        """Start waiting commands while there is a free slot. A start refused for want of
        descriptors or processes waits for a running command to end (and the limit drops
        to what fits); with none running to wait for, it is that command's failure."""
        while self.waiting and len(self.running) < self.limit:
            index = self.waiting.popleft()
            with _starting():  # a stopping signal waits until the command is recorded
                started = _start(self.specs[index])
                if isinstance(started, _Running):
                    self.running[index] = started
            if isinstance(started, _Running):
                _register(selector, started)
            elif started.errno in _TRANSIENT and self.running:
                self.waiting.appendleft(index)
                self.limit = max(1, len(self.running))
                return
            else:
                self.done[index] = started

    def finish(self, run: _Running, selector: selectors.BaseSelector) -> None:
        index = next(i for i, r in self.running.items() if r is run)
        del self.running[index]
        self.done[index] = _finish(run)
        self.start_more(selector)

    def abandon(self) -> None:
        """Kill and reap every command still running (the call is ending early)."""
        runs = list(self.running.values())
        self.running.clear()
        for run in runs:  # every group killed first: nothing below blocks before that
            run.kill_group()
        for run in runs:
            _close_pipes(run)
            with contextlib.suppress(ChildProcessError):
                run.process.wait()
            if run.pidfd is not None:
                os.close(run.pidfd)

    def results(self) -> list[Finished]:
        return [self.done[i] for i in range(len(self.specs))]


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
    except (OSError, ValueError) as exc:
        # OSError: a missing working directory, no shell, no descriptors or processes left;
        # ValueError: what no process can be given (a NUL byte, `=` in a variable's name).
        code = exc.errno if isinstance(exc, OSError) else None
        return Finished(None, False, time.monotonic() - start, b"", b"", False, str(exc), code)
    run = _Running(spec, process, start)
    try:
        assert process.stdin is not None and process.stdout is not None
        assert process.stderr is not None
        for pipe in (process.stdin, process.stdout, process.stderr):
            os.set_blocking(pipe.fileno(), False)
        _write_stdin(run)
    except BaseException:  # started, and not yet anyone's to kill: kill it here
        run.kill_group()
        _close_pipes(run)
        process.wait()
        if run.pidfd is not None:
            os.close(run.pidfd)
        raise
    return run


# -- stopping signals while a command starts ------------------------------------------------
#
# A signal handler that raises (``hookc run`` turns SIGINT, SIGTERM and SIGHUP into an
# exception) can do so between any two bytecodes: inside ``Popen`` after the fork, or just
# after it returns, before the command is recorded as one to kill on the way out. Such a
# command would outlive the run unseen (it has a process group of its own). Blocking the
# signals instead would pass the blocked mask on to the command. So a handler asks
# ``defer_while_starting`` first, and while the calling thread is starting a command its
# action runs once the command is recorded.


class _Starting(threading.local):
    depth = 0
    deferred: Callable[[], None] | None = None


_STARTING = _Starting()


@contextlib.contextmanager
def _starting() -> Iterator[None]:
    _STARTING.depth += 1
    try:
        yield
    finally:
        _STARTING.depth -= 1
        deferred = _STARTING.deferred
        if _STARTING.depth == 0 and deferred is not None:
            _STARTING.deferred = None
            deferred()


def defer_while_starting(action: Callable[[], None]) -> bool:
    """For a signal handler, in the thread it runs in: whether a command is being started
    there, in which case ``action`` (raising the handler's exception, say) runs as soon as
    that command is recorded; otherwise the handler acts now (False)."""
    if _STARTING.depth == 0:
        return False
    if _STARTING.deferred is None:  # a second signal meanwhile: the first one's action
        _STARTING.deferred = action
    return True


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


def _register(selector: selectors.BaseSelector, run: _Running) -> None:
    process = run.process
    assert process.stdout is not None and process.stderr is not None
    selector.register(process.stdout, selectors.EVENT_READ, (run, run.out))
    selector.register(process.stderr, selectors.EVENT_READ, (run, run.err))
    if process.stdin is not None and not process.stdin.closed:
        selector.register(process.stdin, selectors.EVENT_WRITE, (run, None))
    if run.pidfd is not None:
        selector.register(run.pidfd, selectors.EVENT_READ, (run, "exit"))


def _loop(selector: selectors.BaseSelector, batch: _Batch, cancel: threading.Event | None) -> None:
    while batch.running:
        runs = list(batch.running.values())
        for run in runs:
            if run.exited and _pipes_closed(run):
                batch.finish(run, selector)
        if not batch.running:
            return
        runs = list(batch.running.values())
        now = time.monotonic()
        if cancel is not None and cancel.is_set():
            for run in runs:
                if not run.exited:
                    run.kill_group()
        for run in runs:
            if not run.exited and now >= run.deadline and not run.timed_out:
                run.timed_out = True
                run.kill_group()
        live = [run.deadline - now for run in runs if not run.exited and not run.timed_out]
        # The wait is bounded: poll(2) takes at most 2**31 - 1 ms (OverflowError beyond, as
        # for a timeout of 3,000,000 s or infinity); the loop comes back and waits again.
        timeout = min(max(0.0, min(live)), _LONGEST_WAIT) if live else _POLL
        if any(run.pidfd is None for run in runs):
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


def _close_pipes(run: _Running) -> None:
    process = run.process
    for pipe in (process.stdin, process.stdout, process.stderr):
        if pipe is not None and not pipe.closed:
            with contextlib.suppress(OSError):
                pipe.close()


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
