"""VS Code's reading of the files it loads, held to an oracle written from its
documentation ("Hook matchers like ``Edit|Write`` are parsed but not applied. All hooks
run on every matching event") for the reference evaluator, ``hookc.runtime`` and the
compiled module, and its parsing rules from microsoft/vscode's hookCompatibility.ts."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.hosts import by_name
from hookc.source import Source
from tests.foreign import back_ends, fired_ids
from tests.properties import SETTINGS, examples

VSCODE = by_name("vscode")


def read(name: str, document: dict[str, Any]) -> Any:
    return VSCODE.load(Source(name, json.dumps(document)), None)


def oracle(event: str, handlers: list[tuple[str, int, int]]) -> list[str]:
    """The handlers VS Code runs for a tool call on ``event``, per its documentation: every
    handler filed under the event, whatever its matcher and the tool."""
    return [
        hook_id
        for hook_event, hook_id in ((h[0], f"{h[0]}.{h[1]}.{h[2]}") for h in handlers)
        if hook_event == event
    ]


MATCHERS = st.one_of(
    st.none(),
    st.sampled_from(["", "*", "Bash", "Edit|Write", "(", "bash", "mcp__.*"]),
    st.text("BashEdit|*.(", max_size=8),
)
TOOL_NAMES = st.lists(
    st.one_of(
        st.sampled_from(["Bash", "run_in_terminal", "edit", "Write", ""]), st.text(max_size=6)
    ),
    min_size=1,
    max_size=6,
)


@settings(SETTINGS, max_examples=examples(200))
@given(
    st.lists(
        st.tuples(st.sampled_from(["PreToolUse", "PostToolUse"]), MATCHERS, st.integers(1, 2)),
        min_size=1,
        max_size=4,
    ),
    TOOL_NAMES,
)
def test_every_back_end_runs_every_handler_on_every_tool_as_vscode_does(
    groups: list[tuple[str, Any, int]], names: list[str]
) -> None:
    hooks: dict[str, list[Any]] = {}
    expected_handlers = []
    for event, matcher, count in groups:
        group: dict[str, Any] = {
            "hooks": [{"type": "command", "command": f"echo {i}"} for i in range(count)]
        }
        if matcher is not None:
            group["matcher"] = matcher
        index = len(hooks.setdefault(event, []))
        hooks[event].append(group)
        expected_handlers += [(event, index, i) for i in range(count)]
    result = read(".claude/settings.json", {"hooks": hooks})
    assert result.hookset is not None
    runs = back_ends(result.hookset)
    for name in names:
        for event in ("PreToolUse", "PostToolUse"):
            expected = [
                f".claude/settings.{hook_id}" for hook_id in oracle(event, expected_handlers)
            ]
            for back_end, run in runs.items():
                fired = fired_ids(run, event, {"tool_name": name, "tool_input": {}})
                assert sorted(fired) == sorted(expected), (back_end, name, event)


def test_copilot_names_are_filed_under_vs_codes_events() -> None:
    result = read(
        ".github/hooks/a.json",
        {
            "version": 1,
            "hooks": {
                "preToolUse": [{"type": "command", "bash": "echo a", "matcher": "bash"}],
                "agentStop": [{"type": "command", "command": "echo b"}],
                "userPromptSubmitted": [{"type": "command", "command": "echo c"}],
                "permissionRequest": [{"type": "command", "command": "echo d"}],
            },
        },
    )
    assert {hook.id: hook.event for hook in result.hookset.hooks} == {
        ".github/hooks/a.preToolUse.0.0": "PreToolUse",
        ".github/hooks/a.agentStop.0.0": "Stop",
        ".github/hooks/a.userPromptSubmitted.0.0": "UserPromptSubmit",
    }
    assert [d.code for d in result.diagnostics] == ["HK752", "HK753"]


def test_two_keys_of_one_event_keep_the_later_in_copilots_format_only() -> None:
    document = {
        "hooks": {
            "preToolUse": [{"type": "command", "command": "a"}],
            "PreToolUse": [{"type": "command", "command": "b"}],
        }
    }
    copilot_format = read(".github/hooks/a.json", document)
    assert [h.action.params.get("command") for h in copilot_format.hookset.hooks] == ["b"]
    assert [d.code for d in copilot_format.diagnostics] == ["HK753"]


def test_handlers_without_a_type_are_commands_and_other_types_are_dropped() -> None:
    result = read(
        ".claude/settings.json",
        {
            "hooks": {
                "Stop": [
                    {
                        "hooks": [
                            {"command": "echo a"},
                            {"type": "http", "url": "https://x"},
                            {"type": "prompt", "prompt": "p"},
                        ]
                    }
                ]
            }
        },
    )
    assert [h.action.params.get("command") for h in result.hookset.hooks] == ["echo a"]
    assert [d.code for d in result.diagnostics] == ["HK754", "HK754"]


def test_disable_all_hooks_is_read_in_claudes_format_and_not_in_copilots() -> None:
    document = {"disableAllHooks": True, "hooks": {"Stop": [{"type": "command", "command": "a"}]}}
    claude = read(".claude/settings.json", document)
    copilot = read(".github/hooks/a.json", document)
    assert [h.enabled for h in claude.hookset.hooks] == [False]
    assert [h.enabled for h in copilot.hookset.hooks] == [True]


def test_events_vscode_parses_and_never_fires_are_reported() -> None:
    result = read(
        ".claude/settings.json",
        {
            "hooks": {
                "SessionEnd": [{"hooks": [{"type": "command", "command": "a"}]}],
                "Notification": [{"hooks": [{"type": "command", "command": "b"}]}],
            }
        },
    )
    assert result.hookset.hooks == ()
    messages = [d.message for d in result.diagnostics]
    assert messages == [
        "VS Code never fires `SessionEnd`: its handlers never run there",
        "VS Code skips `Notification`: its handlers never run there",
    ]


def test_an_agents_front_matter_is_vs_codes_own() -> None:
    from hookc.hosts import detect

    text = (
        "---\nname: fmt\nhooks:\n  PostToolUse:\n    - type: command\n"
        "      command: ./f.sh\n---\nbody\n"
    )
    assert detect(".github/agents/fmt.agent.md", text) is VSCODE
    result = VSCODE.load(Source(".github/agents/fmt.agent.md", text), None)
    assert [(h.event, h.condition) for h in result.hookset.hooks] == [("PostToolUse", None)]
