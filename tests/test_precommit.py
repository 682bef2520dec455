"""The real pre-commit framework runs `hookc-check` and `hookc-fmt` from this repository's
.pre-commit-hooks.yaml, passing a good hook file and failing a bad one."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
PRE_COMMIT = Path(sys.executable).with_name("pre-commit")

GOOD = """\
hooks:
  - id: rate_limited
    event: error
    when: "classification.category == 'rate_limited'"
    action: {type: retry, max_attempts: 5}
"""
CLAUDE_SETTINGS = """\
{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "comand", "command": "x"}]}]}}
"""
BAD = """\
hooks:
  - id: budget
    event: limit
    when: "limit_code = 'spend_exceeded'"
    action: {type: escalate, target: user_approval}
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    if not PRE_COMMIT.exists() or shutil.which("git") is None:
        pytest.fail("pre-commit (the `test` extra) and git are needed for this test")
    home = tmp_path_factory.mktemp("pre-commit-home")
    project = tmp_path_factory.mktemp("project")
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(home),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
    }  # fmt: skip
    (project / "good.hooks.yaml").write_text(GOOD)
    (project / ".claude").mkdir()
    (project / ".claude" / "settings.json").write_text(CLAUDE_SETTINGS)
    (project / "bad.hooks.yaml").write_text(BAD)
    shutil.copy(ROOT / "examples" / "fmt" / "messy.formatted.yaml", project / "tidy.hooks.yaml")
    for command in (["git", "init", "-q"], ["git", "add", "."]):
        subprocess.run(command, cwd=project, env=env, check=True, capture_output=True)
    return project, env


def try_repo(
    project: Path, env: dict[str, str], *files: str, hook: str = "hookc-check"
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(ROOT), hook, "--files", *files],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def test_pre_commit_passes_a_good_hook_file(project: tuple[Path, dict[str, str]]) -> None:
    result = try_repo(*project, "good.hooks.yaml")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "hookc check" in result.stdout and "Passed" in result.stdout


def test_pre_commit_fails_a_bad_hook_file_and_shows_why(
    project: tuple[Path, dict[str, str]],
) -> None:
    result = try_repo(*project, "good.hooks.yaml", "bad.hooks.yaml")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Failed" in result.stdout
    assert "bad.hooks.yaml:4:23: error[HK101]: `=` is not an operator in CEL" in result.stdout
    assert "good.hooks.yaml" not in result.stdout.split("Failed", 1)[1]


def test_pre_commit_fmt_passes_a_canonical_file_and_fails_one_that_is_not(
    project: tuple[Path, dict[str, str]],
) -> None:
    tidy = try_repo(*project, "tidy.hooks.yaml", hook="hookc-fmt")
    assert tidy.returncode == 0, tidy.stdout + tidy.stderr
    assert "hookc fmt --check" in tidy.stdout and "Passed" in tidy.stdout
    messy = try_repo(*project, "tidy.hooks.yaml", "good.hooks.yaml", hook="hookc-fmt")
    assert messy.returncode == 1, messy.stdout + messy.stderr
    assert "good.hooks.yaml: not in canonical form (hookc fmt rewrites it)" in messy.stdout
    assert "tidy.hooks.yaml" not in messy.stdout.split("Failed", 1)[1]


def test_pre_commit_checks_a_claude_code_settings_file(
    project: tuple[Path, dict[str, str]],
) -> None:
    result = try_repo(*project, ".claude/settings.json")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "error[HK301]: unknown handler type `comand`" in result.stdout


def _selects(hook_id: str, path: str) -> bool:
    (hook,) = [
        h
        for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
        if h["id"] == hook_id
    ]
    excluded = "exclude" in hook and re.search(hook["exclude"], path)
    return bool(re.search(hook["files"], path)) and not excluded


@pytest.mark.parametrize(
    ("path", "selected"),
    [
        ("policies.hooks.yaml", True),
        ("hooks.yaml", True),
        (".claude/settings.json", True),
        ("web/.claude/settings.local.json", True),
        ("plugins/formatter/hooks/hooks.json", True),
        ("agent.yaml", True),
        ("agents/reviewer.agent.yml", True),
        (".vscode/settings.json", False),
        ("settings.json", False),
        (".cursor/hooks.json", False),
        (".github/hooks/hooks.json", False),
        (".windsurf/hooks.json", False),
        ("package.json", False),
        (".github/workflows/ci.yaml", False),
        ("docker-compose.yaml", False),
        (".claude/agents/reviewer.md", False),
    ],
)
def test_the_check_hook_selects_the_files_hookc_reads_and_no_others(
    path: str, selected: bool
) -> None:
    assert _selects("hookc-check", path) is selected
