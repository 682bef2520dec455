"""Claude Code 2.1's vocabulary: the events, handler types and fields, settings keys and
matcher rule of its current hooks reference and of sdk.d.ts (npm
@anthropic-ai/claude-agent-sdk 0.3.332), and how a file using them is recognised and read.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hookc.frontend.load import load_file, load_source
from hookc.hosts.profile import load_profile
from hookc.ir.hooks import Params
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import back_ends, fired_ids

NEW_EVENTS = ["Setup", "UserPromptExpansion", "PostToolBatch", "PreModelSwitch",
              "PostModelSwitch", "DirectoryAdded", "MessageDisplay",
              "PreSkillShellCommand"]  # fmt: skip


def loaded(document: object, name: str = ".claude/settings.json"):  # type: ignore[no-untyped-def]
    text = document if isinstance(document, str) else json.dumps(document, indent=2)
    return load_source(Source(name, text))


def found(document: object, name: str = ".claude/settings.json") -> list[tuple[str, Severity]]:
    return [(d.code, d.severity) for d in loaded(document, name).diagnostics]


def one_handler(event: str, handler: dict[str, object], matcher: str | None = None) -> object:
    group: dict[str, object] = {"hooks": [handler]}
    if matcher is not None:
        group["matcher"] = matcher
    return {"hooks": {event: [group]}}


ECHO = {"type": "command", "command": "echo"}

# -- events ------------------------------------------------------------------------------


def test_the_profile_has_the_34_events_of_claude_code_2_1() -> None:
    events = load_profile("claude-code").events
    assert len(events) == 34
    assert set(NEW_EVENTS) <= set(events)


@pytest.mark.parametrize("event", NEW_EVENTS)
def test_a_file_using_only_a_new_event_is_recognised_and_read_clean(event: str) -> None:
    """Before: HK201 "unknown kind of hook file" (no event of the file was known). An event
    only Claude Code has settles the file's host; one Qwen Code has too (MessageDisplay)
    leaves it unsettled between them (HK770), read as Claude Code's."""
    result = loaded(one_handler(event, ECHO), name="hooks.json")
    shared = event in load_profile("qwen-code").events
    assert [d.code for d in result.diagnostics] == (["HK770"] if shared else [])
    assert result.hookset is not None and [h.event for h in result.hookset.hooks] == [event]


@pytest.mark.parametrize(
    ("event", "matcher"),
    [
        ("Setup", "init"),
        ("Setup", "maintenance"),
        ("SessionStart", "fork"),
        ("DirectoryAdded", "slash_command"),
        ("UserPromptExpansion", "deploy"),
        ("StopFailure", "overloaded|model_not_found"),
        ("Notification", "elicitation_complete"),
        ("PreModelSwitch", "claude-opus-5"),
        ("PreSkillShellCommand", "Bash"),
    ],
)
def test_the_new_matcher_values_are_known(event: str, matcher: str) -> None:
    assert found(one_handler(event, ECHO, matcher)) == []


@pytest.mark.parametrize("event", ["PostToolBatch", "MessageDisplay"])
def test_the_new_events_without_matchers_say_a_matcher_is_ignored(event: str) -> None:
    assert found(one_handler(event, ECHO, "Bash")) == [("HK701", Severity.WARNING)]


def test_the_base_input_has_the_new_fields() -> None:
    properties = load_profile("claude-code").context_schema["properties"]
    assert {"prompt_id", "effort", "mcp_server", "duration_ms", "background_tasks"} <= set(
        properties
    )
    assert "auto" in properties["permission_mode"]["enum"]


# -- handlers ----------------------------------------------------------------------------

MCP_TOOL = {
    "type": "mcp_tool",
    "server": "linter",
    "tool": "check_file",
    "input": {"path": "${tool_input.file_path}", "strict": True},
    "onFailure": "block",
    "timeout": 20,
    "statusMessage": "Linting",
}


def test_an_mcp_tool_handler_is_read_with_its_fields_as_written() -> None:
    """Before: HK301 "unknown handler type `mcp_tool`", an error."""
    result = loaded(one_handler("PostToolUse", MCP_TOOL, "Edit|Write"))
    assert result.diagnostics == ()
    assert result.hookset is not None
    (hook,) = result.hookset.hooks
    assert hook.action.type == "mcp_tool"
    params = hook.action.params
    assert params.get("server") == "linter" and params.get("tool") == "check_file"
    given = params.get("input")
    assert isinstance(given, Params)
    assert given.get("path") == "${tool_input.file_path}"  # kept as written: not a template


@pytest.mark.parametrize("missing", ["server", "tool"])
def test_an_mcp_tool_handler_needs_its_server_and_tool(missing: str) -> None:
    handler = {key: value for key, value in MCP_TOOL.items() if key != missing}
    assert ("HK305", Severity.ERROR) in found(one_handler("PostToolUse", handler))


