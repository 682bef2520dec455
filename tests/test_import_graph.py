"""hookc's modules import one another without a cycle (SPEC §1: imports point one way).

The graph is read from the source, not from a running interpreter, so that imports inside
functions count too: a lazy import that closes a loop is still a loop (it only moves the
failure to the first call that takes it). An edge runs from a module to every hookc module
it imports, and to the packages whose ``__init__`` that import runs first (``import
a.b.c`` runs ``a/b/__init__.py``), except the importer's own packages, which are always
initialized before it. Imports under ``if TYPE_CHECKING:`` never run and do not count.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from hookc.cli import COMMANDS

ROOT = Path(__file__).resolve().parent.parent / "hookc"


def _modules(root: Path) -> dict[str, Path]:
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imported(tree: ast.Module, package: str, modules: dict[str, Path]) -> set[str]:
    """The hookc modules a module's import statements name, wherever they stand."""
    found: set[str] = set()
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            stack.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, *([base] if base else [])])
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in modules else base)
        stack.extend(ast.iter_child_nodes(node))
    return {name for name in found if name in modules}


def _packages_of(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:i]) for i in range(1, len(parts))}


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    modules = _modules(root)
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        own = _packages_of(name) | {name}
        edges = set()
        for target in _imported(ast.parse(path.read_text(encoding="utf-8")), package, modules):
            edges.add(target)
            edges.update(p for p in _packages_of(target) if p in modules and p not in own)
        edges.discard(name)
        graph[name] = edges
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle as the list of its modules (first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph.get(node, ())):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle is not None:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle is not None:
                return cycle
    return None


def test_hookc_modules_import_one_another_without_a_cycle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle or ())


def test_the_graph_counts_imports_in_functions_and_the_packages_they_run() -> None:
    graph = import_graph()
    # `install_importer` imports hookc.backend.importer inside the function.
    assert "hookc.backend.importer" in graph["hookc"]
    # The back end's shapes import hookc.cel.printer, which runs hookc/cel/__init__.py first.
    assert {"hookc.cel.printer", "hookc.cel"} <= graph["hookc.backend.shapes"]
    # The checks import the reasoning and the optimizer; the reasoning imports neither.
    assert {"hookc.reasoning", "hookc.optimize"} <= graph["hookc.check.logic"]
    reasoning = {name for name in graph if name.startswith("hookc.reasoning")}
    for name in reasoning:
        assert not any(t.startswith(("hookc.check", "hookc.optimize")) for t in graph[name])


def test_a_cycle_is_found_with_its_modules_and_a_chain_is_not_a_cycle() -> None:
    chain = {"a": {"b"}, "b": {"c"}, "c": set(), "d": {"b", "c"}}
    assert find_cycle(chain) is None
    looped = {**chain, "c": {"d"}}
    assert find_cycle(looped) == ["b", "c", "d", "b"]


def test_a_lazy_import_that_closes_a_loop_is_a_cycle(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "low.py").write_text("def f():\n    from pkg.sub.high import g\n")
    (package / "sub" / "__init__.py").write_text("from pkg.low import f\n")
    (package / "sub" / "high.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import low\n"
    )
    graph = import_graph(package)
    # low imports pkg.sub.high in a function, which runs pkg.sub's __init__, which imports
    # low; high's own import of low never runs.
    assert graph["pkg.sub.high"] == set()
    assert find_cycle(graph) == ["pkg.low", "pkg.sub", "pkg.low"]


# What a one-file `hookc compile` or `hookc check` of native YAML, in a folder without a
# configuration file, has no use for (issue 15: start-up pays only for what it uses).
UNUSED_ON_A_NATIVE_YAML_RUN = (
    "lxml",  # XML files only
    "jsonschema",  # the quick validity test decides for a valid file
    "difflib",  # "did you mean" suggestions only
    "tomllib",  # a configuration file only
    "secrets",
    "random",
    "shutil",  # argparse asks it the terminal's width; hookc's formatters ask os (cli)
    "bz2",
    "lzma",
    "hashlib",  # the inputs' digest is CPython's own sha256 (backend.driver), no OpenSSL
    "_hashlib",
    "unicodedata",  # an ASCII module name is its own normal form
    "decimal",  # only to print a double (hookc.runtime.values.format_double)
    "py_compile",  # the .pyc is written as py_compile writes it, without its traceback
    "traceback",
    "linecache",
    "tokenize",
    "typing",  # for type checkers only: its names are imported under TYPE_CHECKING
    "weakref",
    "hookc.frontend.xml_file",
    "hookc.frontend.schema_errors",  # why a file is invalid: the quick validity test decides
    "hookc.ir.serialize",  # conditions in the IR's node form only
    # The readers of the other formats: each format module holds only its `claims`.
    "hookc.hosts.a3s.reader",
    "hookc.hosts.claude_code.reader",
    "hookc.hosts.docker_agent.reader",
    "hookc.hosts.registry.reader",
    "hookc.frontend.formats.groups",
    "hookc.frontend.formats.regex_dialects",
    "hookc.frontend.formats.rust_regex",
    "hookc.hosts.rye.reader",
    "hookc.frontend.front_matter",
    "hookc.handlers",  # `hookc run` only
    "hookc.fmt",
    "hookc.eval",  # `hookc eval` and `hookc run` only
    "hookc.commands.run_support",
    "hookc.lint.legacy",  # `hookc rule` only
)


