"""``hookc/record_inits.py`` holds, compiled with the package, the ``__init__`` template of
every shape of record hookc declares, and each is the code its text compiles to.

``hookc.records`` writes a record's ``__init__`` from a template per shape (``_init``) and
compiled each at start-up (~70 us each, ~2 ms a run); the templates of hookc's own records
now come in the ``.pyc`` of ``hookc.record_inits``. A new shape (a record with another
number or kind of fields) still works, compiled at start-up, and fails the first test here:
``HOOKC_UPDATE_GOLDEN=1 python -m pytest tests/test_record_inits.py`` rewrites the module.
"""

from __future__ import annotations
import __future__

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import CodeType

from hookc import record_inits

UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"
MODULE = Path(record_inits.__file__)

# Every hookc module imported in a new interpreter, noting each template text asked for.
_ASKED = """
import json, pkgutil, sys
import hookc, hookc.records as records
asked = set()
template = records._template
records._template = lambda source: (asked.add(source), template(source))[1]
for module in pkgutil.walk_packages(hookc.__path__, "hookc."):
    if module.name != "hookc.__main__":
        __import__(module.name)
print(json.dumps(sorted(asked)))
"""


def _asked() -> list[str]:
    root = str(MODULE.parent.parent)
    env = {**os.environ, "PYTHONPATH": root}
    out = subprocess.run(
        [sys.executable, "-c", _ASKED], env=env, cwd=root, check=True, capture_output=True
    ).stdout
    found: list[str] = json.loads(out.decode().splitlines()[-1])
    return found


def _module_text(sources: list[str]) -> str:
    """hookc/record_inits.py for these template texts: each as a function of its own, which
    type checkers and linters read as any other (the names it reads are declared)."""
    body = [line for source in sources for line in source.splitlines()[1:]]
    names = sorted({name for line in body for name in re.findall(r"(?<![.\w])_\w+", line)})
    lines = [
        '"""The ``__init__`` template of each shape of record that hookc declares, by its text',
        "(``hookc.records._init`` writes it), compiled with the package so that making hookc's",
        "records at start-up compiles none. Each function is the code of its text; a record's",
        "copy of it gets its own globals for the names below (``_set_0``: the first field's",
        "slot setter, ...).",
        "",
        "Generated: ``HOOKC_UPDATE_GOLDEN=1 python -m pytest tests/test_record_inits.py``.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from collections.abc import Callable",
        "",
        "TYPE_CHECKING = False",
        "if TYPE_CHECKING:",
        "    from typing import Any",
        "",
    ]
    lines += [f"{name}: Any = None" for name in names]
    for i, source in enumerate(sources):
        head, *body = source.splitlines()
        parameters = head[len("def __init__(") : -len("):")].split(", ")
        typed = ", ".join(f"{p}: Any" for p in parameters)
        lines += ["", "", f"def _{i}({typed}) -> None:", *body]
    lines += ["", "", "TEMPLATES: dict[str, Callable[..., None]] = {"]
    for i, source in enumerate(sources):  # a text a line, which ruff joins where they fit
        pieces = [json.dumps(line + "\n") for line in source.splitlines()]
        pieces[-1] = json.dumps(source.splitlines()[-1])
        lines += ["    (", *(f"        {piece}" for piece in pieces), f"    ): _{i},"]
    lines += ["}", ""]
    return "\n".join(lines)


def _write(sources: list[str]) -> None:
    MODULE.write_text(_module_text(sources), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(MODULE)], check=True)


def test_every_template_of_hookcs_records_is_precompiled() -> None:
    asked = _asked()
    if UPDATE and sorted(record_inits.TEMPLATES) != asked:
        _write(asked)
        return
    missing = [s for s in asked if s not in record_inits.TEMPLATES]
    unused = [s for s in record_inits.TEMPLATES if s not in asked]
    assert (missing, unused) == ([], []), (
        "hookc/record_inits.py is out of date: "
        "HOOKC_UPDATE_GOLDEN=1 python -m pytest tests/test_record_inits.py rewrites it"
    )


def _essence(code: CodeType) -> tuple[object, ...]:
    """What a template's code does: everything but its names, file, lines and the
    ``annotations`` future flag (which changes no bytecode of a function body)."""
    flags = code.co_flags & ~__future__.annotations.compiler_flag
    return (
        code.co_argcount,
        code.co_posonlyargcount,
        code.co_kwonlyargcount,
        code.co_nlocals,
        code.co_stacksize,
        flags,
        code.co_code,
        code.co_consts,
        code.co_names,
        code.co_varnames,
        code.co_freevars,
        code.co_cellvars,
    )


def test_each_precompiled_template_is_the_code_of_its_text() -> None:
    assert record_inits.TEMPLATES
    for source, function in record_inits.TEMPLATES.items():
        scope: dict[str, object] = {}
        exec(source, scope)
        compiled = scope["__init__"].__code__  # type: ignore[attr-defined]
        assert _essence(function.__code__) == _essence(compiled), source
