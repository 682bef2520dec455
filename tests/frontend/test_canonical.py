"""Canonical YAML (SPEC §7, ``hookc.backend.canonical``): an ordinary hook file that the
front end reads back to the same hooks, in one spelling per meaning.

The laws, with Hypothesis: reading a canonical file gives the hook set it was written from
(hooks before builtin hooks), so ``canon(canon(x)) == canon(x)``; every canonical file
validates against ``schemas/ir.schema.json``. Golden files pin the form itself, and the
tags and declarations that text alone cannot say are checked one by one.
"""

from __future__ import annotations

import io
import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from hookc.backend.canonical import canonical_data, canonical_yaml
from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.cli import main
from hookc.frontend.load import load_file, load_source
from hookc.hosts.profile import load_profile
from hookc.ir.expr import Binary, Comprehension, Expr, Ident, Literal, Select, walk
from hookc.ir.hooks import Action, Hook, HookSet, Ordering, Params, ParamValue, Template
from hookc.source import Source
from hookc.source.diagnostics import Severity
from tests import ROOT
from tests.properties import SETTINGS, examples
from tests.strategies import conditions, expressions, names

CANONICAL = ROOT / "examples" / "canonical"
UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"
IR_VALIDATOR = Draft202012Validator(
    json.loads((ROOT / "schemas" / "ir.schema.json").read_text(encoding="utf-8"))
)
PROFILE = load_profile()


def read_back(text: str) -> tuple[HookSet | None, list[str]]:
    loaded = load_source(Source("canonical.hooks.yaml", text), PROFILE)
    errors = [d.render() for d in loaded.diagnostics if d.severity is Severity.ERROR]
    return loaded.hookset, errors


def partitioned(hookset: HookSet) -> HookSet:
    hooks = tuple(h for h in hookset.hooks if not h.builtin) + tuple(
        h for h in hookset.hooks if h.builtin
    )
    return HookSet(hooks, hookset.ordering, hookset.profile)


def parser_made(expr: Expr) -> bool:
    """A tree the parser gives without an error (the only trees a hook file can hold)."""
    parsed = parse(to_text(expr))
    errors = [d for d in parsed.diagnostics if d.severity is Severity.ERROR]
    return (
        parsed.expr == expr
        and not errors
        and not any(
            isinstance(node, Literal) and isinstance(node.value, float) and math.isnan(node.value)
            for node, _ in walk(expr)
        )
    )


# -- the laws -----------------------------------------------------------------------------------

_TEXT = st.text(max_size=8)
_HOLES = st.one_of(
    st.sampled_from(
        (
            Ident("tool"),
            Select(Ident("error"), "type"),
            parse("error.headers['retry-after']").expr,
            parse("items[0]").expr,
            parse("cost.spend * 2.0").expr,
            parse("size(items) > 1 ? 'many' : 'few'").expr,
        )
    ),
)
_TEMPLATES = st.lists(st.one_of(_TEXT.filter(bool), _HOLES), min_size=1, max_size=3).map(
    lambda parts: _joined(parts)
)


def _joined(parts: list[str | Expr]) -> ParamValue:
    """Parts as the front end makes them: adjacent text merged, text alone a plain string."""
    merged: list[str | Expr] = []
    for part in parts:
        if isinstance(part, str) and merged and isinstance(merged[-1], str):
            merged[-1] += part
        else:
            merged.append(part)
    if all(isinstance(part, str) for part in merged):
        return "".join(p for p in merged if isinstance(p, str))
    return Template(tuple(merged))


_PAYLOAD_VALUES: st.SearchStrategy[ParamValue] = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-(2**63), 2**63 - 1),
        st.floats(),
        _TEXT,
        st.sampled_from(("${", "a ${ b", "$", "}", "${tool}", "1.0", "true", "null", "~")),
        _TEMPLATES,
    ),
    lambda children: st.one_of(
        st.lists(children, max_size=3).map(tuple),
        st.dictionaries(
            st.one_of(st.sampled_from(("template", "params", "double", "type")), _TEXT),
            children,
            max_size=3,
        ).map(lambda d: Params(tuple(d.items()))),
    ),
    max_leaves=5,
)


@st.composite
def hooksets(draw: st.DrawFn) -> HookSet:
    """Hook sets a front end could have made: parser-made conditions (seed leaves and node
    forms both), emit_event actions whose payload holds every kind of parameter."""
    ids = draw(st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=4, unique=True))
    hooks = []
    for hook_id in ids:
        condition = draw(st.none() | conditions | expressions)
        assume(condition is None or parser_made(condition))
        event_type = draw(st.one_of(_TEXT, _TEMPLATES))
        payload = draw(st.dictionaries(_TEXT, _PAYLOAD_VALUES, max_size=3))
        action = Action(
            "emit_event",
            Params((("event_type", event_type), ("payload", Params(tuple(payload.items()))))),
        )
        hooks.append(
            Hook(
                hook_id,
                draw(st.sampled_from(("error", "limit")) | st.text(min_size=1, max_size=6)),
                condition,
                action,
                priority=draw(st.integers(-(2**40), 2**40)),
                enabled=draw(st.booleans()),
                description=draw(st.none() | _TEXT),
                builtin=draw(st.booleans()),
            )
        )
    return HookSet(tuple(hooks), ordering=Ordering(True, True), profile="default")


