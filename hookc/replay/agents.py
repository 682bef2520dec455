"""Pipelines for what other agents and telemetry record: each rebuilds the PreToolUse hook
input a Claude Code policy would have seen for a tool call, leaving *missing* (never null)
what the record does not hold. Formats as the research note ``replay.md`` (§1.2-1.6)
describes them, from the projects' sources and documentation; unverified details are
said where they are implemented.

- ``codex-rollout``: Codex CLI's ``~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl``. A
  ``response_item`` whose payload is a ``function_call`` (``arguments`` a JSON *string*),
  a ``local_shell_call`` (``action.command`` an argv list) or a ``custom_tool_call``
  (``input`` free text, e.g. ``apply_patch``) is one event. ``session_id`` and ``cwd`` come
  from ``session_meta`` and the latest ``turn_context``. Codex's shell tools (``shell``:
  ``command`` an argv list; ``shell_command``: a string; ``exec_command``: ``cmd``) are
  Claude Code's ``Bash``, their ``command`` one string (``bash -lc X`` is ``X``; any
  other argv joined with shell quoting), ``timeout_ms`` its ``timeout``. Missing:
  ``permission_mode`` (Codex's approval policy is not Claude Code's modes),
  ``transcript_path`` (a rollout is not a Claude Code transcript), ``agent_id``.
- ``gemini-chat``: Gemini CLI's ``~/.gemini/tmp/<project>/chats/session-*.jsonl``, a log
  of updates folded first: a record whose ``id`` was seen replaces it in place,
  ``{"$set": ...}`` updates the session's metadata, ``{"$rewindTo": id}`` drops that record
  and every later one. Each ``toolCalls[]`` entry of a ``gemini`` record is one event:
  ``run_shell_command`` is ``Bash``, ``read_file`` ``Read``, ``write_file`` ``Write``,
  ``replace`` ``Edit``, ``glob`` ``Glob``, ``search_file_content`` ``Grep``, ``web_fetch``
  ``WebFetch`` (their arguments renamed to Claude Code's: ``absolute_path`` is
  ``file_path``, ``old_string``/``new_string`` kept); others keep their names. Missing:
  ``cwd`` (no record has it), ``permission_mode``, ``transcript_path``.
- ``claude-otel``: Claude Code's OpenTelemetry log records (OTLP/JSON, one export request
  a line, as a collector's file exporter writes): each ``claude_code.tool_result`` record
  is one event; ``session_id`` from the resource's (or the record's) ``session.id``;
  ``tool_input`` from ``tool_parameters``, a JSON string, only when telemetry logs tool
  details (for ``Bash``, ``full_command`` is ``command``; ``bash_command``, its first word,
  is dropped). Missing: ``cwd``, ``permission_mode``, ``transcript_path``, and
  ``tool_input`` when redacted (the default) — a hook reading it is undecided, not clean.
  Recorded: a call a hook blocked (``decision_source`` ``hook`` and ``success`` false).
- ``otel-genai``: OpenTelemetry GenAI ``execute_tool`` spans (OTLP/JSON ``resourceSpans``):
  ``tool_name`` from ``gen_ai.tool.name`` (``shell`` with a ``command`` is ``Bash``),
  ``tool_use_id`` from ``gen_ai.tool.call.id``, ``tool_input`` from
  ``gen_ai.tool.call.arguments`` (an object, or a JSON string), ``session_id`` from the
  span's or its nearest ``invoke_agent`` ancestor's ``gen_ai.conversation.id`` (in the same
  file). Missing: ``cwd``, ``permission_mode``, ``transcript_path``. Recorded: a span whose
  status is an error (code 2) with a message naming a policy or a hook.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path
from typing import Any

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.replay.lines import Divergent, Event


def _event(context: dict[str, Any], source: str, blocked: bool | None = None) -> Event:
    from hookc.replay.lines import Event

    return Event("PreToolUse", context, source, blocked)


def _context(session: Any, cwd: Any, name: Any, tool_input: Any, call_id: Any) -> dict[str, Any]:
    """A PreToolUse input with only the fields known (a None here is unknown: missing)."""
    context: dict[str, Any] = {}
    if isinstance(session, str):
        context["session_id"] = session
    if isinstance(cwd, str):
        context["cwd"] = cwd
    context["hook_event_name"] = "PreToolUse"
    if isinstance(name, str):
        context["tool_name"] = name
    if tool_input is not _UNKNOWN:
        context["tool_input"] = tool_input
    if isinstance(call_id, str):
        context["tool_use_id"] = call_id
    return context


_UNKNOWN = object()


def _parsed(text: Any) -> Any:
    """A JSON string's object (arguments recorded as text); unknown if it is not one."""
    if isinstance(text, dict):
        return text
    if not isinstance(text, str):
        return _UNKNOWN
    try:
        value = json.loads(text)
    except ValueError:
        return _UNKNOWN
    return value if isinstance(value, dict) else _UNKNOWN


