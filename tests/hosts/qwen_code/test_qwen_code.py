"""Qwen Code's matcher rule (``hook-matcher.ts``, ``matchesHookPattern``), written out here
case by case, held true by every back end."""

from __future__ import annotations

import json

import pytest

from hookc.frontend.load import load_source
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import back_ends, fired_ids


@pytest.mark.parametrize(
    ("matcher", "name", "fires"),
    [
        ("", "anything", True),
        (" .* ", "anything", True),
        ("*", "anything", True),
        ("run_shell_command", "run_shell_command", True),
        ("run_shell", "run_shell_command", True),  # an unanchored regular expression
        ("write_file | edit", "edit", True),  # list entries are trimmed
        ("write_file|*", "anything", True),  # an entry `*` matches everything
        ("^write_file|edit", "edit", True),  # starts with ^: one regular expression
        ("^write_file|edit", "xedit", True),
        ("|", "run_shell_command", False),  # only pipes: nothing
        ("[", "[", True),  # invalid, but equal to the name
        ("[", "x[", False),  # invalid: matches nothing more
        ("a[|b", "b", True),  # an exact entry
        ("Bash", "run_shell_command", True),  # an alias (Claude Code's name), exactly
        ("Ba.*", "run_shell_command", False),  # never through a regex
        ("Edit", "write_file", False),  # no meta-category
    ],
)
def test_the_matcher_rule(matcher: str, name: str, fires: bool) -> None:
    text = json.dumps({"hooks": {"PreToolUse": [
        {"matcher": matcher, "hooks": [{"type": "command", "command": "echo a"}]}]}})  # fmt: skip
    loaded = load_source(Source(".qwen/settings.json", text))
    assert not [d for d in loaded.diagnostics if d.severity is Severity.ERROR]
    assert loaded.hookset is not None
    for back_end, run in back_ends(loaded.hookset).items():
        fired = fired_ids(run, "PreToolUse", {"tool_name": name})
        assert bool(fired) is fires, (back_end, matcher, name)


def test_command_timeouts_are_milliseconds_and_http_timeouts_seconds() -> None:
    text = json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "echo a", "timeout": 5},
        {"type": "http", "url": "http://localhost:9/x", "timeout": 5},
    ]}]}})  # fmt: skip
    loaded = load_source(Source(".qwen/settings.json", text))
    assert [d.code for d in loaded.diagnostics] == ["HK717"]
