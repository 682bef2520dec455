"""examples/copilot/ and examples/several-hosts/: what hookc prints for them, exactly
(``HOOKC_UPDATE_GOLDEN=1`` rewrites the goldens), run from the repository's root."""

from __future__ import annotations

import pytest

from tests import ROOT
from tests.foreign import prints_its_golden

COPILOT = "examples/copilot/project/.github/hooks/guard.json"
CLAUDE = "examples/several-hosts/project/.claude/settings.json"

CASES = {
    "examples/copilot/check.expected": ("check", COPILOT),
    "examples/copilot/check-vscode.expected": ("check", "--host", "all", COPILOT),
    "examples/copilot/eval-force-push.expected": (
        "eval", COPILOT, "--event", "preToolUse",
        "--context", "examples/copilot/force-push.json", "--explain",
    ),
    "examples/several-hosts/check.expected": (
        "check", "--host", "claude-code,copilot,vscode", CLAUDE,
    ),
    "examples/several-hosts/eval-all.expected": (
        "eval", CLAUDE, "--event", "PreToolUse",
        "--context", "examples/several-hosts/edit.json", "--host", "all",
    ),
}  # fmt: skip


@pytest.mark.parametrize("golden", sorted(CASES))
def test_example_output_is_exactly_the_expected_file(
    golden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    prints_its_golden(golden, CASES[golden])
