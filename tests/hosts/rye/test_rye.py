"""The `rye` dialect: Rye OS's own hook files mean what Rye's runtime makes of them.

The differential properties draw Rye documents (layers, sections, ``any``/``all``/``not``,
every operator and some Rye does not have, templates with ``||``, pipes and ``{input:...}``)
and contexts with missing keys, nulls, bools against ints and wrong types, and hold the
reference evaluator, the compiled module and ``hookc.runtime`` to ``tests.rye_oracle``, a
transcription of Rye's own Python: the same hooks, in the same order, with the same rendered
actions, and the same control result.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.check.driver import check_file
from hookc.frontend.load import load_source
from hookc.ir.hooks import HookSet
from hookc.optimize import optimize_hookset
from hookc.runtime.rye import rye_control
from hookc.source import Source
from tests import ROOT
from tests.backends.test_differential import build, reference_all, same
from tests.hosts.rye import rye_oracle
from tests.properties import SETTINGS, examples

EXAMPLE = ROOT / "examples" / "rye" / "hook_conditions.yaml"
EVENTS = ("error", "limit", "thread_started")

# -- drawing Rye documents and contexts --------------------------------------------------------

PATHS = ("a", "a.b", "a.0", "a[1].b", "b", "b.c.d", "inputs.x", "a.-1")
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.sampled_from([0.0, 1.0, 1.5, -2.5]),
    st.sampled_from(["", "x", "yes", "True", "1", "a.b"]),
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(["b", "c", "d", "0", "x"]), inner, max_size=3)
    ),
    max_leaves=8,
)
contexts = st.dictionaries(st.sampled_from(["a", "b", "inputs"]), json_values, max_size=3)
OPS = ("eq", "ne", "gt", "gte", "lt", "lte", "in", "contains", "regex", "exists", "starts_with")


@st.composite
def leaves(draw: st.DrawFn) -> dict[str, Any]:
    leaf: dict[str, Any] = {"path": draw(st.sampled_from(PATHS))}
    op = draw(st.sampled_from((None, *OPS)))
    if op is not None:
        leaf["op"] = op
    if op == "regex":
        leaf["value"] = draw(st.sampled_from(["^x", "e", "[0-9]", "True"]))
    elif op == "contains":
        leaf["value"] = draw(st.sampled_from(["x", "", "1", "{"]))
    elif op == "in":
        leaf["value"] = draw(st.lists(scalars, max_size=3))
    elif op != "exists" or draw(st.booleans()):
        leaf["value"] = draw(scalars)
    return leaf


condition_trees = st.recursive(
    leaves(),
    lambda inner: (
        st.builds(lambda cs: {"any": cs}, st.lists(inner, max_size=3))
        | st.builds(lambda cs: {"all": cs}, st.lists(inner, max_size=3))
        | st.builds(lambda c: {"not": c}, inner)
    ),
    max_leaves=5,
)
TEMPLATES = (
    "${a}",
    "${a.b}",
    "${a || b.c.d}",
    "id/${a.0}",
    "${a | json}",
    "${b | length}",
    "${a.b | upper}",
    "n=${a} m=${b.c.d}",
    "{input:x} {input:y?} {input:z:fallback}",
    "${inputs.x}-{input:x}",
    "${a | keys}",
    "plain",
    7,
    True,
)


@st.composite
def actions(draw: st.DrawFn) -> dict[str, Any]:
    action: dict[str, Any] = {
        "primary": draw(st.sampled_from(["execute", "fetch"])),
        "item_type": draw(st.sampled_from(["tool", "directive", "knowledge"])),
        "item_id": draw(st.sampled_from(TEMPLATES)),
    }
    if draw(st.booleans()):
        action["params"] = {
            "p": draw(st.sampled_from(TEMPLATES)),
            "nested": {"list": [draw(st.sampled_from(TEMPLATES)), 1]},
        }
    return action


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    document: dict[str, Any] = {}
    number = 0
    for section in ("hooks", "builtin_hooks", "context_hooks", "infra_hooks"):
        hooks = []
        for _ in range(draw(st.integers(0, 3))):
            hook: dict[str, Any] = {"id": f"h{number}", "event": draw(st.sampled_from(EVENTS))}
            number += 1
            if draw(st.booleans()):
                hook["layer"] = draw(st.integers(0, 4))
            if draw(st.integers(0, 4)):
                hook["condition"] = draw(st.one_of(condition_trees, st.just({})))
            hook["action"] = draw(actions())
            hooks.append(hook)
        if hooks:
            document[section] = hooks
    document["action_primaries"] = ["execute", "fetch", "sign"]
    return document


def hookset_of(document: dict[str, Any]) -> HookSet:
    text = yaml.safe_dump(document, sort_keys=False)
    loaded = load_source(Source("drawn.yaml", text))
    assert loaded.profile.name == "rye"
    assert not loaded.has_errors, [d.render() for d in loaded.diagnostics]
    assert loaded.hookset is not None
    return loaded.hookset


def as_hookc(action: dict[str, Any]) -> dict[str, Any]:
    """Rye's rendered action as hookc gives it: the primary is the action's type; a context
    hook's actions are one action of type `actions` (a single one is itself), with the
    hook's position and wrap."""
    if "actions" in action:
        extra = {key: value for key, value in action.items() if key != "actions"}
        if len(action["actions"]) == 1 and "primary" in action["actions"][0]:
            return {**as_hookc(action["actions"][0]), **extra}
        return {"type": "actions", "actions": action["actions"], **extra}
    rest = {key: value for key, value in action.items() if key != "primary"}
    return {"type": action["primary"], **rest}


