"""Claude Code's hook files: the importer, its checks, and its matchers held to Claude
Code's own rule by every back end.

The rule (Claude Code's hooks reference, "Matcher patterns"): `*`, `""` or no matcher
match everything; a matcher of only letters, digits, `_`, `-`, spaces, `,` and `|` is an
exact name or a list of them separated by `|` or `,` with optional surrounding whitespace;
anything else is a JavaScript regular expression tested unanchored against the tool name.
The oracle below implements that rule on its own, and runs the regular expressions with
JavaScript's own engine (node).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.load import load_file, load_source
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests import ROOT
from tests.foreign import NODE, back_ends, fired_ids, javascript_tests
from tests.properties import SETTINGS, examples

TOOLS = ["Bash", "Edit", "Write", "MultiEdit", "Read", "Glob", "Grep", "WebFetch", "Task",
         "NotebookEdit", "TodoWrite", "mcp__github__create_issue",
         "mcp__memory__read_graph"]  # fmt: skip
# Names that probe the rule: case variants, regex metacharacters, MCP names, the empty
# name, line terminators that JavaScript's `$` and `.` treat otherwise than Python's.
ODD_NAMES = ["", "bash", "BASH", "Bash\n", "Bash\r", "Edit|Write", "*", ".", "a.b", "Ba$h",
             "mcp__github", "mcp__github__", "mcp__x__y\u2028", "Write\n", "(Edit)", "١٢٣",
             "Éditer", "Notebook", "NotebookEditX", "xBash", "Bash ", "\\d", "my-tool",
             "Edit, Write", "Edit Write", " Edit", "my"]  # fmt: skip


def exact(matcher: str) -> bool:
    """Only letters, digits, `_`, `-`, spaces, `,` and `|`: an exact name or a list."""
    return re.fullmatch(r"[A-Za-z0-9_\- ,|]+", matcher) is not None


def oracle(matcher: str | None, name: str, js: dict[tuple[str, str], bool | None]) -> bool:
    """Claude Code's rule, written from its reference without hookc's code."""
    if matcher is None or matcher in ("", "*"):
        return True
    if exact(matcher):
        return name in [part.strip() for part in re.split("[|,]", matcher)]
    return js[(matcher, name)] is True


def settings_file(groups: list[str | None], event: str = "PreToolUse") -> str:
    """A settings file: one group per matcher, each running its own command."""
    entries = []
    for index, matcher in enumerate(groups):
        group: dict[str, object] = {"hooks": [{"type": "command", "command": f"echo {index}"}]}
        if matcher is not None:
            group["matcher"] = matcher
        entries.append(group)
    return json.dumps({"hooks": {event: entries}}, indent=2)


def loaded(text: str, name: str = ".claude/settings.json"):  # type: ignore[no-untyped-def]
    return load_source(Source(name, text))


def codes(text: str, name: str = ".claude/settings.json") -> list[str]:
    return [d.code for d in loaded(text, name).diagnostics]


# -- the matcher rule, differentially -----------------------------------------------------

_ATOMS = st.sampled_from(
    ["a", "B", "e", "t", "_", "1", ".", "\\.", "\\|", "\\(", "\\$", "\\*", "[A-Z]", "[^_]",
     "[a-z0-9]", "\\d", "\\w", "\\s", "\\W", "\\b", "[^]", "[]", "\\Z", "\\A", "\\e", "x{,2}",
     "(?:it)", "(Ed)", "[\\w-]", "mcp__", "Bash", "Edit", "Write", "Notebook", "\\u0041",
     "-", ",", " ", ", "]
)  # fmt: skip
_QUANTIFIERS = st.sampled_from(["", "", "", "*", "+", "?", "{1,2}", "*?"])


@st.composite
def regex_matchers(draw: st.DrawFn) -> str:
    branches = []
    for _ in range(draw(st.integers(1, 3))):
        atoms = draw(st.lists(st.tuples(_ATOMS, _QUANTIFIERS), min_size=1, max_size=4))
        branches.append("".join(atom + quantifier for atom, quantifier in atoms))
    text = "|".join(branches)
    if draw(st.booleans()):
        text = "^" + text
    if draw(st.booleans()):
        text = f"({text})$" if draw(st.booleans()) else text + "$"
    return text


MATCHERS = st.one_of(
    st.sampled_from([None, "", "*", "a*", "**", "*Bash"]),
    st.sampled_from(
        [
            *TOOLS,
            "bash",
            "mcp__github",
            "Edit|Write",
            "Read|Grep|Glob",
            "Edit|",
            "Edit, Write",
            " Read ,Grep | Glob",
            "my-tool",
            "Edit Write",
            "Edit,",
        ]
    ),
    regex_matchers(),
)
NAMES = st.lists(
    st.one_of(st.sampled_from(TOOLS + ODD_NAMES), st.text("aBe_t.1$|\n", max_size=6)),
    min_size=1,
    max_size=8,
)


@pytest.mark.skipif(NODE is None, reason="JavaScript's RegExp is the oracle: needs node")
@settings(SETTINGS, max_examples=examples(60))
@given(st.lists(MATCHERS, min_size=1, max_size=4), NAMES)
def test_every_back_end_matches_tools_as_claude_code_does(
    matchers: list[str | None], names: list[str]
) -> None:
    names = list(dict.fromkeys(names + ODD_NAMES + TOOLS))
    patterns = sorted({m for m in matchers if m not in (None, "", "*") and not exact(m)})
    verdicts = javascript_tests(patterns, names)
    js = {
        (p, n): (v[i] if v is not None else None)
        for p, v in zip(patterns, verdicts, strict=True)
        for i, n in enumerate(names)
    }
    invalid = {p for p, v in zip(patterns, verdicts, strict=True) if v is None}
    result = loaded(settings_file(matchers))
    errors = {d.message for d in result.diagnostics if d.severity is Severity.ERROR}
    # A pattern JavaScript refuses is an error here too, and only such a pattern is.
    assert bool(errors) == any(m in invalid for m in matchers), errors
    if errors:
        return
    assert result.hookset is not None
    runs = back_ends(result.hookset)
    for name in names:
        context = {"tool_name": name, "tool_input": {}}
        expected = [
            f".claude/settings.PreToolUse.{i}.0"
            for i, m in enumerate(matchers)
            if oracle(m, name, js)
        ]
        for back_end, run in runs.items():
            assert fired_ids(run, "PreToolUse", context) == expected, (back_end, name)


@settings(SETTINGS, max_examples=examples(60))
@given(st.lists(st.sampled_from([None, "", "*", *TOOLS, "Edit|Write", "bash", "Bash|Read",
                                 "Edit, Write", "Bash ,Read", "my-tool", "Edit Write"]),
                min_size=1, max_size=5), NAMES)  # fmt: skip
def test_exact_names_and_lists_match_as_claude_code_does_without_node(
    matchers: list[str | None], names: list[str]
) -> None:
    result = loaded(settings_file(matchers))
    assert result.hookset is not None
    runs = back_ends(result.hookset)
    for name in names + ODD_NAMES:
        expected = [
            f".claude/settings.PreToolUse.{i}.0"
            for i, m in enumerate(matchers)
            if oracle(m, name, {})
        ]
        for back_end, run in runs.items():
            assert fired_ids(run, "PreToolUse", {"tool_name": name}) == expected, back_end


@settings(SETTINGS, max_examples=examples(80))
@given(
    st.lists(
        st.tuples(
            st.sampled_from([None, "*", "Bash", "Edit|Write", "Bash|Read", "Read"]),
            st.lists(
                st.tuples(
                    st.sampled_from(["lint", "audit", "fmt"]),
                    st.sampled_from([None, "Bash(git *)"]),
                ),
                min_size=1,
                max_size=3,
            ),
        ),
        min_size=1,
        max_size=5,
    )
)  # fmt: skip
def test_identical_handlers_run_once_in_file_order_as_claude_code_runs_them(
    groups: list[tuple[str | None, list[tuple[str, str | None]]]],
) -> None:
    """Every handler of every matching group whose `if` lets it runs, in the order written;
    one identical to a handler already chosen (the same command and `if`) does not run
    again. The command is `git status`, which `Bash(git *)` matches on Bash only."""
    document = {"hooks": {"PostToolUse": [
        {**({"matcher": m} if m is not None else {}),
         "hooks": [{"type": "command", "command": c, **({"if": f} if f else {})} for c, f in hs]}
        for m, hs in groups
    ]}}  # fmt: skip
    result = loaded(json.dumps(document))
    assert not [d for d in result.diagnostics if d.severity is Severity.ERROR]
    assert result.hookset is not None
    runs = back_ends(result.hookset)
    for name in ["Bash", "Edit", "Write", "Read", "Grep"]:
        chosen: list[tuple[str, str | None]] = []
        expected = []
        for g, (matcher, handlers) in enumerate(groups):
            if not oracle(matcher, name, {}):
                continue
            for h, handler in enumerate(handlers):
                if handler[1] is not None and name != "Bash":
                    continue  # its `if` does not match this call
                if handler not in chosen:
                    chosen.append(handler)
                    expected.append(f".claude/settings.PostToolUse.{g}.{h}")
        context = {"tool_name": name, "tool_input": {"command": "git status"}}
        for back_end, run in runs.items():
            assert fired_ids(run, "PostToolUse", context) == expected, back_end


# -- the file, its shapes and its checks ------------------------------------------------


def test_a_settings_file_keeps_its_other_keys_to_itself() -> None:
    text = json.dumps({
        "$schema": "https://json.schemastore.org/claude-code-settings.json",
        "permissions": {"allow": ["Bash(npm test:*)"]},
        "env": {"A": "1"},
        "statusLine": {"type": "command", "command": "echo hi"},
        "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]},
    })  # fmt: skip
    result = loaded(text)
    assert result.diagnostics == ()
    assert result.hookset is not None
    (hook,) = result.hookset.hooks
    assert (hook.event, hook.condition, hook.action.type) == ("Stop", None, "command")


def test_a_plugin_hooks_file_with_its_description_wrapper_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = json.dumps({"description": "formats on save", "hooks": {"PostToolUse": [
        {"matcher": "Write", "hooks": [{"type": "command", "command": "fmt"}]}]}})  # fmt: skip
    monkeypatch.chdir(tmp_path)
    (tmp_path / "plugin" / ".claude-plugin").mkdir(parents=True)
    result = loaded(text, "plugin/hooks/hooks.json")
    assert result.diagnostics == () and result.hookset is not None
    assert [h.id for h in result.hookset.hooks] == ["plugin/hooks/hooks.PostToolUse.0.0"]


def test_a_plugin_hooks_file_without_a_manifest_has_an_unsettled_host(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No `.claude-plugin` (nor `.codex-plugin`, nor `gemini-extension.json`) beside it:
    Claude Code's, Codex's, ... shape, and nothing to say whose."""
    text = json.dumps({"hooks": {"PostToolUse": [
        {"matcher": "Write", "hooks": [{"type": "command", "command": "fmt"}]}]}})  # fmt: skip
    monkeypatch.chdir(tmp_path)
    result = loaded(text, "plugin/hooks/hooks.json")
    assert [d.code for d in result.diagnostics] == ["HK770"]
    assert result.profile.name == "claude-code"


