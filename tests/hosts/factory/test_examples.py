"""examples/factory/: what hookc prints for it, exactly (``HOOKC_UPDATE_GOLDEN=1`` rewrites the
goldens), run from the repository's root."""

from __future__ import annotations

import pytest

from tests import ROOT
from tests.foreign import prints_its_golden

FILE = "examples/factory/project/.factory/hooks.json"

CASES = {
    "examples/factory/check.expected": ("check", FILE),
    "examples/factory/eval-execute-rm.expected": (
        "eval", FILE, "--event", "PreToolUse", "--explain",
        "--context", "examples/factory/execute-rm.json",
    ),
}  # fmt: skip


@pytest.mark.parametrize("golden", sorted(CASES))
def test_example_output_is_exactly_the_expected_file(
    golden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    prints_its_golden(golden, CASES[golden])
