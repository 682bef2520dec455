"""Missing and null paths, as real events have them: every back end still agrees with the
reference evaluator there, and where a condition stands in truth position (a hook fires iff
it is true) a missing, null or wrong-typed operand decides "does not fire" without making an
error value (issue 15): errors are made only where they can be seen."""

from __future__ import annotations

import itertools
from collections import OrderedDict, defaultdict
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime.values
from hookc.backend.canonical import canonical_yaml
from hookc.backend.python import generate
from hookc.cel.evaluator import evaluate
from hookc.cel.parser import parse
from hookc.ir.expr import Expr
from hookc.ir.hooks import Action, Hook, HookSet
from tests.backends.test_differential import build, check_dispatch, check_predicates
from tests.properties import SETTINGS, examples, load
from tests.strategies import conditions, sparse_context_batches

EVENTS = ("error", "limit")


def _hookset(conditions_: list[Expr]) -> HookSet:
    return HookSet(
        tuple(
            Hook(f"hook_{i}", EVENTS[i % 2], condition, Action("continue"))
            for i, condition in enumerate(conditions_)
        )
    )


@settings(SETTINGS, max_examples=examples(80))
@given(st.lists(conditions, min_size=1, max_size=3), sparse_context_batches(16))
def test_compiled_predicates_agree_with_the_reference_on_sparse_contexts(
    conditions_: list[Expr], contexts: list[dict[str, Any]]
) -> None:
    hookset = _hookset(conditions_)
    check_predicates(build(hookset), hookset, contexts)


@settings(SETTINGS, max_examples=examples(80))
@given(st.lists(conditions, min_size=1, max_size=3), sparse_context_batches(16))
def test_runtime_predicates_agree_with_the_reference_on_sparse_contexts(
    conditions_: list[Expr], contexts: list[dict[str, Any]]
) -> None:
    hookset = _hookset(conditions_)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    check_predicates(runtime, hookset, contexts)  # type: ignore[arg-type]


@settings(SETTINGS, max_examples=examples(40))
@given(st.lists(conditions, min_size=1, max_size=5), sparse_context_batches(12))
def test_dispatch_agrees_with_the_reference_on_sparse_contexts(
    conditions_: list[Expr], contexts: list[dict[str, Any]]
) -> None:
    hookset = _hookset(conditions_)
    check_dispatch(build(hookset), hookset, contexts, EVENTS)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    check_dispatch(runtime, hookset, contexts, EVENTS)  # type: ignore[arg-type]


# -- no error value made in truth position ------------------------------------------------------

TRUTH_POSITION = (
    "classification.category == 'rate_limited'",
    "classification.category != 'rate_limited'",
    "limit_code == 'spend_exceeded' && cost.spend > 10.0",
    "cost.spend >= 3 || cost.spend < -1",
    "!(cost.spend <= 2.5)",
    "cost.tokens == 12000",
    "tool.input.command.matches('rm\\\\s+-rf')",
    "tool.input.command.startsWith('git') || tool.input.path.glob('**/*.py')",
    "!tool.input.command.contains('sudo')",
    "tool.name == 'Bash' || tool.name == 'Write' || tool.name == 'Edit' || !session.trusted",
    "tool.name in ['Bash', 'Write', 'Edit']",
    "!(tool.name in ['Bash', 'Write'])",
    "has(error.headers['retry-after'])",
    "!has(error.headers.etag) && error.code < 'E5'",
)

# Every path above missing at each level, or null there, or a value of another kind.
_TOP = ("classification", "limit_code", "cost", "tool", "session", "error")
SPARSE_CONTEXTS: list[dict[str, Any]] = [
    {},
    dict.fromkeys(_TOP),
    {name: {} for name in _TOP},
    {name: {"category": None, "spend": None, "tokens": None, "name": None} for name in _TOP},
    {"tool": {"input": None, "name": 7}, "session": {"trusted": None}, "error": {"headers": None}},
    {"tool": {"input": {"command": None, "path": None}}, "error": {"headers": {}, "code": None}},
    {"tool": {"input": {"command": 3, "path": True}}, "cost": {"spend": "12"}, "limit_code": 1},
    {"classification": "rate_limited", "cost": [1], "tool": "Bash", "error": 5},
]