def test_a_settings_file_without_hooks_is_fine_and_holds_none() -> None:
    result = load_source(Source("proj/.claude/settings.json", '{"permissions": {}}'))
    assert result.diagnostics == ()
    assert result.hookset is not None and result.hookset.hooks == ()


def test_the_handler_becomes_its_action_with_defaults_filled() -> None:
    text = settings_file(["Bash"])
    (hook,) = loaded(text).hookset.hooks  # type: ignore[union-attr]
    assert hook.action.params.items == (
        ("command", "echo 0"), ("timeout", 600), ("async", False), ("asyncRewake", False),
        ("shell", "bash"), ("once", False),
    )  # fmt: skip


def test_a_shell_variable_in_a_command_stays_text() -> None:
    text = json.dumps({"hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/x.sh ${HOME}"}]}]}})  # fmt: skip
    (hook,) = loaded(text).hookset.hooks  # type: ignore[union-attr]
    runs = back_ends(loaded(text).hookset)  # type: ignore[arg-type]
    assert runs["runtime"]("Stop", {})[0][1]["command"] == "${CLAUDE_PLUGIN_ROOT}/x.sh ${HOME}"
    assert runs["module"]("Stop", {})[0][1]["command"] == "${CLAUDE_PLUGIN_ROOT}/x.sh ${HOME}"
    assert hook.action.params.get("command") == "${CLAUDE_PLUGIN_ROOT}/x.sh ${HOME}"