def _command(argv: Any) -> Any:
    """An argv list as the one command string a Bash hook reads."""
    if isinstance(argv, str):
        return argv
    if not isinstance(argv, list) or not all(isinstance(a, str) for a in argv) or not argv:
        return _UNKNOWN
    if len(argv) == 3 and argv[0] in ("bash", "sh", "zsh") and argv[1] in ("-c", "-lc"):
        return argv[2]
    return shlex.join(argv)


# -- Codex ----------------------------------------------------------------------------------

_CODEX_SHELLS = {"shell": "command", "shell_command": "command", "exec_command": "cmd"}


def _codex_bash(arguments: Any, key: str) -> Any:
    if arguments is _UNKNOWN:
        return _UNKNOWN
    command = _command(arguments.get(key))
    bash: dict[str, Any] = {}
    if command is not _UNKNOWN:
        bash["command"] = command
    if isinstance(arguments.get("timeout_ms"), int):
        bash["timeout"] = arguments["timeout_ms"]
    return bash


def codex_rollout(path: Path, on_divergent: Divergent | None = None) -> Iterator[Event]:
    from hookc.replay.lines import _lines

    session: Any = None
    cwd: Any = None
    for number, line in _lines(path, on_divergent):
        if not isinstance(line, dict) or not isinstance(line.get("payload"), dict):
            continue
        payload, kind = line["payload"], line.get("type")
        if kind == "session_meta":
            session, cwd = payload.get("id"), payload.get("cwd", cwd)
            continue
        if kind == "turn_context":
            cwd = payload.get("cwd", cwd)
            continue
        if kind != "response_item":
            continue
        source = f"{path}:{number}"
        item = payload.get("type")
        if item == "function_call":
            name, arguments = payload.get("name"), _parsed(payload.get("arguments"))
            if name in _CODEX_SHELLS:
                name, arguments = "Bash", _codex_bash(arguments, _CODEX_SHELLS[name])
            yield _event(_context(session, cwd, name, arguments, payload.get("call_id")), source)
        elif item == "local_shell_call":
            action = payload.get("action")
            arguments = _UNKNOWN
            if isinstance(action, dict):
                arguments = _codex_bash(action, "command")
            call = payload.get("call_id", payload.get("id"))
            yield _event(_context(session, cwd, "Bash", arguments, call), source)
        elif item == "custom_tool_call":
            text = payload.get("input")
            arguments = {"input": text} if isinstance(text, str) else _UNKNOWN
            context = _context(session, cwd, payload.get("name"), arguments, payload.get("call_id"))
            yield _event(context, source)


# -- Gemini CLI -----------------------------------------------------------------------------

# Gemini CLI's tools that are Claude Code's, and their arguments' names in Claude Code.
_GEMINI_TOOLS = {
    "run_shell_command": ("Bash", {"command": "command", "description": "description"}),
    "read_file": ("Read", {"absolute_path": "file_path", "file_path": "file_path",
                           "offset": "offset", "limit": "limit"}),
    "write_file": ("Write", {"file_path": "file_path", "absolute_path": "file_path",
                             "content": "content"}),
    "replace": ("Edit", {"file_path": "file_path", "old_string": "old_string",
                         "new_string": "new_string"}),
    "glob": ("Glob", {"pattern": "pattern", "path": "path"}),
    "search_file_content": ("Grep", {"pattern": "pattern", "path": "path", "include": "glob"}),
    "web_fetch": ("WebFetch", {"prompt": "prompt", "url": "url"}),
}  # fmt: skip


def fold_gemini(lines: list[tuple[int, Any]]) -> tuple[dict[str, Any], list[tuple[int, Any]]]:
    """The session's metadata and its records, the update log folded: the last version of
    each record in the place of its first, none from a ``$rewindTo`` target on."""
    metadata: dict[str, Any] = {}
    order: list[str] = []
    records: dict[str, tuple[int, Any]] = {}
    for number, line in lines:
        if not isinstance(line, dict):
            continue
        if "$rewindTo" in line:
            target = line["$rewindTo"]
            if target in records:
                cut = order.index(target)
                for gone in order[cut:]:
                    del records[gone]
                del order[cut:]
        elif "$set" in line:
            if isinstance(line["$set"], dict):
                metadata.update(line["$set"])
        elif isinstance(line.get("id"), str):
            if line["id"] not in records:
                order.append(line["id"])
            records[line["id"]] = (number, line)
        elif "sessionId" in line:
            metadata.update(line)
    return metadata, [records[key] for key in order]


def gemini_chat(path: Path, on_divergent: Divergent | None = None) -> Iterator[Event]:
    from hookc.replay.lines import _lines

    metadata, records = fold_gemini(list(_lines(path, on_divergent)))
    session = metadata.get("sessionId")
    for number, record in records:
        if record.get("type") != "gemini" or not isinstance(record.get("toolCalls"), list):
            continue
        for call in record["toolCalls"]:
            if not isinstance(call, dict):
                continue
            name, arguments = call.get("name"), call.get("args", _UNKNOWN)
            if not isinstance(arguments, dict):
                arguments = _UNKNOWN
            if name in _GEMINI_TOOLS and arguments is not _UNKNOWN:
                name, renamed = _GEMINI_TOOLS[name]
                arguments = {renamed[k]: v for k, v in arguments.items() if k in renamed}
            elif name in _GEMINI_TOOLS:
                name = _GEMINI_TOOLS[name][0]
            context = _context(session, None, name, arguments, call.get("id"))
            yield _event(context, f"{path}:{number}")


