"""Gemini CLI's command-hook protocol, transcribed from its code (google-gemini/gemini-cli,
``packages/core/src/hooks/``: hookRunner.ts, hookAggregator.ts, types.ts, and the callers
in core/client.ts and core/coreToolHookTriggers.ts; snapshot 5411f113, 2026-08-21):

- Input: the event's JSON on stdin with the common fields ``session_id``,
  ``transcript_path``, ``cwd``, ``hook_event_name`` and ``timestamp`` (hookc adds those
  the context lacks). The command runs under ``bash -c`` in ``cwd`` with
  ``GEMINI_PROJECT_DIR``, ``GEMINI_CWD`` (both ``cwd``), ``GEMINI_SESSION_ID`` and
  ``CLAUDE_PROJECT_DIR`` set, and the handler's ``env`` over them. (Gemini also writes
  those variables' values into the command text and sets ``GEMINI_PLANS_DIR``; hookc
  leaves the shell to expand them and sets no plans folder.)
- ``timeout`` is in milliseconds, 60000 when absent; a command still running then is
  killed and fails (``Hook timed out after N ms``): it decides nothing.
- The handlers of an event run in parallel, unless a group of any planned handler says
  ``sequential: true``: then in order, a BeforeTool handler's
  ``hookSpecificOutput.tool_input`` merged into the next one's ``tool_input`` (BeforeAgent:
  ``additionalContext`` appended to ``prompt``; BeforeModel: ``llm_request`` merged).
  Handlers with the same ``name`` and ``command`` run once.
- Reading an answer: the text is stdout trimmed, or stderr when stdout is blank. JSON
  (a JSON string holding JSON is read again) is the output, whatever the exit status.
  Other text becomes an output by the exit status: 0 ``{decision: allow, systemMessage:
  text}``, 1 ``{decision: allow, systemMessage: "Warning: " + text}``, any other (2
  included) ``{decision: deny, reason: text}``. A status other than 0 makes the run a
  failure (reported as a warning), but its output still counts.
- Merging (hookAggregator.ts): BeforeTool, AfterTool, BeforeAgent, AfterAgent and
  SessionStart OR the decisions (a ``block`` or ``deny`` wins, then ``ask``), join
  ``reason``, ``systemMessage``, ``stopReason`` and ``additionalContext`` by lines, and
  ``continue: false`` from any handler stops; BeforeModel and AfterModel take the later
  handler's fields over the earlier's; BeforeToolSelection unions the allowed function
  names (mode NONE wins, then ANY); the other events take the later fields.
- What the merged answer does: ``continue: false`` stops the agent (reason:
  ``stopReason``, else ``reason``); a ``block`` or ``deny`` blocks the tool call (BeforeTool),
  hides the tool's result (AfterTool), blocks the prompt (BeforeAgent), or sends the
  agent back for another turn (AfterAgent), and blocks the request (BeforeModel); ``ask``
  asks the user before the tool runs (BeforeTool). The other events cannot block.

hookc's choice where the order of parallel handlers matters (the field-replacing merges):
the handlers' match order, so that a run is reproducible.
"""

from __future__ import annotations

import datetime
import uuid
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from hookc.handlers.process import Finished
from hookc.handlers.protocol import Handler, Options, Protocol, command_run, read_json
from hookc.handlers.results import Decision, HandlerRun, Verdict

DEFAULT_TIMEOUT_MS = 60000
OR_EVENTS = frozenset("BeforeTool AfterTool BeforeAgent AfterAgent SessionStart".split())
REPLACE_EVENTS = frozenset({"BeforeModel", "AfterModel"})
# Events whose callers act on a block (and on `continue: false`); `ask` only BeforeTool.
BLOCKING_EVENTS = frozenset(
    "BeforeTool AfterTool BeforeAgent AfterAgent BeforeModel AfterModel".split()
)


