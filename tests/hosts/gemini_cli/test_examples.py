"""examples/gemini-cli/, examples/tabnine/ and examples/qwen-code/: what hookc prints for
them, exactly (``HOOKC_UPDATE_GOLDEN=1`` rewrites the goldens), run from the repository's
root."""

from __future__ import annotations

import pytest

from tests import ROOT
from tests.foreign import prints_its_golden

GEMINI = "examples/gemini-cli/project/.gemini/settings.json"
TABNINE = "examples/tabnine/project/.tabnine/agent/settings.json"
QWEN = "examples/qwen-code/project/.qwen/settings.json"

CASES = {
    "examples/gemini-cli/check.expected": ("check", GEMINI),
    "examples/gemini-cli/eval-shell-rm.expected": (
        "eval", GEMINI, "--event", "BeforeTool",
        "--context", "examples/gemini-cli/shell-rm.json", "--explain",
    ),
    "examples/tabnine/check.expected": ("check", TABNINE),
    "examples/qwen-code/check.expected": ("check", QWEN),
}  # fmt: skip


@pytest.mark.parametrize("golden", sorted(CASES))
def test_example_output_is_exactly_the_expected_file(
    golden: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("COLUMNS", "100")
    prints_its_golden(golden, CASES[golden])