@pytest.fixture
def made_errors(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Counts the error values made, in the compiled module (which carries its own copy of
    the value semantics) or in hookc.runtime, once ``watch`` is called."""
    made: list[str] = []

    def watch(error_class: type) -> None:
        original = error_class.__init__

        def counting(self: Any, message: str) -> None:
            made.append(message)
            original(self, message)

        monkeypatch.setattr(error_class, "__init__", counting)

    return made, watch


def test_compiled_predicates_make_no_error_value_for_missing_or_null_operands(
    made_errors: Any,
) -> None:
    made, watch = made_errors
    hooks = [parse(text).expr for text in TRUTH_POSITION]
    module = load(generate(_hookset(hooks), source_sha256="0" * 64, sources=()))  # type: ignore[arg-type]
    watch(module.CelError)
    for (number, text), context in itertools.product(enumerate(TRUTH_POSITION), SPARSE_CONTEXTS):
        expected = evaluate(parse(text).expr, context) is True  # type: ignore[arg-type]
        assert module.predicates[f"hook_{number}"](context) is expected, (text, context)
        assert made == [], (text, context, made)
    assert module.evaluate_all("error", SPARSE_CONTEXTS[0]) == []
    assert made == []


def test_runtime_predicates_make_no_error_value_for_missing_or_null_operands(
    made_errors: Any,
) -> None:
    made, watch = made_errors
    hooks = [parse(text).expr for text in TRUTH_POSITION]
    runtime = hookc.runtime.loads(canonical_yaml(_hookset(hooks)))  # type: ignore[arg-type]
    expected = {
        (number, index): evaluate(parse(text).expr, context) is True  # type: ignore[arg-type]
        for (number, text), (index, context) in itertools.product(
            enumerate(TRUTH_POSITION), enumerate(SPARSE_CONTEXTS)
        )
    }
    watch(hookc.runtime.values.CelError)
    for (number, text), (index, context) in itertools.product(
        enumerate(TRUTH_POSITION), enumerate(SPARSE_CONTEXTS)
    ):
        assert runtime.predicates[f"hook_{number}"](context) is expected[(number, index)]
        assert made == [], (text, context, made)


def test_the_watch_sees_an_error_where_one_is_made(made_errors: Any) -> None:
    """Guards the two tests above: an error in value position is still made."""
    made, watch = made_errors
    module = load(
        generate(_hookset([parse("cost.spend + 1 > 2").expr]), source_sha256="0" * 64, sources=())
    )  # type: ignore[list-item]
    watch(module.CelError)
    assert module.predicates["hook_0"]({"cost": {"spend": "x"}}) is False
    assert made != []


@pytest.mark.parametrize("text", ["!has((!a).b)", "!has(m[k])", "!has(m[k].c)"])
def test_has_of_a_path_through_a_missing_variable_is_an_error_not_false(text: str) -> None:
    """`(!a).b` with no `a` is an error, so has() of it is an error and `!has(...)` is not
    true; only a path that leads nowhere makes has() false. (The compiled module once took
    the missing variable's error for the path's "missing".)"""
    expr = parse(text).expr
    assert expr is not None
    hookset = _hookset([expr])
    module = load(generate(hookset, source_sha256="0" * 64, sources=()))
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    for context in ({}, {"m": {}}, {"m": {"x": {"c": 1}}}, {"m": {}, "k": "x"}):
        expected = evaluate(expr, context)
        assert module.predicates["hook_0"](context) is (expected is True), context
        assert runtime.predicates["hook_0"](context) is (expected is True), context
    # With no `a` or `k` (and `m` a map) the reference says error: the case this is about.
    assert isinstance(evaluate(expr, {"m": {}}), hookc.runtime.values.CelError)


# Operands of a top-level `&&` or `||` that read a path strictly (compared with a constant,
# a text method, has(), under an operator, a function or `!`, as a list position) and others
# that do not: compiled predicates load each path only when the test reaches it and stop at
# an object that is missing, null or no map (issue 15); they must still agree.
_ATOM_TEXTS = (
    "!a.b.c",
    "a.b.c",
    "size(a.b.c) + 1 > 1",
    "a.b[0] == 1 || a.b.c == 1",
    "items[0].name == 'Bash'",
    "[a.b.c, 1] == [x, 1]",
    "(x == 1 ? a.b.c : 1) == 1",
    "a.b.c == 'x'",
    "a.b.c != 1",
    "a.b.c in ['x', 1, null]",
    "a.b == null",
    "a.b != null",
    "a.b.c.startsWith('x')",
    "has(a.b.c)",
    "has(a.b)",
    "error.headers['retry-after'] > 0",
    "cost.spend >= 1.5",
    "tool == 'Bash'",
    "x == null",
    "!(a.b.c == 'x')",
    "a.b.c == 'x' || x == 1",
    "(a.b.c == 'x') == false",
    "size(items) > 0",
    "true",
)
_ATOMS = st.sampled_from(_ATOM_TEXTS)


@settings(SETTINGS, max_examples=examples(80))
@given(
    st.lists(
        st.tuples(st.sampled_from(("&&", "||")), st.lists(_ATOMS, min_size=1, max_size=4)),
        min_size=1,
        max_size=3,
    ),
    sparse_context_batches(16),
)
def test_operands_loaded_lazily_still_agree_on_sparse_contexts(
    drawn: list[tuple[str, list[str]]], contexts: list[dict[str, Any]]
) -> None:
    texts = [f" {op} ".join(f"({atom})" for atom in atoms) for op, atoms in drawn]
    parsed = [parse(text).expr for text in texts]
    assert all(expr is not None for expr in parsed), texts
    hookset = _hookset([expr for expr in parsed if expr is not None])
    check_predicates(build(hookset), hookset, contexts)
    check_predicates(hookc.runtime.loads(canonical_yaml(hookset)), hookset, contexts)  # type: ignore[arg-type]


_EDGE_CONTEXTS: list[dict[str, Any]] = [
    {},
    {"x": None, "a": None, "cost": None, "error": None, "tool": None},
    {"x": 1, "a": {"b": None}, "cost": {}, "error": {"headers": None}, "tool": "Bash"},
    {"a": {"b": {"c": "x"}}, "cost": {"spend": 2}, "error": {"headers": {"retry-after": 1}}},
    {"a": {"b": {"c": None}}, "x": "x", "cost": {"spend": None}, "items": [1]},
    {"a": [1], "x": [], "tool": {"name": "Bash"}, "items": None},
    {"a": "text", "cost": 3, "error": "e"},
    # Objects that are maps of another class than dict (they are maps), and mappings that
    # are not dicts (no CEL value: not maps), on the way.
    {
        "a": OrderedDict(b=OrderedDict(c="x")),
        "error": defaultdict(int, headers=OrderedDict({"retry-after": 2})),
        "items": [OrderedDict(name="Bash")],
    },
    {"a": MappingProxyType({"b": {"c": "x"}}), "cost": MappingProxyType({"spend": 2})},
    {"a": {"b": [1]}, "items": [{"name": "Bash"}], "x": 1},
    {"a": {"b": {"c": True}}, "x": True, "items": [None]},
]


@pytest.mark.parametrize("op", ["&&", "||"])
def test_every_pair_of_operands_agrees_on_missing_null_and_wrong_typed_objects(op: str) -> None:
    """Deterministic: each operand alone and each pair under ``op``, on contexts where each
    object on the paths is missing, null, of another type or present."""
    atoms = list(_ATOM_TEXTS)
    texts = atoms + [f"({a}) {op} ({b})" for a, b in itertools.product(atoms, atoms)]
    parsed = [parse(text).expr for text in texts]
    hookset = _hookset([expr for expr in parsed if expr is not None])
    assert len(hookset.hooks) == len(texts)
    check_predicates(build(hookset), hookset, _EDGE_CONTEXTS)
    check_predicates(hookc.runtime.loads(canonical_yaml(hookset)), hookset, _EDGE_CONTEXTS)  # type: ignore[arg-type]


@pytest.mark.parametrize("count", [1, 12])  # the compiled module chains a few events with ==
def test_an_event_that_is_no_string_fires_nothing_in_either_back_end(count: int) -> None:
    hooks = tuple(
        Hook(f"h{i}", f"event_{i}", parse("true").expr, Action("continue")) for i in range(count)
    )
    hookset = HookSet(hooks)
    module = load(generate(hookset, source_sha256="0" * 64, sources=()))
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    for implementation in (module, runtime):
        assert implementation.evaluate_hooks("event_0", {}) == {"type": "continue"}
        for event in (["event_0"], {"event_0": 1}, None, 0):
            assert implementation.evaluate_hooks(event, {}) is None
            assert implementation.evaluate_all(event, {}) == []
