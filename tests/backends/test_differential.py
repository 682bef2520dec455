"""The Python back end agrees with the reference evaluator (SPEC §2, §3.1, §7).

Differential properties: hook sets drawn by Hypothesis are compiled with
``hookc.backend.python.generate``, the module text is executed, and its ``predicates``,
``evaluate_hooks`` and ``evaluate_all`` are run on many contexts against references written
here from the IR and ``hookc.cel.evaluator.evaluate`` (a hook fires iff its condition
evaluates to ``true``). Each hook set is compiled once and run on a batch of contexts (drawn
ones plus a fixed corpus of contexts that trip Python-based evaluators), so that some 2,500
hook sets and tens of thousands of (condition, context) pairs stay within CI's time;
``HOOKC_EXAMPLES_SCALE`` multiplies every example count for a soak run (``tests.properties``).

Also: the module imports only the standard library, actions are fresh dicts with templates
rendered as SPEC §3.1 says, and no text from a hook file (ids, strings, patterns, template
text, names) can change the generated program.
"""

from __future__ import annotations

import ast
import builtins
import copy
import dataclasses
import enum
import json
import math
import os
import re
import subprocess
import symtable
import sys
import types
import warnings
import zlib
from collections import OrderedDict, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
from hypothesis import assume, given, note, settings
from hypothesis import event as record_event
from hypothesis import strategies as st

import hookc
from hookc.backend import conditions as backend_conditions
from hookc.backend import dispatch as backend_dispatch
from hookc.backend import predicates as backend_predicates
from hookc.backend import shapes as backend_shapes
from hookc.backend.expressions import Constants, Scope
from hookc.backend.python import generate
from hookc.cel import compile as compile_expression
from hookc.cel.evaluator import evaluate
from hookc.cel.printer import to_text
from hookc.ir.expr import (
    NODE_TYPES,
    And,
    Binary,
    Call,
    Comprehension,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Map,
    Or,
    Select,
    path_steps,
    walk,
)
from hookc.ir.hooks import Action, Hook, HookSet, Ordering, Params, ParamValue, Template
from hookc.runtime.regex import RegexSyntaxError, compile_re2
from hookc.runtime.values import (
    INT64_MAX,
    INT64_MIN,
    CelError,
    compile_glob,
    format_value,
    to_string,
)
from tests.properties import SETTINGS, examples, load
from tests.strategies import (
    ERROR_CODE,
    ITEMS,
    TOOL,
    batches,
    conditions,
    context_batches,
    edge_values,
    expressions,
    short_repr,
    vocabulary_values,
)

SHA = "0" * 64
EVENTS = ("error", "limit", "pre_tool_use")
UNHEARD_EVENT = "session_start"  # no hook listens to it


# -- compiling and loading ----------------------------------------------------------------------


def standard_library_violations(text: str) -> list[str]:
    """Every import in ``text`` of a module outside the standard library."""
    found = []
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.append(f"relative import from {node.module!r}")
                continue
            modules = [node.module or ""]
        else:
            continue
        found += [m for m in modules if m.partition(".")[0] not in sys.stdlib_module_names]
    # A dynamic import is a name in the code, not a word inside a string literal (a hook may
    # well be called `__import__`: it must stay a string).
    names = {
        node.id if isinstance(node, ast.Name) else node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Name | ast.Attribute)
    }
    if names & {"__import__", "importlib", "import_module"}:
        found.append("dynamic import")
    return found


def build(hookset: HookSet, sources: tuple[str, ...] = ("hooks.yaml",)) -> types.ModuleType:
    """The compiled module of ``hookset`` (its imports are checked by the tests of part 4 and
    5, so that a stray import fails those and not every property)."""
    text = generate(hookset, source_sha256=SHA, sources=sources)
    assert isinstance(text, str)
    return load(text)


# -- references ---------------------------------------------------------------------------------


def fires(hook: Hook, context: dict[str, Any]) -> bool:
    return hook.condition is None or evaluate(hook.condition, context) is True


def render_template(template: Template, context: dict[str, Any]) -> Any:
    """SPEC §3.1: an exact template takes the value with its type (an error gives None); an
    embedded one formats values as CEL's ``string()`` would, strings bare, lists and maps as
    JSON, an error as the empty string. ``string(null)`` is an error in CEL, so an embedded
    null gives the empty string too (the SPEC does not say so in as many words; inside a list
    or map, JSON writes it ``null``)."""
    if template.is_exact:
        value = evaluate(template.parts[0], context)  # type: ignore[arg-type]
        return None if isinstance(value, CelError) else value
    out = []
    for part in template.parts:
        if isinstance(part, str):
            out.append(part)
            continue
        value = evaluate(part, context)
        if isinstance(value, CelError):
            out.append("")
        elif isinstance(value, list | tuple | dict):
            out.append(format_value(value))  # JSON
        else:
            # CEL's string(): bare strings, `true`, `1.5`; null has none, so it is an error.
            text = to_string(value)
            out.append("" if isinstance(text, CelError) else text)
    return "".join(out)


def render(value: ParamValue, context: dict[str, Any]) -> Any:
    if isinstance(value, Template):
        return render_template(value, context)
    if isinstance(value, Params):
        return {name: render(item, context) for name, item in value.items}
    if isinstance(value, tuple):
        return [render(item, context) for item in value]
    return value


def render_action(action: Action, context: dict[str, Any]) -> dict[str, Any]:
    return {"type": action.type, **render(action.params, context)}


def reference_all(hookset: HookSet, event: str, context: dict[str, Any]) -> list[tuple[str, Any]]:
    """Every enabled hook on ``event`` whose condition is true, in evaluation order."""
    return [
        (hook.id, render_action(hook.action, context))
        for hook in hookset.for_event(event)
        if fires(hook, context)
    ]


def same(actual: Any, expected: Any) -> bool:
    """Equal with the same CEL types, recursively: bool is not int, 1.0 is not 1, -0.0 is not
    0.0, NaN equals NaN; a list may come back as a list or a tuple."""
    if isinstance(expected, list | tuple):
        return (
            isinstance(actual, list | tuple)
            and len(actual) == len(expected)
            and all(map(same, actual, expected))
        )
    if isinstance(expected, dict):
        if not isinstance(actual, dict) or len(actual) != len(expected):
            return False
        typed = {(type(key), key): value for key, value in actual.items()}
        return all(
            (type(key), key) in typed and same(typed[(type(key), key)], value)
            for key, value in expected.items()
        )
    if type(actual) is not type(expected):
        return False
    if isinstance(expected, float):
        if math.isnan(expected):
            return math.isnan(actual)
        return actual == expected and math.copysign(1, actual) == math.copysign(1, expected)
    return bool(actual == expected)


def snapshot(context: dict[str, Any]) -> str:
    """A context's exact contents (repr tells 1 from 1.0 and True, and -0.0 from 0.0)."""
    return repr(context)


def describe(hook: Hook) -> str:
    return "None" if hook.condition is None else to_text(hook.condition)


def check_predicates(
    module: types.ModuleType, hookset: HookSet, contexts: Iterable[dict[str, Any]]
) -> None:
    predicates = module.predicates
    assert set(predicates) == {hook.id for hook in hookset.hooks}
    for context in contexts:
        before = snapshot(context)
        for hook in hookset.hooks:
            expected = fires(hook, context)
            actual = predicates[hook.id](context)
            value = "-" if hook.condition is None else evaluate(hook.condition, context)
            assert type(actual) is bool and actual is expected, (
                f"condition {describe(hook)}\ncontext {context!r}\n"
                f"reference value {value!r}: expected {expected}, got {actual!r}"
            )
        assert snapshot(context) == before, "evaluation changed the context"


def check_dispatch(
    module: types.ModuleType,
    hookset: HookSet,
    contexts: Iterable[dict[str, Any]],
    events: Sequence[str],
) -> None:
    for context in contexts:
        before = snapshot(context)
        for event in (*events, UNHEARD_EVENT):
            expected = reference_all(hookset, event, context)
            actual = module.evaluate_all(event, context)
            assert isinstance(actual, list)
            actual_ids = [hook_id for hook_id, _ in actual]
            expected_ids = [hook_id for hook_id, _ in expected]
            assert actual_ids == expected_ids, (
                f"event {event!r}, context {context!r}: evaluate_all fired {actual_ids}, "
                f"expected {expected_ids}\n"
                + "\n".join(f"  {hook.id}: {describe(hook)}" for hook in hookset.for_event(event))
            )
            for (hook_id, got), (_, want) in zip(actual, expected, strict=True):
                assert same(got, want), f"{hook_id} on {context!r}: action {got!r} != {want!r}"
            first = module.evaluate_hooks(event, context)
            if expected:
                assert same(first, expected[0][1]), (
                    f"event {event!r}, context {context!r}: evaluate_hooks gave {first!r}, "
                    f"expected {expected[0][0]}'s action {expected[0][1]!r}"
                )
            else:
                assert first is None, f"event {event!r}, {context!r}: expected None, got {first}"
        assert snapshot(context) == before, "evaluation changed the context"