def oracle_all(document: dict[str, Any], event: str, context: dict[str, Any]) -> list[Any] | None:
    """[(hook_id, action), ...] as Rye dispatches them, or None where Rye raises."""
    merged = rye_oracle.merged_hooks(document)
    try:
        ran = rye_oracle.run_hooks(document, event, context)
    except rye_oracle.Raised:
        return None
    return [(merged[number]["id"], as_hookc(action)) for number, action in ran]


def agree(actual: list[Any], expected: list[Any]) -> None:
    assert [hook_id for hook_id, _ in actual] == [hook_id for hook_id, _ in expected]
    for (_, got), (_, want) in zip(actual, expected, strict=True):
        assert same(got, want), (got, want)


@settings(SETTINGS, max_examples=examples(150))
@given(documents(), st.lists(contexts, min_size=1, max_size=6))
def test_every_back_end_runs_the_hooks_rye_runs_in_its_order_with_its_actions(
    document: dict[str, Any], drawn: list[dict[str, Any]]
) -> None:
    hookset = hookset_of(document)
    module = build(hookset)
    optimized = build(optimize_hookset(hookset, 2))
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    for context in drawn:
        for event in EVENTS:
            expected = oracle_all(document, event, context)
            if expected is None:
                continue  # Rye's own dispatch stops with an exception here
            agree(reference_all(hookset, event, context), expected)
            agree(module.evaluate_all(event, context), expected)
            agree(optimized.evaluate_all(event, context), expected)
            agree(runtime.evaluate_all(event, context), expected)


results = st.one_of(
    st.none(),
    st.just({}),
    st.just({"success": True}),
    st.just({"data": {"success": True}}),
    st.just({"data": None}),
    st.builds(lambda n: {"action": "retry", "n": n}, st.integers(0, 2)),
    st.builds(lambda n: {"data": {"action": "fail", "n": n}}, st.integers(0, 2)),
)


