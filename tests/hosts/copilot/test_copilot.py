"""GitHub Copilot's hook files: what claims them, the matcher rule held to an oracle
written from GitHub's hooks reference (anchored as ``^(?:matcher)$``; an invalid one skips
the entry) for the reference evaluator, ``hookc.runtime`` and the compiled module, and
Copilot's own lint rules."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.load import load_source
from hookc.hosts import detect
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests.foreign import NODE, back_ends, fired_ids
from tests.properties import SETTINGS, examples

TOOLS = [
    "bash",
    "powershell",
    "create",
    "edit",
    "view",
    "glob",
    "grep",
    "task",
    "web_fetch",
    "ask_user",
    "apply_patch",
]
STEM = ".github/hooks/guard"
ODD = ["Bash", "bash2", "xbash", "", "edit\n", "a.b", "(", "mcp-github-search"]


def copilot_file(entries: list[tuple[Any, str]], event: str = "preToolUse") -> str:
    """A Copilot hooks file: one command entry per (matcher, command); None: no matcher."""
    listed = []
    for matcher, command in entries:
        entry: dict[str, Any] = {"type": "command", "bash": command}
        if matcher is not None:
            entry["matcher"] = matcher
        listed.append(entry)
    return json.dumps({"version": 1, "hooks": {event: listed}})


def loaded(text: str, name: str = ".github/hooks/guard.json") -> Any:
    return load_source(Source(name, text))


# -- the oracle, from the reference ----------------------------------------------------


def oracle(matcher: Any, name: str) -> bool:
    """Whether Copilot runs an entry with this matcher for this tool name, as the hooks
    reference says ("Matcher filtering"): no matcher, ``*`` or empty: always (hookc's
    reading where the reference is silent); otherwise the pattern "is anchored as
    ``^(?:matcher)$`` and must match the full value", and "invalid regexes cause the hook
    entry to be skipped". The patterns generated below are ones Python and JavaScript read
    alike, names carry no newline (where ``$`` differs), so Python's ``re`` stands for
    JavaScript's here; ``test_javascript_agrees`` runs node where it exists."""
    if matcher is None or matcher in ("", "*"):
        return True
    if not isinstance(matcher, str):
        return False
    try:
        with warnings.catch_warnings():  # `[[`: Python's "possible nested set", read as JS does
            warnings.simplefilter("ignore", FutureWarning)
            compiled = re.compile(f"^(?:{matcher})$")
    except re.error:
        return False
    return compiled.search(name) is not None


_PIECE_LIST = [
    "bash",
    "edit",
    "create",
    "view",
    "Bash",
    "Edit",
    "Write",
    ".*",
    "b.*",
    "[a-z]+",
    "web_.*",
    "ba(sh)?",
    "(",
    ")",
    "*",
    "+x",
    "[",
    "edit|create",
    "e",
    "\\w+",
    "grep|glob",
    "a{2}",
    "|",
]
PIECES = st.sampled_from(_PIECE_LIST)
MATCHERS = st.one_of(
    st.none(),
    st.sampled_from(["", "*", "bash", "Edit|Write", "edit|create", ".*", "bash|*"]),
    st.lists(PIECES, min_size=1, max_size=3).map("".join),
    st.lists(PIECES, min_size=2, max_size=3).map("|".join),
)
NAMES = st.lists(
    st.one_of(st.sampled_from(TOOLS + ODD[:4]), st.text("abehs_dit.", max_size=6)),
    min_size=1,
    max_size=8,
)


@settings(SETTINGS, max_examples=examples(200))
@given(st.lists(MATCHERS, min_size=1, max_size=4), NAMES)
def test_every_back_end_matches_as_copilot_anchors(matchers: list[Any], names: list[str]) -> None:
    result = loaded(copilot_file([(m, f"echo {i}") for i, m in enumerate(matchers)]))
    assert [d for d in result.diagnostics if d.severity is Severity.ERROR] == []
    assert result.hookset is not None
    runs = back_ends(result.hookset)
    for name in dict.fromkeys(names + TOOLS):
        context = {"toolName": name, "toolArgs": {}}
        expected = [f"{STEM}.preToolUse.{i}.0" for i, m in enumerate(matchers) if oracle(m, name)]
        for back_end, run in runs.items():
            assert fired_ids(run, "preToolUse", context) == expected, (back_end, name)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_javascript_agrees_with_the_oracle_on_every_pair_of_pieces() -> None:
    """The oracle's Python stands for JavaScript's RegExp (Copilot CLI runs on Node): on
    every pattern of two of the generator's pieces (529, over 17 names), node decides
    validity and matching as the oracle does."""
    from tests.foreign import javascript_tests

    patterns = [a + b for a in _PIECE_LIST for b in _PIECE_LIST]
    patterns = [p for p in patterns if p not in ("", "*")]  # hookc's reading: every name
    names = [*TOOLS, "Bash", "xbash", "aa", "", "Editcreate", "bbash"]
    anchored = [f"^(?:{p})$" for p in patterns]
    for pattern, results in zip(patterns, javascript_tests(anchored, names), strict=True):
        expected = [oracle(pattern, name) for name in names]
        assert (results or [False] * len(names)) == expected, pattern


