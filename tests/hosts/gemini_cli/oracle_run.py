"""Gemini CLI's own hook registry and planner (``oracle/plan.mjs`` on
``@google/gemini-cli-core``, pinned in ``oracle/package-lock.json``), run by node over a
batch of cases in one process."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ORACLE = Path(__file__).resolve().parent / "oracle"
INSTALL = "tests/oracles/install"
NODE = shutil.which("node")


def require_oracle() -> str:
    """node, with the oracle's packages installed; a failure (not a skip) saying how to
    install them otherwise: the differential is what proves the Gemini host right."""
    if NODE is None:
        pytest.fail(f"the Gemini CLI oracle needs node (20 or later), then `{INSTALL}`")
    if not (ORACLE / "node_modules" / "@google" / "gemini-cli-core").is_dir():
        pytest.fail(f"the Gemini CLI oracle's packages are not installed: run `{INSTALL}`")
    return NODE


def gemini_plans(cases: list[dict[str, Any]]) -> list[list[dict[str, Any] | None]]:
    """For each case ``{hooks, disabled, event, subjects}``, Gemini's plan for each
    subject: None, or ``{sequential, hooks: ["<event>.<group>.<handler>", ...]}``."""
    node = require_oracle()
    completed = subprocess.run(
        [node, str(ORACLE / "plan.mjs")],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
        cwd=ORACLE,
    )
    # Gemini's debug logger may print first; the answer is the last line.
    plans: list[list[dict[str, Any] | None]] = json.loads(completed.stdout.strip().splitlines()[-1])
    return plans
