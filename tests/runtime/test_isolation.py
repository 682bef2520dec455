"""hookc.runtime stands apart (SPEC §1): importing it loads no parser, schema validator or
compiler module, so compiled code and a thin evaluator stay light."""

from __future__ import annotations

import json
import re
import subprocess
import sys

from tests import ROOT


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


def test_running_handlers_loads_no_compiler_module() -> None:
    """hookc.handlers is standard library only: a runtime imports it beside a compiled
    module, and running a command and a builtin loads nothing of the compiler either."""
    script = (
        "import json, sys\n"
        "from hookc import handlers\n"
        "decision = handlers.run('claude-code', 'Stop', {}, [\n"
        "    ('a', {'type': 'command', 'command': 'exit 2'}),\n"
        "    ('b', {'type': 'builtin', 'command': 'f'})],\n"
        "    builtins={'f': lambda payload, action: {'systemMessage': 'hi'}})\n"
        "print(json.dumps([decision.verdict, sorted(sys.modules)]))\n"
    )
    verdict, loaded = json.loads(
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
            and not name.startswith(
                ("hookc.runtime", "hookc.errors", "hookc.version", "hookc.handlers")
            )
            # The host registry, each host's record and its protocol: standard library only.
            and name not in ("hookc.hosts", "hookc.hosts.host")
            and not re.fullmatch(r"hookc\.hosts\.\w+(\.protocol)?", name)
        )
    ]
    assert verdict == "deny"
    assert forbidden == []
    assert "hookc.handlers.process" in loaded