@pytest.mark.parametrize(
    ("matcher", "name", "fires"),
    [
        ("bash", "bash", True),
        ("bash", "xbash", False),  # anchored: no search inside the name
        ("bash", "bash2", False),
        ("Bash", "bash", False),  # case-sensitive
        ("edit|create", "create", True),
        ("Edit|Write", "edit", False),  # Claude Code's names match none of Copilot's
        ("a)|(b", "ab", True),  # `^(?:a)|(b)$`: the text is joined before it is compiled
        ("a)|(b", "xa", False),
        ("*", "anything", True),
        ("", "anything", True),
        ("bash|*", "bash", False),  # does not compile: the entry is skipped
    ],
)
def test_the_matcher_rule(matcher: str, name: str, fires: bool) -> None:
    result = loaded(copilot_file([(matcher, "echo a")]))
    assert result.hookset is not None
    for back_end, run in back_ends(result.hookset).items():
        fired = fired_ids(run, "preToolUse", {"toolName": name})
        assert bool(fired) is fires, (back_end, matcher, name)


def test_a_pascal_case_event_is_matched_on_the_vs_code_payload_field() -> None:
    text = json.dumps(
        {
            "version": 1,
            "hooks": {"PreToolUse": [{"type": "command", "matcher": "bash", "command": "echo a"}]},
        }
    )
    result = loaded(text)
    assert result.hookset is not None
    for run in back_ends(result.hookset).values():
        assert fired_ids(run, "PreToolUse", {"tool_name": "bash"}) == [f"{STEM}.PreToolUse.0.0"]
        assert fired_ids(run, "PreToolUse", {"toolName": "bash"}) == []


def test_an_invalid_or_non_string_matcher_skips_the_entry_with_a_warning() -> None:
    text = json.dumps(
        {
            "version": 1,
            "hooks": {
                "preToolUse": [
                    {"type": "command", "matcher": "(", "bash": "echo 1"},
                    {"type": "command", "matcher": {"toolName": "bash"}, "bash": "echo 2"},
                    {"type": "command", "bash": "echo 3"},
                ]
            },
        }
    )
    result = loaded(text)
    assert [d.code for d in result.diagnostics] == ["HK751", "HK751"]
    assert [hook.id for hook in result.hookset.hooks] == [f"{STEM}.preToolUse.2.0"]


def test_a_matcher_on_an_event_without_one_is_ignored() -> None:
    result = loaded(copilot_file([("startup", "echo a")], event="sessionStart"))
    assert [d.code for d in result.diagnostics] == ["HK701"]
    assert result.hookset.hooks[0].condition is None


# -- which files are Copilot's ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "claimed"),
    [
        (".github/hooks/guard.json", "{}", True),
        ("/home/u/.copilot/hooks/audit.json", "{}", True),
        (".github/copilot/settings.json", "{}", True),
        (".github/workflows/ci.json", "{}", False),
        ("hooks.json", '{"hooks": {"preToolUse": [{"type": "command", "bash": "x"}]}}', True),
        ("hooks.json", '{"version": 1, "hooks": {"agentStop": []}}', True),
        # Cursor's: a version and camelCase events, none of Copilot's own spellings.
        ("hooks.json", '{"version": 1, "hooks": {"preToolUse": [{"command": "x"}]}}', False),
        (".cursor/hooks.json", '{"version": 1, "hooks": {"agentStop": []}}', False),
    ],
)
def test_copilot_claims_its_files_by_path_then_content(name: str, text: str, claimed: bool) -> None:
    host = detect(name, text)
    assert (host is not None and host.name == "copilot") is claimed