class GeminiCli(Protocol):
    name = "gemini-cli"
    default_timeout = DEFAULT_TIMEOUT_MS / 1000
    host = "Gemini CLI"
    # The variables naming the project, all set to the agent's directory.
    project_variables: tuple[str, ...] = ("GEMINI_PROJECT_DIR", "GEMINI_CWD", "CLAUDE_PROJECT_DIR")
    session_variable = "GEMINI_SESSION_ID"

    def handler(self, hook_id: str, action: Mapping[str, Any], options: Options) -> Handler | str:
        if action.get("type") != "command":
            return f"a `{action.get('type')}` handler ({self.host} runs command handlers)"
        return super().handler(hook_id, action, options)

    def timeout_of(self, action: Mapping[str, Any]) -> float:
        timeout = action.get("timeout")
        if isinstance(timeout, int | float) and not isinstance(timeout, bool) and timeout > 0:
            return float(timeout) / 1000
        return self.default_timeout

    def dedupe_key(self, handler: Handler) -> Hashable | None:
        name = handler.action.get("name")
        return (name if isinstance(name, str) else "", handler.target)

    def concurrent(self, event: str) -> bool:
        return True

    def runs_concurrently(self, event: str, handlers: Sequence[Handler]) -> bool:
        return not any(handler.action.get("sequential") is True for handler in handlers)

    def payload(self, event: str, context: Mapping[str, Any], options: Options) -> dict[str, Any]:
        payload = dict(context)
        payload.setdefault("session_id", options.session_id or str(uuid.uuid4()))
        payload.setdefault("transcript_path", "")
        payload.setdefault("cwd", options.cwd)
        payload["hook_event_name"] = event
        payload.setdefault(
            "timestamp",
            datetime.datetime.now(datetime.UTC).isoformat(timespec="milliseconds")[:-6] + "Z",
        )
        return payload

    def environment(self, options: Options) -> dict[str, str]:
        project = options.project_dir or options.cwd
        found = dict.fromkeys(self.project_variables, project)
        if options.session_id:
            found[self.session_variable] = options.session_id
        return found

    def read(self, handler: Handler, finished: Finished) -> HandlerRun:
        run = command_run(handler, finished)
        if run.timed_out:
            return replace(run, error=f"timed out after {handler.timeout * 1000:g} ms")
        if run.error is not None:
            return run
        return replace(run, output=read_output(run.stdout, run.stderr, run.exit_code or 0))

    def after(
        self, event: str, payload: dict[str, Any], run: HandlerRun
    ) -> tuple[dict[str, Any], bool]:
        """``applyHookOutputToInput``: what a successful handler's output changes in the
        next one's input."""
        output = run.output
        if run.error is not None or run.exit_code != 0 or output is None:
            return payload, False
        specific = output.get("hookSpecificOutput")
        if not isinstance(specific, Mapping):
            return payload, False
        payload = dict(payload)
        if event == "BeforeTool" and isinstance(specific.get("tool_input"), Mapping):
            current = payload.get("tool_input")
            payload["tool_input"] = {
                **(current if isinstance(current, Mapping) else {}),
                **specific["tool_input"],
            }
        elif event == "BeforeAgent" and isinstance(specific.get("additionalContext"), str):
            if isinstance(payload.get("prompt"), str):
                payload["prompt"] += "\n\n" + specific["additionalContext"]
        elif event == "BeforeModel" and isinstance(specific.get("llm_request"), Mapping):
            current = payload.get("llm_request")
            payload["llm_request"] = {
                **(current if isinstance(current, Mapping) else {}),
                **specific["llm_request"],
            }
        return payload, False

    def merge(
        self,
        event: str,
        runs: Sequence[HandlerRun],
        skipped: Sequence[str],
        payload: Mapping[str, Any],
    ) -> Decision:
        messages: list[str] = []
        outputs: list[Mapping[str, Any]] = []
        for run in runs:
            if run.error is not None:
                messages.append(f"{event} hook failed ({run.hook_id}): {run.error}")
            elif run.exit_code not in (0, None):
                messages.append(f"{event} hook failed ({run.hook_id}): exit status {run.exit_code}")
            if run.output is not None:
                outputs.append(run.output)
        merged = merge_outputs(event, outputs)
        verdict: Verdict = "proceed"
        reason: str | None = None
        if merged is not None and event in BLOCKING_EVENTS:
            decision = merged.get("decision")
            if merged.get("continue") is False:
                verdict, reason = "stop", _effective_reason(merged)
            elif decision in ("block", "deny"):
                verdict, reason = "deny", _effective_reason(merged)
            elif decision == "ask" and event == "BeforeTool":
                verdict, reason = "ask", _text(merged.get("reason"))
            elif any(output.get("decision") in ("allow", "approve") for output in outputs):
                verdict = "allow"
        specific = merged.get("hookSpecificOutput") if merged is not None else None
        specific = specific if isinstance(specific, Mapping) else {}
        context = specific.get("additionalContext")
        updated = specific.get("tool_input") if event == "BeforeTool" else None
        if merged is not None and _text(merged.get("systemMessage")):
            messages.append(_text(merged.get("systemMessage")))
        return Decision(
            self.name,
            event,
            verdict,
            reason=reason,
            updated_input=updated if isinstance(updated, Mapping) else None,
            additional_context=context if isinstance(context, str) and context else None,
            messages=tuple(messages),
            output=merged,
            runs=tuple(runs),
            skipped=tuple(skipped),
        )


