"""The real pre-commit framework runs `hookc-check` and `hookc-fmt` from this repository's
.pre-commit-hooks.yaml, passing a good hook file and failing a bad one."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PRE_COMMIT = Path(sys.executable).with_name("pre-commit")

GOOD = """\
hooks:
  - id: rate_limited
    event: error
    when: "classification.category == 'rate_limited'"
    action: {type: retry, max_attempts: 5}
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
