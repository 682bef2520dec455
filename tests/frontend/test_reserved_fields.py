"""CEL's reserved words that are not keywords are field names (`a.as`, `event.namespace`),
as CEL's grammar and its conformance suite (parse/selectors) have them, everywhere a path is
written: conditions, condition trees, templates, canonical YAML and ``hookc.runtime``. The
keywords `true`, `false`, `null` and `in` are fields nowhere; no reserved word is a name."""

from __future__ import annotations

from pathlib import Path

import pytest

import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.backend.python import generate
from hookc.cel.catalog import CEL_KEYWORDS, RESERVED
from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.frontend.load import load_file
from hookc.ir.expr import Ident, Select
from tests.properties import load

FIELD_WORDS = sorted(RESERVED - CEL_KEYWORDS)


def test_the_reserved_words_that_are_fields_are_the_seventeen_of_cel_conformance() -> None:
    assert (
        sorted(
            "as break const continue else for function if import let loop package namespace "
            "return var void while".split()
        )
        == FIELD_WORDS
    )


@pytest.mark.parametrize("word", FIELD_WORDS)
def test_a_reserved_word_selects_a_field_and_prints_back_as_one(word: str) -> None:
    result = parse(f"event.{word}")
    assert result.diagnostics == ()
    assert result.expr == Select(Ident("event"), word)
    assert to_text(result.expr) == f"event.{word}"


@pytest.mark.parametrize("word", FIELD_WORDS)
def test_a_reserved_word_is_still_no_variable_name(word: str) -> None:
    assert [d.code for d in parse(f"{word} == 1").diagnostics] == ["HK108"]


@pytest.mark.parametrize("word", sorted(CEL_KEYWORDS))
def test_a_keyword_is_no_field_and_prints_as_an_index(word: str) -> None:
    [diagnostic] = parse(f"event.{word}").diagnostics
    assert diagnostic.code == "HK108"
    assert diagnostic.hint == f"write event['{word}']"
    assert to_text(Select(Ident("event"), word)) == f"event['{word}']"


HOOKS = """\
hooks:
  - id: by_text
    event: deploy
    when: "target.namespace == 'prod' && target.if.var > 2"
    action:
      type: emit_event
      event_type: app/deploy
      payload: {ns: "${target.namespace}", where: "in ${target.package.for}"}
  - id: by_tree
    event: deploy
    condition:
      all:
        - {path: target.while, op: eq, value: loop}
        - {path: target.items, op: some, where: {path: "@.return", op: exists}}
    action: {type: emit_event, event_type: app/tree}
"""

CONTEXT = {
    "target": {
        "namespace": "prod",
        "if": {"var": 3},
        "package": {"for": "eu"},
        "while": "loop",
        "items": [{"return": 1}],
    }
}


def test_hook_files_read_reserved_fields_in_conditions_trees_and_templates(
    tmp_path: Path,
) -> None:
    source = tmp_path / "deploy.hooks.yaml"
    source.write_text(HOOKS, encoding="utf-8")
    loaded = load_file(source)
    assert [d for d in loaded.diagnostics if d.severity.value == "error"] == []
    assert loaded.hookset is not None
    text = canonical_yaml(loaded.hookset)
    # Canonical YAML writes them as plain paths, which the runtime reads.
    assert "path: target.while" in text and "path: '@.return'" in text
    runtime = hookc.runtime.loads(text)
    module = load(generate(loaded.hookset, source_sha256="0" * 64, sources=()))
    expected = {
        "type": "emit_event",
        "event_type": "app/deploy",
        "payload": {"ns": "prod", "where": "in eu"},
    }
    for evaluate_all in (runtime.evaluate_all, module.evaluate_all):
        assert evaluate_all("deploy", CONTEXT) == [
            ("by_text", expected),
            ("by_tree", {"type": "emit_event", "event_type": "app/tree", "payload": {}}),
        ]
        assert evaluate_all("deploy", {"target": {"namespace": "dev"}}) == []


@pytest.mark.parametrize("word", sorted(CEL_KEYWORDS))
def test_the_runtime_reads_no_keyword_as_a_field(word: str) -> None:
    text = (
        f"hooks:\n- id: a\n  event: e\n  condition: {{path: x.{word}, op: exists}}\n"
        "  action: {type: t}\n"
    )
    with pytest.raises(hookc.runtime.LoadError) as raised:
        hookc.runtime.loads(text, "f.yaml")
    assert str(raised.value) == (
        f"f.yaml:4:21: hooks[0].condition.path: `x.{word}`: `{word}` is a keyword in CEL, "
        f"not a field: write ['{word}']"
    )
