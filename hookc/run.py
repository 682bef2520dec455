"""``hookc run``: evaluate a hook file for an event and run the handlers of the hooks that
match, as the tool would, before an agent ever meets them.

Which hooks match is ``evaluate_all``'s answer (``hookc.runtime`` for a hook file, the module
itself for a compiled one); running them is ``hookc.handlers`` with the tool's protocol.
The report lists each handler with its exit status, time and output, then the merged
decision; ``--dry-run`` lists what would run and the JSON it would be given.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from hookc.handlers import PROTOCOLS, Decision, HandlerRun, Plan, Protocol

# Profiles whose hooks name handlers, and the protocol their tool speaks.
# Each profile named after its protocol, and the registry's (seed 001), named after its folder.
PROFILE_PROTOCOLS: Mapping[str, str] = {
    **{name: name for name in PROTOCOLS},
    "system-hooks": "registry",
}


def choose_protocol(requested: str | None, profile: str) -> Protocol:
    """The protocol asked for, else the one of the file's profile; ValueError saying what
    to do when neither names one."""
    known = ", ".join(sorted(PROTOCOLS))
    if requested is not None:
        if requested not in PROTOCOLS:
            raise ValueError(f"unknown protocol {requested!r}; hookc knows {known}")
        return PROTOCOLS[requested]
    name = PROFILE_PROTOCOLS.get(profile) or PROFILE_PROTOCOLS.get(profile.replace("-", "_"))
    if name is None:
        raise ValueError(
            f"the `{profile}` profile names no handler protocol; say which tool runs these "
            f"hooks with --protocol ({known})"
        )
    return PROTOCOLS[name]


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
    lines.append(f"stdin: {json.dumps(dict(plan.payload), ensure_ascii=False)}")
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
    fields: list[tuple[str, Any]] = [
        ("reason", decision.reason),
        ("updated input", decision.updated_input),
        ("additional context", decision.additional_context),
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
    for message in decision.messages:
        lines += _indented("  message: ", message)
    return "\n".join(lines) + "\n"


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
