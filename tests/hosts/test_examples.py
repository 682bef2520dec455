"""The hosts' example projects (examples/<host>/): what hookc prints for each, exactly
(``HOOKC_UPDATE_GOLDEN=1`` rewrites the goldens), run from the repository's root. A golden
in one of these folders that no case writes fails too: it would be stale unnoticed."""

from __future__ import annotations

import pytest

from tests import ROOT
from tests.foreign import prints_its_golden

CODEX = "examples/codex/project/.codex/hooks.json"
CODEX_TOML = "examples/codex/project/.codex/config.toml"
COPILOT = "examples/copilot/project/.github/hooks/guard.json"
SEVERAL = "examples/several-hosts/project/.claude/settings.json"
CURSOR = "examples/cursor/project/.cursor/hooks.json"
WINDSURF = "examples/windsurf/project/.windsurf/hooks.json"
KIRO = "examples/kiro/project/.kiro/hooks/"
GEMINI = "examples/gemini-cli/project/.gemini/settings.json"
TABNINE = "examples/tabnine/project/.tabnine/agent/settings.json"
QWEN = "examples/qwen-code/project/.qwen/settings.json"
FACTORY = "examples/factory/project/.factory/hooks.json"
AUGMENT = "examples/augment/project/.augment/settings.json"

CASES = {
    "examples/codex/check.expected": ("check", CODEX, CODEX_TOML),
    "examples/codex/eval-apply-patch.expected": (
        "eval", CODEX, "--event", "PostToolUse",
        "--context", "examples/codex/apply-patch.json", "--explain",
    ),
    "examples/copilot/check.expected": ("check", COPILOT),
    "examples/copilot/check-vscode.expected": ("check", "--host", "all", COPILOT),
    "examples/copilot/eval-force-push.expected": (
        "eval", COPILOT, "--event", "preToolUse",
        "--context", "examples/copilot/force-push.json", "--explain",
    ),
    "examples/several-hosts/check.expected": (
        "check", "--host", "claude-code,copilot,vscode", SEVERAL,
    ),
    "examples/several-hosts/eval-all.expected": (
        "eval", SEVERAL, "--event", "PreToolUse",
        "--context", "examples/several-hosts/edit.json", "--host", "all",
    ),
    "examples/cursor/check.expected": ("check", CURSOR),
    "examples/cursor/eval-git-push.expected": (
        "eval", CURSOR, "--event", "beforeShellExecution",
        "--context", "examples/cursor/git-push.json", "--explain",
    ),
    "examples/windsurf/check.expected": ("check", WINDSURF),
    "examples/kiro/check.expected": ("check", KIRO + "guards.json", KIRO + "format.kiro.hook"),
    "examples/gemini-cli/check.expected": ("check", GEMINI),
    "examples/gemini-cli/eval-shell-rm.expected": (
        "eval", GEMINI, "--event", "BeforeTool",
        "--context", "examples/gemini-cli/shell-rm.json", "--explain",
    ),
    "examples/tabnine/check.expected": ("check", TABNINE),
    "examples/qwen-code/check.expected": ("check", QWEN),
    "examples/factory/check.expected": ("check", FACTORY),
    "examples/factory/eval-execute-rm.expected": (
        "eval", FACTORY, "--event", "PreToolUse", "--explain",
        "--context", "examples/factory/execute-rm.json",
    ),
    "examples/augment/check.expected": ("check", AUGMENT),
    "examples/augment/eval-force-push.expected": (
        "eval", AUGMENT, "--event", "PreToolUse", "--explain",
        "--context", "examples/augment/force-push.json",
    ),
}  # fmt: skip


@pytest.mark.parametrize("golden", sorted(CASES))
def test_example_output_is_exactly_the_expected_file(
    golden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    prints_its_golden(golden, CASES[golden])


def test_every_golden_of_these_folders_has_its_case() -> None:
    folders = {golden.split("/")[1] for golden in CASES}
    found = {
        path.relative_to(ROOT).as_posix()
        for folder in folders
        for path in (ROOT / "examples" / folder).glob("*.expected")
    }
    assert found == set(CASES)
