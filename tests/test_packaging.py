"""The wheel: it carries the grammar and the console script, and works outside the checkout."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(out), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (built,) = out.glob("hookc-*.whl")
    return built


def test_wheel_ships_the_grammar_inside_the_package(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "hookc/_data/grammar/cel.lark" in names
    assert "hookc/runtime/values.py" in names
    assert not any(name.startswith(("tests/", "benchmarks/")) for name in names)


def test_installed_wheel_works_from_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
         str(wheel)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    # The dependencies come from this interpreter; hookc itself only from the wheel.
    env = {**os.environ, "PYTHONPATH": str(target)}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = (
        "import hookc, hookc.cel as c; "
        "print(hookc.__file__); print(c.compile('1 + 2').evaluate({}))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code], cwd=elsewhere, env=env, check=True, capture_output=True,
        text=True,
    ).stdout.splitlines()  # fmt: skip
    assert shown[0].startswith(str(target)) and shown[1] == "3"
    version = subprocess.run(
        [sys.executable, str(target / "bin" / "hookc"), "--version"], cwd=elsewhere, env=env,
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    assert version.startswith("hookc ")
