"""Qwen Code's hook files, read with Gemini CLI's reader (``hookc.hosts.gemini_cli.reader``:
the file's shape, ``sequential`` groups, identical handlers once, HK717 for command
timeouts under a second) and Qwen's own matcher rule, from
``packages/core/src/hooks/hook-matcher.ts`` (``matchesHookPattern``, QwenLM/qwen-code
commit 1c85e649), the rule its planner applies to every event that has a matcher target
(``hookPlanner.ts``, ``getHookMatcherTarget``: tool events on the tool name, SubagentStart
and SubagentStop on the agent type, PreCompact and PostCompact on the trigger, SessionStart
and SessionEnd on the source or reason, StopFailure on the error, Notification on its
type; the other events ignore matchers):

- trimmed; ``""``, ``*`` or ``.*`` matches everything;
- the matcher equal to the value matches;
- unless it starts with ``^`` or ``(``, a ``|``-list (split on unescaped ``|``, entries
  trimmed, empty ones dropped) matches when an entry is ``*`` or ``.*`` or equals the
  value, and is otherwise the regular expression of its entries joined by ``|``;
- else the matcher is an unanchored JavaScript regular expression; one JavaScript refuses
  matches nothing more.

Identical handlers: a command by its ``name`` and ``command`` (Gemini's ``getHookKey``);
hookc never takes two ``http`` or ``prompt`` handlers for the same one.
"""

from __future__ import annotations

import re
from dataclasses import replace

from hookc.frontend.actions import describe
from hookc.frontend.formats.groups import name_test
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.gemini_cli.reader import (
    _JS_SPACE,
    GEMINI,
    Condition,
    ignored_matcher,
    known_values,
    regex_condition,
)
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr, Or
from hookc.source import Source
from hookc.source.diagnostics import error

_MATCH_ALL = ("", "*", ".*")


def qwen_matcher(event: str, node: Located, source: Source, profile: Profile) -> Condition:
    text = node.value
    if not isinstance(text, str):
        problem = error(
            "HK303", f"`matcher` must be a string, not {describe(text)}", source, node.span
        )
        return None, [problem], None
    trimmed = text.strip(_JS_SPACE)
    if trimmed in _MATCH_ALL:
        return None, [], None
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        return None, [ignored_matcher(event, node, source)], None
    field = str(spec["field"])
    exact = [trimmed]
    expression: str | None = trimmed
    if "|" in trimmed and not trimmed.startswith(("^", "(")):
        entries = [e.strip(_JS_SPACE) for e in re.split(r"(?<!\\)\|", trimmed)]
        entries = [e for e in entries if e]
        if any(entry in ("*", ".*") for entry in entries):
            return None, [], None
        exact += entries
        expression = "|".join(entries) if entries else None
    if expression is None:  # only `|`s: nothing but the text itself
        return name_test(field, exact, node.span), [], None
    known = known_values(spec, profile)
    pattern, found, undecidable = regex_condition(
        expression, field, known, spec, node, source, invalid_is_text=False
    )
    tests: list[Expr] = [name_test(field, exact, node.span)]
    if pattern is not None:
        tests.append(pattern)
    return Or(tuple(tests), span=node.span), found, undecidable


QWEN = replace(
    GEMINI,
    host="Qwen Code",
    matcher=qwen_matcher,
    variables={"QWEN_PROJECT_DIR": "project", "CLAUDE_PROJECT_DIR": "project"},
    milliseconds=frozenset({"command"}),
    foreign_events={},
    migrate_hint=None,
    config_key=None,
    skipped_keys=(),
    settings_dir=".qwen",
)


def read(source: Source, profile: Profile) -> Loaded:
    from hookc.hosts.gemini_cli.reader import read_with

    return read_with(source, profile, QWEN)