def _modules_after(command: list[str], folder: Path) -> tuple[int, list[str]]:
    """The exit status of `hookc COMMAND` run in a new interpreter in ``folder``, and the
    modules it had imported when it finished."""
    import json
    import os
    import subprocess
    import sys

    script = (
        "import json, sys\n"
        "from hookc.cli import main\n"
        "status = main(sys.argv[1:])\n"
        "print(json.dumps([status, sorted(sys.modules)]))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT.parent)}
    out = subprocess.run(
        [sys.executable, "-c", script, *command],
        cwd=folder,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    status, loaded = json.loads(out.splitlines()[-1])
    return status, loaded


@pytest.mark.parametrize("command", ["compile", "check"])
def test_a_one_file_run_imports_nothing_it_does_not_use(tmp_path: Path, command: str) -> None:
    """Start-up of `hookc compile` and `hookc check` (issue 15): a valid native YAML file
    needs no XML parser, no schema validator (the quick validity test decides), no
    suggestion finder, no TOML reader without a configuration file and none of the other
    formats' readers; those load only when a run needs them."""
    source = tmp_path / "one.hooks.yaml"
    source.write_text(
        "hooks:\n  - id: budget\n    event: limit\n"
        "    when: \"limit_code == 'spend_exceeded' && cost.spend > 10.0\"\n"
        "    action: {type: escalate, target: user_approval}\n",
        encoding="utf-8",
    )
    arguments = [command, str(source)] + (
        ["-o", str(tmp_path / "build")] if command == "compile" else []
    )
    status, loaded = _modules_after(arguments, tmp_path)
    assert status == 0
    if command == "compile":
        assert (tmp_path / "build" / "one.py").exists()
    assert "hookc.hosts.native.files" in loaded  # the run did read the file
    # Nor any other command's module (hookc.cli imports only the one a run names), nor for
    # a check the back end.
    others = [f"hookc.commands.{name}" for name in COMMANDS if name != command]
    if command == "check":
        others.append("hookc.backend")
    # Lark parses every expression (grammar/cel.lark is the language's one definition), and
    # importing it imports much of the standard library: those modules are Lark's, not
    # hookc's, to answer for (issue 26 traded their start-up for one parser).
    larks = _modules_of_lark()
    unused = [
        name
        for name in loaded
        if name not in larks
        and any(
            name == u or name.startswith(u + ".") for u in (*UNUSED_ON_A_NATIVE_YAML_RUN, *others)
        )
    ]
    assert unused == []


def _modules_of_lark() -> set[str]:
    """The modules a new interpreter has imported once it has imported Lark."""
    import json
    import subprocess
    import sys

    script = "import json, sys, lark; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    return set(json.loads(out))


def test_help_and_rule_import_no_compiler(tmp_path: Path) -> None:
    """`hookc --help` and `hookc rule` read no hook file: they import neither pyyaml nor the
    IR, the front end or the checks."""
    for command in (["--help"], ["rule", "HK505"]):
        status, loaded = _modules_after(command, tmp_path)
        assert status == 0
        heavy = [
            name
            for name in loaded
            if name.split(".")[0] == "yaml"
            or name.startswith(
                ("hookc.ir", "hookc.frontend", "hookc.check", "hookc.config.settings")
            )
        ]
        assert heavy == [], command


def test_a_file_of_another_format_loads_its_reader(tmp_path: Path) -> None:
    """The other side of the above: a file of one format loads that format's reader, and
    only it."""
    source = tmp_path / "hooks.yaml"
    source.write_text(
        "- id: block-rm\n  event_type: pre_tool_use\n  matcher: {tool: Bash}\n"
        "  response: {action: Block, reason: not allowed}\n",
        encoding="utf-8",
    )
    status, loaded = _modules_after(["check", str(source)], tmp_path)
    assert status == 0
    assert "hookc.hosts.a3s.reader" in loaded
    assert "hookc.hosts.claude_code.reader" not in loaded


def test_evaluating_a_compiled_module_imports_no_front_end(tmp_path: Path) -> None:
    """`hookc eval build/x.py` reads no hook file: neither pyyaml nor the front end, the
    checks or the optimizer load (they do for a hook file)."""
    source = tmp_path / "one.hooks.yaml"
    source.write_text(
        "hooks:\n  - id: budget\n    event: limit\n    when: \"limit_code == 'spend'\"\n"
        "    action: {type: escalate, target: user_approval}\n",
        encoding="utf-8",
    )
    context = tmp_path / "context.json"
    context.write_text('{"limit_code": "spend"}', encoding="utf-8")
    assert _modules_after(["compile", str(source), "-o", str(tmp_path / "build")], tmp_path)[0] == 0
    evaluate = ["eval", "--event", "limit", "--context", str(context)]
    status, loaded = _modules_after([*evaluate, str(tmp_path / "build" / "one.py")], tmp_path)
    assert status == 0
    reading = ("hookc.frontend", "hookc.check", "hookc.optimize", "hookc.config.settings")
    assert [name for name in loaded if name == "yaml" or name.startswith(reading)] == []
    status, loaded = _modules_after([*evaluate, str(source)], tmp_path)  # the hook file itself
    assert status == 0 and "yaml" in loaded and "hookc.check.driver" in loaded
