"""Codex's handler selection, transcribed from its Rust source: an oracle for hookc's Codex
reader that shares no code with hookc (it imports nothing from it).

Transcribed from openai/codex, codex-rs (the newest stored versions, 12 events):

- ``hooks/src/events/common.rs``: ``is_match_all_matcher`` (``""`` or ``*``),
  ``is_exact_matcher`` (every char ``is_ascii_alphanumeric`` or ``_`` or ``|``),
  ``matches_matcher`` (None: true; match-all: true; exact: ``split('|')`` and string
  equality with the input; else ``regex::Regex::new(matcher)`` and ``is_match``, an invalid
  one false; no input: false unless None or match-all), ``validate_matcher_pattern``
  (match-all and exact matchers are valid, else the regex must compile) and
  ``matcher_pattern_for_event`` (the matcher counts on PreToolUse, PermissionRequest,
  PostToolUse, SessionStart, SessionEnd, SubagentStart, SubagentStop, PreCompact and
  PostCompact; UserPromptSubmit, Stop and Interrupt pass None).
- ``hooks/src/engine/discovery.rs``, ``append_matcher_groups``: a group whose matcher
  (after ``matcher_pattern_for_event``) fails ``validate_matcher_pattern`` is skipped
  whole; every other handler is kept in file order (``display_order``).
- ``hooks/src/engine/dispatcher.rs``, ``select_handlers_for_matcher_inputs``: the
  handlers of the event, in order, each kept once when ``matches_matcher`` holds for any
  of the inputs (for tools: the canonical name, then its aliases, ``matcher_inputs`` in
  common.rs); UserPromptSubmit, Stop and Interrupt keep every handler.
- ``core/src/tools/hook_names.rs``, ``HookToolName``: ``apply_patch`` has the aliases
  ``Write`` and ``Edit``; ``spawn_agent`` has ``Agent``; ``bash()`` is ``Bash`` with
  ``shell_command``, ``exec_command``, ``local_shell``; ``shell(name)`` for a shell-family
  name has the other four of ``Bash``, ``shell``, ``shell_command``, ``exec_command``,
  ``local_shell``; every other tool has none.

Rust's ``regex`` crate is stood in for by Python's ``re`` (``search`` for ``is_match``):
the tests generate only patterns on which the two agree for the names generated (ASCII
literals, ``.``, classes, groups, alternation, ``^``, ``$`` on names without a newline,
greedy and lazy quantifiers after an atom) and invalid patterns both refuse (an unclosed
class or group, a reversed range or count, a quantifier with nothing to repeat, a
trailing backslash).
"""

from __future__ import annotations

import re
import string
from collections.abc import Sequence
from typing import Any

_EXACT_CHARS = frozenset(string.ascii_letters + string.digits + "_|")
MATCHER_EVENTS = frozenset(
    {"PreToolUse", "PermissionRequest", "PostToolUse", "SessionStart", "SessionEnd",
     "SubagentStart", "SubagentStop", "PreCompact", "PostCompact"}
)  # fmt: skip
_SHELL_FAMILY = ["Bash", "shell", "shell_command", "exec_command", "local_shell"]


def matcher_aliases(tool_name: str) -> list[str]:
    """hook_names.rs: the aliases of the HookToolName Codex builds for ``tool_name``."""
    if tool_name == "apply_patch":
        return ["Write", "Edit"]
    if tool_name == "spawn_agent":
        return ["Agent"]
    if tool_name == "Bash":  # HookToolName::bash()
        return ["shell_command", "exec_command", "local_shell"]
    if tool_name in _SHELL_FAMILY:  # HookToolName::shell(name)
        return [alias for alias in _SHELL_FAMILY if alias != tool_name]
    return []


def _is_match_all(matcher: str) -> bool:
    return matcher == "" or matcher == "*"


def _is_exact(matcher: str) -> bool:
    return all(char in _EXACT_CHARS for char in matcher)


def _regex(matcher: str) -> re.Pattern[str] | None:
    try:
        return re.compile(matcher)
    except re.error:
        return None


def validate_matcher_pattern(matcher: str) -> bool:
    return _is_match_all(matcher) or _is_exact(matcher) or _regex(matcher) is not None


def matches_matcher(matcher: str | None, value: str | None) -> bool:
    if matcher is None or _is_match_all(matcher):
        return True
    if _is_exact(matcher):
        return value is not None and any(part == value for part in matcher.split("|"))
    compiled = _regex(matcher)
    return value is not None and compiled is not None and compiled.search(value) is not None


def select(hooks: dict[str, Any], event: str, value: str | None) -> list[str]:
    """The handlers Codex runs for ``event``, as ``<Event>.<group>.<handler>``, in order;
    ``value`` is the tool name, source, trigger or agent type (None where there is none)."""
    selected = []
    for group_index, group in enumerate(hooks.get(event) or []):
        matcher = group.get("matcher") if event in MATCHER_EVENTS else None
        if matcher is not None and not validate_matcher_pattern(matcher):
            continue  # discovery skips the group
        inputs: Sequence[str] = []
        if value is not None:
            inputs = [value, *matcher_aliases(value)] if event in _TOOL_EVENTS else [value]
        if event in MATCHER_EVENTS:
            chosen = (
                any(matches_matcher(matcher, one) for one in inputs)
                if inputs
                else matches_matcher(matcher, None)
            )
        else:
            chosen = True
        if chosen:
            selected.extend(
                f"{event}.{group_index}.{index}" for index in range(len(group.get("hooks") or []))
            )
    return selected


_TOOL_EVENTS = frozenset({"PreToolUse", "PermissionRequest", "PostToolUse"})