@pytest.mark.parametrize(
    "handler",
    [
        {"type": "command", "command": "node", "args": ["${CLAUDE_PLUGIN_ROOT}/x.js", "--fix"]},
        {"type": "command", "command": "x", "onFailure": "block", "asyncRewake": True},
        {"type": "command", "command": "x", "shell": "powershell", "once": True, "if": "Bash"},
        {"type": "http", "url": "https://h.example/x", "onFailure": "continue",
         "headers": {"Authorization": "Bearer $T"}, "allowedEnvVars": ["T"]},
        {"type": "prompt", "prompt": "ok? $ARGUMENTS", "continueOnBlock": True, "model": "m"},
        {"type": "agent", "prompt": "verify", "model": "m", "timeout": 120},
    ],
)  # fmt: skip
def test_the_new_handler_fields_are_known(handler: dict[str, object]) -> None:
    """Before: HK704 "has no field" for `args`, `onFailure`, `continueOnBlock`."""
    assert found(one_handler("PreToolUse", handler, "Bash")) == []


def test_on_failure_is_continue_or_block() -> None:
    command = {"type": "command", "command": "x", "onFailure": "blok"}
    assert found(one_handler("PreToolUse", command)) == [("HK304", Severity.ERROR)]
    # An mcp_tool handler's other value "reads as 'block'": kept, with a warning.
    result = loaded(one_handler("PreToolUse", {**MCP_TOOL, "onFailure": "stop"}))
    assert [(d.code, d.severity) for d in result.diagnostics] == [("HK304", Severity.WARNING)]
    assert "reads it as `block`" in result.diagnostics[0].message
    assert result.hookset is not None and len(result.hookset.hooks) == 1


def test_two_commands_that_differ_only_in_args_both_run() -> None:
    """The reference: command hooks are deduplicated by command string and `args`."""
    node = {"type": "command", "command": "node"}
    document = {"hooks": {"PostToolUse": [{"hooks": [
        {**node, "args": ["a.js"]}, {**node, "args": ["b.js"]}, {**node, "args": ["a.js"]}
    ]}]}}  # fmt: skip
    result = loaded(document)
    assert [d.code for d in result.diagnostics] == ["HK710"]  # the third is the first again
    assert result.hookset is not None and len(result.hookset.hooks) == 2


# -- settings keys -----------------------------------------------------------------------


def test_the_hook_settings_keys_are_known_and_typed() -> None:
    settings = {
        "allowManagedHooksOnly": True,
        "allowedHttpHookUrls": ["https://hooks.example.com/*"],
        "httpHookAllowedEnvVars": ["HOOK_TOKEN"],
        "disableAllHooks": False,
        "hooks": {"Stop": [{"hooks": [ECHO]}]},
    }
    assert found(settings, ".claude/settings.json") == []
    wrong = {**settings, "allowedHttpHookUrls": "https://x", "allowManagedHooksOnly": "yes"}
    assert found(wrong, ".claude/settings.json") == [("HK205", Severity.ERROR)] * 2


# -- matchers ----------------------------------------------------------------------------


def fired(document: object, event: str, context: dict[str, object]) -> list[str]:
    """The ids of the hooks that run, the same in every back end."""
    result = loaded(document)
    assert result.hookset is not None
    outcomes = [fired_ids(run, event, context) for run in back_ends(result.hookset).values()]
    assert all(outcome == outcomes[0] for outcome in outcomes), outcomes
    return outcomes[0]


@pytest.mark.parametrize(
    ("matcher", "yes", "no"),
    [
        ("Edit, Write", ["Edit", "Write"], ["NotebookEdit", "Edit, Write"]),
        (" Edit ,Write | Read ", ["Edit", "Write", "Read"], ["Grep"]),
        ("Edit Write", ["Edit Write"], ["Edit", "Write"]),  # no separator: one name
    ],
)
def test_commas_and_spaces_make_an_exact_list(matcher: str, yes: list[str], no: list[str]) -> None:
    """Before: a regular expression (`Edit, Write` matched only the name `Edit, Write`)."""
    document = one_handler("PreToolUse", ECHO, matcher)
    for name in yes:
        assert fired(document, "PreToolUse", {"tool_name": name}) == [
            ".claude/settings.PreToolUse.0.0"
        ]
    for name in no:
        assert fired(document, "PreToolUse", {"tool_name": name}) == []


def test_a_hyphenated_name_is_exact_not_an_unanchored_regex() -> None:
    """Before: `code-reviewer` was a regex, so it also matched `senior-code-reviewer`."""
    document = one_handler("SubagentStop", ECHO, "code-reviewer")
    assert fired(document, "SubagentStop", {"agent_type": "senior-code-reviewer"}) == []
    assert fired(document, "SubagentStop", {"agent_type": "code-reviewer"}) != []


def test_a_bare_hyphenated_mcp_server_matches_no_tool() -> None:
    diagnostics = loaded(one_handler("PreToolUse", ECHO, "mcp__brave-search")).diagnostics
    assert [d.code for d in diagnostics] == ["HK702"]
    assert "mcp__brave-search__.*" in (diagnostics[0].hint or "")