def read_output(stdout: str, stderr: str, exit_code: int) -> dict[str, Any] | None:
    """A finished command's answer as ``executeCommandHook`` reads it."""
    text = stdout.strip() or stderr.strip()
    if not text:
        return None
    # Untrusted text, read where every protocol reads it (``read_json``): nesting past its
    # bound and `NaN` (which JavaScript's JSON.parse refuses too) are no JSON, never a crash.
    parsed, problem = read_json(text)
    if problem is None and isinstance(parsed, str):
        parsed, problem = read_json(parsed)
    if problem is not None:
        return _plain_text(text, exit_code)
    if isinstance(parsed, dict):
        return parsed
    if isinstance(parsed, list):
        return {}  # a JSON array is an object to JavaScript: an output with no field set
    return None


def _plain_text(text: str, exit_code: int) -> dict[str, Any]:
    if exit_code == 0:
        return {"decision": "allow", "systemMessage": text}
    if exit_code == 1:
        return {"decision": "allow", "systemMessage": f"Warning: {text}"}
    return {"decision": "deny", "reason": text}


def merge_outputs(event: str, outputs: Sequence[Mapping[str, Any]]) -> dict[str, Any] | None:
    """``HookAggregator.mergeOutputs``."""
    if not outputs:
        return None
    if event in OR_EVENTS:
        return _or_decision(outputs)
    if event in REPLACE_EVENTS:
        merged: dict[str, Any] = {}
        for output in outputs:
            specific = {
                **_map(merged.get("hookSpecificOutput")),
                **_map(output.get("hookSpecificOutput")),
            }
            merged = {**merged, **output, "hookSpecificOutput": specific}
        return merged
    if event == "BeforeToolSelection":
        return _tool_selection(outputs)
    merged = {}
    for output in outputs:
        merged = {**merged, **output}
    return merged


def _or_decision(outputs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    merged: dict[str, Any] = {"continue": True, "suppressOutput": False}
    stops: list[str] = []
    reasons: list[str] = []
    system: list[str] = []
    contexts: list[str] = []
    blocked = asked = stopped = False
    for output in outputs:
        if output.get("continue") is False:
            stopped = True
            merged["continue"] = False
            if output.get("stopReason"):
                stops.append(str(output["stopReason"]))
        decision = output.get("decision")
        if decision in ("block", "deny"):
            blocked = True
            merged["decision"] = decision
        elif decision == "ask":
            asked = True
            if not blocked:
                merged["decision"] = decision
        if output.get("reason"):
            reasons.append(str(output["reason"]))
        if output.get("systemMessage"):
            system.append(str(output["systemMessage"]))
        if output.get("suppressOutput"):
            merged["suppressOutput"] = True
        specific = output.get("hookSpecificOutput")
        if isinstance(specific, Mapping):
            if specific.get("clearContext") is True:
                merged["hookSpecificOutput"] = {
                    **_map(merged.get("hookSpecificOutput")),
                    "clearContext": True,
                }
            rest = {k: v for k, v in specific.items() if k != "clearContext"}
            merged["hookSpecificOutput"] = {**_map(merged.get("hookSpecificOutput")), **rest}
            if isinstance(specific.get("additionalContext"), str):
                contexts.append(specific["additionalContext"])
    if not blocked and not asked and not stopped:
        merged["decision"] = "allow"
    if stops:
        merged["stopReason"] = "\n".join(stops)
    if reasons:
        merged["reason"] = "\n".join(reasons)
    if system:
        merged["systemMessage"] = "\n".join(system)
    if contexts:
        merged["hookSpecificOutput"] = {
            **_map(merged.get("hookSpecificOutput")),
            "additionalContext": "\n".join(contexts),
        }
    return merged


def _tool_selection(outputs: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    names: set[str] = set()
    none = any_mode = False
    for output in outputs:
        config = _map(_map(output.get("hookSpecificOutput")).get("toolConfig"))
        if not config:
            continue
        if config.get("mode") == "NONE":
            none = True
        elif config.get("mode") == "ANY":
            any_mode = True
        allowed = config.get("allowedFunctionNames")
        if isinstance(allowed, list):
            names.update(str(name) for name in allowed)
    mode = "NONE" if none else "ANY" if any_mode else "AUTO"
    return {
        "hookSpecificOutput": {
            "hookEventName": "BeforeToolSelection",
            "toolConfig": {"mode": mode, "allowedFunctionNames": [] if none else sorted(names)},
        }
    }


def _effective_reason(output: Mapping[str, Any]) -> str:
    return _text(output.get("stopReason")) or _text(output.get("reason")) or "No reason provided"


def _map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


PROTOCOL = GeminiCli()