def test_disable_all_hooks_keeps_the_hooks_but_runs_none() -> None:
    text = json.dumps({"disableAllHooks": True, "hooks": {"Stop": [{"hooks": [
        {"type": "command", "command": "x"}]}]}})  # fmt: skip
    result = loaded(text)
    assert result.hookset is not None and not result.hookset.hooks[0].enabled
    assert back_ends(result.hookset)["runtime"]("Stop", {}) == []


@pytest.mark.parametrize(
    ("event", "matcher", "context", "fires"),
    [
        ("SessionStart", "startup|resume", {"source": "resume"}, True),
        ("SessionStart", "startup|resume", {"source": "compact"}, False),
        ("PreCompact", "auto", {"trigger": "manual"}, False),
        ("Notification", "idle_prompt", {"notification_type": "idle_prompt"}, True),
        ("SubagentStop", "Explore", {"agent_type": "Explore"}, True),
        ("FileChanged", ".envrc|*.toml", {"file_path": "/p/sub/.envrc"}, True),
        ("FileChanged", ".envrc|*.toml", {"file_path": "/p/pyproject.toml"}, True),
        ("FileChanged", ".envrc|*.toml", {"file_path": "/p/.envrc.bak"}, False),
        ("UserPromptSubmit", "Bash", {"prompt": "hi"}, True),  # ignored: HK701
    ],
)
def test_each_event_matches_its_own_field(
    event: str, matcher: str, context: dict[str, str], fires: bool
) -> None:
    result = loaded(settings_file([matcher], event))
    assert result.hookset is not None
    for back_end, run in back_ends(result.hookset).items():
        assert bool(run(event, context)) is fires, back_end


