"""examples/codex/: what hookc prints for it, exactly (``HOOKC_UPDATE_GOLDEN=1`` rewrites
the goldens), run from the repository's root."""

from __future__ import annotations

import pytest

from tests import ROOT
from tests.foreign import prints_its_golden

HOOKS = "examples/codex/project/.codex/hooks.json"
CONFIG = "examples/codex/project/.codex/config.toml"

CASES = {
    "examples/codex/check.expected": ("check", HOOKS, CONFIG),
    "examples/codex/eval-apply-patch.expected": (
        "eval", HOOKS, "--event", "PostToolUse",
        "--context", "examples/codex/apply-patch.json", "--explain",
    ),
}  # fmt: skip


@pytest.mark.parametrize("golden", sorted(CASES))
def test_example_output_is_exactly_the_expected_file(
    golden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    prints_its_golden(golden, CASES[golden])