@settings(SETTINGS, max_examples=examples(100))
@given(documents(), contexts, st.data())
def test_the_control_result_is_rye_s_in_the_module_and_the_runtime(
    document: dict[str, Any], context: dict[str, Any], data: st.DataObject
) -> None:
    hookset = hookset_of(document)
    module = build(hookset)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    layers = {h["id"]: h["layer"] for h in rye_oracle.merged_hooks(document)}
    for event in EVENTS:
        if oracle_all(document, event, context) is None:
            continue
        fired = module.evaluate_all(event, context)
        returned = data.draw(st.lists(results, min_size=len(fired), max_size=len(fired)))
        expected = rye_oracle.control(
            [(layers[i], r) for (i, _), r in zip(fired, returned, strict=True)]
        )
        assert module.control_result(fired, returned) == expected
        assert runtime.control_result(fired, returned) == expected
        triples = [(layers[i], a, r) for (i, a), r in zip(fired, returned, strict=True)]
        assert rye_control(triples) == expected


# -- the dialect's rules, one at a time ---------------------------------------------------------


def first_line_signed(text: str) -> str:
    return "# rye:signed:2026-01-01T00:00:00Z:abc:def:123\n" + text


@pytest.mark.parametrize(
    "text",
    [
        "infra_hooks: []\n",
        "context_hooks: []\n",
        "action_primaries: [execute]\nhooks: []\n",
        "hooks:\n  - {event: error, layer: 1, action: {type: retry}}\n",
        "hooks:\n  - {event: error, action: {primary: execute, item_id: x}}\n",
        "hooks:\n  - {event: error, actions: []}\n",
        first_line_signed("hooks: []\n"),
    ],
)
def test_rye_s_format_is_recognised_by_content(text: str) -> None:
    assert load_source(Source("x.yaml", text)).profile.name == "rye"


def test_seed_000_s_format_stays_the_default_profile() -> None:
    text = (ROOT / "examples" / "seed" / "hooks.yaml").read_text()
    assert load_source(Source("hooks.yaml", text)).profile.name == "default"


def test_a_profile_named_on_the_command_line_overrides_detection() -> None:
    from hookc.hosts.profile import load_profile

    text = "hooks:\n  - {event: error, layer: 1, action: {primary: execute, item_id: x}}\n"
    loaded = load_source(Source("x.yaml", text), load_profile("default"))
    assert loaded.profile.name == "default"
    assert loaded.has_errors  # seed 000's schema has no `layer`


def test_layers_order_hooks_lower_first_and_keep_file_order_on_ties() -> None:
    document = {
        "infra_hooks": [{"id": "infra", "event": "error", "action": _tool("i")}],
        "builtin_hooks": [
            {"id": "late", "event": "error", "layer": 5, "action": _tool("l")},
            {"id": "b1", "event": "error", "action": _tool("b")},
        ],
        "hooks": [
            {"id": "user", "event": "error", "layer": 0, "action": _tool("u")},
            {"id": "project", "event": "error", "action": _tool("p")},
        ],
    }
    module = build(hookset_of(document))
    ids = [hook_id for hook_id, _ in module.evaluate_all("error", {})]
    assert ids == ["user", "b1", "project", "infra", "late"]
    assert ids == [i for i, _ in oracle_all(document, "error", {}) or []]


def test_resolve_extends_takes_the_first_match_in_file_order_whatever_the_layer() -> None:
    text = """\
hooks:
  - {id: late, event: resolve_extends, layer: 9, action: {set_extends: rye/agent/core/base}}
builtin_hooks:
  - {id: early, event: resolve_extends, layer: 0, action: {set_extends: other}}
"""
    loaded = load_source(Source("x.yaml", text))
    assert loaded.hookset is not None
    module = build(loaded.hookset)
    assert module.evaluate_hooks("resolve_extends", {}) == {
        "type": "set_extends",
        "set_extends": "rye/agent/core/base",
    }


