"""``hookc.runtime.truth``: conditions in truth position read their paths inline and decide
missing, null and other plain values from a table. Every such leaf, alone, negated and
combined, fires exactly where the reference evaluator says the condition is true, whatever
stands at each step of its path (every plain kind, subclasses, values of no CEL type)."""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.cel.parser import parse
from hookc.ir.hooks import Action, Hook, HookSet
from tests.backends.test_differential import check_dispatch, check_predicates
from tests.properties import SETTINGS, examples


class Text(str):
    """A str subclass: not the type a leaf tests inline."""


class Other:
    """A value of no CEL type."""

    def __repr__(self) -> str:
        return "Other()"


# What may stand at any step of a path: every plain kind and its edges, subclasses, and a
# value of no CEL type. `_ABSENT` leaves the key out.
_ABSENT = object()
VALUES: tuple[Any, ...] = (
    _ABSENT, None, "x", "", "xy", "m", Text("x"),
    0, 1, -1, 2**53 + 1, 2**63, -(2**70), 1.0, 1.5, math.nan, math.inf, -0.0, float(2**53 + 2),
    True, False, [], ["x"], ("x",), {}, {"k": 1}, OrderedDict(v="x"), Other(),
)  # fmt: skip

# Leaves of every kind `hookc.runtime.truth` reads inline (and some it leaves to the value
# closures); `P` stands for the path.
LEAVES = (
    "P == 'x'", "P != 'x'", "P < 'm'", "P >= 'x'", "P in ['x', 'y']", "P in ['x', 1]",
    "P == 1", "P != 1", "P > 1", "P <= 1.5", "P == 1.0", "P >= -1",
    "P > 9007199254740993", "P == 9007199254740993", "P < -9007199254740993",
    "P == true", "P != false", "P < true", "P == null", "P != null",
    "P.contains('x')", "P.startsWith('x')", "P.endsWith('y')", "P.matches('^x')",
    "P.glob('x*')", "P", "!P",
)  # fmt: skip
PATHS = ("v", "a.v", "a.b.v", "a.b.c.v", "a['k-1'].v")


def _keys(path: str) -> list[str]:
    return path.replace("['k-1']", ".k-1").split(".")


def _at(keys: list[str], value: Any) -> dict[str, Any]:
    """A context with ``value`` at ``keys`` (none there for ``_ABSENT``)."""
    if value is _ABSENT:
        return {}
    context = value
    for key in reversed(keys):
        context = {key: context}
    return context  # type: ignore[no-any-return]


def contexts_for(path: str) -> list[dict[str, Any]]:
    """Each value of ``VALUES`` at each step of ``path``, and a dict subclass on the way."""
    keys = _keys(path)
    found = [_at(keys[:depth], value) for depth in range(1, len(keys) + 1) for value in VALUES]
    found.append(
        _at(keys[:1], OrderedDict([(keys[1], _at(keys[2:], "x"))])) if len(keys) > 1 else {}
    )
    return found


def _hookset(texts: list[str]) -> HookSet:
    hooks = []
    for i, text in enumerate(texts):
        expr = parse(text).expr
        assert expr is not None, text
        hooks.append(Hook(f"h{i}", "e", expr, Action("continue")))
    return HookSet(tuple(hooks))


def _forms(leaf: str) -> list[str]:
    """A leaf alone, negated, and as an operand of `&&`, `||` and both under `!`."""
    other = "a.w == 'y'"
    return [
        leaf,
        f"!({leaf})",
        f"({leaf}) && {other}",
        f"{other} || ({leaf})",
        f"!(({leaf}) || {other})",
        f"!({other} && !({leaf}))",
    ]


@pytest.mark.parametrize("path", PATHS)
def test_inline_leaves_fire_as_the_reference_says_whatever_is_on_their_path(path: str) -> None:
    texts = [form for leaf in LEAVES for form in _forms(leaf.replace("P", path))]
    if path != "v":
        texts.append(f"has({path})")
        texts.append(f"!has({path})")
    hookset = _hookset(texts)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    contexts = contexts_for(path)
    check_predicates(runtime, hookset, contexts)  # type: ignore[arg-type]
    check_dispatch(runtime, hookset, contexts, ("e",))  # type: ignore[arg-type]


def test_equalities_merged_into_one_set_keep_their_place_in_the_disjunction() -> None:
    """`tool == 'a' || x || tool == 'b'`: the set test stands where `tool == 'a'` stood."""
    texts = [
        "t == 'a' || f || t == 'b'",
        "f || t == 'a' || t == 'b' || !f",
        "!(t == 'a' || t == 'b') && !f",
        "t.n == 'a' || t.n == 'b' || s.n == 'a' || s.n == 'c'",
    ]
    contexts = [
        {"t": t, "f": f, "s": {"n": n}}
        for t in ("a", "b", "c", None, 1, {"n": "a"})
        for f in (True, False, None, "x")
        for n in ("a", "c", None)
    ]
    hookset = _hookset(texts)
    check_predicates(hookc.runtime.loads(canonical_yaml(hookset)), hookset, contexts)  # type: ignore[arg-type]


# Nested conditions over a few paths, on contexts where each step holds anything above.
_ATOMS = st.sampled_from(LEAVES).flatmap(
    lambda leaf: st.sampled_from(("v", "a.v", "a.b", "a.b.c")).map(lambda p: leaf.replace("P", p))
)


def _combined(children: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    joined = st.tuples(
        st.sampled_from((" && ", " || ")), st.lists(children, min_size=2, max_size=3)
    )
    return st.one_of(
        children.map(lambda text: f"!({text})"),
        joined.map(lambda drawn: drawn[0].join(f"({text})" for text in drawn[1])),
    )


_CONDITIONS = st.recursive(_ATOMS, _combined, max_leaves=6)
_ANY_VALUE = st.sampled_from(VALUES)


def _level(inner: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(
        _ANY_VALUE, st.dictionaries(st.sampled_from(("v", "b", "c")), inner, max_size=3)
    )


_CONTEXTS = st.dictionaries(
    st.sampled_from(("v", "a")), _level(_level(_level(_ANY_VALUE))), max_size=2
).map(lambda context: {key: value for key, value in context.items() if value is not _ABSENT})


@settings(SETTINGS, max_examples=examples(150))
@given(st.lists(_CONDITIONS, min_size=1, max_size=4), st.lists(_CONTEXTS, min_size=1, max_size=8))
def test_nested_conditions_fire_as_the_reference_says(
    texts: list[str], contexts: list[dict[str, Any]]
) -> None:
    contexts = [_without_absent(context) for context in contexts]
    hookset = _hookset(texts)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    check_predicates(runtime, hookset, contexts)  # type: ignore[arg-type]


def _without_absent(value: Any) -> Any:
    if type(value) is dict:
        return {k: _without_absent(v) for k, v in value.items() if v is not _ABSENT}
    return value