def located(text: str, code: str, name: str = ".claude/settings.json") -> tuple[int, int, str]:
    (found,) = [d for d in loaded(text, name).diagnostics if d.code == code]
    return (*found.location, found.message)


def test_an_unknown_event_is_warned_of_with_its_exact_casing() -> None:
    text = '{"hooks": {\n  "preToolUse": [{"hooks": [{"type": "command", "command": "x"}]}]}}'
    line, column, _ = located(text, "HK402")
    assert (line, column) == (2, 3)
    (diagnostic,) = loaded(text).diagnostics
    assert diagnostic.hint == "did you mean `PreToolUse`?"


@pytest.mark.parametrize(
    ("matcher", "code", "fragment"),
    [
        ("bash", "HK703", "differs only by case from `Bash`"),
        ("^bash$", "HK703", "differs only by case from `Bash`"),
        ("Bsah", "HK702", "matches no tool"),
        ("mcp__github", "HK702", "matches no tool"),
        ("Notebook(", "HK112", "missing `)`"),
        ("(?i)bash", "HK112", "JavaScript has no inline flags"),
        ("a*+", "HK112", "a repeat cannot follow a repeat"),
        ("[\\S]", "HK712", "cannot translate"),
    ],
)
def test_matcher_findings(matcher: str, code: str, fragment: str) -> None:
    text = '{"hooks": {"PreToolUse": [{"matcher": ' + json.dumps(matcher) + ', "hooks": [' \
        '{"type": "command", "command": "x"}]}]}}'  # fmt: skip
    line, column, message = located(text, code)
    assert (line, column) == (1, 39)  # the matcher, quotes included
    assert fragment in message