def same_params(left: Any, right: Any) -> bool:
    """Python's == says NaN != NaN and 1 == 1.0 == True; canonical YAML must keep both apart."""
    return repr(left) == repr(right)


@settings(SETTINGS, max_examples=examples(300))
@given(hooksets())
def test_a_canonical_file_reads_back_to_its_hooks_and_is_a_fixed_point(hookset: HookSet) -> None:
    text = canonical_yaml(hookset)
    again, errors = read_back(text)
    assert errors == []
    assert again is not None
    expected = partitioned(hookset)
    assert [h.id for h in again.hooks] == [h.id for h in expected.hooks]
    for got, want in zip(again.hooks, expected.hooks, strict=True):
        assert (got.event, got.priority, got.enabled, got.description, got.builtin) == (
            want.event,
            want.priority,
            want.enabled,
            want.description,
            want.builtin,
        )
        assert got.condition == want.condition
        assert same_params(got.action, want.action), f"{got.action!r}\n!= {want.action!r}"
    assert canonical_yaml(again) == text  # canon(canon(x)) == canon(x)


@settings(SETTINGS, max_examples=examples(300))
@given(hooksets())
def test_every_canonical_file_validates_against_the_ir_schema(hookset: HookSet) -> None:
    data = yaml.safe_load(canonical_yaml(hookset))
    assert [e.message for e in IR_VALIDATOR.iter_errors(data)] == []


@settings(SETTINGS, max_examples=examples(200))
@given(st.one_of(conditions, expressions), names)
def test_seed_leaves_are_used_exactly_where_they_say_the_condition(
    condition: Expr, name: str
) -> None:
    assume(parser_made(condition))
    tree = canonical_data(HookSet((Hook(name, "error", condition, Action("abort")),)))
    written = tree["hooks"][0]["condition"]
    hookset, errors = read_back(
        canonical_yaml(HookSet((Hook(name, "error", condition, Action("abort")),)))
    )
    assert errors == [] and hookset is not None
    assert hookset.hooks[0].condition == condition
    # A comparison of a path with a constant is always a seed leaf.
    if (
        isinstance(condition, Binary)
        and condition.op == "=="
        and (isinstance(condition.left, Ident) and isinstance(condition.right, Literal))
    ):
        assert written == {
            "path": condition.left.name,
            "op": "eq",
            "value": condition.right.value,
        }


# -- the form -----------------------------------------------------------------------------------


def test_compile_target_yaml_writes_the_golden_canonical_file(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["compile", str(CANONICAL / "policies.yaml"), "--target", "yaml", "-o", str(tmp_path)],
        stdout=out,
        stderr=err,
    )
    assert status == 0, out.getvalue()
    written = (tmp_path / "policies.hooks.yaml").read_text(encoding="utf-8")
    golden = CANONICAL / "policies.hooks.yaml"
    if UPDATE:
        golden.write_text(written, encoding="utf-8")
    assert written == golden.read_text(encoding="utf-8")
    assert err.getvalue() == f"hookc: wrote {tmp_path / 'policies.hooks.yaml'} (5 hooks)\n"
    assert [p.name for p in tmp_path.iterdir()] == ["policies.hooks.yaml"]  # no temporary left


def test_the_canonical_example_is_its_own_canonical_form_and_checks_clean() -> None:
    golden = (CANONICAL / "policies.hooks.yaml").read_text(encoding="utf-8")
    loaded = load_file(CANONICAL / "policies.hooks.yaml")
    assert loaded.diagnostics == () and loaded.hookset is not None
    hookset = loaded.hookset
    header = "".join(line for line in golden.splitlines(keepends=True) if line.startswith("#"))
    assert header + canonical_yaml(hookset, loaded.sections) == golden
    assert hookset == partitioned(load_file(CANONICAL / "policies.yaml").hookset)  # type: ignore[arg-type]


def test_seed_hooks_need_no_node_form() -> None:
    hookset = load_file(ROOT / "examples" / "seed" / "hooks.yaml").hookset
    assert hookset is not None
    assert "node:" not in canonical_yaml(hookset)


def test_what_text_cannot_say_is_tagged_and_reads_back() -> None:
    params = Params(
        (
            ("event_type", "x"),
            (
                "payload",
                Params(
                    (
                        ("literal", "costs ${ dollars"),
                        ("nan", math.nan),
                        ("inf", -math.inf),
                        ("look_alike", Params((("template", ("a",)),))),
                        ("computed", Template(("twice: ", parse("cost.spend * 2.0").expr))),
                        ("path", Template(("on ", parse("error.headers['x']").expr))),
                    )
                ),
            ),
        )
    )
    hookset = HookSet((Hook("h", "error", None, Action("emit_event", params)),))
    payload = canonical_data(hookset)["hooks"][0]["action"]["payload"]
    assert payload["literal"] == {"template": ["costs ${ dollars"]}
    assert payload["nan"] == {"double": "NaN"} and payload["inf"] == {"double": "-Inf"}
    assert payload["look_alike"] == {"params": {"template": ["a"]}}
    assert payload["computed"]["template"][0] == "twice: "
    assert payload["path"] == "on ${error.headers['x']}"
    again, errors = read_back(canonical_yaml(hookset))
    assert errors == [] and again is not None
    assert same_params(again.hooks[0].action, hookset.hooks[0].action)