# -- contexts -----------------------------------------------------------------------------------

NAN, INF = math.nan, math.inf


# What a Python caller passes beside plain JSON values: subclasses of str, int, float and
# dict count as those types (``hookc.runtime.values.kind``), and a defaultdict must not grow
# a key by being read.
class Tool(enum.StrEnum):
    BASH = "Bash"
    READ = "Read"


class Code(enum.IntEnum):
    TOO_MANY = 429
    ONE = 1


class Text(str):
    pass


class Number(float):
    pass


PYTHON_VALUES: tuple[Any, ...] = (Tool.BASH, Tool.READ, Text("Bash"), Text("é"), Code.ONE)
FULL = {
    "tool": "Bash",
    "cost": {"spend": 12.5},
    "error": {"code": 429, "headers": {"retry-after": "30"}},
    "items": [{"name": "Bash"}, {"name": "Read"}],
    "a": {"b": {"c": 3}},
}
TRICKY_CONTEXTS: tuple[dict[str, Any], ...] = (
    {},
    FULL,
    {**FULL, "tool": True},
    {**FULL, "tool": 1},
    {**FULL, "tool": 1.0},
    {**FULL, "tool": None},
    {**FULL, "tool": ["Bash"]},
    {**FULL, "tool": {"Bash": 1}},
    {**FULL, "tool": "é"},
    {**FULL, "tool": "😀\x00"},
    {**FULL, "tool": NAN},
    {"tool": "Read", "cost": None, "error": "boom", "items": "abc", "a": 1},
    {"cost": {"spend": NAN}, "error": {"code": NAN}, "a": {"b": {"c": NAN}}},
    {"cost": {"spend": INF}, "error": {"code": -INF, "headers": {"retry-after": INF}}},
    {"cost": {"spend": -0.0}, "error": {"code": 0, "headers": {"retry-after": 0.0}}},
    {"cost": {"spend": True}, "error": {"code": 1, "headers": {"retry-after": False}}},
    {"cost": {"spend": 2**64}, "error": {"code": -(2**70)}, "a": {"b": {"c": INT64_MAX + 1}}},
    {"cost": {"spend": 2**53 + 1}, "error": {"code": float(2**53)}, "a": {"b": {"c": 2**53}}},
    {"cost": {"spend": INT64_MAX}, "error": {"code": INT64_MIN}, "a": {"b": {"c": -1}}},
    {"cost": {"spend": "10"}, "error": {"code": "429", "headers": {"retry-after": "30"}}},
    {"cost": {}, "error": {"headers": None}, "a": {"b": None}},
    {"cost": "spend", "error": {"headers": []}, "a": {"b": "c"}},
    {"error": {"headers": "retry-after"}, "a": {"b": {"c": None}}},
    {"error": {"code": 1.0, "headers": {"retry-after": True}}, "a": {"b": {"c": [1, 2]}}},
    {"error": {"code": "rate_limited", "headers": {"retry-after": 30}}, "a": [{"b": 1}]},
    {"items": []},
    {"items": ()},
    {"items": [1, 1.0, True]},
    {"items": ({"name": "é"}, None), "x": 1},
    {"items": [[1], [NAN]], "a": {"b": {"c": {"c": 1}}}},
    {"items": {"name": 1}},
    {"items": [NAN, -0.0, 2**64, -(2**70)]},
    {"items": [{"name": "Bash"}, {"name": 1}, {}], "x": {"name": "Bash"}},
    {"items": ["Bash", "Read", "é", "😀", ""]},
    {"tool": "", "a": {"b": {"c": ""}}, "error": {"code": ""}},
    {"tool": "a/x/b", "a": {"b": {"c": "\x00"}}, "error": {"code": "é"}},
    {"tool": True, "a": {"b": {"c": False}}, "error": {"code": True}},
    {"tool": 0, "cost": {"spend": 0}, "a": {"b": {"c": -0.0}}, "error": {"code": False}},
    {"tool": (), "cost": {"spend": []}, "a": {"b": {"c": {}}}, "items": [()]},
    {"tool": {1: "one"}, "a": {"b": {True: 1, "c": 1}}, "error": {"headers": {1: 2}}},
    {"tool": {True: 1}, "a": {"b": {1.0: "x"}}, "error": {"headers": {True: 0, 0.0: 1}}},
    {"tool": "ab", "a": {"b": [0, 1]}, "items": [[5], {"name": "Bash"}], "x": [1]},
    {"tool": ["a", "b"], "a": {"b": (0, "one")}, "items": ((1,),), "error": {"headers": [9]}},
    {"tool": Tool.BASH, "error": {"code": Code.TOO_MANY}, "cost": {"spend": Number(12.5)}},
    {"tool": Text("Read"), "items": [Tool.READ, Code.ONE], "a": {"b": {"c": Text("")}}},
    {
        "tool": "Bash",
        "error": OrderedDict(code=429, headers=defaultdict(str, {"retry-after": "30"})),
        "a": defaultdict(dict),
        "items": [defaultdict(int, name="Bash")],
    },
    {"cost": defaultdict(lambda: 1.0), "error": defaultdict(dict, code=Code.ONE)},
    defaultdict(lambda: "Bash", {"cost": {"spend": 1}, "items": [1]}),
    OrderedDict(tool="Read", a={"b": {"c": 1}}),
)


# -- 1. predicates ------------------------------------------------------------------------------


def _hookset_of(conditions_: Sequence[Expr | None]) -> HookSet:
    hooks = tuple(
        Hook(f"hook_{i}", EVENTS[i % 2], condition, Action("continue"))
        for i, condition in enumerate(conditions_)
    )
    return HookSet(hooks)


@settings(SETTINGS, max_examples=examples(1000))
@given(
    st.lists(conditions, min_size=1, max_size=3),
    context_batches(16),
    st.integers(0, len(TRICKY_CONTEXTS) - 1),
)
def test_predicates_agree_with_the_reference_evaluator(
    conditions_: list[Expr], drawn: list[dict[str, Any]], offset: int
) -> None:
    hookset = _hookset_of(conditions_)
    # A rotating window of the fixed corpus, so every example also meets some of it.
    corpus = (TRICKY_CONTEXTS * 2)[offset : offset + 12]
    check_predicates(build(hookset), hookset, [*drawn, *corpus])


def _names_in(expr: Expr) -> tuple[list[str], list[Any]]:
    """The identifiers of a tree, and the keys its selections and indexes look up."""
    idents: list[str] = []
    keys: list[Any] = [0, 1, True, ""]
    for node, _ in walk(expr):
        if isinstance(node, Ident) and node.name not in idents:
            idents.append(node.name)
        elif isinstance(node, Select):
            keys.append(node.field)
        elif isinstance(node, Comprehension):
            idents.append(node.var)
        elif isinstance(node, Literal) and isinstance(node.value, str | int):
            keys.append(node.value)
    return idents, keys


def _invalid_literal_pattern(expr: Expr) -> bool:
    """A literal regex or glob that does not compile: the checks reject it before any back end
    (SPEC §5), so no back end needs to agree on it."""
    for node, _ in walk(expr):
        if not isinstance(node, Call) or node.function not in ("matches", "glob"):
            continue
        pattern = node.args[-1] if node.args else None
        if isinstance(pattern, Literal) and isinstance(pattern.value, str):
            if node.function == "glob":
                if isinstance(compile_glob(pattern.value), CelError):
                    return True
            elif not _valid_regex(pattern.value):
                return True
    return False


def _valid_regex(pattern: str) -> bool:
    """A pattern `matches` accepts: RE2's syntax (hookc.runtime.regex), compiled without a
    warning (which pytest turns into an error)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            compile_re2(pattern)
    except (RegexSyntaxError, Warning, RecursionError, OverflowError):
        return False
    return True


_FEW_NAMES = ("x", "y", "items", "lambda", "context", "_hk_m0")


def crowded(node: Any) -> Any:
    """The same tree with every name (identifier, field, macro variable) replaced by one of
    a few, so that nested macros reuse and shadow each other's variables and the context."""

    def rename(name: str) -> str:
        return _FEW_NAMES[zlib.crc32(name.encode("utf-8", "surrogatepass")) % len(_FEW_NAMES)]

    if isinstance(node, tuple):
        return tuple(crowded(item) for item in node)
    if isinstance(node, Literal) or not isinstance(node, Expr):
        return node
    changes: dict[str, Any] = {}
    for item in dataclasses.fields(node):
        value = getattr(node, item.name)
        if (item.name, type(node)) in (("name", Ident), ("field", Select), ("var", Comprehension)):
            changes[item.name] = rename(value)
        elif item.name != "span":
            changes[item.name] = crowded(value)
    return dataclasses.replace(node, **changes)


