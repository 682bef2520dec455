"""The runtime a compiled module carries (``hookc/backend/prelude.py``): only what its code
reaches, found by a quick reading of the runtime's text that ``ast`` holds here to be
exact about what each definition binds and never short of what it reads; and a path's
key read as ``index`` reads it.
"""

from __future__ import annotations

import ast
import itertools
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from hookc.backend.prelude import names_read, prelude, split_definitions
from hookc.runtime.support import _hk_key, _hk_MISSING
from hookc.runtime.values import CelError, index, kind

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


@pytest.mark.parametrize(("rye", "patterns"), VARIANTS)
def test_the_runtime_a_module_carries_is_ascii(rye: bool, patterns: bool) -> None:
    # A module of ASCII hooks is then ASCII throughout: its text is encoded by a copy.
    assert all(line.isascii() for line in prelude(rye=rye, patterns=patterns))


def test_a_module_carries_a_definition_with_all_it_reaches_and_nothing_else() -> None:
    kept = prelude(used={"_hk_key"})
    tree = ast.parse("\n".join(kept))
    names = {name for node in tree.body for name in _bound(node)}
    # _hk_key reads kind, map_get and CelError; map_get reads what it needs in turn; no
    # message is formatted (index, format_value).
    assert {"_hk_key", "kind", "map_get", "CelError", "_hk_MISSING", "annotations"} <= names
    unreached = {"_hk_comprehension", "_hk_text", "to_int", "glob", "add", "equals", "index"}
    assert not names & {*unreached, "format_value", "format_double"}


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


_KEYS = st.one_of(
    st.text(max_size=2),
    st.integers(-3, 3),
    st.booleans(),
    st.none(),
    st.sampled_from([0.0, 1.0, -1.0, 1.5, 2.0, float("nan"), float("inf")]),
)
# Values include an error value stored in the context (a library caller may put one there).
_VALUES = st.one_of(st.integers(), st.just(CelError("stored")))
_BASES = st.one_of(
    st.dictionaries(_KEYS.filter(lambda k: k == k), _VALUES, max_size=4),
    st.lists(_VALUES, max_size=4),
    st.lists(_VALUES, max_size=4).map(tuple),
    st.text(max_size=2),
    st.integers(),
    st.none(),
    st.just(CelError("an error")),
)


@given(_BASES, _KEYS)
@example([7, 8, 9], 0.0)
@example([7, 8, 9], -1.0)
@example([7, 8, 9], 2.0)
@example({1: CelError("stored")}, 1)
@example([CelError("stored")], 0)
def test_a_path_key_reads_what_index_reads_and_is_missing_where_index_is_in_error(
    base: Any, key: Any
) -> None:
    # ``support._hk_key`` reads a map or a list as ``index`` does, without its errors; a
    # map's string key is a plain look-up (a stored error value comes back as it is).
    if type(base) is dict and type(key) is str:
        expected: Any = base.get(key, _hk_MISSING)
    elif isinstance(base, CelError):
        expected = base
    elif kind(base) == "map" or (kind(base) == "list" and type(key) is not str):
        found = index(base, key)
        expected = _hk_MISSING if isinstance(found, CelError) else found
    else:
        expected = _hk_MISSING
    assert _hk_key(base, key) is expected or _hk_key(base, key) == expected
