"""`hookc run` on a hook file of each host that writes Claude Code's shape, with real
handler scripts: what the tests of those hosts share. Each host's file lies where that host
reads it (so that it is claimed by its path and run by its own protocol), holds one group
of the given handlers under the host's tool event, and is run on a call of the host's shell
tool; the answer is ``hookc run --format json``'s decision."""

from __future__ import annotations

import io
import json
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hookc.cli import main


@dataclass(frozen=True)
class Shaped:
    """A host whose files are Claude Code's shape, as `hookc run` is driven for it."""

    name: str
    path: str  # where the host reads its file, from the project's root
    event: str  # its event before a tool call
    tool: str  # its shell tool's name, matched by `matcher`
    matcher: str
    short_timeout: float  # about half a second, written in the host's unit
    deny: dict[str, Any]  # the JSON answer that denies the call in this host's protocol
    allow: dict[str, Any]  # the JSON answer that allows it


def _claude(reason: str | None, decision: str) -> dict[str, Any]:
    output: dict[str, Any] = {"hookEventName": "PreToolUse", "permissionDecision": decision}
    if reason is not None:
        output["permissionDecisionReason"] = reason
    return {"hookSpecificOutput": output}


CLAUDE_DENY, CLAUDE_ALLOW = _claude("no rm", "deny"), _claude(None, "allow")
# Codex takes `allow` only with `updatedInput` (alone it fails the run): it rewrites the
# call's input and leaves the approval to Codex.
CODEX_ALLOW = {"hookSpecificOutput": {**CLAUDE_ALLOW["hookSpecificOutput"],
                                      "updatedInput": {"command": "ls"}}}  # fmt: skip
GEMINI_DENY, GEMINI_ALLOW = {"decision": "deny", "reason": "no rm"}, {"decision": "allow"}

SHAPED = {
    host.name: host
    for host in (
        Shaped("claude-code", ".claude/settings.json", "PreToolUse", "Bash", "Bash", 0.5,
               CLAUDE_DENY, CLAUDE_ALLOW),
        # Codex reads `timeout` as whole seconds (u64): one second is its shortest.
        Shaped("codex", ".codex/hooks.json", "PreToolUse", "shell_command", "Bash", 1,
               CLAUDE_DENY, CODEX_ALLOW),
        Shaped("gemini-cli", ".gemini/settings.json", "BeforeTool", "run_shell_command",
               "run_shell_command", 500, GEMINI_DENY, GEMINI_ALLOW),
        Shaped("tabnine", ".tabnine/agent/settings.json", "BeforeTool", "run_shell_command",
               "run_shell_command", 500, GEMINI_DENY, GEMINI_ALLOW),
        Shaped("qwen-code", ".qwen/settings.json", "PreToolUse", "run_shell_command",
               "run_shell_command", 500, CLAUDE_DENY, CLAUDE_ALLOW),
        # Factory documents seconds without saying whole ones; one second is safe.
        Shaped("factory", ".factory/hooks.json", "PreToolUse", "Execute", "Execute", 1,
               CLAUDE_DENY, CLAUDE_ALLOW),
        Shaped("augment", ".augment/settings.json", "PreToolUse", "launch-process",
               "launch-process", 500, CLAUDE_DENY, CLAUDE_ALLOW),
    )
}  # fmt: skip


def script(folder: Path, name: str, body: str) -> str:
    """An executable shell script of that body in the folder; its path."""
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def answering(folder: Path, name: str, answer: dict[str, Any]) -> str:
    """A script that reads its input and prints that JSON answer."""
    return script(folder, name, f"cat >/dev/null; echo '{json.dumps(answer)}'")


def command(path: str, **extra: Any) -> dict[str, Any]:
    return {"type": "command", "command": path, **extra}


def run_hooks(
    host: Shaped | str,
    tmp_path: Path,
    handlers: list[dict[str, Any]],
    *,
    event: str | None = None,
    group: dict[str, Any] | None = None,
    context: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """``hookc run --format json`` on a file of the host holding one group of these
    handlers (the host's shell matcher, or ``group``'s keys) under ``event`` (the host's
    tool event), for ``context`` (a call of the host's shell tool)."""
    shaped = SHAPED[host] if isinstance(host, str) else host
    event = event or shaped.event
    project = tmp_path / "project"
    file = project / shaped.path
    file.parent.mkdir(parents=True, exist_ok=True)
    entry = {"matcher": shaped.matcher, **(group or {}), "hooks": handlers}
    file.write_text(json.dumps({"hooks": {event: [entry]}}))
    ctx = tmp_path / "context.json"
    call = {"tool_name": shaped.tool, "tool_input": {"command": "rm -rf /"}}
    ctx.write_text(json.dumps(call if context is None else context))
    out, err = io.StringIO(), io.StringIO()
    argv = ["run", str(file), "--event", event, "--context", str(ctx), "--format", "json",
            "--cwd", str(project)]  # fmt: skip
    status = main(argv, stdout=out, stderr=err)
    assert status == 0, err.getvalue()
    decision: dict[str, Any] = json.loads(out.getvalue())
    assert decision["protocol"] == shaped.name  # claimed by its path, run by its protocol
    return decision