def test_a_hook_id_used_twice_is_an_error_at_the_second_naming_the_first_s_line() -> None:
    text = """\
hooks:
  - {id: same, event: resolve_extends, layer: 1, action: {set_extends: a}}
builtin_hooks:
  - {id: same, event: resolve_extends, layer: 0, action: {set_extends: b}}
"""
    loaded = load_source(Source("x.yaml", text))
    assert loaded.profile.name == "rye"
    [duplicate] = [d for d in loaded.diagnostics if d.code == "HK401"]
    assert duplicate.message == "duplicate hook id `same` (first used on line 2)"
    assert duplicate.hint == "give each hook its own id"
    # At the second hook's id, not at its first key (issue 25, item 25).
    assert loaded.source.position(duplicate.span.start) == (4, 10)  # type: ignore[union-attr]


def test_a_leaf_with_an_operator_rye_has_not_is_explained_once() -> None:
    # HK503 said "`false` is always false", quoting a false the user never wrote; then "a
    # part of it is always false" beside HK210, which says it at the leaf's `op`: the
    # reader makes the leaf false and explains it, and nothing repeats it.
    from hookc.check.driver import check_loaded

    text = """\
builtin_hooks:
  - id: starts
    event: error
    layer: 1
    condition:
      all:
        - {path: error.message, op: starts_with, value: quota}
        - {path: classification.retryable, value: true}
    action: {primary: execute, item_id: "tool:x"}
"""
    loaded = load_source(Source("hook_conditions.yaml", text))
    assert loaded.profile.name == "rye"
    found = {d.code: d for d in check_loaded("hook_conditions.yaml", loaded).diagnostics}
    assert found["HK210"].message.startswith("Rye's evaluator has no operator `starts_with`")
    assert "HK503" not in found
    assert all("`false`" not in d.message for d in found.values())


def test_context_hooks_carry_their_position_and_wrap_and_run_action_lists() -> None:
    text = """\
context_hooks:
  - id: env
    event: thread_started
    position: after
    wrap: false
    actions:
      - {primary: execute, item_type: knowledge, item_id: "rye/core/${directive}"}
      - {primary: fetch, item_type: knowledge, item_id: rye/core/Rules}
"""
    loaded = load_source(Source("x.yaml", text))
    assert loaded.hookset is not None and not loaded.diagnostics
    runtime = hookc.runtime.loads(canonical_yaml(loaded.hookset))
    assert runtime.evaluate_all("thread_started", {"directive": "Env"}) == [
        (
            "env",
            {
                "type": "actions",
                "actions": [
                    {"primary": "execute", "item_type": "knowledge", "item_id": "rye/core/Env"},
                    {"primary": "fetch", "item_type": "knowledge", "item_id": "rye/core/Rules"},
                ],
                "position": "after",
                "wrap": False,
            },
        )
    ]


@pytest.mark.parametrize(
    ("snippet", "code", "message"),
    [
        ("{primary: exec, item_type: tool, item_id: x}", "HK301", "did you mean `execute`?"),
        ("{primary: execute, item_type: tools, item_id: x}", "HK304", "did you mean `tool`?"),
        ("{item_type: tool, item_id: x}", "HK305", "needs a `primary`"),
    ],
)
def test_actions_are_checked_against_the_file_s_catalogs(
    snippet: str, code: str, message: str
) -> None:
    text = (
        f"builtin_hooks:\n  - {{id: h, event: error, action: {snippet}}}\n"
        "action_primaries: [execute, fetch]\naction_item_types: [tool, knowledge]\n"
    )
    loaded = load_source(Source("x.yaml", text))
    found = [d for d in loaded.diagnostics if d.code == code]
    assert found and message in (found[0].message + " " + (found[0].hint or ""))


def test_an_operator_rye_does_not_have_is_a_warning_and_never_true() -> None:
    text = (
        "builtin_hooks:\n  - id: h\n    event: error\n"
        "    condition: {path: error.message, op: starts_with, value: x}\n"
        "    action: {primary: execute, item_type: tool, item_id: t}\n"
    )
    loaded = load_source(Source("x.yaml", text))
    assert [d.code for d in loaded.diagnostics] == ["HK210"]
    assert loaded.hookset is not None
    assert build(loaded.hookset).evaluate_all("error", {"error": {"message": "xyz"}}) == []


