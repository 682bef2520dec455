"""Claude Code files read exactly: derived ids unique per file, MCP matchers, matchers
hookc cannot run, and hooks in skill and agent front matter."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.cli import main
from hookc.frontend.discover import expand
from hookc.frontend.load import load_file
from hookc.hosts import detect
from hookc.hosts.claude_code.mcp_names import MCP_TOOL_NAMES
from hookc.reasoning.regex_words import matches_some_word
from hookc.runtime.regex import compile_re2
from tests import ROOT

REPO = ROOT / "tests" / "fixtures" / "claude-code-repo"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


# -- derived ids: unique per file -------------------------------------------------------


def test_a_repository_with_two_plugins_and_two_settings_files_checks_clean(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(REPO)
    assert len(expand(["."])) == 4  # both plugins' hooks.json and both settings files
    status, out, _ = run("check", "--strict", ".")
    assert "HK401" not in out
    assert (status, out) == (0, "")


def test_derived_ids_name_the_file_relative_to_the_working_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(REPO)
    ids = {
        name: [hook.id for hook in load_file(name).hookset.hooks]  # type: ignore[union-attr]
        for name in ("./plugins/guard/hooks/hooks.json", ".claude/settings.local.json")
    }
    assert ids == {
        "./plugins/guard/hooks/hooks.json": [
            "plugins/guard/hooks/hooks.PreToolUse.0.0",
            "plugins/guard/hooks/hooks.PostToolUse.0.0",
        ],
        ".claude/settings.local.json": [
            ".claude/settings.local.PreToolUse.0.0",
            ".claude/settings.local.Notification.0.0",
        ],
    }
    # The same file named another way has the same ids.
    absolute = load_file(str(REPO / ".claude" / "settings.local.json")).hookset
    assert absolute is not None
    assert [hook.id for hook in absolute.hooks] == ids[".claude/settings.local.json"]


def test_user_and_project_settings_checked_together_do_not_collide(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    user = write(home / ".claude" / "settings.json", (REPO / ".claude/settings.json").read_text())
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(REPO)
    status, out, _ = run("check", ".claude/settings.json", str(user))
    assert status == 0, out
    hookset = load_file(str(user)).hookset
    assert hookset is not None
    assert hookset.hooks[0].id == "~/.claude/settings.PreToolUse.0.0"


# -- MCP matchers -----------------------------------------------------------------------


def matcher_findings(matcher: str, tmp_path: Path) -> list[str]:
    settings = {"hooks": {"PreToolUse": [
        {"matcher": matcher, "hooks": [{"type": "command", "command": "echo"}]}]}}  # fmt: skip
    path = write(tmp_path / ".claude" / "settings.json", json.dumps(settings))
    loaded = load_file(path)
    return [d.code for d in loaded.diagnostics]


@pytest.mark.parametrize(
    "matcher",
    [
        "mcp__stele-context__index",  # a server name with `-`: a regex by the old rule
        "mcp__.*__write.*",
        "mcp__.*__write_file",
        "^mcp__[a-z]+__(read|write)$",
        "mcp__plugin_.*",
        "mcp__my_server__get_item",
        "^mcp__github__create_(issue|pull_request)$",
        "mcp__Memory__.*",
        "mcp__[^_]+__delete.*",
        "(?:mcp__.*)",
        "\\w+__search$",
        "^mcp__a-b__c-d$",
    ],
)
def test_a_matcher_that_can_match_some_mcp_tool_name_is_not_hk702(
    matcher: str, tmp_path: Path
) -> None:
    assert "HK702" not in matcher_findings(matcher, tmp_path)


@pytest.mark.parametrize(
    "matcher",
    [
        "^mcp__github$",  # a server alone: no tool is named so
        "^mcp__github__$",  # no tool part
        "^mcp____tool$",  # no server part
        "mcp__x y__z",  # a space is no part of a name
        "^mcp_github__.*",  # one `_`
        "^mcp__.*__[^a-zA-Z0-9_.-]",  # a tool part of other characters
        "^Mcp__github__.*",  # MCP names start `mcp__` in lower case
        "^(Bsh|Edt)$",
    ],
)
def test_a_matcher_no_tool_name_of_any_server_matches_is_hk702(
    matcher: str, tmp_path: Path
) -> None:
    assert "HK702" in matcher_findings(matcher, tmp_path)


_PIECES = ["mcp", "__", "_", "a", "b-", "[a-z]+", ".*", ".", "\\w", "(a|__)", "^", "$", "x?"]


@settings(max_examples=300, deadline=None)
@given(
    pieces=st.lists(st.sampled_from(_PIECES), min_size=1, max_size=6),
    server=st.from_regex(r"[a-z_-]{1,4}", fullmatch=True),
    tool=st.from_regex(r"[ab_.-]{1,4}", fullmatch=True),
)
def test_a_pattern_that_matches_an_mcp_tool_name_is_never_said_to_match_none(
    pieces: list[str], server: str, tool: str
) -> None:
    pattern = "".join(pieces)
    name = f"mcp__{server}__{tool}"
    if compile_re2(pattern).search(name):
        assert matches_some_word(pattern, MCP_TOOL_NAMES) is True


def test_the_walk_says_no_only_where_no_name_can_match() -> None:
    assert matches_some_word("^mcp__a__b$", MCP_TOOL_NAMES) is True
    assert matches_some_word("^mcp__a__$", MCP_TOOL_NAMES) is False
    assert matches_some_word("mcp__a\\b", MCP_TOOL_NAMES) is True  # a `-` may follow the `a`
    assert matches_some_word("(", MCP_TOOL_NAMES) is None  # not RE2: cannot say


# -- matchers Claude Code runs and hookc cannot ------------------------------------------

LOOK_AHEAD = {
    "hooks": {
        "PreToolUse": [
            {"matcher": "^(?!Read$).*", "hooks": [{"type": "command", "command": "echo ahead"}]},
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "echo bash"}]},
            {"matcher": "Bsah", "hooks": [{"type": "command", "command": "echo typo"}]},
        ]
    }
}


@pytest.fixture
def look_ahead(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / "context.json", json.dumps({"tool_name": "Bash", "tool_input": {}}))
    return write(tmp_path / ".claude" / "settings.json", json.dumps(LOOK_AHEAD))


@pytest.mark.parametrize("matcher", ["^(?!Read$).*", "(?<=mcp__)github", "(a)\\1", "^(?=E)"])
def test_a_matcher_hookc_cannot_run_is_a_warning_and_its_hook_is_kept(
    matcher: str, tmp_path: Path
) -> None:
    settings = {"hooks": {"PreToolUse": [
        {"matcher": matcher, "hooks": [{"type": "command", "command": "echo"}]}]}}  # fmt: skip
    loaded = load_file(write(tmp_path / ".claude" / "settings.json", json.dumps(settings)))
    assert [(d.code, d.severity.value) for d in loaded.diagnostics] == [("HK712", "warning")]
    assert loaded.hookset is not None
    (hook,) = loaded.hookset.hooks
    assert hook.undecidable is not None and f"`{matcher}`" in hook.undecidable


def test_check_reports_the_other_hooks_findings_and_no_false_never_fires(
    look_ahead: Path,
) -> None:
    status, out, _ = run("check", ".claude/settings.json")
    assert status == 0, out
    assert "warning[HK712]" in out and "warning[HK702]" in out  # the typo is still found
    assert "HK503" not in out  # the stand-in `false` is not the hook's condition


def test_eval_evaluates_the_other_hooks_and_says_which_it_did_not(look_ahead: Path) -> None:
    status, out, err = run(
        "eval", ".claude/settings.json", "--event", "PreToolUse", "--context", "context.json"
    )
    assert status == 0, out
    assert [row["id"] for row in json.loads(out)] == [".claude/settings.PreToolUse.1.0"]
    assert (
        "hookc: warning: .claude/settings.PreToolUse.0.0: not evaluated: hookc cannot "
        "evaluate its matcher `^(?!Read$).*`"
    ) in err
    status, out, _ = run(
        "eval", ".claude/settings.json", "--event", "PreToolUse", "--context", "context.json",
        "--explain",
    )  # fmt: skip
    assert "1. .claude/settings.PreToolUse.0.0: not evaluated\n" in out
    assert "2. .claude/settings.PreToolUse.1.0: fires\n" in out
    assert "3. .claude/settings.PreToolUse.2.0: does not fire\n" in out


@pytest.mark.parametrize("dry_run", [True, False])
def test_run_runs_the_other_hooks_and_lists_the_one_it_could_not_evaluate(
    look_ahead: Path, dry_run: bool
) -> None:
    extra = ("--dry-run",) if dry_run else ()
    argv = ("run", ".claude/settings.json", "--event", "PreToolUse", "--context", "context.json")
    status, out, _ = run(*argv, *extra, "--format", "json")
    assert status == 0, out
    report = json.loads(out)
    ran = report["handlers"] if dry_run else report["runs"]
    assert [entry["hook_id"] for entry in ran] == [".claude/settings.PreToolUse.1.0"]
    assert [note.split(": not evaluated: ")[0] for note in report["skipped"]] == [
        ".claude/settings.PreToolUse.0.0"
    ]


def test_identical_handlers_under_matchers_hookc_cannot_run_are_not_called_duplicates(
    tmp_path: Path,
) -> None:
    same = [{"type": "command", "command": "echo same"}]
    settings = {"hooks": {"PreToolUse": [
        {"matcher": "^(?!Read$)", "hooks": same},
        {"matcher": "^(?!Write$)", "hooks": same},
        {"matcher": "^(?!Read$)", "hooks": same},  # the same text: hookc still cannot say
    ]}}  # fmt: skip
    loaded = load_file(write(tmp_path / ".claude" / "settings.json", json.dumps(settings)))
    assert [d.code for d in loaded.diagnostics] == ["HK712"] * 3
    assert loaded.hookset is not None and len(loaded.hookset.hooks) == 3
    # One that matches every time before it does cover it.
    settings["hooks"]["PreToolUse"].insert(0, {"matcher": "*", "hooks": same})
    loaded = load_file(write(tmp_path / ".claude" / "settings.json", json.dumps(settings)))
    assert sorted({d.code for d in loaded.diagnostics}) == ["HK710", "HK712"]
    assert loaded.hookset is not None and len(loaded.hookset.hooks) == 1


# -- hooks in the front matter of skills and agents --------------------------------------

SKILL = """\
---
name: format-on-save
description: Formats each file Claude writes while this skill is active.
hooks:
  PostToolUse:
    - matcher: "Edit|Write"
      hooks:
        - type: command
          command: "${CLAUDE_SKILL_DIR}/scripts/format.sh"
          once: true
  PreToolUse:
    - matcher: Bash
      hooks:
        - type: command
          command: "echo checking"
          timout: 5
