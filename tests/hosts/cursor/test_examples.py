"""examples/cursor/, examples/windsurf/ and examples/kiro/: what hookc prints for them,
exactly (``HOOKC_UPDATE_GOLDEN=1`` rewrites the goldens), run from the repository's root."""

from __future__ import annotations

import io
import os

import pytest

from hookc.cli import main
from tests import ROOT

UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"
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
    out, err = io.StringIO(), io.StringIO()
    main(list(CASES[golden]), stdout=out, stderr=err)
    text = out.getvalue() + err.getvalue()
    path = ROOT / golden
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8")