@pytest.mark.parametrize(
    "matcher", ["mcp__.*", "mcp__github__.*", "Edit|Write", "mcp__a__b", "Notebook.*"]
)
def test_matchers_that_can_match_a_tool_get_no_finding(matcher: str) -> None:
    assert codes(settings_file([matcher])) == []


@pytest.mark.parametrize(
    ("handler", "code", "severity"),
    [
        ({"type": "comand", "command": "x"}, "HK301", Severity.ERROR),
        ({"command": "x"}, "HK301", Severity.ERROR),
        ({"type": "command"}, "HK305", Severity.ERROR),
        ({"type": "command", "command": "x", "timout": 5}, "HK704", Severity.WARNING),
        ({"type": "command", "command": "x", "timeout": 0}, "HK705", Severity.ERROR),
        ({"type": "command", "command": "x", "timeout": -5}, "HK705", Severity.ERROR),
        ({"type": "command", "command": "x", "timeout": "10"}, "HK303", Severity.ERROR),
        ({"type": "command", "command": "x", "timeout": 60000}, "HK706", Severity.WARNING),
        ({"type": "command", "command": "x", "shell": "zsh"}, "HK304", Severity.ERROR),
        ({"type": "http"}, "HK305", Severity.ERROR),
    ],
)
def test_handler_findings(handler: dict[str, object], code: str, severity: Severity) -> None:
    text = json.dumps({"hooks": {"Stop": [{"hooks": [handler]}]}})
    found = [d for d in loaded(text).diagnostics if d.code == code]
    assert [d.severity for d in found] == [severity]


def test_a_matcher_group_with_no_handler_list_is_an_error() -> None:
    name = "shop/.claude/settings.json"  # claimed by its name whatever it holds
    assert codes('{"hooks": {"Stop": [{"matcher": "*"}]}}', name) == ["HK205"]
    assert codes('{"hooks": {"Stop": {"hooks": []}}}', name) == ["HK205"]
    assert codes('{"hooks": ["Stop"]}', name) == ["HK205"]
    assert codes("[1, 2]", name) == ["HK205"]


def test_a_duplicate_handler_under_the_same_or_a_wider_matcher_is_warned_of() -> None:
    text = settings_file(["Bash", "Bash"]).replace("echo 1", "echo 0")
    assert codes(text) == ["HK710"]
    assert len(loaded(text).hookset.hooks) == 1  # type: ignore[union-attr]


