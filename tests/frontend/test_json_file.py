"""The JSON reader: the values json.loads reads, each at its true place."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.json_file import load_json
from hookc.frontend.located import Located
from hookc.source import Source
from tests.properties import SETTINGS, examples

VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=5), children, max_size=4)
    ),
    max_leaves=20,
)


def nodes(node: Located) -> list[Located]:
    found = [node]
    if isinstance(node.value, list):
        for item in node.value:
            found.extend(nodes(item))
    elif isinstance(node.value, dict):
        for item in node.value.values():
            found.extend(nodes(item))
    return found


@settings(SETTINGS, max_examples=examples(300))
@given(VALUES, st.sampled_from([None, 0, 2, "\t"]), st.booleans())
def test_json_reads_as_json_loads_does_with_each_value_at_its_place(
    value: object, indent: int | str | None, ascii_only: bool
) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=ascii_only)
    root, diagnostics = load_json(Source("v.json", text))
    assert diagnostics == []
    assert root is not None and root.plain() == json.loads(text)
    for node in nodes(root):
        assert json.loads(text[node.span.start : node.span.end]) == node.plain()


@settings(SETTINGS, max_examples=examples(200))
@given(st.text(max_size=30))
def test_text_json_loads_refuses_is_a_diagnostic_never_an_exception(text: str) -> None:
    # A leading byte-order mark is read past (the host's reader reports it), as Claude
    # Code 2.1 reads past it: the rest is what json.loads is asked about.
    try:
        expected = json.loads(text.removeprefix("\ufeff"))
        valid = True
    except ValueError:
        valid = False
    root, diagnostics = load_json(Source("v.json", text))
    if not text.removeprefix("\ufeff").strip(" \t\n\r"):
        assert (root, diagnostics) == (None, [])
    elif valid and all(word not in text for word in ("NaN", "Infinity")):
        assert diagnostics == [] and root is not None and root.plain() == expected
    elif not valid:
        assert [d.code for d in diagnostics] == ["HK214"]


def test_a_duplicate_key_is_reported_at_the_second_key() -> None:
    root, diagnostics = load_json(Source("v.json", '{"a": 1,\n "a": 2}'))
    (duplicate,) = diagnostics
    assert (duplicate.code, duplicate.location) == ("HK205", (2, 2))
    assert root is not None and root.plain() == {"a": 2}


def test_nesting_is_bounded() -> None:
    _, diagnostics = load_json(Source("v.json", "[" * 5000 + "]" * 5000))
    assert [d.code for d in diagnostics] == ["HK214"]