def test_quantifiers_write_the_element_as_at() -> None:
    condition = parse("items.exists(__elem, __elem.tool.glob('mcp/**'))").expr
    assert isinstance(condition, Comprehension)
    tree = canonical_data(HookSet((Hook("h", "error", condition, Action("abort")),)))
    assert tree["hooks"][0]["condition"] == {
        "path": "items",
        "op": "some",
        "where": {"path": "@.tool", "op": "glob", "value": "mcp/**"},
    }
    # A macro over a variable of another name is a node: `@` could not say it.
    other = parse("items.exists(x, x.tool.glob('mcp/**'))").expr
    tree = canonical_data(HookSet((Hook("h", "error", other, Action("abort")),)))
    assert tree["hooks"][0]["condition"]["node"] == "comprehension"


@pytest.mark.parametrize(
    ("header", "message"),
    [
        (
            "profile: claude_code\n",
            "error[HK403]: this file was written for the profile `claude_code`, not `default`",
        ),
        (
            "ordering: {higher_priority_first: false}\n",
            "error[HK403]: this file declares `higher_priority_first: false`, but the "
            "profile `default` has `true`",
        ),
    ],
)
def test_a_file_declaring_another_profile_or_ordering_is_an_error(
    header: str, message: str
) -> None:
    _, errors = read_back(header + "hooks:\n  - {event: error, action: {type: abort}}\n")
    assert len(errors) == 1 and message in errors[0]


def test_a_hand_written_node_is_checked_like_text() -> None:
    bad_function = (
        "hooks:\n  - event: error\n"
        "    condition: {node: call, function: frob, args: [], target: null}\n"
        "    action: {type: abort}\n"
    )
    _, errors = read_back(bad_function)
    assert len(errors) == 1 and "error[HK110]" in errors[0] and "in `frob()`" in errors[0]
    bad_shape = (
        "hooks:\n  - event: error\n"
        "    condition: {node: binary, op: '>', left: {node: ident},\n"
        "                right: {node: ident, name: y}}\n"
        "    action: {type: abort}\n"
    )
    _, errors = read_back(bad_shape)
    assert len(errors) == 1 and "error[HK212]" in errors[0]
    assert (
        "not an expression node (at /left): expected the keys ['node', 'name']; missing ['name']"
        in errors[0]
    )
    assert "3:46:" in errors[0]  # at the node itself


def test_compile_target_yaml_is_reproducible(tmp_path: Path) -> None:
    texts = []
    for folder in ("a", "b"):
        status = main(
            [
                "compile",
                str(CANONICAL / "policies.yaml"),
                "--target",
                "yaml",
                "-o",
                str(tmp_path / folder),
            ],
            stdout=io.StringIO(),
            stderr=io.StringIO(),
        )
        assert status == 0
        texts.append((tmp_path / folder / "policies.hooks.yaml").read_bytes())
    assert texts[0] == texts[1]


def test_compile_target_yaml_carries_the_inputs_own_catalog_and_schema(tmp_path: Path) -> None:
    """A custom action type must come along, or the canonical file would not read back."""
    source = ROOT / "examples" / "fmt" / "messy.hooks.yaml"
    assert main(["compile", str(source), "--target", "yaml", "-O0", "-o", str(tmp_path)],
                stdout=io.StringIO(), stderr=io.StringIO()) == 0  # fmt: skip
    written = tmp_path / "messy.hooks.yaml"
    assert "action_types:\n  page:" in written.read_text(encoding="utf-8")
    loaded = load_file(written)
    assert not loaded.has_errors
    assert loaded.hookset == load_file(source).hookset


def test_inputs_that_define_an_action_type_differently_cannot_share_one_canonical_file(
    tmp_path: Path,
) -> None:
    for name, kind in (("a", "string"), ("b", "integer")):
        (tmp_path / f"{name}.hooks.yaml").write_text(
            f"hooks:\n  - {{id: {name}, event: error, action: {{type: page, who: x}}}}\n"
            "action_types:\n"
            f"  page: {{parameters: {{who: {{type: string}}, n: {{type: {kind}}}}}}}\n",
            encoding="utf-8",
        )
    out, err = io.StringIO(), io.StringIO()
    argv = ["compile", str(tmp_path / "a.hooks.yaml"), str(tmp_path / "b.hooks.yaml")]
    status = main([*argv, "--target", "yaml", "-o", str(tmp_path / "out")], stdout=out, stderr=err)
    assert status == 2
    assert err.getvalue() == (
        "hookc: error: the inputs define the action type `page` differently; canonical YAML "
        "holds one catalog\n"
    )
    assert not (tmp_path / "out").exists()