def test_scripts_under_the_project_are_checked_against_the_disk(tmp_path: Path) -> None:
    project = tmp_path / "shop"
    (project / ".claude" / "hooks").mkdir(parents=True)
    (project / ".claude" / "hooks" / "ok.sh").write_text("#!/bin/sh\n")
    (project / ".claude" / "hooks" / "ok.sh").chmod(0o755)
    (project / ".claude" / "hooks" / "plain.sh").write_text("#!/bin/sh\n")
    (project / ".claude" / "hooks" / "tool.py").write_text("print()\n")
    commands = [
        '"$CLAUDE_PROJECT_DIR"/.claude/hooks/ok.sh',  # fine
        "$CLAUDE_PROJECT_DIR/.claude/hooks/plain.sh",  # not executable
        "python3 $CLAUDE_PROJECT_DIR/.claude/hooks/tool.py",  # run by python: fine
        "bash .claude/hooks/gone.sh",  # missing
        "~/bin/elsewhere.sh",  # not under the project: not checked
        "bash -c 'cat .claude/hooks/gone.sh'",  # inline code: not checked
    ]
    document = {
        "hooks": {"Stop": [{"hooks": [{"type": "command", "command": c} for c in commands]}]}
    }
    path = project / ".claude" / "settings.json"
    path.write_text(json.dumps(document, indent=2))
    found = [(d.code, d.message) for d in load_file(path).diagnostics]
    assert found == [
        ("HK707", "the script `$CLAUDE_PROJECT_DIR/.claude/hooks/plain.sh` is not executable"),
        (
            "HK707",
            f"the script `.claude/hooks/gone.sh` does not exist ({project}/.claude/hooks/gone.sh)",
        ),
    ]


def test_a_script_path_the_system_refuses_is_not_a_finding(tmp_path: Path) -> None:
    # Found by the fuzz target: a name longer than the system allows made the existence
    # test raise, and `hookc check` stopped with an internal error.
    project = tmp_path / "shop"
    (project / ".claude").mkdir(parents=True)
    command = "./scripts/" + "x/" * 3000 + "hook.sh"
    document = {"hooks": {"Stop": [{"hooks": [{"type": "command", "command": command}]}]}}
    path = project / ".claude" / "settings.json"
    path.write_text(json.dumps(document))
    assert not load_file(path).diagnostics


def test_json_syntax_errors_are_placed_and_explained() -> None:
    line, column, message = located('{"hooks": {"Stop": [\n  {"hooks": []},\n]}}', "HK214")
    assert (line, column) == (3, 1)
    assert "a value was expected" in message


# -- detection ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "text", "claimed"),
    [
        (".claude/settings.json", "{}", True),
        ("a/.claude/settings.local.json", "{}", True),
        ("examples/settings-strict.json", '{"permissions": {}}', True),
        ("plugin/hooks/hooks.json", settings_file(["Bash"]), True),
        ("any.json", settings_file(["Bash"]), True),
        (".vscode/settings.json", '{"editor.tabSize": 2}', False),
        # Cursor's and Copilot's hooks.json list handlers under events, without groups.
        (
            ".cursor/hooks.json",
            '{"version": 1, "hooks": {"beforeShellExecution": [{"command": "x"}]}}',
            False,
        ),
        (
            ".github/hooks/hooks.json",
            '{"version": 1, "hooks": {"PreToolUse": [{"command": "x"}]}}',
            False,
        ),
        ("package.json", '{"husky": {"hooks": {"pre-commit": "lint"}}}', False),
    ],
)
def test_claude_code_files_are_recognised_by_name_and_content(
    name: str, text: str, claimed: bool
) -> None:
    from hookc.hosts import detect

    found = detect(name, text)
    assert (found is not None and found.name == "claude-code") is claimed


# -- round trip ----------------------------------------------------------------------------


def test_the_example_round_trips_through_canonical_yaml() -> None:
    """import -> canonical YAML -> the front end again: the same handlers for every event
    and tool name, from every back end."""
    from hookc.backend.canonical import canonical_yaml

    first = load_file(ROOT / "examples/claude-code/project/.claude/settings.json").hookset
    assert first is not None
    again = load_source(Source("settings.hooks.yaml", canonical_yaml(first)))
    assert again.diagnostics == () and again.hookset is not None
    assert again.profile.name == "claude-code"
    before, after = back_ends(first), back_ends(again.hookset)
    for event in sorted({hook.event for hook in first.hooks}):
        for name in TOOLS + ODD_NAMES:
            context = {"tool_name": name, "source": "startup", "notification_type": name}
            expected = before["module"](event, context)
            for back_end in ("runtime", "module"):
                assert after[back_end](event, context) == expected