def test_stop_failure_keeps_the_narrow_exact_set() -> None:
    """ "A hyphen, space, or comma in a matcher for those two events keeps it on the
    regular-expression path, and only `|` separates alternatives"."""
    listed = one_handler("StopFailure", ECHO, "rate_limit|overloaded")
    assert fired(listed, "StopFailure", {"error": "overloaded"}) == [
        ".claude/settings.StopFailure.0.0"
    ]
    commas = one_handler("StopFailure", ECHO, "rate_limit, overloaded")
    assert [d.code for d in loaded(commas).diagnostics] == ["HK702"]  # a regex matching neither
    assert fired(commas, "StopFailure", {"error": "overloaded"}) == []


# -- files: empty, broken, BOM -----------------------------------------------------------


@pytest.mark.parametrize(
    "text", ['{"hooks": {}}', '{\n  "description": "none yet",\n  "hooks": { }\n}\n']
)
def test_an_empty_hooks_object_is_a_valid_empty_file(text: str) -> None:
    """Before: HK201 "unknown kind of hook file"."""
    result = loaded(text, name="hooks.json")
    assert result.diagnostics == ()
    assert result.hookset is not None and result.hookset.hooks == ()


def test_an_empty_hooks_object_beside_other_keys_is_not_claimed() -> None:
    """Cursor's hooks.json is `{"version": 1, "hooks": {...}}`: not Claude Code's."""
    assert found('{"version": 1, "hooks": {}}', name="hooks.json") == [("HK201", Severity.ERROR)]


@pytest.mark.parametrize(
    ("text", "line", "column"),
    [
        # A missing `:` after "hooks": the content no longer shows Claude Code's shape.
        ('{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks" [ {"type": "command"}]}]}}', 1, 55),
        # A missing `}` at the end.
        ('{\n  "hooks": {\n    "Stop": [{"hooks": [{"type": "command", "command": "x"}]}]\n  }\n',
         5, 1),
        # A trailing comma.
        ('{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "x"},]}]}}', 1, 68),
    ],
)  # fmt: skip
def test_a_broken_json_file_gets_its_syntax_error_at_its_line_and_column(
    text: str, line: int, column: int
) -> None:
    """Before (the first): HK201 "unknown kind of hook file" (the others are guards)."""
    (diagnostic,) = loaded(text, name="hooks.json").diagnostics
    assert (diagnostic.code, diagnostic.severity) == ("HK214", Severity.ERROR)
    assert diagnostic.location == (line, column)


def test_a_plugin_hooks_file_is_claude_codes_by_its_place(tmp_path: Path) -> None:
    """A plugin's hooks/hooks.json, however broken, beside its .claude-plugin folder."""
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / "hooks").mkdir()
    path = tmp_path / "hooks" / "hooks.json"
    path.write_text('{"hooks" {"Stop": []}}\n', encoding="utf-8")
    (diagnostic,) = load_file(path).diagnostics
    assert (diagnostic.code, diagnostic.location) == ("HK214", (1, 10))


def test_a_byte_order_mark_is_reported_and_read_past(tmp_path: Path) -> None:
    """Before: passed silently. Claude Code 2.1 reads past it; 2.0, jq and Python's json
    refuse the file: a warning."""
    folder = tmp_path / ".claude"
    folder.mkdir()
    path = folder / "settings.json"
    text = json.dumps({"hooks": {"Stop": [{"hooks": [ECHO]}]}})
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    for result in (load_file(path), load_source(Source(str(path), "\ufeff" + text))):
        assert [(d.code, d.severity) for d in result.diagnostics] == [("HK235", Severity.WARNING)]
        assert "byte-order mark" in result.diagnostics[0].message
        assert result.hookset is not None and len(result.hookset.hooks) == 1
    path.write_text(text, encoding="utf-8")
    assert load_file(path).diagnostics == ()


def test_a_valid_hooks_file_of_another_host_in_a_plugin_is_not_claimed(tmp_path: Path) -> None:
    """A plugin for several hosts can keep Cursor's hooks in hooks/hooks.json: its place
    does not make a valid file Claude Code's (a real plugin of this shape gave 26 false
    HK205 errors)."""
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / "hooks").mkdir()
    path = tmp_path / "hooks" / "hooks.json"
    cursor = {"version": 1, "hooks": {"sessionStart": [{"command": "./start.sh"}]}}
    path.write_text(json.dumps(cursor), encoding="utf-8")
    assert [d.code for d in load_file(path).diagnostics] == ["HK201"]
    # Broken, in Cursor's casing and outside a plugin: not claimed either, but its syntax
    # error is what to say of it (hookc.frontend.unclaimed).
    assert found('{"hooks": {"stop": [{"command": "x"},]}}', "hooks.json") == [
        ("HK214", Severity.ERROR)
    ]
