"""The runtime a compiled module carries (``hookc/backend/prelude.py``): only what its code
reaches, found by a quick reading of the runtime's text that ``ast`` holds here to be
exact about what each definition binds and never short of what it reads.
"""

from __future__ import annotations

import ast
import itertools

import pytest

from hookc.backend.prelude import names_read, prelude, split_definitions

VARIANTS = list(itertools.product((False, True), repeat=2))  # (rye, patterns)


def _bound(node: ast.stmt) -> set[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return {node.name}
    if isinstance(node, ast.Import):
        return {alias.asname or alias.name.partition(".")[0] for alias in node.names}
    if isinstance(node, ast.ImportFrom):
        return {alias.asname or alias.name for alias in node.names}
    if isinstance(node, ast.Assign | ast.AnnAssign):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        return {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
    return set()


@pytest.mark.parametrize(("rye", "patterns"), VARIANTS)
def test_the_prelude_splits_into_its_top_level_statements_as_ast_reads_them(
    rye: bool, patterns: bool
) -> None:
    lines = prelude(rye=rye, patterns=patterns)
    definitions = split_definitions(lines)
    statements = ast.parse("\n".join(lines)).body
    assert len(definitions) == len(statements)
    for definition, statement in zip(definitions, statements, strict=True):
        text = "\n".join(definition.lines)
        assert ast.unparse(ast.parse(text).body[0]) == ast.unparse(statement)
        assert definition.binds == _bound(statement), text
        read = {n.id for n in ast.walk(statement) if isinstance(n, ast.Name)}
        assert read <= definition.mentions, (text, read - definition.mentions)


@pytest.mark.parametrize(("rye", "patterns"), VARIANTS)
def test_a_module_that_reads_every_name_carries_the_whole_prelude(
    rye: bool, patterns: bool
) -> None:
    whole = prelude(rye=rye, patterns=patterns)
    every = set().union(*(d.binds for d in split_definitions(whole)))
    assert prelude(rye=rye, patterns=patterns, used=every) == whole


def test_a_module_carries_a_definition_with_all_it_reaches_and_nothing_else() -> None:
    kept = prelude(used={"_hk_key"})
    tree = ast.parse("\n".join(kept))
    names = {name for node in tree.body for name in _bound(node)}
    # _hk_key reads kind, index and CelError; index reads what it needs in turn.
    assert {"_hk_key", "kind", "index", "CelError", "_hk_MISSING", "annotations"} <= names
    assert not names & {"_hk_comprehension", "_hk_text", "to_int", "glob", "add", "equals"}


def test_names_read_skips_comments_docstrings_and_rows_of_data_but_not_code() -> None:
    lines = [
        "# a comment names compare",
        "def f():",
        '    """A docstring names equals',
        "    and add over two lines.",
        '    """',
        '    return {"==": equals_for_real, "x": f"{formatted}"}',
        "    'a row of data names index'",
    ]
    assert names_read(lines) == {"def", "f", "return", "equals_for_real", "x", "formatted"}
