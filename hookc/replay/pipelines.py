"""Pipelines: recorded agent events in, the hook inputs a policy would have seen out.

Nobody logs hook inputs: each format records tool calls its own way, and a pipeline
rebuilds the hook input from it, leaving *missing* (never null) what it cannot rebuild — a
condition over a missing field is then an error, and the replay counts it as undecided
instead of pretending to know.

- ``codex-rollout``, ``gemini-chat``, ``claude-otel``, ``otel-genai``: other agents'
  records and telemetry (``hookc.replay.agents``).
- ``parquet``: the canonical table ``hookc ingest`` writes (``hookc.replay.ingest``).
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
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from hookc.replay.lines import Divergent, _lines
from hookc.replay.lines import Event as Event  # the pipelines' names, re-exported
from hookc.replay.lines import PipelineError as PipelineError
from hookc.replay.lines import Quarantined as Quarantined

FORMATS = ("auto", "hook-input", "claude-transcript", "codex-rollout", "gemini-chat",
           "claude-otel", "otel-genai", "parquet")  # fmt: skip


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


# A first line's key that names its format (before Claude Code's `sessionId` or `type`).
_FIRST_KEYS = (("resourceLogs", "claude-otel"), ("resourceSpans", "otel-genai"),
               ("projectHash", "gemini-chat"))  # fmt: skip


def detect(path: Path) -> str:
    """The format of a file, from its first JSON line (or Parquet's magic number)."""
    try:
        with open(path, "rb") as raw:
            if raw.read(4) == b"PAR1":
                return "parquet"
            raw.seek(0)
            for data in raw:
                if not data.strip():
                    continue
                line = data.decode("utf-8", "replace")  # what it is, not whether it is UTF-8
                try:
                    first = json.loads(line)
                except ValueError:
                    raise PipelineError(f"{path}:1: not JSON lines") from None
                if isinstance(first, dict) and "hook_event_name" in first:
                    return "hook-input"
                if isinstance(first, dict):
                    for key, kind in _FIRST_KEYS:
                        if key in first:
                            return kind
                    if first.get("type") == "session_meta" and "payload" in first:
                        return "codex-rollout"
                if isinstance(first, dict) and ("sessionId" in first or "type" in first):
                    return "claude-transcript"
                return "hook-input"
    except OSError as exc:
        raise PipelineError(f"{path}: {exc.strerror or exc}") from None
    return "hook-input"


_AGENTS = {"codex-rollout": "codex_rollout", "gemini-chat": "gemini_chat",
           "claude-otel": "claude_otel", "otel-genai": "otel_genai"}  # fmt: skip


def read_events(
    files: Iterable[Path],
    fmt: str = "auto",
    event: str | None = None,
    on_divergent: Divergent | None = None,
) -> Iterator[Event]:
    """Every event of every file, in order. With ``on_divergent``, a line JSON readers
    would read differently (``strict_loads``), not UTF-8 or not JSON is handed to it and
    skipped, instead of being read (or stopping the run)."""
    for path in files:
        kind = detect(path) if fmt == "auto" else fmt
        if kind == "claude-transcript":
            yield from claude_transcript(path, on_divergent)
        elif kind == "parquet":
            yield from canonical(path, event)
        elif kind in _AGENTS:
            from hookc.replay import agents

            yield from getattr(agents, _AGENTS[kind])(path, on_divergent)
        else:
            yield from hook_input(path, event, on_divergent)


def canonical(path: Path, event: str | None = None) -> Iterator[Event]:
    """The events of ``hookc ingest``'s table, in order (read by DuckDB)."""
    from hookc.replay.duck import import_duckdb

    connection = import_duckdb().connect()
    try:
        cursor = connection.execute(
            "SELECT event, source, ctx, blocked FROM read_parquet(?) ORDER BY event_no",
            [os.fspath(path)],
        )
    except Exception as exc:  # duckdb's errors have no common base class worth naming
        raise PipelineError(f"{path}: not a table of hookc ingest: {exc}") from None
    while batch := cursor.fetchmany(10_000):
        for name, source, ctx, blocked in batch:
            yield Event(event if event is not None else name, json.loads(ctx), source, blocked)


def hook_input(
    path: Path, event: str | None = None, on_divergent: Divergent | None = None
) -> Iterator[Event]:
    for number, value in _lines(path, on_divergent):
        if not isinstance(value, dict):
            if on_divergent is not None:
                text = json.dumps(value, ensure_ascii=False)
                on_divergent(Quarantined(f"{path}:{number}", "not a JSON object", text))
                continue
            raise PipelineError(f"{path}:{number}: a hook input is a JSON object")
        name = event if event is not None else value.get("hook_event_name")
        yield Event(name if isinstance(name, str) else "", value, f"{path}:{number}")


# Claude Code renamed the subagent tool in 2.1.63; a current policy matches the new name.
_RENAMED_TOOLS = {"Task": "Agent"}


def claude_transcript(path: Path, on_divergent: Divergent | None = None) -> Iterator[Event]:
    """A transcript's tool calls, with what their results say a hook did (``blocked``): the
    file is read whole first, a result coming after its call."""
    seen: set[str] = set()
    modes: dict[str, str] = {}  # session -> its last recorded permission mode
    found: list[tuple[Event, str | None]] = []
    results: dict[str, bool] = {}  # tool_use_id -> a hook blocked it
    for number, line in _lines(path, on_divergent):
        if not isinstance(line, dict):
            continue
        session = line.get("sessionId")
        mode = line.get("permissionMode")
        if isinstance(session, str) and isinstance(mode, str):
            modes[session] = mode
        message = line.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if not isinstance(content, list):
            continue
        if line.get("type") == "user":
            _results(content, results)
            continue
        if line.get("type") != "assistant":
            continue
        for block in content:
            if not isinstance(block, dict) or block.get("type") != "tool_use":
                continue
            block_id = block.get("id")
            if isinstance(block_id, str):
                if block_id in seen:
                    continue  # the same block written again on a later line
                seen.add(block_id)
            event = Event("PreToolUse", _pre_tool_use(path, line, block, modes), f"{path}:{number}")
            found.append((event, block_id if isinstance(block_id, str) else None))
    for event, block_id in found:
        if block_id is not None and block_id in results:
            event = Event(event.event, event.context, event.source, results[block_id])
        yield event


def _results(content: list[Any], results: dict[str, bool]) -> None:
    """Each ``tool_result``: blocked by a hook when it is an error carrying a PreToolUse
    hook's message (``PreToolUse:Bash hook error: ...``, as Claude Code writes it); any other
    result, the call was not blocked by a hook (it ran, or a user or a rule denied it).
    The ``attachment`` ``hook_*`` records of 2.1.97+ are not read (their shape is not
    documented)."""
    for block in content:
        if not isinstance(block, dict) or block.get("type") != "tool_result":
            continue
        call = block.get("tool_use_id")
        if not isinstance(call, str):
            continue
        text = block.get("content")
        if isinstance(text, list):
            text = " ".join(str(part.get("text", "")) for part in text if isinstance(part, dict))
        results[call] = (
            block.get("is_error") is True
            and isinstance(text, str)
            and bool(_HOOK_ERROR.search(text))
        )


_HOOK_ERROR = re.compile(r"PreToolUse:\S* hook (?:error|blocking error)")


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