def test_no_hk505_where_every_matching_hook_runs() -> None:
    text = """\
builtin_hooks:
  - {id: a, event: error, action: {primary: execute, item_type: tool, item_id: t}}
  - id: b
    event: error
    condition: {path: classification.category, value: permanent}
    action: {primary: execute, item_type: tool, item_id: t}
"""
    path = _write(text)
    assert "HK505" not in {d.code for d in check_file(path).diagnostics}


def test_hk509_leaves_out_hooks_whose_results_never_control() -> None:
    text = """\
builtin_hooks:
  - {id: a, event: after_step, layer: 3, action: {primary: execute, item_type: tool, item_id: t}}
  - {id: b, event: after_step, layer: 3, action: {primary: execute, item_type: tool, item_id: u}}
context_hooks:
  - {id: c, event: thread_started, action: {primary: execute, item_type: knowledge, item_id: k}}
  - {id: d, event: thread_started, action: {primary: execute, item_type: knowledge, item_id: l}}
  - {id: e, event: error, action: {primary: execute, item_type: tool, item_id: t}}
  - {id: f, event: error, action: {primary: execute, item_type: tool, item_id: u}}
"""
    found = [d for d in check_file(_write(text)).diagnostics if d.code == "HK509"]
    assert [d.message.split("`")[1] for d in found] == ["f"]


# -- directive XML and front matter --------------------------------------------------------------

RYE_DIRECTIVE = """\
# Summarize

```xml
<directive name="summarize" version="1.0.0">
  <metadata>
    <hooks>
      <hook id="summary" event="after_complete">
        <condition path="cost.turns" op="gte" value="2" />
        <action primary="execute" item_type="tool" item_id="rye/agent/threads/thread_summary">
          <param name="thread_id">  ${thread_id}  </param>
          <param name="empty"></param>
        </action>
        <description>Summarize a thread that did some work</description>
      </hook>
      <hook id="context" event="thread_started" position="after">
        <action>
          <execute item_type="knowledge" item_id="project/Rules" />
          <fetch item_type="knowledge" item_id="project/${directive}" />
        </action>
      </hook>
      <hook>
        <when>cost.current > cost.limit * 0.9</when>
        <execute item_type="directive">warn-cost-critical</execute>
      </hook>
    </hooks>
  </metadata>
</directive>
```
"""


def test_directive_xml_hooks_are_read_as_rye_s_parser_reads_them() -> None:
    loaded = load_source(Source("summarize.md", RYE_DIRECTIVE))
    assert loaded.profile.name == "rye"
    assert loaded.hookset is not None and not loaded.has_errors
    messages = sorted(d.message for d in loaded.diagnostics)
    assert messages == [
        "Rye never reads `when`: this hook's condition is not tested",
        "Rye stores <execute>'s text and never runs it: this hook has no action",
        "a hook without an `event`: Rye never runs it",
    ]
    at = {d.message.split(":")[0]: loaded.source.position(d.span.start)  # type: ignore[union-attr]
          for d in loaded.diagnostics}  # fmt: skip
    assert at["Rye never reads `when`"] == (22, 10)  # the <when> element
    module = build(loaded.hookset)
    # `value="2"` is coerced to the int 2, as Rye's _coerce_value does; a hook of a
    # directive is in layer 1; a <param> is its stripped text, an empty one left out
    assert module.evaluate_all("after_complete", {"cost": {"turns": 2}, "thread_id": "T"}) == [
        (
            "summary",
            {
                "type": "execute",
                "item_type": "tool",
                "item_id": "rye/agent/threads/thread_summary",
                "params": {"thread_id": "T"},
            },
        )
    ]
    assert module.evaluate_all("after_complete", {"cost": {"turns": "2"}}) == []
    assert [row["priority"] for row in module.HOOKS] == [1, 1]
    assert module.evaluate_all("thread_started", {"directive": "D"}) == [
        (
            "context",
            {
                "type": "actions",
                "actions": [
                    {"primary": "execute", "item_type": "knowledge", "item_id": "project/Rules"},
                    {"primary": "fetch", "item_type": "knowledge", "item_id": "project/D"},
                ],
                "position": "after",
            },
        )
    ]