@st.composite
def trees_with_contexts(draw: st.DrawFn) -> tuple[Expr, list[dict[str, Any]]]:
    """An arbitrary expression tree (half the time with its names crowded into a few) and
    contexts binding (some of) the names it uses, to values shaped by the keys it looks up."""
    expr = draw(st.one_of(expressions, expressions.map(crowded)))
    assume(not _invalid_literal_pattern(expr))
    idents, keys = _names_in(expr)
    values = st.recursive(
        st.one_of(edge_values, st.sampled_from(keys)),
        lambda children: st.one_of(
            st.lists(children, max_size=3),
            st.dictionaries(st.sampled_from(keys), children, max_size=3),
        ),
        max_leaves=4,
    )
    fields = {name: values for name in idents[:6]}
    return expr, draw(batches(fields, 12)) if fields else [{}]


@settings(SETTINGS, max_examples=examples(300))
@given(st.lists(trees_with_contexts(), min_size=1, max_size=3))
def test_predicates_agree_with_the_reference_evaluator_on_arbitrary_trees(
    cases: list[tuple[Expr, list[dict[str, Any]]]],
) -> None:
    hookset = _hookset_of([expr for expr, _ in cases])
    module = build(hookset)
    check_predicates(module, hookset, [c for _, contexts in cases for c in contexts])


_SMALL_INTS = st.integers(-1, 3).map(Literal)


@st.composite
def nested_macros(draw: st.DrawFn) -> Expr:
    """Two or three macros inside each other whose variables (``x`` and ``y``) shadow one
    another and the context, ranging over ``items``, list literals or an outer variable."""
    if draw(st.booleans()):  # a variable shadowed, then a new one beside it
        a, b = draw(st.permutations(("x", "y", "items")))[:2]
        variables = [a, a, b]
    else:
        depth = draw(st.integers(2, 3))
        variables = [draw(st.sampled_from(("x", "y", "x", "y", "items"))) for _ in range(depth)]
    depth = len(variables)
    leaves = [Ident(name) for name in sorted(set(variables))]
    comparison = st.builds(
        Binary, st.sampled_from(("==", "!=", "<", ">")), st.sampled_from(leaves), _SMALL_INTS
    )
    expr: Expr = draw(
        st.one_of(
            comparison,
            st.lists(comparison, min_size=2, max_size=3).map(lambda xs: And(tuple(xs))),
            st.lists(comparison, min_size=2, max_size=3).map(lambda xs: Or(tuple(xs))),
        )
    )
    for level in reversed(range(depth)):
        targets: list[Expr] = [ITEMS, Ident("x"), List(())]
        if level:
            targets.append(Ident(variables[level - 1]))
        literal_list = st.lists(_SMALL_INTS, min_size=1, max_size=3).map(lambda xs: List(tuple(xs)))
        target: Expr = draw(st.one_of(st.sampled_from(targets), literal_list, literal_list))
        macro = draw(st.sampled_from(("all", "exists", "exists_one", "filter", "map")))
        if macro in ("filter", "map"):
            listed = Comprehension(
                macro,
                target,
                variables[level],
                expr if macro == "filter" else draw(st.none() | st.just(expr)),
                draw(st.sampled_from(leaves)) if macro == "map" else None,
            )
            expr = Binary("in", draw(_SMALL_INTS), listed)
        else:
            expr = Comprehension(macro, target, variables[level], expr)
    return expr


_NESTED_FIELDS: dict[str, st.SearchStrategy[object]] = {
    "items": st.lists(st.integers(-1, 3) | st.lists(st.integers(-1, 3), max_size=2), max_size=3),
    "x": st.integers(-1, 3) | st.lists(st.integers(-1, 3), max_size=3),
    "y": st.integers(-1, 3),
}


@settings(SETTINGS, max_examples=examples(300))
@given(st.lists(nested_macros(), min_size=1, max_size=4), batches(_NESTED_FIELDS, 12))
def test_nested_macro_variables_shadow_as_in_the_reference(
    trees: list[Expr], contexts: list[dict[str, Any]]
) -> None:
    hookset = _hookset_of(trees)
    check_predicates(build(hookset), hookset, [*contexts, {}])


# -- 2. dispatch --------------------------------------------------------------------------------


@st.composite
def hook_sets(
    draw: st.DrawFn, condition: st.SearchStrategy[Expr], max_hooks: int = 8
) -> tuple[HookSet, list[str]]:
    """1 to ``max_hooks`` hooks over 2 or 3 events, priorities in {0, 1, 5}, some builtin,
    some disabled, some without a condition, in either priority direction."""
    events = draw(st.lists(st.sampled_from(EVENTS), min_size=2, max_size=3, unique=True))
    hooks = []
    for i in range(draw(st.integers(1, max_hooks))):
        hooks.append(
            Hook(
                id=f"hook_{i}",
                event=draw(st.sampled_from(events)),
                condition=draw(st.one_of(st.none(), condition, condition, condition)),
                action=Action(f"action_{i}", Params((("hook", i), ("why", f"hook {i}")))),
                priority=draw(st.sampled_from((0, 1, 5))),
                enabled=draw(st.sampled_from((True, True, True, False))),
                builtin=draw(st.booleans()),
            )
        )
    ordering = Ordering(higher_priority_first=draw(st.sampled_from((True, True, False))))
    return HookSet(tuple(hooks), ordering), events


@settings(SETTINGS, max_examples=examples(250))
@given(
    short_repr(hook_sets(conditions)),
    context_batches(12),
    st.integers(0, len(TRICKY_CONTEXTS) - 1),
)
def test_dispatch_fires_the_hooks_the_reference_fires_in_evaluation_order(
    drawn_set: tuple[HookSet, list[str]], drawn: list[dict[str, Any]], offset: int
) -> None:
    hookset, events = drawn_set
    module = build(hookset)
    corpus = (TRICKY_CONTEXTS * 2)[offset : offset + 8]
    check_dispatch(module, hookset, [*drawn, *corpus], events)
    check_predicates(module, hookset, drawn)


@settings(SETTINGS, max_examples=examples(150))
@given(
    short_repr(hook_sets(conditions)),
    context_batches(12),
    st.integers(0, len(TRICKY_CONTEXTS) - 1),
)
def test_events_too_large_to_write_out_fire_as_the_reference_fires(
    drawn_set: tuple[HookSet, list[str]], drawn: list[dict[str, Any]], offset: int
) -> None:
    # Every event past the limit: one loop per shape of test over its hooks' constants.
    hookset, events = drawn_set
    with mock.patch.object(backend_dispatch, "_INLINE_AT_MOST", 0):
        text = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    module = load(text)
    corpus = (TRICKY_CONTEXTS * 2)[offset : offset + 8]
    check_dispatch(module, hookset, [*drawn, *corpus], events)
    check_predicates(module, hookset, drawn)


# Constants whose code differs from that of their neighbours': ints past 2**53, -0.0,
# floats that are not finite, bools and null (written in the code), equal values, strings.
_TRICKY_NUMBERS = (0, 1, -1, 2**53, 2**53 + 1, -(2**53) - 1, 2**63 - 1, 0.0, -0.0, 1.0, 1.5)
_TRICKY_CONSTANTS = st.sampled_from(
    (*_TRICKY_NUMBERS, math.inf, -math.inf, math.nan, "", "a", "b", "tool_1", True, False, None)
)


def _with_constants(node: Any, values: Any) -> Any:
    """The tree with each literal's value the next of ``values`` (same shape)."""
    if isinstance(node, Literal):
        return dataclasses.replace(node, value=next(values))
    if isinstance(node, tuple):  # a field of nodes, or a map entry
        return tuple(_with_constants(part, values) for part in node)
    if not isinstance(node, NODE_TYPES):
        return node
    fields = dataclasses.fields(node)
    return type(node)(*(_with_constants(getattr(node, f.name), values) for f in fields))


