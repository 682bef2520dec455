"""``hookc.runtime.load`` (SPEC §7): canonical YAML evaluated by closures agrees with the
reference evaluator and with the compiled module on every generated input; it stands apart
from the compiler; a file it cannot use is an error that names the place.

The differential properties reuse the back end's: hook sets drawn by Hypothesis are written
as canonical YAML (``hookc.backend.canonical``), loaded by the runtime, and run on batches of
drawn contexts plus the fixed corpus of contexts that trip Python-based evaluators.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.ir.expr import Expr, Ident, Index, Literal, Select
from hookc.ir.hooks import Action, HookSet, Params, Template
from hookc.runtime import LoadError, Runtime
from tests import ROOT
from tests.backends.test_differential import (
    _DISCRIMINANTS,
    _DISPATCH_FIELDS,
    _HOOKS_WITH_ACTIONS,
    PYTHON_VALUES,
    TRICKY_CONTEXTS,
    _hookset_of,
    _hookset_with_actions,
    build,
    check_dispatch,
    check_predicates,
    hook_sets,
    indexed_hook_sets,
    nasty_hook_sets,
    reference_all,
    same,
    trees_with_contexts,
)
from tests.properties import SETTINGS, examples
from tests.strategies import batches, conditions, context_batches


def runtime_of(hookset: HookSet) -> Runtime:
    return hookc.runtime.loads(canonical_yaml(hookset))


def partitioned(hookset: HookSet) -> HookSet:
    """The hook set as canonical YAML lists it: hooks, then builtin hooks."""
    hooks = tuple(h for h in hookset.hooks if not h.builtin) + tuple(
        h for h in hookset.hooks if h.builtin
    )
    return HookSet(hooks, hookset.ordering, hookset.profile)


# -- agreement ----------------------------------------------------------------------------------


@settings(SETTINGS, max_examples=examples(600))
@given(
    st.lists(conditions, min_size=1, max_size=3),
    context_batches(16),
    st.integers(0, len(TRICKY_CONTEXTS) - 1),
)
def test_runtime_predicates_agree_with_the_reference_evaluator(
    conditions_: list[Expr], drawn: list[dict[str, Any]], offset: int
) -> None:
    hookset = _hookset_of(conditions_)
    corpus = (TRICKY_CONTEXTS * 2)[offset : offset + 12]
    check_predicates(runtime_of(hookset), hookset, [*drawn, *corpus])  # type: ignore[arg-type]


@settings(SETTINGS, max_examples=examples(400))
@given(trees_with_contexts())
def test_runtime_agrees_on_arbitrary_trees_with_crowded_names(
    drawn: tuple[Expr, list[dict[str, Any]]],
) -> None:
    expr, contexts = drawn
    hookset = _hookset_of([expr])
    check_predicates(runtime_of(hookset), hookset, contexts)  # type: ignore[arg-type]


@settings(SETTINGS, max_examples=examples(250))
@given(hook_sets(conditions), context_batches(12), st.integers(0, len(TRICKY_CONTEXTS) - 1))
def test_runtime_dispatch_agrees_with_the_reference_and_the_compiled_module(
    drawn_set: tuple[HookSet, list[str]], drawn: list[dict[str, Any]], offset: int
) -> None:
    hookset, events = drawn_set
    runtime = runtime_of(hookset)
    contexts = [*drawn, *(TRICKY_CONTEXTS * 2)[offset : offset + 8]]
    check_dispatch(runtime, partitioned(hookset), contexts, events)  # type: ignore[arg-type]
    module = build(partitioned(hookset))
    for context in contexts:
        for event in events:
            assert [i for i, _ in runtime.evaluate_all(event, context)] == [
                i for i, _ in module.evaluate_all(event, context)
            ]
    assert [dict(row) for row in runtime.HOOKS] == [
        {key: value for key, value in row.items() if key != "when"} for row in module.HOOKS
    ]


@settings(SETTINGS, max_examples=examples(200))
@given(indexed_hook_sets(), batches(_DISPATCH_FIELDS, 12))
def test_the_runtime_index_never_changes_which_hooks_fire(
    drawn_set: tuple[HookSet, list[str]], contexts: list[dict[str, Any]]
) -> None:
    hookset, events = drawn_set
    runtime = runtime_of(hookset)
    tools = [{"tool": value} for value in _DISCRIMINANTS + PYTHON_VALUES]
    check_dispatch(runtime, partitioned(hookset), [*contexts, *tools, {}], events)  # type: ignore[arg-type]


class _Text(str):
    """A str subclass: CEL reads it as a string, so it must find the hooks its value keys."""


def test_the_index_selects_by_the_string_and_keeps_order() -> None:
    rows = "\n".join(
        f"  - {{id: k{i}, event: e, condition: {{path: tool.name, op: eq, value: t{i % 10}}}, "
        "action: {type: t}}"
        for i in range(20)
    )
    text = (
        "hooks:\n  - {id: first, event: e, condition: {path: x, op: exists}, action: {type: t}}\n"
        f"{rows}\n  - {{id: last, event: e, action: {{type: t}}}}\n"
    )
    runtime = hookc.runtime.loads(text)
    select = runtime._events["e"]
    assert [h.id for h in select({"tool": {"name": "t3"}})] == ["first", "k3", "k13", "last"]
    assert [h.id for h in select({"tool": {"name": "none"}})] == ["first", "last"]
    assert [h.id for h in select({"tool": {"name": 3}})] == ["first", "last"]
    assert len(list(select({"tool": {"name": _Text("t3")}}))) == 22
    assert runtime.evaluate_all("e", {"x": 1, "tool": {"name": _Text("t3")}}) == [
        ("first", {"type": "t"}),
        ("k3", {"type": "t"}),
        ("k13", {"type": "t"}),
        ("last", {"type": "t"}),
    ]


@settings(SETTINGS, max_examples=examples(200))
@given(_HOOKS_WITH_ACTIONS, context_batches(8), st.integers(0, len(TRICKY_CONTEXTS) - 1))
def test_runtime_renders_actions_as_the_reference_does(
    hooks: list[tuple[Expr | None, Action]], drawn: list[dict[str, Any]], offset: int
) -> None:
    hookset = _hookset_with_actions(hooks)
    runtime = runtime_of(hookset)
    for context in [*drawn, *(TRICKY_CONTEXTS * 2)[offset : offset + 8]]:
        expected = reference_all(hookset, "error", context)
        every = runtime.evaluate_all("error", context)
        assert [i for i, _ in every] == [i for i, _ in expected]
        for (_, got), (_, want) in zip(every, expected, strict=True):
            assert same(got, want), f"{got!r} != {want!r}"
        first = runtime.evaluate_hooks("error", context)
        assert (first is None) == (not expected)
        if expected:
            assert same(first, expected[0][1])


def test_a_hole_with_empty_text_around_it_is_text_not_the_value_alone() -> None:
    # Found by the test above: canonical YAML wrote ('', x, '') as `${x}`, which the runtime
    # read as the hole alone (null for a missing path) where the template is text ('').
    hole = Index(Select(Ident("error"), "headers"), Literal("retry-after"))
    for parts, missing in ((("", hole, ""), ""), ((hole,), None)):
        action = Action("retry", Params((("target", Template(parts)),)))
        hookset = _hookset_with_actions([(None, action)])
        expected = reference_all(hookset, "error", {})
        assert expected == [("hook_0", {"type": "retry", "target": missing})]
        assert runtime_of(hookset).evaluate_all("error", {}) == expected


def test_literal_parts_that_meet_as_a_hole_opener_stay_text() -> None:
    # Found by the test above: canonical YAML wrote the parts '$', '{' as the text `${`,
    # which the runtime then read as the start of a hole (and refused).
    hole = Select(Ident("error"), "kind")
    for parts, rendered in (
        (("$", "{"), "${"),
        (("$", "{", hole, "}"), "${x}"),
        (("a$", "{b}", "$", hole), "a${b}$x"),
    ):
        action = Action("retry", Params((("target", Template(parts)),)))
        hookset = _hookset_with_actions([(None, action)])
        expected = reference_all(hookset, "error", {"error": {"kind": "x"}})
        assert expected == [("hook_0", {"type": "retry", "target": rendered})]
        assert runtime_of(hookset).evaluate_all("error", {"error": {"kind": "x"}}) == expected


@settings(SETTINGS, max_examples=examples(150))
@given(nasty_hook_sets())
def test_any_text_in_ids_events_strings_and_templates_loads_and_agrees(
    drawn: tuple[HookSet, list[dict[str, Any]], tuple[str, ...]],
) -> None:
    hookset, contexts, _ = drawn
    runtime = runtime_of(hookset)
    events = sorted({hook.event for hook in hookset.hooks})
    check_dispatch(runtime, partitioned(hookset), contexts, events)  # type: ignore[arg-type]


def test_actions_are_fresh_dicts_that_callers_may_change() -> None:
    runtime = hookc.runtime.loads(
        "hooks:\n- id: a\n  event: e\n  action: {type: t, payload: {list: [1, {k: v}]}, "
        "copy: '${items}'}\n"
    )
    context = {"items": [1, 2]}
    first = runtime.evaluate_hooks("e", context)
    assert first == {"type": "t", "payload": {"list": [1, {"k": "v"}]}, "copy": [1, 2]}
    assert first is not None
    first["payload"]["list"][1]["k"] = "changed"
    first["copy"].append(3)
    assert runtime.evaluate_hooks("e", context) == {
        "type": "t",
        "payload": {"list": [1, {"k": "v"}]},
        "copy": [1, 2],
    }
    assert context == {"items": [1, 2]}


def test_an_action_an_index_key_decides_is_a_fresh_copy_each_call() -> None:
    """Ten hooks ``tool == 'tool_<i>'`` (indexed; each key decides its hook): a plain action
    is made from one prebuilt dict, a nested one by its renderer, fresh each call."""
    entries = "".join(
        f"- id: h{i}\n  event: e\n  condition: {{path: tool, op: eq, value: tool_{i}}}\n"
        + (f"  action: {{type: t, n: {i}}}\n" if i % 2 else f"  action: {{type: t, l: [{i}]}}\n")
        for i in range(10)
    )
    runtime = hookc.runtime.loads("hooks:\n" + entries)
    for i, want in ((3, {"type": "t", "n": 3}), (4, {"type": "t", "l": [4]})):
        first = runtime.evaluate_hooks("e", {"tool": f"tool_{i}"})
        assert first == want
        assert first is not None
        first.clear()
        assert runtime.evaluate_hooks("e", {"tool": f"tool_{i}"}) == want
        assert runtime.evaluate_all("e", {"tool": f"tool_{i}"}) == [(f"h{i}", want)]
    assert runtime.evaluate_hooks("e", {"tool": "other"}) is None


# -- loading ------------------------------------------------------------------------------------


def test_load_takes_a_path_a_file_name_or_the_text(tmp_path: Path) -> None:
    text = (
        "hooks:\n- {id: a, event: e, condition: {path: x, op: eq, value: 1}, action: {type: t}}\n"
    )
    path = tmp_path / "rules.hooks.yaml"
    path.write_text(text, encoding="utf-8")
    for loaded in (
        hookc.runtime.load(path),
        hookc.runtime.load(str(path)),
        hookc.runtime.load(text),
    ):
        assert loaded.evaluate_hooks("e", {"x": 1.0}) == {"type": "t"}
        assert loaded.evaluate_hooks("e", {"x": True}) is None
        assert loaded.predicates["a"]({"x": 1}) is True


def test_source_digest_and_version_come_from_the_header_of_compiled_yaml() -> None:
    runtime = hookc.runtime.loads(
        "# Canonical hooks written by hookc 9.9.9 (hookc compile --target yaml).\n"
        f"# source sha256: {'ab' * 32}\nhooks: []\n"
    )
    assert runtime.SOURCE_SHA256 == "ab" * 32
    assert runtime.HOOKC_VERSION == "9.9.9"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "hooks:\n- id: a\n  event: e\n  condition: {path: x, op: eqq, value: 1}\n"
            "  action: {type: t}\n",
            "f.yaml:4:28: hooks[0].condition.op: unknown operator `eqq`",
        ),
        (
            "hooks:\n- event: e\n  action: {type: t}\n",
            "f.yaml:2:3: hooks[0]: a hook needs `id` (canonical YAML names every hook)",
        ),
        (
            "hooks:\n- id: a\n  event: e\n  condition: {when: x == 1}\n  action: {type: t}\n",
            "f.yaml:4:14: hooks[0].condition: `when` expressions need the compiler; load the "
            "canonical YAML that `hookc compile --target yaml` writes",
        ),
        (
            "hooks:\n- id: a\n  event: e\n  condition: {path: 'x +', op: exists}\n"
            "  action: {type: t}\n",
            "f.yaml:4:21: hooks[0].condition.path: `x +` is not a path hookc.runtime reads "
            "(at ` +`): write fields, [0] positions and ['plain'] keys, or use the node form",
        ),
        (
            "hooks:\n- id: a\n  event: e\n  action: {type: t, m: '${a + 1}'}\n",
            "f.yaml:4:24: hooks[0].action.m: `${a + 1}`: hookc.runtime reads ${path} holes "
            "only; canonical YAML writes other expressions as {template: [...]}",
        ),
        (
            "hooks:\n- id: a\n  event: e\n  condition:\n    all:\n    - {node: frob}\n"
            "  action: {type: t}\n",
            "f.yaml:6:14: hooks[0].condition.all[0].node: unknown expression node 'frob'",
        ),
        (
            "hooks:\n- {id: a, event: e, action: {type: t}}\n"
            "- {id: a, event: f, action: {type: t}}\n",
            "f.yaml:3:8: hooks[1].id: duplicate hook id `a`",
        ),
        ("hooks: [\n", "f.yaml:2:1: YAML syntax error: did not find expected node content"),
        ("- 1\n", "f.yaml:1:1: the document: expected a mapping, not a list"),
        ("hook:\n- {id: a}\n", "f.yaml:1:1: hook: unknown key `hook` in a hook file"),
    ],
)
def test_a_file_the_runtime_cannot_use_is_an_error_naming_the_place(
    text: str, message: str
) -> None:
    with pytest.raises(LoadError) as raised:
        hookc.runtime.loads(text, "f.yaml")
    assert str(raised.value) == message


def test_a_missing_file_is_a_load_error(tmp_path: Path) -> None:
    with pytest.raises(LoadError, match="cannot read"):
        hookc.runtime.load(tmp_path / "absent.yaml")


# -- standing apart -----------------------------------------------------------------------------


def test_loading_and_evaluating_imports_no_parser_validator_or_compiler_module() -> None:
    script = (
        "import json, sys\n"
        "import hookc.runtime\n"
        "runtime = hookc.runtime.load(sys.argv[1])\n"
        "assert runtime.evaluate_hooks('limit', {'limit_code': 'spend_exceeded', "
        "'cost': {'spend': 11.0}}) is not None\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    canonical = ROOT / "examples" / "canonical" / "policies.hooks.yaml"
    loaded = json.loads(
        subprocess.run(
            [sys.executable, "-c", script, str(canonical)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    forbidden = [
        name
        for name in loaded
        if name.partition(".")[0] in {"lark", "lxml", "jsonschema"}
        or (
            name.startswith("hookc.")
            and not name.startswith(("hookc.runtime", "hookc.errors", "hookc.version"))
        )
    ]
    assert forbidden == []
    assert "yaml" in loaded and "hookc.runtime.closures" in loaded
