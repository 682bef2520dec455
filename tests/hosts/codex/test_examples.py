"""examples/codex/: what hookc prints for it, exactly (``HOOKC_UPDATE_GOLDEN=1`` rewrites
the goldens), run from the repository's root."""

from __future__ import annotations

import io
import os

import pytest

from hookc.cli import main
from tests import ROOT

UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"
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
    out, err = io.StringIO(), io.StringIO()
    main(list(CASES[golden]), stdout=out, stderr=err)
    text = out.getvalue() + err.getvalue()
    path = ROOT / golden
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