@st.composite
def same_shape_hook_sets(
    draw: st.DrawFn, constants: st.SearchStrategy[object] = _TRICKY_CONSTANTS
) -> HookSet:
    """Hooks over one to three shapes of condition, each hook's constants drawn anew (many
    tricky, many equal), over two events."""
    shapes = draw(st.lists(conditions, min_size=1, max_size=3))
    hooks = []
    for i in range(draw(st.integers(2, 12))):
        shape = draw(st.sampled_from(shapes))
        count = sum(1 for node, _ in walk(shape) if isinstance(node, Literal))
        values = draw(st.lists(constants, min_size=count, max_size=count))
        hooks.append(
            Hook(
                id=f"hook_{i}",
                event=draw(st.sampled_from(EVENTS[:2])),
                condition=_with_constants(shape, iter(values)),
                action=Action("continue", Params()),
                enabled=draw(st.sampled_from((True, True, True, False))),
            )
        )
    return HookSet(tuple(hooks))


@settings(SETTINGS, max_examples=examples(150))
@given(short_repr(same_shape_hook_sets()))
def test_predicate_code_made_once_per_shape_is_the_code_made_for_each_hook(
    hookset: HookSet,
) -> None:
    # ``predicates.predicate`` looks a hook's code up where an earlier hook made the same:
    # the module is byte for byte the one made with every hook's code made anew.
    made = backend_predicates.predicate

    def anew(conditions: Any, hook: Hook, _: object) -> tuple[list[str], str]:
        return made(conditions, hook, {})

    with mock.patch.object(backend_predicates, "predicate", anew):
        expected = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    assert generate(hookset, source_sha256=SHA, sources=("hooks.yaml",)) == expected


def _translated_alone(conditions: Any, hook: Hook) -> Any:
    """``Conditions.code`` without shapes: the hook's own condition translated, its own
    constants named as the translation meets them."""
    number = conditions.number(hook)
    if number not in conditions.code_of:
        constants = Constants()
        scope = Scope(hoisted=conditions.own_paths(hook), constants=constants)
        conditions.exprs.reads_context = False
        tests = [
            conditions.exprs.true(part, scope)
            for part in backend_conditions.operands(hook.condition)
        ]
        code = backend_conditions._Code(number, tests, conditions.exprs.reads_context)
        conditions.code_of[number] = code
        conditions.constants[number] = constants
    return conditions.code_of[number]


# ``shapes.COMPILED_FROM``: a shape's own functions of its texts and constants are made
# once that many conditions have asked; 2 makes a shape's texter at its second condition
# and a code's filler at its third hook (the first makes the code), so that they are tested.
_COMPILED_FROM = pytest.mark.parametrize("compiled_from", [2, backend_shapes.COMPILED_FROM])


@_COMPILED_FROM
@settings(SETTINGS, max_examples=examples(150))
@given(st.one_of(same_shape_hook_sets(), short_repr(hook_sets(conditions)).map(lambda d: d[0])))
def test_code_made_once_per_shape_is_the_code_made_for_each_condition(
    compiled_from: int, hookset: HookSet
) -> None:
    # ``shapes.py``: the code of a shape is made from its stand-in and each hook's constants
    # filled in; the module is byte for byte the one made from each condition on its own.
    with mock.patch.object(backend_conditions.Conditions, "code", _translated_alone):
        expected = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    with mock.patch.object(backend_shapes, "COMPILED_FROM", compiled_from):
        assert generate(hookset, source_sha256=SHA, sources=("hooks.yaml",)) == expected


# Literals whose text is more than their value: quotes, escapes, signs, exponents.
_TEXT_CONSTANTS = _TRICKY_CONSTANTS | st.sampled_from(
    ("'", '"', "\\", "\n", "é\x00😀", 1e16, -2.5e-7)
)


def _respelled(node: Any, flips: Any) -> Any:
    """The tree with each step ``.field`` written ``['field']`` where the next of ``flips``
    says so, and back: the same path to the code, another text."""
    if isinstance(node, tuple):
        return tuple(_respelled(part, flips) for part in node)
    if not isinstance(node, NODE_TYPES):
        return node
    fields = [_respelled(getattr(node, f.name), flips) for f in dataclasses.fields(node)]
    remade = type(node)(*fields)
    if isinstance(remade, Select) and next(flips, False):
        return Index(remade.operand, Literal(remade.field))
    if isinstance(remade, Index) and isinstance(remade.index, Literal):
        key = remade.index.value
        if isinstance(key, str) and path_steps(remade) is not None and next(flips, False):
            return Select(remade.operand, key)
    return remade


@st.composite
def respelled_hook_sets(draw: st.DrawFn) -> HookSet:
    """Same-shape hook sets whose hooks write some steps of their paths the other way."""
    hookset = draw(same_shape_hook_sets(_TEXT_CONSTANTS))
    hooks = tuple(
        Hook(
            hook.id,
            hook.event,
            _respelled(hook.condition, iter(draw(st.lists(st.booleans(), max_size=16)))),
            hook.action,
            enabled=hook.enabled,
        )
        for hook in hookset.hooks
    )
    return HookSet(hooks)


@_COMPILED_FROM
@settings(SETTINGS, max_examples=examples(150))
@given(
    st.one_of(
        same_shape_hook_sets(_TEXT_CONSTANTS),
        respelled_hook_sets(),
        short_repr(hook_sets(conditions)).map(lambda drawn: drawn[0]),
    )
)
def test_the_text_of_a_condition_made_from_its_shape_is_to_text_of_it(
    compiled_from: int, hookset: HookSet
) -> None:
    # ``shapes.text_template``: HOOKS' `when` is the text of the hook's shape with the texts
    # of its own literals filled in; the module is byte for byte the one made with each
    # condition printed on its own.
    def printed(_: object, hook: Hook) -> str | None:
        return None if hook.condition is None else to_text(hook.condition)

    with mock.patch.object(backend_conditions.Conditions, "when_text", printed):
        expected = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    with mock.patch.object(backend_shapes, "COMPILED_FROM", compiled_from):
        assert generate(hookset, source_sha256=SHA, sources=("hooks.yaml",)) == expected


def test_paths_read_alike_but_written_apart_keep_their_own_text() -> None:
    # `a.b` and `a['b']` are one path to the code, not to `to_text`.
    texts = ("a.b == 'x'", "a['b'] == 'y'", "a['b'] == 'z'", "a.b == 'w'", "a.b[0] == 'v'")
    hooks = tuple(
        Hook(f"h{i}", "error", compile_expression(text).expr, Action("retry"))
        for i, text in enumerate(texts)
    )
    module = load(generate(HookSet(hooks), source_sha256=SHA, sources=("hooks.yaml",)))
    assert [row["when"] for row in module.HOOKS] == list(texts)


def test_hooks_whose_tests_differ_in_constants_only_share_their_code() -> None:
    shapes = (
        "tool == 'T{i}' && cost.spend > {i}.5",
        "tool.matches('^x{i}') || error.code in ['A{i}', 'B{i}']",
        "cost.spend < {i}",
    )
    hooks = tuple(
        Hook(
            f"h{i}",
            "pre_tool_use",
            compile_expression(shapes[i % 3].format(i=i)).expr,
            Action("continue", Params((("i", i),))),
            priority=i % 2,
        )
        for i in range(backend_dispatch._INLINE_AT_MOST + 30)
    )
    hookset = HookSet(hooks)
    text = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    # One factory per shape for the predicates, one loop per shape in the event's function.
    assert len(re.findall(r"^def _hk_predicate\d+\(", text, re.MULTILINE)) == 3
    assert len(re.findall(r"^_hk_e0_group\d+ = ", text, re.MULTILINE)) == 3
    module = load(text)
    contexts = [
        {"tool": "T3", "cost": {"spend": 10.0}},
        {"tool": "x12", "cost": {"spend": 1.0}},
        {"tool": "T9", "error": {"code": "B7"}, "cost": {"spend": 290}},
        {"cost": {"spend": 7}},
        {},
    ]
    check_dispatch(module, hookset, contexts, ["pre_tool_use"])
    check_predicates(module, hookset, contexts)


# Values a discriminating equality tests, and values a context's `tool` takes: Python's dict
# lookup says True == 1 == 1.0 and hash(2**53 + 1) != hash(2.0**53), CEL disagrees on both
# (heterogeneous equality compares an int with a double as doubles).
_DISCRIMINANTS: tuple[Any, ...] = (
    "Bash", "Read", "Write", "é", "e\u0301", "😀", "", "bash", "1",
    1, 0, True, False, 1.0, 0.0, -0.0, 2**53, 2**53 + 1, float(2**53), -(2**53) - 1, None,
    INT64_MAX, float(INT64_MAX),
)  # fmt: skip
_TOOL_VALUES = st.one_of(
    st.sampled_from(_DISCRIMINANTS),
    st.sampled_from(_DISCRIMINANTS[:9]),
    st.sampled_from((NAN, INF, [], {}, ["Bash"], {"Bash": 1}, ("Bash",), 2**64, INT64_MAX + 1)),
    st.sampled_from(PYTHON_VALUES),
    edge_values,
)
_STRING_DISCRIMINANT = st.sampled_from(_DISCRIMINANTS[:9]).map(Literal)
_ANY_DISCRIMINANT = st.sampled_from(_DISCRIMINANTS).map(Literal)