# -- Copilot's own rules ----------------------------------------------------------------


def codes(text: str, name: str = ".github/hooks/guard.json") -> list[str]:
    return [d.code for d in loaded(text, name).diagnostics]


def test_a_file_in_copilot_spelling_without_version_1_is_reported() -> None:
    entry = {"type": "command", "bash": "echo a"}
    assert codes(json.dumps({"hooks": {"preToolUse": [entry]}})) == ["HK756"]
    assert codes(json.dumps({"version": 2, "hooks": {"preToolUse": [entry]}})) == ["HK756"]
    # VS Code's spelling of the same file: PascalCase, `command`, no version; Copilot reads it.
    vscode = {"hooks": {"PreToolUse": [{"type": "command", "command": "echo a"}]}}
    assert codes(json.dumps(vscode)) == []


def test_http_handlers_must_use_https_where_copilot_says() -> None:
    def http(event: str, url: str, **more: Any) -> str:
        return json.dumps({"version": 1, "hooks": {event: [{"type": "http", "url": url, **more}]}})

    assert codes(http("preToolUse", "http://h/x")) == ["HK757"]
    assert codes(http("permissionRequest", "http://h/x")) == ["HK757"]
    assert codes(http("postToolUse", "http://h/x")) == []
    assert codes(http("postToolUse", "http://h/x", allowedEnvVars=["TOKEN"])) == ["HK757"]
    assert codes(http("postToolUse", "ftp://h/x")) == ["HK757"]
    assert codes(http("preToolUse", "https://h/x")) == []
    assert loaded(http("preToolUse", "http://h/x")).diagnostics[0].severity is Severity.ERROR


def test_prompt_entries_run_on_session_start_only() -> None:
    prompt = {"type": "prompt", "prompt": "/status"}
    assert codes(json.dumps({"version": 1, "hooks": {"sessionStart": [prompt]}})) == []
    result = loaded(json.dumps({"version": 1, "hooks": {"agentStop": [prompt]}}))
    assert [d.code for d in result.diagnostics] == ["HK758"]
    assert result.hookset.hooks == ()


def test_a_command_entry_needs_a_command_and_a_positive_timeout() -> None:
    assert codes(
        json.dumps({"version": 1, "hooks": {"preToolUse": [{"type": "command", "cwd": "."}]}})
    ) == ["HK305"]
    assert codes(
        json.dumps(
            {
                "version": 1,
                "hooks": {"preToolUse": [{"type": "command", "bash": "x", "timeoutSec": 0}]},
            }
        )
    ) == ["HK705"]


def test_a_claude_matcher_group_is_read_but_reported_in_a_copilot_file() -> None:
    group = {"matcher": "bash", "hooks": [{"type": "command", "bash": "echo a"}]}
    result = loaded(json.dumps({"version": 1, "hooks": {"preToolUse": [group]}}))
    assert [d.code for d in result.diagnostics] == ["HK759"]
    (hook,) = result.hookset.hooks
    assert [
        fired_ids(run, "preToolUse", {"toolName": "bash"})
        for run in back_ends(result.hookset).values()
    ] == [[hook.id]] * 3


def test_disable_all_hooks_keeps_the_hooks_and_runs_none() -> None:
    text = json.dumps(
        {
            "version": 1,
            "disableAllHooks": True,
            "hooks": {"preToolUse": [{"type": "command", "bash": "x"}]},
        }
    )
    result = loaded(text)
    assert [hook.enabled for hook in result.hookset.hooks] == [False]


def test_claude_code_settings_read_by_copilot() -> None:
    settings_text = json.dumps(
        {
            "hooks": {
                "PreToolUse": [
                    {"matcher": "Bash", "hooks": [{"type": "command", "command": "a"}]},
                    {"matcher": "bash", "hooks": [{"type": "command", "command": "b"}]},
                ],
                "Stop": [{"hooks": [{"type": "agent", "prompt": "p"}]}],
                "Notification": [{"hooks": [{"type": "command", "command": "n"}]}],
            }
        }
    )
    from hookc.hosts import by_name

    result = by_name("copilot").load(Source(".claude/settings.json", settings_text), None)
    assert [d.code for d in result.diagnostics] == ["HK703", "HK754", "HK402"]
    run = back_ends(result.hookset)["runtime"]
    assert fired_ids(run, "PreToolUse", {"tool_name": "bash"}) == [
        ".claude/settings.PreToolUse.1.0"
    ]
