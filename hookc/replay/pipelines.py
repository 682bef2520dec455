"""Pipelines: recorded agent events in, the hook inputs a policy would have seen out.

Nobody logs hook inputs: each format records tool calls its own way, and a pipeline
rebuilds the hook input from it, leaving *missing* (never null) what it cannot rebuild — a
condition over a missing field is then an error, and the replay counts it as undecided
instead of pretending to know.

- ``hook-input``: JSONL, one hook input a line (what a hook's stdin gets); the event is its
  ``hook_event_name`` (or ``--event``).
- ``claude-transcript``: Claude Code session transcripts (``~/.claude/projects/<dir>/
  <session>.jsonl``, subagents in ``<session>/subagents/agent-*.jsonl``). Every ``tool_use``
  block of an ``assistant`` line is one PreToolUse event (calls later denied included).
  Since 2.1.x one API message is split over several lines sharing ``message.id``, one
  content block each, and a block may repeat: blocks are kept once by their ``id``.
  ``permission_mode`` is the session's last ``permissionMode`` (user lines; the
  ``permission-mode`` records of 2.1.97+) at or before the call, missing before the first.
  ``Task`` was renamed ``Agent`` in 2.1.63: recorded ``Task`` calls are replayed as
  ``Agent``, the name a current policy matches. ``agent_id`` comes from a subagent file's
  ``agentId``; ``agent_type`` (the parent's ``Agent`` call's ``subagent_type``) is left
  missing. Field names follow the community schemas (Anthropic publishes none; see the
  research note ``replay.md`` §1.1).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FORMATS = ("auto", "hook-input", "claude-transcript")


class PipelineError(Exception):
    """A file a pipeline cannot read (the command reports it as a diagnostic)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One rebuilt hook input: the event's name, its context, and where it was recorded."""

    event: str
    context: dict[str, Any]
    source: str  # file:line


def event_files(paths: Iterable[str]) -> list[Path]:
    """The files named, and the ``.jsonl`` files under the folders named, sorted."""
    found: list[Path] = []
    for given in paths:
        path = Path(given)
        if path.is_dir():
            # By text: a session (`<id>.jsonl`) before its subagents (`<id>/subagents/`).
            found.extend(sorted((p for p in path.rglob("*.jsonl") if p.is_file()), key=str))
        elif path.exists():
            found.append(path)
        else:
            raise PipelineError(f"{given}: no such file or folder")
    return found


def detect(path: Path) -> str:
    """The format of a file, from its first JSON line."""
    try:
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                try:
                    first = json.loads(line)
                except ValueError:
                    raise PipelineError(f"{path}:1: not JSON lines") from None
                if isinstance(first, dict) and "hook_event_name" in first:
                    return "hook-input"
                if isinstance(first, dict) and ("sessionId" in first or "type" in first):
                    return "claude-transcript"
                return "hook-input"
    except OSError as exc:
        raise PipelineError(f"{path}: {exc.strerror or exc}") from None
    return "hook-input"


def read_events(
    files: Iterable[Path], fmt: str = "auto", event: str | None = None
) -> Iterator[Event]:
    """Every event of every file, in order."""
    for path in files:
        kind = detect(path) if fmt == "auto" else fmt
        if kind == "claude-transcript":
            yield from claude_transcript(path)
        else:
            yield from hook_input(path, event)


def _lines(path: Path) -> Iterator[tuple[int, Any]]:
    try:
        with open(path, encoding="utf-8") as handle:
            for number, line in enumerate(handle, 1):
                if not line.strip():
                    continue
                try:
                    yield number, json.loads(line)
                except ValueError as exc:
                    raise PipelineError(f"{path}:{number}: not JSON: {exc}") from None
    except OSError as exc:
        raise PipelineError(f"{path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise PipelineError(f"{path}: not UTF-8: {exc}") from None


def hook_input(path: Path, event: str | None = None) -> Iterator[Event]:
    for number, value in _lines(path):
        if not isinstance(value, dict):
            raise PipelineError(f"{path}:{number}: a hook input is a JSON object")
        name = event if event is not None else value.get("hook_event_name")
        yield Event(name if isinstance(name, str) else "", value, f"{path}:{number}")


# Claude Code renamed the subagent tool in 2.1.63; a current policy matches the new name.
_RENAMED_TOOLS = {"Task": "Agent"}


def claude_transcript(path: Path) -> Iterator[Event]:
    seen: set[str] = set()
    modes: dict[str, str] = {}  # session -> its last recorded permission mode
    for number, line in _lines(path):
        if not isinstance(line, dict):
            continue
        session = line.get("sessionId")
        mode = line.get("permissionMode")
        if isinstance(session, str) and isinstance(mode, str):
            modes[session] = mode
        if line.get("type") != "assistant":
            continue
        message = line.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            continue
        for block in content:
            if not isinstance(block, dict) or block.get("type") != "tool_use":
                continue
            block_id = block.get("id")
            if isinstance(block_id, str):
                if block_id in seen:
                    continue  # the same block written again on a later line
                seen.add(block_id)
            yield Event("PreToolUse", _pre_tool_use(path, line, block, modes), f"{path}:{number}")


def _pre_tool_use(
    path: Path, line: dict[str, Any], block: dict[str, Any], modes: dict[str, str]
) -> dict[str, Any]:
    context: dict[str, Any] = {}
    session = line.get("sessionId")
    if isinstance(session, str):
        context["session_id"] = session
    context["transcript_path"] = os.fspath(path)
    if isinstance(line.get("cwd"), str):
        context["cwd"] = line["cwd"]
    if isinstance(session, str) and session in modes:
        context["permission_mode"] = modes[session]
    context["hook_event_name"] = "PreToolUse"
    name = block.get("name")
    if isinstance(name, str):
        context["tool_name"] = _RENAMED_TOOLS.get(name, name)
    if "input" in block:
        context["tool_input"] = block["input"]
    if isinstance(block.get("id"), str):
        context["tool_use_id"] = block["id"]
    if isinstance(line.get("agentId"), str):
        context["agent_id"] = line["agentId"]
    return context
