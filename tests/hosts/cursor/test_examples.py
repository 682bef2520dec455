"""examples/cursor/, examples/windsurf/ and examples/kiro/: what hookc prints for them,
exactly (``HOOKC_UPDATE_GOLDEN=1`` rewrites the goldens), run from the repository's root."""

from __future__ import annotations

import pytest

from tests import ROOT
from tests.foreign import prints_its_golden

CURSOR = "examples/cursor/project/.cursor/hooks.json"
WINDSURF = "examples/windsurf/project/.windsurf/hooks.json"
KIRO = "examples/kiro/project/.kiro/hooks/"

CASES = {
    "examples/cursor/check.expected": ("check", CURSOR),
    "examples/cursor/eval-git-push.expected": (
        "eval", CURSOR, "--event", "beforeShellExecution",
        "--context", "examples/cursor/git-push.json", "--explain",
    ),
    "examples/windsurf/check.expected": ("check", WINDSURF),
    "examples/kiro/check.expected": ("check", KIRO + "guards.json", KIRO + "format.kiro.hook"),
}  # fmt: skip


@pytest.mark.parametrize("golden", sorted(CASES))
def test_example_output_is_exactly_the_expected_file(
    golden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    prints_its_golden(golden, CASES[golden])