# -- OpenTelemetry --------------------------------------------------------------------------


def _otlp(value: Any) -> Any:
    """An OTLP/JSON ``AnyValue`` as a plain value."""
    if not isinstance(value, dict):
        return None
    for key in ("stringValue", "boolValue", "doubleValue"):
        if key in value:
            return value[key]
    if "intValue" in value:
        try:
            return int(value["intValue"])  # int64 is a string in OTLP/JSON
        except (TypeError, ValueError):
            return None
    if "arrayValue" in value:
        return [_otlp(v) for v in (value["arrayValue"] or {}).get("values", [])]
    if "kvlistValue" in value:
        return _attributes((value["kvlistValue"] or {}).get("values", []))
    return None


def _attributes(items: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for item in items if isinstance(items, list) else []:
        if isinstance(item, dict) and isinstance(item.get("key"), str):
            found[item["key"]] = _otlp(item.get("value"))
    return found


def _list(value: Any, key: str) -> list[Any]:
    found = value.get(key) if isinstance(value, dict) else None
    return found if isinstance(found, list) else []


def claude_otel(path: Path, on_divergent: Divergent | None = None) -> Iterator[Event]:
    from hookc.replay.lines import _lines

    for number, line in _lines(path, on_divergent):
        for resource_logs in _list(line, "resourceLogs"):
            resource = _attributes(_list(resource_logs.get("resource"), "attributes"))
            for scope in _list(resource_logs, "scopeLogs"):
                for record in _list(scope, "logRecords"):
                    attributes = _attributes(record.get("attributes"))
                    body = _otlp(record.get("body"))
                    name = attributes.get("event.name")
                    if body != "claude_code.tool_result" and name != "tool_result":
                        continue
                    yield _claude_otel_event(path, number, resource, attributes)


def _claude_otel_event(
    path: Path, number: int, resource: dict[str, Any], attributes: dict[str, Any]
) -> Event:
    tool = attributes.get("tool_name")
    parameters = _parsed(attributes.get("tool_parameters"))
    if tool == "Bash" and parameters is not _UNKNOWN:
        renamed = {k: v for k, v in parameters.items() if k not in ("full_command", "bash_command")}
        if "full_command" in parameters:
            renamed["command"] = parameters["full_command"]
        parameters = renamed
    session = attributes.get("session.id", resource.get("session.id"))
    context = _context(session, None, tool, parameters, attributes.get("tool_use_id"))
    blocked = None
    if "decision_source" in attributes or "success" in attributes:
        blocked = (
            attributes.get("decision_source") == "hook"
            and str(attributes.get("success")).lower() == "false"
        )
    return _event(context, f"{path}:{number}", blocked)


def otel_genai(path: Path, on_divergent: Divergent | None = None) -> Iterator[Event]:
    from hookc.replay.lines import _lines

    spans: list[tuple[int, dict[str, Any], dict[str, Any]]] = []
    for number, line in _lines(path, on_divergent):
        for resource_spans in _list(line, "resourceSpans"):
            for scope in _list(resource_spans, "scopeSpans"):
                for span in _list(scope, "spans"):
                    if isinstance(span, dict):
                        spans.append((number, span, _attributes(span.get("attributes"))))
    by_id = {(s.get("traceId"), s.get("spanId")): (s, a) for _, s, a in spans}
    for number, span, attributes in spans:
        if attributes.get("gen_ai.operation.name") != "execute_tool":
            continue
        name, arguments = (
            attributes.get("gen_ai.tool.name"),
            _parsed(attributes.get("gen_ai.tool.call.arguments")),
        )
        if name == "shell" and arguments is not _UNKNOWN and "command" in arguments:
            command = _command(arguments["command"])
            name, arguments = "Bash", {} if command is _UNKNOWN else {"command": command}
        context = _context(
            _conversation(span, attributes, by_id), None, name, arguments,
            attributes.get("gen_ai.tool.call.id"),
        )  # fmt: skip
        found = span.get("status")
        status: dict[str, Any] = found if isinstance(found, dict) else {}
        message = str(status.get("message", "")).lower()
        blocked = status.get("code") in (2, "STATUS_CODE_ERROR") and (
            "policy" in message or "hook" in message or "blocked" in message
        )
        yield _event(context, f"{path}:{number}", blocked)


def _conversation(span: dict[str, Any], attributes: dict[str, Any], by_id: dict[Any, Any]) -> Any:
    """The span's ``gen_ai.conversation.id``, or its nearest ancestor's."""
    seen = 0
    while span is not None and seen < 100:
        if isinstance(attributes.get("gen_ai.conversation.id"), str):
            return attributes["gen_ai.conversation.id"]
        parent = by_id.get((span.get("traceId"), span.get("parentSpanId")))
        if parent is None:
            return None
        span, attributes = parent
        seen += 1
    return None
