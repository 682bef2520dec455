"""The positions ``hookc.hosts.codex.toml_file`` gives a TOML file's values: each scalar's
span holds the value as written, each key's span the key, whatever the layout (CRLF,
comments, inline tables and arrays, dotted and quoted keys, multi-line strings, dates)."""

from __future__ import annotations

import tomllib
from typing import Any

import pytest

from hookc.frontend.located import Located
from hookc.hosts.codex.toml_file import key_places, load_toml
from hookc.source import Source

TRICKY = [
    'a = 1\nb = "x # not a comment"  # a comment\n[t]\nc = [1, 2,\n  # c\n  3,]\n',
    's = \'\'\'\n[[not.a.header]]\nk = 1\'\'\'\n[x.y]\nz = """a \\""" b""""\n',
    'd = 1979-05-27 07:32:00Z\ne = 07:32:00\nf = { g.h = true, "i j" = -inf }\n',
    "[[a]]\nb.c = 1\n[[a]]\n[a.d]\ne = 'f'\n[[ a . \"g\" ]]\nh = [[1], [{ i = 2 }]]\n",
    '\ufeffk = 1\r\n[hooks]\r\n"Pre" = [ { matcher = "x" } ]  \r\n[hooks.state."a.b"]\r\n'
    "v = 0x1F\r\n",
    "a.b.c = 1\na.b.d = 'x'\n[e]\n'f'.\"g\" = 2\n",
]


def scalars(node: Located, path: tuple[str, ...] = ()) -> list[tuple[Any, Located]]:
    if isinstance(node.value, dict):
        return [s for key, child in node.items() for s in scalars(child, (*path, key))]
    if isinstance(node.value, list):
        return [s for child in node.value for s in scalars(child, path)]
    return [(path[-1] if path else None, node)]


def keys(node: Located) -> list[tuple[str, Located]]:
    found = []
    for key, child in node.items():
        found.append((key, child))
        found += keys(child)
    if isinstance(node.value, list):
        for item in node.value:
            found += keys(item)
    return found


@pytest.mark.parametrize("text", TRICKY)
def test_every_value_and_key_is_placed_where_it_is_written(text: str) -> None:
    text = text.removeprefix("\ufeff")
    source = Source("config.toml", text)
    root, problems = load_toml(source)
    assert root is not None and not problems
    for _, node in scalars(root):
        written = text[node.span.start : node.span.end]
        assert tomllib.loads(f"v = {written}")["v"] == node.value, written
    for key, node in keys(root):
        assert node.key_span is not None, key
        written = text[node.key_span.start : node.key_span.end]
        assert tomllib.loads(f"{written} = 1") == {key: 1}, written


def test_a_key_is_found_in_every_header_and_dotted_key_that_names_it() -> None:
    text = (
        "[[hooks.Stop]]\n[[hooks.'Stop'.hooks]]\n[[hooks.Stop]]\n"
        '[[ hooks . "Stop" . hooks ]]\nx.hooks.Stop = 1\n'
    )
    places = key_places(Source("config.toml", text), ("hooks", "Stop"))
    assert [text[p.start : p.end] for p in places] == ["Stop", "'Stop'", "Stop", '"Stop"']
