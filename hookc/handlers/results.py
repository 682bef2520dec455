"""What running handlers gives back: each handler's run, and the one decision merged from them.

Plain frozen dataclasses, the same for every protocol, so that a runtime reads one shape
whatever tool's rules produced it; ``to_json`` gives the form ``hookc run --format json``
prints.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

Kind = Literal["command", "builtin"]

# What the merged answer tells the runtime to do, from least to most restrictive:
#   proceed  nothing objected (or nothing ran): go on as if there were no hook;
#   allow    a handler explicitly allowed it (a permission decision of `allow`);
#   ask      ask the user (`ask`), as the tool's own permission prompt would;
#   defer    leave the decision to the caller (Claude Code's `defer`, for headless runs);
#   deny     blocked: do not do it, and tell the model `reason`;
#   retry    do not do it now; try again after `retry_delay_ms` (A3S's Retry);
#   stop     stop the agent altogether (Claude Code's `continue: false`).
Verdict = Literal["proceed", "allow", "ask", "defer", "deny", "retry", "stop"]

# Who a text the hooks produced reaches, as the tool delivers it: the model (in its
# context), the user (shown in the transcript or terminal, not to the model), both (shown,
# and kept in the conversation the model reads), or nobody (dropped, or the debug log only).
Audience = Literal["model", "user", "both", "nobody"]


@dataclass(frozen=True, slots=True)
class HandlerRun:
    """One handler's run: what was run, how it ended, and what it answered."""

    hook_id: str
    kind: Kind
    target: str  # the command's text, or the builtin's name
    action: Mapping[str, Any] = field(default_factory=dict)  # the hook's action, as matched
    exit_code: int | None = None  # None: killed by a signal, never started, or a builtin
    signal: int | None = None  # the signal that ended it (9 after a timeout)
    timed_out: bool = False
    duration: float = 0.0  # seconds
    stdout: str = ""
    stderr: str = ""
    truncated: bool = False  # output past the limit was dropped
    output: Mapping[str, Any] | None = None  # the JSON object it answered, as the tool reads it
    error: str | None = None  # why it failed, when it did: timed out, invalid JSON, ...

    @property
    def failed(self) -> bool:
        return self.error is not None

    def to_json(self) -> dict[str, Any]:
        return {
            "hook_id": self.hook_id,
            "kind": self.kind,
            "target": self.target,
            "exit_code": self.exit_code,
            "signal": self.signal,
            "timed_out": self.timed_out,
            "duration_ms": round(self.duration * 1000, 1),
            "stdout": self.stdout,
            "stderr": self.stderr,
            "truncated": self.truncated,
            "output": None if self.output is None else dict(self.output),
            "error": self.error,
        }


@dataclass(frozen=True, slots=True)
class Notice:
    """One text the tool passes on after its hooks ran, and who reads it."""

    what: str  # what it is: "reason", "additional context", "hook error", "stderr", ...
    to: Audience
    text: str
    hook_id: str | None = None  # the hook it came from, when one did

    def to_json(self) -> dict[str, Any]:
        return {"what": self.what, "to": self.to, "text": self.text, "hook_id": self.hook_id}


@dataclass(frozen=True, slots=True)
class Decision:
    """The answers of every handler an event ran, merged by the tool's own rule."""

    protocol: str
    event: str
    verdict: Verdict = "proceed"
    reason: str | None = None  # why it was denied, stopped or retried
    updated_input: Mapping[str, Any] | None = None  # the tool input to use instead
    additional_context: str | None = None  # text for the model
    messages: tuple[str, ...] = ()  # shown without blocking: warnings, non-blocking errors
    retry_delay_ms: int | None = None
    output: Mapping[str, Any] | None = None  # the merged result object (the registry's)
    runs: tuple[HandlerRun, ...] = ()  # in the order the hooks matched
    skipped: tuple[str, ...] = field(default=())  # hooks not run: duplicates, or after a stop
    # Every text the tool delivers, with who reads it, for protocols that say (Claude
    # Code's); empty for the others, whose `reason`, `additional_context` and `messages`
    # are all there is.
    notices: tuple[Notice, ...] = ()

    @property
    def allowed(self) -> bool:
        """Whether the operation goes ahead without asking anyone."""
        return self.verdict in ("proceed", "allow")

    def to_json(self) -> dict[str, Any]:
        return {
            "protocol": self.protocol,
            "event": self.event,
            "verdict": self.verdict,
            "allowed": self.allowed,
            "reason": self.reason,
            "updated_input": None if self.updated_input is None else dict(self.updated_input),
            "additional_context": self.additional_context,
            "messages": list(self.messages),
            "retry_delay_ms": self.retry_delay_ms,
            "output": None if self.output is None else dict(self.output),
            "runs": [run.to_json() for run in self.runs],
            "skipped": list(self.skipped),
            "notices": [notice.to_json() for notice in self.notices],
        }
