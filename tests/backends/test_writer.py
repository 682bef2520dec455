"""The module's tables of plain values (``Writer.table``): rows of JSON in raw strings."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from hookc.backend.writer import Writer, _lines, _rows_apart, json_text

# Text near the edges of a raw string and of JSON: quotes (three in a row too), backslashes
# before them, the row separator, escapes, what is not printable, lone surrogates.
_PIECES = ['"', "'", "\\", "],[", '"""', "\n", "\r", "\x00", "\x7f", "\u2028", "\x85"]
_TEXT = (
    st.lists(
        st.sampled_from([*_PIECES, "\ufeff", "\ud800", "\udfff", "😀", "é", "a", " "]), max_size=8
    ).map("".join)
    | st.text()
)
_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | _TEXT,
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=8,
)


def _same(left: Any, right: Any) -> bool:
    if isinstance(left, list) and isinstance(right, list):
        return len(left) == len(right) and all(map(_same, left, right))
    if isinstance(left, float) and math.isnan(left):
        return isinstance(right, float) and math.isnan(right)
    return type(left) is type(right) and left == right


@given(st.lists(st.lists(_VALUES, max_size=4) | _VALUES, max_size=5))
@example([["\ud800\udfff"]])  # two lone surrogates, which JSON's escapes would pair
@example([["a],[b"], ["c"]])  # a row's end in a string: no line break there
@example([["a\\"], ["],[", '\\"],["'], [["x"], ["y"]]])  # escapes before it; a row of lists
@example([["a],[b"], 1])  # as many `],[` as row breaks, one inside a string: not a row
def test_a_table_reads_back_as_the_rows_it_was_written_from(rows: list[Any]) -> None:
    out = Writer()
    out.table(rows, "ROWS = ")
    text = "\n".join(out.lines) + "\n"
    namespace: dict[str, Any] = {"json": json}
    exec(compile(text.encode("utf-8"), "table.py", "exec"), namespace)
    assert _same(namespace["ROWS"], rows)


def test_a_table_of_flat_rows_is_a_row_a_line() -> None:
    out = Writer()
    out.table([("a", 1), ("b],[c", 2), ("d", None)], "ROWS = ")
    assert out.lines == [
        "ROWS = json.loads(",
        '    r"""[["a",1],\n    ["b],[c",2],\n    ["d",null]]"""',
        ")",
    ]


@given(st.lists(st.lists(_VALUES, max_size=3).map(tuple) | _VALUES, max_size=5))
@example([("a],[b",), ("c",)])
def test_rows_apart_are_broken_where_the_general_cut_breaks_them(rows: list[Any]) -> None:
    # ``Writer.table``'s one-pass break (a replace) where ``_rows_apart`` holds.
    text = json_text(rows)
    if _rows_apart(text, rows):
        assert text.replace("],[", "],\n[") == "\n".join(_lines(text, rows))