---

# Format on save

Run the formatter on every file written.
"""

AGENT = """\
---
name: reviewer
description: Reviews a change and reports.
tools: Read, Grep
hooks:
  Stop:
    - hooks:
        - {type: command, command: "echo review finished"}
---

You review changes.
"""

RYE_DIRECTIVE = """\
---
description: "Research."
hooks:
  - id: audit
    event: continuation
    result: discard
    action: {item_id: "tool:audit/log"}
---

# Research
"""


def test_a_skill_s_front_matter_hooks_are_read_with_positions_in_the_markdown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    skill = write(tmp_path / ".claude" / "skills" / "format-on-save" / "SKILL.md", SKILL)
    script = write(skill.parent / "scripts" / "format.sh", "#!/bin/sh\n")
    script.chmod(0o755)
    loaded = load_file(".claude/skills/format-on-save/SKILL.md")
    assert loaded.profile.name == "claude-code" and loaded.hookset is not None
    assert [(hook.id, hook.event) for hook in loaded.hookset.hooks] == [
        (".claude/skills/format-on-save/SKILL.PostToolUse.0.0", "PostToolUse"),
        (".claude/skills/format-on-save/SKILL.PreToolUse.0.0", "PreToolUse"),
    ]
    assert loaded.hookset.hooks[0].action.params.get("once") is True
    # The one finding: the misspelt field, at its line and column in the Markdown file.
    status, out, _ = run("check", ".claude/skills/format-on-save/SKILL.md")
    assert status == 0
    assert out.startswith(
        ".claude/skills/format-on-save/SKILL.md:16:11: warning[HK704]: a `command` handler "
        "has no field `timout`"
    )
    assert out.count("warning[") == 1  # ${CLAUDE_SKILL_DIR}/scripts/format.sh exists
    script.unlink()
    _, out, _ = run("check", ".claude/skills/format-on-save/SKILL.md")
    assert "warning[HK707]: the script `${CLAUDE_SKILL_DIR}/scripts/format.sh`" in out


def test_an_agent_s_stop_hooks_run_when_the_agent_stops(tmp_path: Path) -> None:
    agent = write(tmp_path / "plugin" / "agents" / "reviewer.md", AGENT)
    loaded = load_file(agent)
    assert loaded.diagnostics == () and loaded.hookset is not None
    assert [hook.event for hook in loaded.hookset.hooks] == ["SubagentStop"]


def test_a_folder_search_finds_skills_and_agents_with_hooks_and_nothing_else(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    write(tmp_path / ".claude" / "skills" / "format-on-save" / "SKILL.md", SKILL.replace(
        "${CLAUDE_SKILL_DIR}/scripts/format.sh", "npx prettier --write ."
    ))  # fmt: skip
    write(tmp_path / ".claude" / "skills" / "plain" / "SKILL.md", "---\nname: plain\n---\nHi\n")
    write(tmp_path / ".claude" / "agents" / "reviewer.md", AGENT)
    write(tmp_path / "plugins" / "p" / "agents" / "notes.md", "# Notes\n\nhooks: none here\n")
    write(tmp_path / "agents" / "research.md", RYE_DIRECTIVE)  # Rye's list of hooks
    assert expand(["."]) == [
        ".claude/agents/reviewer.md",
        ".claude/skills/format-on-save/SKILL.md",
        "agents/research.md",
    ]
    assert load_file("agents/research.md").profile.name == "rye"
    status, out, _ = run("check", ".")
    assert status == 0, out
    # Neither a skill nor an agent: not Claude Code's, whatever its front matter says.
    assert detect("docs/hooks.md", SKILL).name != "claude-code"  # type: ignore[union-attr]