discriminated_conditions = short_repr(
    st.one_of(
        st.builds(lambda lit: Binary("==", TOOL, lit), _STRING_DISCRIMINANT),
        st.builds(lambda lit: Binary("==", TOOL, lit), _STRING_DISCRIMINANT),
        st.builds(lambda lit: Binary("==", TOOL, lit), _ANY_DISCRIMINANT),
        st.builds(lambda lit: Binary("==", lit, TOOL), _ANY_DISCRIMINANT),
        st.builds(
            lambda lit, c: And((Binary("==", TOOL, lit), c)), _STRING_DISCRIMINANT, conditions
        ),
        st.builds(lambda lit, c: And((c, Binary("==", TOOL, lit))), _ANY_DISCRIMINANT, conditions),
        st.builds(
            lambda a, b: Or((Binary("==", TOOL, a), Binary("==", TOOL, b))),
            _STRING_DISCRIMINANT,
            _ANY_DISCRIMINANT,
        ),
        st.builds(
            lambda xs: Binary("in", TOOL, List(tuple(xs))), st.lists(_ANY_DISCRIMINANT, max_size=3)
        ),
        st.builds(lambda lit: Binary("!=", TOOL, lit), _STRING_DISCRIMINANT),
        st.builds(lambda lit: Binary("==", ERROR_CODE, lit), _ANY_DISCRIMINANT),
        st.builds(lambda lit: Binary("==", Select(TOOL, "name"), lit), _STRING_DISCRIMINANT),
        conditions,  # not discriminated: before, between and after the indexed ones
    )
)

# Conditions cheap to draw, for the many hooks of an indexed event.
_SIDE_CONDITIONS = st.sampled_from(
    tuple(
        compile_expression(text).expr
        for text in (
            "cost.spend > 10.0",
            "cost.spend >= 9007199254740993",
            "error.code == 429",
            "error.code == 1.0 || error.code == true",
            "has(error.headers['retry-after'])",
            "!has(a.b.c)",
            "a.b.c.startsWith('B')",
            "items.exists(x, x == 'Bash')",
            "size(items) > 1",
            "tool.matches('^B')",
            "tool.glob('*a*')",
            "tool in ['Bash', 'Read']",
            "tool != 'Read'",
            "error.code / 0 == 1 || true",
            "error.code / 0 == 1 && false",
            "int(error.code) % 2 == 1",
            "string(tool) == 'Bash'",
            "true",
            "false",
        )
    )
)
tool_is_string = short_repr(
    st.one_of(
        st.builds(lambda lit: Binary("==", TOOL, lit), _STRING_DISCRIMINANT),
        st.builds(lambda lit: Binary("==", lit, TOOL), _STRING_DISCRIMINANT),
        st.builds(
            lambda lit, c: And((Binary("==", TOOL, lit), c)),
            _STRING_DISCRIMINANT,
            _SIDE_CONDITIONS,
        ),
        st.builds(
            lambda lit, c: And((c, Binary("==", lit, TOOL))),
            _STRING_DISCRIMINANT,
            _SIDE_CONDITIONS | conditions,
        ),
    )
)
"""``tool == '<string>'`` alone or as a conjunct: what an index by the value of ``tool`` keys."""

_DISPATCH_FIELDS = {
    "tool": _TOOL_VALUES,
    "error": st.fixed_dictionaries({"code": _TOOL_VALUES}) | edge_values,
    "cost": st.fixed_dictionaries({"spend": edge_values}),
    "items": st.lists(edge_values, max_size=3),
}


_MAIN_EVENT, _OTHER_EVENT = "pre_tool_use", "error"


@st.composite
def indexed_hook_sets(draw: st.DrawFn) -> tuple[HookSet, list[str]]:
    """Hook sets in which one event has many hooks testing ``tool == '<string>'`` (enough
    for a back end to index them by hash; several share a string) mixed, before, between and
    after them, with hooks that test something else or nothing, and a second event."""
    discriminated = [
        draw(discriminated_conditions if draw(st.integers(0, 5)) == 5 else tool_is_string)
        for _ in range(draw(st.integers(9, 16)))
    ]
    others = [draw(st.none() | conditions) for _ in range(draw(st.integers(0, 5)))]
    mixed: list[Expr | None] = list(discriminated)
    for condition in others:
        mixed.insert(draw(st.integers(0, len(mixed))), condition)
    elsewhere = [draw(discriminated_conditions) for _ in range(draw(st.integers(0, 3)))]
    hooks = []
    for i, condition in enumerate(mixed + elsewhere):
        hooks.append(
            Hook(
                id=f"hook_{i}",
                event=_MAIN_EVENT if i < len(mixed) else _OTHER_EVENT,
                condition=condition,
                action=Action(f"action_{i}", Params((("hook", i),))),
                priority=draw(st.sampled_from((0, 0, 1, 5))),
                enabled=draw(st.sampled_from((True,) * 7 + (False,))),
                builtin=draw(st.sampled_from((False, False, True))),
            )
        )
    ordering = Ordering(higher_priority_first=draw(st.sampled_from((True, True, False))))
    return HookSet(tuple(hooks), ordering), [_MAIN_EVENT, _OTHER_EVENT]


@settings(SETTINGS, max_examples=examples(200))
@given(short_repr(indexed_hook_sets()), batches(_DISPATCH_FIELDS, 12))
def test_indexing_equalities_never_changes_which_hook_fires_first(
    drawn_set: tuple[HookSet, list[str]], contexts: list[dict[str, Any]]
) -> None:
    hookset, events = drawn_set
    for hook in hookset.in_evaluation_order():
        note(f"{hook.id} ({hook.event}, priority {hook.priority}): {describe(hook)}")
    text = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    record_event("indexed" if re.search(r"_table = \{", text) else "not indexed")
    module = load(text)
    tools = [{"tool": value} for value in _DISCRIMINANTS + PYTHON_VALUES]
    check_dispatch(module, hookset, [*contexts, *tools, {}], events)
    check_predicates(module, hookset, contexts)


def test_an_event_no_hook_listens_to_matches_nothing() -> None:
    hookset = HookSet((Hook("always", "error", None, Action("continue")),))
    module = build(hookset)
    assert module.evaluate_hooks(UNHEARD_EVENT, {}) is None
    assert module.evaluate_all(UNHEARD_EVENT, {}) == []
    assert same(module.evaluate_hooks("error", {}), {"type": "continue"})


def test_disabled_hooks_never_fire() -> None:
    hookset = HookSet(
        (
            Hook("off", "error", None, Action("block"), priority=5, enabled=False),
            Hook("on", "error", None, Action("continue")),
        )
    )
    module = build(hookset)
    assert [hook_id for hook_id, _ in module.evaluate_all("error", {})] == ["on"]
    assert same(module.evaluate_hooks("error", {}), {"type": "continue"})


@settings(SETTINGS, max_examples=examples(100))
@given(st.lists(conditions, min_size=1, max_size=4), context_batches(6))
def test_a_mapping_context_reads_as_its_items_and_anything_else_as_an_empty_one(
    conditions_: list[Expr], drawn: list[dict[str, Any]]
) -> None:
    """Compiled code makes a context that is not a dict into one at its entry."""
    hookset = _hookset_of(conditions_)
    module = build(hookset)

    def outcomes(context: Any) -> tuple[object, ...]:
        fired = tuple(predicate(context) for predicate in module.predicates.values())
        matches = [
            hook_id for event in EVENTS for hook_id, _ in module.evaluate_all(event, context)
        ]
        return (
            fired,
            tuple(matches),
            tuple(module.evaluate_hooks(event, context) is None for event in EVENTS),
        )

    for context in drawn:
        assert outcomes(types.MappingProxyType(context)) == outcomes(context)
    for not_a_mapping in (None, 3, "tool", [{"tool": "Bash"}], ("tool",)):
        assert outcomes(not_a_mapping) == outcomes({})


def test_hooks_with_the_same_action_share_its_function_and_get_dicts_of_their_own() -> None:
    retry = Action("retry", Params((("max_attempts", 3), ("tags", ("a", "b")))))
    hookset = HookSet(
        (
            Hook("first", "error", None, retry),
            Hook("other", "error", None, Action("continue")),
            Hook("second", "error", None, retry),
        )
    )
    text = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    assert text.count("def _hk_action") == 2
    module = build(hookset)
    (_, first), _, (_, second) = module.evaluate_all("error", {})
    assert same(first, {"type": "retry", "max_attempts": 3, "tags": ["a", "b"]})
    assert same(second, first)
    assert second is not first and second["tags"] is not first["tags"]


