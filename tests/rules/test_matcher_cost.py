"""The cost of a regex matcher in ``hookc check`` (issue 25, item 26), and the progress line
a long check shows on a terminal.

A Claude Code settings file of 5,000 MCP regex matchers took two minutes (about 8 ms a
matcher: the MCP-name walk, the name tests, the translation); the work per matcher is
counted here in automaton steps, which do not depend on the machine's load, and the
figures are in benchmarks/README.md.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from hookc.cli import main
from hookc.hosts.claude_code.mcp_names import MCP_TOOL_NAMES, may_match_mcp_tool
from hookc.reasoning.regex_words import matches_some_word
from hookc.runtime import regex
from hookc.source import progress

MATCHERS = [
    "mcp__srv12__(read|write)_file.*",
    "mcp__.*__write.*",
    "^mcp__github__create_(issue|pull_request)$",
    "mcp__[^_]+__delete.*",
    "mcp__Memory__.*",
]


@pytest.fixture
def steps(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    counted: list[int] = []
    step = regex._Automaton._step

    def counting(self: Any, state: Any, char: str) -> Any:
        counted.append(1)
        return step(self, state, char)

    monkeypatch.setattr(regex._Automaton, "_step", counting)
    return counted


@pytest.mark.parametrize("matcher", MATCHERS)
def test_deciding_that_a_matcher_may_match_an_mcp_tool_takes_few_steps(
    matcher: str, steps: list[int]
) -> None:
    """A name the pattern is likely to match, tried first, settles it (before: the walk
    of every (pattern state, name state, character) took 500 to 1,750 steps; now 14 to 25)."""
    assert may_match_mcp_tool(matcher)
    assert len(steps) <= 60


def test_the_walk_steps_once_for_characters_nothing_tells_apart(steps: list[int]) -> None:
    """Where the walk runs to the end (no name matches), characters that neither the
    pattern nor the language tells apart are one step: `a`..`z` but `m`, `c`, `p`, ..."""
    assert matches_some_word("^mcp__github__[^a-zA-Z0-9_.-]", MCP_TOOL_NAMES) is False
    assert len(steps) <= 150  # 114; it took 582


def _settings(tmp_path: Path, count: int) -> Path:
    groups = [
        {
            "matcher": f"mcp__srv{i}__(read|write)_file.*",
            "hooks": [{"type": "command", "command": f"/usr/local/bin/guard-{i}"}],
        }
        for i in range(count)
    ]
    path = tmp_path / ".claude" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"hooks": {"PreToolUse": groups}}))
    return path


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_check_shows_its_progress_on_a_terminal_and_erases_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _settings(tmp_path, 40)
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    out, err = io.StringIO(), _Terminal()
    assert main(["check", ".claude/settings.json"], stdout=out, stderr=err) == 0
    shown = err.getvalue()
    assert "\rhookc: .claude/settings.json: `PreToolUse` matchers 39/40" in shown
    assert shown.endswith("\r" + " " * len(shown.split("\r")[-2]) + "\r")  # erased


def test_no_progress_where_standard_error_is_not_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _settings(tmp_path, 40)
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", ".claude/settings.json"], stdout=out, stderr=err) == 0
    assert err.getvalue() == ""
