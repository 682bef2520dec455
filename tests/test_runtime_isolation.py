"""hookc.runtime stands apart (SPEC §1): importing it loads no parser, schema validator or
compiler module, so compiled code and a thin evaluator stay light."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_importing_the_runtime_loads_no_compiler_module() -> None:
    script = (
        "import json, sys\n"
        "import hookc.runtime.values, hookc.runtime.support\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout
    )
    forbidden = [
        name
        for name in loaded
        if name.partition(".")[0] in {"lark", "lxml", "jsonschema", "yaml"}
        or (
            name.startswith("hookc.")
            and not name.startswith(("hookc.runtime", "hookc.errors", "hookc.version"))
        )
    ]
    assert forbidden == []
    assert "hookc.runtime.support" in loaded