def test_actions_whose_values_are_equal_in_python_but_not_in_cel_stay_apart() -> None:
    # ``actions._spelled``: 1, 1.0 and True, 0.0 and -0.0, "1" are five actions, as
    # plain values, in lists, in nested parameters and as the value of a template's hole.
    plain: tuple[Any, ...] = (1, 1.0, True, 0.0, -0.0, "1", None)
    values: tuple[Any, ...] = (
        *plain,
        *((value,) for value in plain),
        *(Params((("m", value),)) for value in plain),
        *(Template((Literal(value),)) for value in plain),
        1,
        -0.0,
        Template((Literal(-0.0),)),
    )
    hookset = HookSet(
        tuple(
            Hook(f"h{i}", "error", None, Action("retry", Params((("n", value),))))
            for i, value in enumerate(values)
        )
    )
    module = build(hookset)
    got = [action["n"] for _, action in module.evaluate_all("error", {})]

    def spelled(value: Any) -> Any:
        match value:
            case Params(items=items):
                return {key: spelled(item) for key, item in items}
            case Template(parts=(Literal(value=hole),)):
                return spelled(hole)
            case tuple():
                return [spelled(item) for item in value]
        return type(value), repr(value)

    def read(value: Any) -> Any:
        if isinstance(value, dict):
            return {key: read(item) for key, item in value.items()}
        if isinstance(value, list):
            return [read(item) for item in value]
        return type(value), repr(value)

    assert [read(value) for value in got] == [spelled(value) for value in values]


# -- 3. actions ---------------------------------------------------------------------------------

_PARSED = tuple(
    compile_expression(text).expr
    for text in (
        "error.headers['retry-after']",
        "error.code",
        "cost.spend",
        "cost.spend * 2.0",
        "tool",
        "items",
        "size(items)",
        "items.map(x, x.name)",
        "a.b.c",
        "a",
        "tool == 'Bash'",
        "has(error.code)",
        "error.code / 0",
        "double('nan')",
        "-0.0",
        "1.0",
        "1e100",
        "123456789.0",
        "0.0001",
        "9007199254740993",
        "null",
        "'é😀\\u0000'",
        "[1, 1.5, 'a', true, null, [2], {'k': 'v'}]",
        "{'a': 1, 'b': [true]}",
        "{1: 'one', true: 'yes'}",
        "string(cost.spend)",
        "int(error.headers['retry-after'])",
        "tool + '!'",
        "items.filter(x, x.name == 'Bash')",
    )
)
_HOLES = short_repr(
    st.one_of(st.sampled_from(_PARSED), st.sampled_from(_PARSED), vocabulary_values)
)
_TEXTS = st.one_of(
    st.sampled_from(("", " ", "wait ", "s", "${", "}", "$", "{", "\\", "'", '"', "%s", "{0}")),
    st.text(max_size=6),
)
templates = short_repr(
    st.one_of(
        _HOLES.map(lambda expr: Template((expr,))),
        st.lists(st.one_of(_TEXTS, _HOLES), min_size=1, max_size=4).map(
            lambda xs: Template(tuple(xs))
        ),
        st.tuples(_TEXTS, _HOLES, _TEXTS).map(Template),
        st.tuples(_HOLES, _HOLES).map(Template),
        st.just(Template(())),
    )
)
_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(),
    st.text(max_size=6),
    st.sampled_from((0, 1, True, 1.0, -0.0, NAN, INF, 2**64, "${not a template}", "é😀\x00")),
)
_PARAM_NAMES = st.one_of(
    st.sampled_from(("target", "timeout_seconds", "directive", "params", "message", "delay")),
    st.text(max_size=6),
).filter(lambda name: name != "type")


def _params(values: st.SearchStrategy[ParamValue]) -> st.SearchStrategy[Params]:
    return st.lists(
        st.tuples(_PARAM_NAMES, values), max_size=4, unique_by=lambda pair: pair[0]
    ).map(lambda pairs: Params(tuple(pairs)))


param_values: st.SearchStrategy[ParamValue] = st.recursive(
    st.one_of(_SCALARS, templates, templates),
    lambda children: st.one_of(
        st.lists(children, max_size=3).map(tuple),
        _params(children),
    ),
    max_leaves=4,
)
actions = short_repr(
    st.builds(
        Action,
        st.sampled_from(("retry", "escalate", "call_directive", "emit_event", "continue")),
        _params(param_values),
    )
)


def _mutate(value: Any) -> None:
    """Change every mutable container in ``value``, all the way down."""
    if isinstance(value, dict):
        for item in list(value.values()):
            _mutate(item)
        value["__mutated__"] = True
        value.pop("type", None)
    elif isinstance(value, list):
        for item in value:
            _mutate(item)
        value.append("__mutated__")


def _hookset_with_actions(hooks: list[tuple[Expr | None, Action]]) -> HookSet:
    return HookSet(
        tuple(
            Hook(f"hook_{i}", "error", condition, action)
            for i, (condition, action) in enumerate(hooks)
        )
    )


_HOOKS_WITH_ACTIONS = st.lists(st.tuples(st.none() | conditions, actions), min_size=1, max_size=3)


def undefined_names(text: str) -> set[str]:
    """The global names the module's code reads, on any path, that neither it nor Python's
    builtins define."""
    top = symtable.symtable(text, "hooks.py", "exec")
    defined = {s.get_name() for s in top.get_symbols() if s.is_assigned() or s.is_imported()}
    read: set[str] = set()
    tables = [top]
    while tables:
        table = tables.pop()
        tables.extend(table.get_children())
        read.update(
            symbol.get_name()
            for symbol in table.get_symbols()
            if symbol.is_referenced() and (table is top or symbol.is_global())
        )
    return read - defined - set(dir(builtins))


# Beside the drawn conditions, ones that bring the most of the runtime into a module: Rye's
# functions, patterns, macros, maps, conversions.
_RUNTIME_HEAVY = st.sampled_from(
    (
        "rye.eq(tool, 'Bash') && rye.exists(error.code)",
        "rye.regex(tool.name, '^B') || rye.interpolate('${tool}') == 'x'",
        "tool.glob('*.py') || matches(tool, 'x+')",
        "[1, 2].exists(x, x > 1) && has(a.b) && size(tool) > 1",
        "int(tool) + 1 > 2 ? {'a': 1}.a == 1 : -cost.spend < 2.5",
    )
).map(lambda text: compile_expression(text).expr)


@settings(SETTINGS, max_examples=examples(150))
@given(
    st.one_of(
        short_repr(hook_sets(conditions | _RUNTIME_HEAVY)).map(lambda drawn: drawn[0]),
        same_shape_hook_sets(),
        _HOOKS_WITH_ACTIONS.map(_hookset_with_actions),
    ),
    st.sampled_from(("default", "rye", "rollouts")),
)
def test_every_name_a_generated_module_reads_is_defined_in_it(
    hookset: HookSet, profile: str
) -> None:
    # A module carries only the runtime its code reaches (``backend/prelude.py``): nothing
    # it reads may be left out, whatever its hooks, actions and profile.
    hookset = HookSet(hookset.hooks, hookset.ordering, profile)
    text = generate(hookset, source_sha256=SHA, sources=("hooks.yaml",))
    assert undefined_names(text) == set()


@settings(SETTINGS, max_examples=examples(200))
@given(_HOOKS_WITH_ACTIONS, context_batches(8), st.integers(0, len(TRICKY_CONTEXTS) - 1))
def test_actions_have_templates_rendered_as_the_reference_renders_them(
    hooks: list[tuple[Expr | None, Action]], drawn: list[dict[str, Any]], offset: int
) -> None:
    hookset = _hookset_with_actions(hooks)
    module = build(hookset)
    for context in [*drawn, *(TRICKY_CONTEXTS * 2)[offset : offset + 8]]:
        expected = reference_all(hookset, "error", context)
        first = module.evaluate_hooks("error", context)
        if not expected:
            assert first is None
            continue
        hook_id, want = expected[0]
        assert type(first) is dict
        assert same(first, want), (
            f"{hook_id}, context {context!r}\n  got      {first!r}\n  expected {want!r}"
        )
        every = module.evaluate_all("error", context)
        assert [hook_id for hook_id, _ in every] == [hook_id for hook_id, _ in expected]
        for (_, got), (_, want_all) in zip(every, expected, strict=True):
            assert same(got, want_all), f"evaluate_all: {got!r} != {want_all!r}"