def test_seed_000_directive_xml_stays_seed_000_s() -> None:
    text = (ROOT / "examples" / "seed" / "directive.xml").read_text()
    assert load_source(Source("directive.xml", text)).profile.name == "default"


FRONT_MATTER = """\
<!-- ryeos:signed:2026-08-05T00:00:00Z:abc:def:123 -->
---
description: "Long research that continues past the context window."
limits:
  turns: 80
hooks:
  - id: summarize
    event: continuation
    result: control
    action:
      item_id: directive:research/summarize
      thread: inline
      params:
        reason: ${event.reason}
        max_summary_tokens: 2000
  - id: audit
    event: continuation
    result: discard
    condition: true
    action: {item_id: "tool:audit/log", params: {usage: "${event.usage | json}"}}
  - id: never
    event: continuation
    result: observation
    condition: false
    action: {item_id: "tool:x"}
  - id: later
    event: continuation
    condition: "event.reason == 'tokens'"
    action: {item_id: "tool:y"}
---

# Research
"""


def test_front_matter_hooks_are_read_with_their_result_modes() -> None:
    loaded = load_source(Source("research.md", FRONT_MATTER))
    assert loaded.profile.name == "rye" and loaded.hookset is not None
    assert not loaded.has_errors
    warned = sorted((d.code, loaded.source.position(d.span.start)[0]) for d in loaded.diagnostics)  # type: ignore[union-attr]
    assert warned == [("HK205", 26), ("HK210", 28)]  # `later`: no result; a text condition
    module = build(loaded.hookset)
    context = {"event": {"reason": "tokens", "usage": {"in": 3}}}
    fired = module.evaluate_all("continuation", context)
    assert fired == [
        (
            "summarize",
            {
                "type": "execute",
                "item_id": "directive:research/summarize",
                "thread": "inline",
                "params": {"reason": "tokens", "max_summary_tokens": 2000},
                "result": "control",
            },
        ),
        (
            "audit",
            {
                "type": "execute",
                "item_id": "tool:audit/log",
                "params": {"usage": '{"in": 3}'},
                "result": "discard",
            },
        ),
    ]
    # a discarded result never controls; the control hook's does
    assert module.control_result(fired, [{"success": True}, {"action": "x"}]) is None
    assert module.control_result(fired, [{"action": "go"}, {"action": "x"}]) == {"action": "go"}


# -- real files ----------------------------------------------------------------------------------

REAL = Path(os.environ.get("HOOKC_RYE_CORPUS", "/work/wt/rye-real"))


@pytest.mark.skipif(not REAL.is_dir(), reason="the corpus of Rye's real files is not here")
def test_every_real_rye_hook_file_checks_with_no_error() -> None:
    files = sorted(REAL.glob("hook_conditions/*.yaml"))
    assert len(files) >= 20
    files += sorted(REAL.glob("frontmatter/*.md")) + sorted(REAL.glob("xml/*.xml"))
    for path in files:
        report = check_file(path)
        assert not [d.render() for d in report.diagnostics if d.severity.value == "error"]


def test_the_example_gives_rye_s_answer_for_each_event() -> None:
    document = yaml.safe_load(EXAMPLE.read_text())
    loaded = load_source(Source(str(EXAMPLE), EXAMPLE.read_text()))
    assert loaded.hookset is not None
    module = build(loaded.hookset)
    contexts = json.loads((EXAMPLE.parent / "contexts.json").read_text())
    for event, context in contexts.items():
        expected = oracle_all(document, event, context)
        assert expected, event
        agree(module.evaluate_all(event, context), expected)


def _tool(item_id: str) -> dict[str, Any]:
    return {"primary": "execute", "item_type": "tool", "item_id": item_id}


