"""examples/copilot/ and examples/several-hosts/: what hookc prints for them, exactly
(``HOOKC_UPDATE_GOLDEN=1`` rewrites the goldens), run from the repository's root."""

from __future__ import annotations

import io
import os

import pytest

from hookc.cli import main
from tests import ROOT

UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"
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
    out, err = io.StringIO(), io.StringIO()
    main(list(CASES[golden]), stdout=out, stderr=err)
    text = out.getvalue() + err.getvalue()
    path = ROOT / golden
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