# Parameters that are exactly a context path holding a container (or a literal one).
_CONTAINER_HOLES = st.sampled_from(
    (
        ITEMS,
        Ident("a"),
        Select(Ident("a"), "b"),
        Ident("error"),
        Select(Ident("error"), "headers"),
        TOOL,
        Ident("cost"),
        compile_expression("[items, [a]]").expr,
    )
).map(lambda expr: Template((expr,)))
_SHARING_ACTIONS = short_repr(
    st.builds(
        Action,
        st.just("emit_event"),
        _params(st.one_of(_CONTAINER_HOLES, _CONTAINER_HOLES, param_values)),
    )
)


@settings(SETTINGS, max_examples=examples(100))
@given(
    st.lists(st.tuples(st.none() | conditions, _SHARING_ACTIONS), min_size=1, max_size=3),
    st.integers(0, len(TRICKY_CONTEXTS) - 1),
)
def test_mutating_an_action_changes_neither_the_next_one_nor_the_context(
    hooks: list[tuple[Expr | None, Action]], offset: int
) -> None:
    hookset = _hookset_with_actions(hooks)
    module = build(hookset)
    for context in copy.deepcopy((TRICKY_CONTEXTS * 2)[offset : offset + 8]):
        before = snapshot(context)
        expected = reference_all(hookset, "error", context)
        if not expected:
            continue
        want = expected[0][1]
        first = module.evaluate_hooks("error", context)
        _mutate(first)
        for _, action in module.evaluate_all("error", context):
            _mutate(action)
        assert snapshot(context) == before, (
            f"mutating the action of {expected[0][0]} changed the context: {context!r}"
        )
        again = module.evaluate_hooks("error", context)
        assert again is not first
        assert same(again, want), f"mutating one result changed the next: {again!r}"


def test_actions_without_templates_are_fresh_all_the_way_down() -> None:
    action = Action(
        "emit_event",
        Params((("params", Params((("tags", ("a", "b")), ("meta", Params((("k", 1),)))))),)),
    )
    module = build(HookSet((Hook("h", "error", None, action),)))
    first = module.evaluate_hooks("error", {})
    _mutate(first)
    first_of_all = module.evaluate_all("error", {})[0][1]
    _mutate(first_of_all)
    want = {"type": "emit_event", "params": {"tags": ["a", "b"], "meta": {"k": 1}}}
    assert same(module.evaluate_hooks("error", {}), want)
    assert same(module.evaluate_all("error", {}), [("h", want)])


def test_an_action_an_index_key_decides_is_a_fresh_copy_each_call() -> None:
    """Hooks whose whole condition is ``tool == '<string>'``, indexed: the first match is
    made from a prebuilt dict (plain parameters) or its function (nested ones), fresh."""
    hooks = [
        Hook(
            f"h{i}",
            "pre_tool_use",
            compile_expression(f"tool == 'tool_{i}'").expr,
            Action("block", Params((("n", i), ("why", "plain")) if i % 2 else (("nested", (i,)),))),
        )
        for i in range(10)
    ]
    module = build(HookSet(tuple(hooks)))
    assert re.search(
        r"_decided = \{",
        generate(HookSet(tuple(hooks)), source_sha256="0" * 64, sources=()),
    )
    for i, want in (
        (3, {"type": "block", "n": 3, "why": "plain"}),
        (4, {"type": "block", "nested": [4]}),
    ):
        context = {"tool": f"tool_{i}"}
        first = module.evaluate_hooks("pre_tool_use", context)
        assert same(first, want)
        _mutate(first)
        assert same(module.evaluate_hooks("pre_tool_use", context), want)
        assert same(module.evaluate_all("pre_tool_use", context), [(f"h{i}", want)])


def test_templates_render_as_the_spec_says() -> None:
    """SPEC §3.1's own examples, written out."""
    hole = compile_expression("error.headers['retry-after']").expr
    spend = compile_expression("cost.spend").expr
    flag = compile_expression("has(error.code)").expr
    listed = compile_expression("items").expr
    action = Action(
        "retry",
        Params(
            (
                ("exact", Template((hole,))),
                ("embedded", Template(("after ", hole, "s"))),
                ("spend", Template(("spent ", spend))),
                ("flag", Template(("code? ", flag))),
                ("listed", Template(("items: ", listed))),
                ("nested", Params((("deep", (Template((spend,)), "plain")),))),
            )
        ),
    )
    module = build(HookSet((Hook("h", "error", None, action),)))
    context = {
        "error": {"headers": {"retry-after": 30}},
        "cost": {"spend": 1.5},
        "items": ["a", 1, True],
    }
    assert same(
        module.evaluate_hooks("error", context),
        {
            "type": "retry",
            "exact": 30,
            "embedded": "after 30s",
            "spend": "spent 1.5",
            "flag": "code? false",
            "listed": 'items: ["a", 1, true]',
            "nested": {"deep": [1.5, "plain"]},
        },
    )
    missing = module.evaluate_hooks("error", {})
    assert same(
        missing,
        {
            "type": "retry",
            "exact": None,
            "embedded": "after s",
            "spend": "spent ",
            "flag": "code? false",
            "listed": "items: ",
            "nested": {"deep": [None, "plain"]},
        },
    )
    nulls = {"error": {"headers": {"retry-after": None}}, "cost": {"spend": None}, "items": None}
    assert same(
        module.evaluate_hooks("error", nulls),
        {
            "type": "retry",
            "exact": None,
            "embedded": "after s",
            "spend": "spent ",
            "flag": "code? false",
            "listed": "items: ",
            "nested": {"deep": [None, "plain"]},
        },
    )


# -- 4. standard library only -------------------------------------------------------------------


def _rich_hookset() -> HookSet:
    texts = (
        "tool == 'Bash' && cost.spend > 10.0",
        "error.headers['retry-after'].matches('^[0-9]+$')",
        "tool.glob('a/**/b') || items.exists(x, x.name.startsWith('B'))",
        "size(items.filter(x, x > 1)) > 0 ? double(a.b.c) / 2.0 > 1.0 : int('3') % 2 == 1",
        "has(a.b.c) and not (string(a.b.c) in ['1', '2'])",
        "items.map(x, x * 2).all(x, x > 0) && items.exists_one(x, x == 1)",
        "{'k': [1, 2]}.k.contains(2) && bool('true') && dyn(1) == 1.0",
    )
    hooks = tuple(
        Hook(
            f"h{i}",
            EVENTS[i % 3],
            compile_expression(text).expr,
            Action("emit_event", Params((("x", Template(("v=", TOOL))),))),
        )
        for i, text in enumerate(texts)
    )
    return HookSet(hooks)


def test_generated_module_imports_only_the_standard_library() -> None:
    text = generate(_rich_hookset(), source_sha256=SHA, sources=("hooks.yaml",))
    assert standard_library_violations(text) == []
    before = set(sys.modules)
    module = load(text)
    module.evaluate_all("error", FULL)
    new = {name.partition(".")[0] for name in set(sys.modules) - before}
    assert not new & {"hookc", "lark", "lxml", "yaml", "jsonschema"}
    assert new <= set(sys.stdlib_module_names), new
    # And in a fresh interpreter that cannot see site-packages or the repository at all.
    script = (
        "import sys, json\n"
        "sys.modules['hooks'] = type(sys)('hooks')\n"
        "exec(compile(sys.stdin.read(), 'hooks.py', 'exec'), sys.modules['hooks'].__dict__)\n"
        "hooks = sys.modules['hooks']\n"
        f"FULL = {FULL!r}\n"
        "print(json.dumps([hook_id for hook_id, _ in hooks.evaluate_all('error', FULL)]))\n"
        "bad = sorted(m for m in sys.modules if m.partition('.')[0] not in "
        "sys.stdlib_module_names and m not in ('hooks', '__main__'))\n"
        "print(json.dumps(bad))\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-S", "-c", script],
        input=text,
        capture_output=True,
        text=True,
        cwd="/",
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    fired, bad = (json.loads(line) for line in result.stdout.splitlines())
    # h0 matches this context; h6 (`{'k': [1, 2]}.k.contains(2) && ...`) holds in any.
    assert fired == [hook_id for hook_id, _ in reference_all(_rich_hookset(), "error", FULL)]
    assert bad == []


