"""The examples of the registry, A3S and rollouts (``examples/system-hooks``,
``examples/a3s``, ``examples/rollouts``): each command their README shows, run from the
example's folder, prints exactly its golden file (``HOOKC_UPDATE_GOLDEN=1`` rewrites them)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from hookc.cli import main

ROOT = Path(__file__).resolve().parent.parent
UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"

CASES = [
    ("system-hooks", ["check", ".system/hooks/"], None),
    (
        "system-hooks",
        ["eval", ".system/hooks/post_tool_use_tracker.yaml", "--event", "PostAbilityCall",
         "--context", "post-ability-call.json", "--explain"],
        "post-ability-call.expected",
    ),
    ("a3s", ["check", "hooks.yaml"], None),
    (
        "a3s",
        ["eval", "hooks.yaml", "--event", "pre_tool_use", "--context", "rm-rf.json", "--all",
         "--explain"],
        "rm-rf.expected",
    ),
    (
        "a3s",
        ["eval", "hooks.yaml", "--event", "pre_tool_use", "--context", "env-write.json", "--all"],
        "env-write.expected",
    ),
    ("rollouts", ["check", "permission_gate.hooks.yaml"], None),
    (
        "rollouts",
        ["eval", "permission_gate.hooks.yaml", "--event", "tool_call", "--context",
         "sudo-call.json", "--explain"],
        "sudo-call.expected",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("folder", "argv", "golden"), CASES)
def test_each_example_command_prints_its_golden_output(
    folder: str, argv: list[str], golden: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT / "examples" / folder)
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, stdout=out, stderr=err) == 0, out.getvalue() + err.getvalue()
    if golden is None:
        assert out.getvalue() == ""
        return
    path = ROOT / "examples" / folder / golden
    if UPDATE:
        path.write_text(out.getvalue(), encoding="utf-8")
    assert out.getvalue() == path.read_text(encoding="utf-8")


def test_the_registration_example_is_what_hookc_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT / "examples" / "system-hooks")
    argv = ["compile", ".system/hooks/", "-o", str(tmp_path), "--target", "registration"]
    assert main(argv, stdout=io.StringIO(), stderr=io.StringIO()) == 0
    golden = ROOT / "examples" / "system-hooks" / "registration.expected.json"
    if UPDATE:
        golden.write_bytes((tmp_path / "hooks.json").read_bytes())
    assert (tmp_path / "hooks.json").read_bytes() == golden.read_bytes()