def _write(text: str) -> Path:
    import tempfile

    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False) as handle:
        handle.write(text)
    return Path(handle.name)


# -- the example's golden outputs ----------------------------------------------------------------

GOLDEN = [
    ("check.expected", ("check", "examples/rye/hook_conditions.yaml"), 0),
    (
        "error.expected",
        ("eval", "examples/rye/hook_conditions.yaml", "--event", "error", "--context",
         "examples/rye/error.json", "--explain", "--all"),
        0,
    ),
    (
        "thread_started.expected",
        ("eval", "examples/rye/hook_conditions.yaml", "--event", "thread_started",
         "--context", "examples/rye/thread_started.json", "--explain", "--all"),
        0,
    ),
    (
        "compile.expected",
        ("compile", "examples/rye/hook_conditions.yaml", "-o", "{tmp}", "--explain"),
        0,
    ),
]  # fmt: skip


@pytest.mark.parametrize(("golden", "argv", "status"), GOLDEN, ids=[g[0] for g in GOLDEN])
def test_the_example_prints_its_golden_output(
    golden: str, argv: tuple[str, ...], status: int, tmp_path: Path, monkeypatch: Any
) -> None:
    from tests.cli.test_examples import UPDATE, run

    monkeypatch.chdir(ROOT)
    code, out, _ = run(*(arg.replace("{tmp}", str(tmp_path)) for arg in argv))
    assert code == status
    expected = EXAMPLE.parent / golden
    if UPDATE:
        expected.write_text(out)
    assert out == expected.read_text()


def test_the_example_compiles_to_its_golden_canonical_yaml(
    tmp_path: Path, monkeypatch: Any
) -> None:
    from tests.cli.test_examples import UPDATE, run

    monkeypatch.chdir(ROOT)
    code, _, _ = run("compile", "examples/rye/hook_conditions.yaml", "-o", str(tmp_path),
                     "--target", "yaml")  # fmt: skip
    assert code == 0
    written = (tmp_path / "hook_conditions.hooks.yaml").read_text()
    expected = EXAMPLE.parent / "hook_conditions.hooks.yaml"
    if UPDATE:
        expected.write_text(written)
    assert written == expected.read_text()
    # and the canonical file, read by the runtime, gives the example's answers
    runtime = hookc.runtime.load(expected)
    module = build(hookset_of(yaml.safe_load(EXAMPLE.read_text())))
    contexts = json.loads((EXAMPLE.parent / "contexts.json").read_text())
    for event, context in contexts.items():
        assert runtime.evaluate_all(event, context) == module.evaluate_all(event, context)


@pytest.mark.parametrize("layer", [2**63, -(2**63) - 1, 22222222222222222222])
def test_a_layer_past_int64_is_an_error_not_a_file_the_runtime_refuses(layer: int) -> None:
    # Found by tests/fuzz: Rye sorts by any int, but a priority is an int64 in the IR,
    # canonical YAML and hookc.runtime (which refused the compiled file).
    action = "{primary: execute, item_type: tool, item_id: x}"
    text = f"hooks:\n  - {{id: h, event: error, layer: {layer}, action: {action}}}\n"
    loaded = load_source(Source("x.yaml", text))
    assert [(d.code, d.message) for d in loaded.diagnostics if d.severity.name == "ERROR"] == [
        ("HK205", "`layer` is beyond the int64 range")
    ]


@pytest.mark.parametrize("layer", [2**63 - 1, -(2**63)])
def test_a_layer_at_the_int64_bounds_reaches_the_runtime(layer: int) -> None:
    action = "{primary: execute, item_type: tool, item_id: x}"
    text = f"hooks:\n  - {{id: h, event: error, layer: {layer}, action: {action}}}\n"
    loaded = load_source(Source("x.yaml", text))
    assert loaded.hookset is not None
    runtime = hookc.runtime.loads(canonical_yaml(loaded.hookset))
    assert [(hook["id"], hook["priority"]) for hook in runtime.HOOKS] == [("h", layer)]