def reproducible_text() -> str:
    """The module of a hook set full of what a code generator might iterate in hash order:
    an indexed event (strings in sets and dicts), `in` over strings, map literals, events."""
    names = ("Bash", "Read", "Write", "Edit", "Glob", "Grep", "é", "😀", "", "bash", "ls")
    hooks = [
        Hook(f"tool_{i}", "pre_tool_use", Binary("==", TOOL, Literal(name)), Action("block"))
        for i, name in enumerate(names)
    ]
    texts = (
        "tool in ['z', 'a', 'é', 'Bash', 'q'] && error.code in [3, 1, 2]",
        "{'b': 1, 'a': 2, 'é': 3}[tool] == 1 || 'x' in {'y': 1, 'x': 2}",
        "items.exists(x, x in ['k', 'j', 'i']) && tool.matches('^[ab]+$')",
    )
    hooks += [
        Hook(f"event_{i}", event, compile_expression(text).expr, Action("retry"))
        for i, (event, text) in enumerate(zip(("limit", "error", "zeta"), texts, strict=True))
    ]
    hookset = HookSet(tuple(hooks))
    return generate(hookset, source_sha256=SHA, sources=("b.yaml", "a.yaml"))


def test_generated_text_is_the_same_in_every_process() -> None:
    """SPEC §7: byte-for-byte reproducible, whatever the string hashes of the process."""
    script = (
        "import sys\n"
        f"sys.path.insert(0, {str(Path(__file__).parent.parent.parent)!r})\n"
        "from tests.backends.test_differential import reproducible_text\n"
        "sys.stdout.buffer.write(reproducible_text().encode('utf-8'))\n"
    )
    here = reproducible_text().encode("utf-8")
    for seed in ("0", "1", "4242"):
        result = subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            env={**os.environ, "PYTHONHASHSEED": seed},
            check=False,
            timeout=120,
        )
        assert result.returncode == 0, result.stderr.decode()
        assert result.stdout == here, f"PYTHONHASHSEED={seed} gave a different module"


# -- 5. injection -------------------------------------------------------------------------------

# Texts that break naive code generation: quotes of every kind, backslashes, line breaks
# (Python's and Unicode's), triple quotes, braces and `${`, comments, NUL, non-ASCII.
_NASTY_TEXTS = (
    "", "'", '"', '"""', "'''", "\\", "\\'", '\\"', "\n", "\r\n", "\r", "\x00", "\x0b",
    "\u2028", "\x85", "\x0c", "#", "{", "}", "${", "${tool}", "{tool}", "%(x)s", "é", "😀",
    '"""; import os; """', "'; raise SystemExit; '", "\\N{BULLET}", "\\x41", "\\u0041",
    "\ufeff", "__import__('os')", ")\n\nHOOKS = ()\n", "# -*- coding: latin-1 -*-", "\\\n",
)  # fmt: skip
_NASTY = st.one_of(
    st.text(max_size=12),
    st.sampled_from(_NASTY_TEXTS),
    st.lists(
        st.sampled_from(("'", '"', "\\", "\n", "{", "}", "$", "#", "\x00", "é")), max_size=8
    ).map("".join),
)
# Names a CEL parser accepts that mean something in Python (keywords, builtins, and what a
# generated module most likely calls its own variables), and names no parser produces.
_PYTHON_NAMES = (
    "lambda", "class", "def", "is", "del", "try", "pass", "with", "yield", "raise", "from",
    "global", "assert", "except", "finally", "async", "await", "nonlocal", "elif", "match",
    "case", "type", "print", "len", "dict", "list", "str", "int", "re", "math", "json",
    "context", "ctx", "_", "__builtins__", "__name__", "self", "value", "result",
    "evaluate_hooks", "predicates", "HOOKS", "CelError", "x", "e",
)  # fmt: skip
_NAMES = st.one_of(st.sampled_from(_PYTHON_NAMES), _NASTY.filter(bool))


def _nasty_conditions(text: str, other: str, name: str) -> list[Expr]:
    lit = Literal(text)
    conditions_: list[Expr] = [
        Binary("==", TOOL, lit),
        Binary("==", lit, Index(Ident("error"), Literal(other))),
        Call("contains", (lit,), TOOL),
        Call("startsWith", (lit,), TOOL),
        Call("endsWith", (lit,), TOOL),
        Call("matches", (Literal(re.escape(text)),), TOOL),
        Binary("in", TOOL, List((lit, Literal(other)))),
        Binary("in", lit, Map(((Literal(other), Literal(1)),))),
        Has(Index(Select(Ident("error"), "headers"), lit)),
        Binary("==", Select(Ident("error"), other), lit),  # a field name no parser makes
        Binary("==", Ident(name), lit),
        Comprehension("exists", ITEMS, name, Binary("==", Ident(name), lit)),
        Comprehension("map", ITEMS, name, None, Binary("+", Ident(name), lit)),
        Call("glob", (lit,), TOOL),
    ]
    if _valid_regex(text):
        conditions_.append(Call("matches", (lit,), TOOL))
    if isinstance(compile_glob(text), CelError):
        conditions_.remove(Call("glob", (lit,), TOOL))
    return conditions_


@st.composite
def nasty_hook_sets(draw: st.DrawFn) -> tuple[HookSet, list[dict[str, Any]], tuple[str, ...]]:
    ids = draw(st.lists(_NASTY, min_size=1, max_size=4, unique=True))
    events = draw(st.lists(_NASTY, min_size=1, max_size=2, unique=True))
    texts = draw(st.lists(_NASTY, min_size=2, max_size=4))
    names = draw(st.lists(_NAMES, min_size=1, max_size=2))
    hooks = []
    for i, hook_id in enumerate(ids):
        text, other, name = (
            texts[i % len(texts)],
            texts[(i + 1) % len(texts)],
            names[i % len(names)],
        )
        condition = draw(st.sampled_from(_nasty_conditions(text, other, name)))
        lit_hole = Template((draw(_NASTY), Literal(text), draw(_NASTY)))
        params = draw(
            st.lists(
                st.tuples(
                    _NASTY.filter(lambda n: n != "type"),
                    st.one_of(
                        _NASTY,
                        st.just(lit_hole),
                        st.just(Template((Ident(name),))),
                        st.just(Template((Index(Ident("error"), Literal(other)),))),
                        _NASTY.map(lambda t: Params(((t, t),))),
                        st.lists(_NASTY, max_size=2).map(tuple),
                    ),
                ),
                max_size=3,
                unique_by=lambda pair: pair[0],
            )
        )
        hooks.append(
            Hook(
                hook_id,
                events[i % len(events)],
                condition,
                Action(draw(_NASTY), Params(tuple(params))),
                # The extremes of int64: the front end refuses a priority beyond (HK205).
                priority=draw(st.sampled_from((0, 1, 5, -(2**40), -(2**63), 2**63 - 1))),
                enabled=draw(st.sampled_from((True, True, False))),
                description=draw(st.none() | _NASTY),
                builtin=draw(st.booleans()),
            )
        )
    contexts: list[dict[str, Any]] = [
        {},
        {"tool": texts[0], "error": {other: texts[0] for other in texts}, "items": texts},
        {"tool": texts[1], **{name: texts[1] for name in names}},
        {"tool": texts[0] + texts[1], "error": {"headers": {t: 1 for t in texts}}},
        {"tool": texts[0], "items": [texts[1], 1], "error": {"headers": {texts[0]: None}}},
    ]
    for context in contexts:
        for name in names:
            context.setdefault(name, texts[0])
    sources = tuple(draw(st.lists(_NASTY, max_size=2)))
    return HookSet(tuple(hooks), profile=draw(_NASTY)), contexts, sources


@settings(SETTINGS, max_examples=examples(200))
@given(nasty_hook_sets(), st.text(max_size=70))
def test_text_from_hook_files_cannot_change_the_generated_program(
    drawn: tuple[HookSet, list[dict[str, Any]], tuple[str, ...]], sha: str
) -> None:
    hookset, contexts, sources = drawn
    for hook in hookset.hooks:
        note(f"{hook.id!r} on {hook.event!r}: {describe(hook)}")
    text = generate(hookset, source_sha256=sha, sources=sources)
    assert generate(hookset, source_sha256=sha, sources=sources) == text, "not reproducible"
    module = load(text)
    assert sha == module.SOURCE_SHA256
    assert hookc.__version__ == module.HOOKC_VERSION
    metadata = {entry["id"]: entry for entry in module.HOOKS}
    assert set(metadata) == {hook.id for hook in hookset.hooks}
    for hook in hookset.hooks:
        entry = metadata[hook.id]
        assert (entry["event"], entry["priority"], entry["enabled"]) == (
            hook.event,
            hook.priority,
            hook.enabled,
        )
        for key in ("description", "builtin"):  # optional metadata, exact if present
            assert entry.get(key, getattr(hook, key)) == getattr(hook, key)
    check_predicates(module, hookset, contexts)
    check_dispatch(module, hookset, contexts, sorted({hook.event for hook in hookset.hooks}))
    assert standard_library_violations(text) == []
