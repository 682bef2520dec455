"""The examples of the registry, A3S and rollouts (``examples/registry``,
``examples/a3s``, ``examples/rollouts``): each command their README shows, run from the
example's folder, prints exactly its golden file (``HOOKC_UPDATE_GOLDEN=1`` rewrites them)."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from hookc.cli import main
from tests import ROOT

UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"

CASES = [
    ("registry", ["check", ".system/hooks/"], None),
    (
        "registry",
        ["eval", ".system/hooks/post_tool_use_tracker.yaml", "--event", "PostAbilityCall",
         "--context", "post-ability-call.json", "--explain"],
        "post-ability-call.expected",
    ),
    (
        "registry",
        ["eval", ".system/hooks/", "--event", "SessionStop", "--context", "session-stop.json",
         "--explain"],
        "session-stop.expected",
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
    monkeypatch.chdir(ROOT / "examples" / "registry")
    argv = ["compile", ".system/hooks/", "-o", str(tmp_path), "--target", "registration"]
    assert main(argv, stdout=io.StringIO(), stderr=io.StringIO()) == 0
    golden = ROOT / "examples" / "registry" / "registration.expected.json"
    if UPDATE:
        golden.write_bytes((tmp_path / "hooks.json").read_bytes())
    assert (tmp_path / "hooks.json").read_bytes() == golden.read_bytes()


@pytest.mark.parametrize(
    "source",
    ["registry/.system/hooks", "a3s/hooks.yaml", "rollouts/permission_gate.hooks.yaml"],
)
def test_canonical_yaml_of_each_example_reads_back_to_its_hooks(
    source: str, tmp_path: Path
) -> None:
    from hookc.backend.driver import compile_files
    from hookc.frontend.inputs import expand_folders
    from hookc.frontend.load import load_file

    inputs = expand_folders([ROOT / "examples" / source])
    written = compile_files(inputs, tmp_path, name="canonical", target="yaml", level=0)
    assert written.module_path is not None
    back = load_file(written.module_path)
    assert back.diagnostics == () and back.hookset is not None
    hooksets = [load_file(path).hookset for path in inputs]
    assert back.hookset.hooks == tuple(h for found in hooksets if found for h in found.hooks)
    assert back.hookset.ordering == load_file(inputs[0]).profile.ordering
