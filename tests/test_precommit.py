"""The real pre-commit framework runs `hookc-check` and `hookc-fmt` as the README's snippet
says: from a clone of this repository pinned to a commit that exists in it, on a project of
commented hook files with a configuration file (`hookc.toml`) and inline suppressions
(`examples/lint/`)."""

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
LINT = ROOT / "examples" / "lint"

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
# Valid, commented, but not laid out as fmt lays it out (keys out of order, list unindented).
UNFORMATTED = """\
# Quota errors clear within a minute.
hooks:
- action: {type: retry, delay: 60}  # one minute
  event: error
  when: "classification.category == 'quota'"
"""


def git(cwd: Path, env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout.strip()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str, dict[str, str]]:
    """A clone of hookc at a commit, and a project with the lint example in it."""
    if not PRE_COMMIT.exists() or shutil.which("git") is None:
        pytest.fail("pre-commit (the `test` extra) and git are needed for this test")
    env = {
        **os.environ,
        "PRE_COMMIT_HOME": str(tmp_path_factory.mktemp("pre-commit-home")),
        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "NO_COLOR": "1",
    }  # fmt: skip
    # The clone holds the files of this checkout as they are (committed or not), so the test
    # runs the code under test; in CI, a fresh clone, that is the commit itself.
    clone = tmp_path_factory.mktemp("hookc-clone")
    tracked = git(ROOT, env, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
    for name in filter(None, tracked.split("\0")):
        source = ROOT / name
        if source.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, clone / name)
    git(clone, env, "init", "-q")
    git(clone, env, "add", ".")
    git(clone, env, "commit", "-q", "-m", "hookc under test")
    rev = git(clone, env, "rev-parse", "HEAD")

    project = tmp_path_factory.mktemp("project")
    shutil.copytree(LINT, project, dirs_exist_ok=True)
    (project / ".pre-commit-config.yaml").write_text(
        # The README's snippet, with this clone as the repository and its commit as `rev`.
        f"repos:\n  - repo: {clone}\n    rev: {rev}\n    hooks:\n"
        "      - id: hookc-check\n      - id: hookc-fmt\n",
        encoding="utf-8",
    )
    git(project, env, "init", "-q")
    git(project, env, "add", ".")
    return clone, project, rev, env


def pre_commit(project: Path, env: dict[str, str], *files: str) -> subprocess.CompletedProcess[str]:
    selection = ["--files", *files] if files else ["--all-files"]
    return subprocess.run(
        [str(PRE_COMMIT), "run", *selection],
        cwd=project, env=env, capture_output=True, text=True, timeout=900,
    )  # fmt: skip


def test_both_hooks_pass_the_commented_project_with_its_config_and_suppressions(
    world: tuple[Path, Path, str, dict[str, str]],
) -> None:
    _, project, _, env = world
    result = pre_commit(project, env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "hookc check" in result.stdout and "hookc fmt --check" in result.stdout
    assert result.stdout.count("Passed") == 2


def test_without_its_inline_suppression_the_strict_config_fails_the_warning(
    world: tuple[Path, Path, str, dict[str, str]],
) -> None:
    _, project, _, env = world
    policies = project / "hooks" / "policies.hooks.yaml"
    original = policies.read_text(encoding="utf-8")
    policies.write_text(original.replace("  # hookc: ignore[HK501]\n", ""), encoding="utf-8")
    try:
        result = pre_commit(project, env, "hooks/policies.hooks.yaml")
    finally:
        policies.write_text(original, encoding="utf-8")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "hooks/policies.hooks.yaml:13:46: warning[HK501]" in result.stdout
    # The per-file ignore of hookc.toml still holds for the legacy file.
    assert pre_commit(project, env, "hooks/legacy/old.hooks.yaml").returncode == 0


def test_check_fails_a_bad_file_and_fmt_an_unformatted_one_saying_why(
    world: tuple[Path, Path, str, dict[str, str]],
) -> None:
    _, project, _, env = world
    (project / "hooks" / "bad.hooks.yaml").write_text(BAD, encoding="utf-8")
    (project / "hooks" / "quota.hooks.yaml").write_text(UNFORMATTED, encoding="utf-8")
    try:
        result = pre_commit(project, env, "hooks/bad.hooks.yaml", "hooks/quota.hooks.yaml")
    finally:
        (project / "hooks" / "bad.hooks.yaml").unlink()
    assert result.returncode == 1, result.stdout + result.stderr
    assert "hooks/bad.hooks.yaml:4:23: error[HK101]: `=` is not an operator in CEL" in result.stdout
    assert "hooks/quota.hooks.yaml: not formatted (hookc fmt rewrites it)" in result.stdout
    # fmt lays the file out with its comments; then pre-commit's fmt hook passes it.
    assert (project / "hooks" / "quota.hooks.yaml").read_text(encoding="utf-8") == UNFORMATTED
    subprocess.run(
        [sys.executable, "-m", "hookc", "fmt", "hooks/quota.hooks.yaml"],
        cwd=project, env={**env, "PYTHONPATH": str(ROOT)}, check=True, capture_output=True,
    )  # fmt: skip
    laid_out = (project / "hooks" / "quota.hooks.yaml").read_text(encoding="utf-8")
    assert laid_out == (
        "# Quota errors clear within a minute.\nhooks:\n  - event: error\n"
        "    when: \"classification.category == 'quota'\"\n"
        "    action: {type: retry, delay: 60}  # one minute\n"
    )
    assert pre_commit(project, env, "hooks/quota.hooks.yaml").returncode == 0


def test_pre_commit_checks_a_claude_code_settings_file(
    world: tuple[Path, Path, str, dict[str, str]],
) -> None:
    _, project, _, env = world
    settings = project / ".claude" / "settings.json"
    settings.parent.mkdir(exist_ok=True)
    settings.write_text(CLAUDE_SETTINGS, encoding="utf-8")
    try:
        result = pre_commit(project, env, ".claude/settings.json")
    finally:
        settings.unlink()
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
        (".cursor/hooks.json", True),
        (".github/hooks/hooks.json", True),  # Copilot's, which hookc reads
        (".github/hooks/scripts/guard.json", False),
        (".windsurf/hooks.json", True),
        (".kiro/hooks/lint-on-save.json", True),
        ("web/.kiro/hooks/format.kiro.hook", True),
        (".cursor/hooks/guard.sh", False),
        (".kiro/hooks/guard.sh", False),
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
