"""Hypothesis strategies: expressions as the parser builds them, and contexts to run them on.

``expressions`` draws IR trees of every node type (the printer's round trip is tested over
them); ``conditions`` draws boolean-shaped expressions over a small fixed vocabulary of
paths, and ``contexts`` draws values for those paths that trip Python-based evaluators:
missing keys, nulls, wrong types, bools beside ints, NaN, ints past int64, non-ASCII.
"""

from __future__ import annotations

from hypothesis import strategies as st

from hookc.cel.catalog import GLOBAL_FUNCTIONS, KEYWORDS, METHODS, RESERVED
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Map,
    Or,
    Select,
    Unary,
)
from hookc.runtime.values import INT64_MAX, INT64_MIN

_NOT_NAMES = RESERVED | KEYWORDS | {"True", "False", "None", "has"}

names = st.from_regex(r"[_a-zA-Z][_a-zA-Z0-9]{0,6}", fullmatch=True).filter(
    lambda name: name not in _NOT_NAMES
)

literals = st.one_of(
    st.integers(INT64_MIN, INT64_MAX),
    st.floats(allow_nan=False, allow_infinity=False),  # no literal is NaN or infinite
    st.text(max_size=8),
    st.booleans(),
    st.none(),
).map(Literal)

_BINARY_OPS = ("==", "!=", "<", "<=", ">", ">=", "in", "+", "-", "*", "/", "%")


def _calls(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    functions = st.sampled_from(sorted(GLOBAL_FUNCTIONS)).flatmap(
        lambda name: st.lists(
            children, min_size=GLOBAL_FUNCTIONS[name], max_size=GLOBAL_FUNCTIONS[name]
        ).map(lambda args: Call(name, tuple(args)))
    )
    methods = st.sampled_from(sorted(METHODS)).flatmap(
        lambda name: st.tuples(
            children, st.lists(children, min_size=METHODS[name], max_size=METHODS[name])
        ).map(lambda pair: Call(name, tuple(pair[1]), pair[0]))
    )
    return functions | methods


def _extend(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    paths = st.builds(Select, children, names) | st.builds(Index, children, children)
    return st.one_of(
        paths,
        st.builds(Unary, st.sampled_from(("!", "-")), children),
        st.builds(Binary, st.sampled_from(_BINARY_OPS), children, children),
        st.lists(children, min_size=2, max_size=4).map(lambda xs: And(tuple(xs))),
        st.lists(children, min_size=2, max_size=4).map(lambda xs: Or(tuple(xs))),
        st.builds(Conditional, children, children, children),
        st.lists(children, max_size=3).map(lambda xs: List(tuple(xs))),
        st.lists(st.tuples(children, children), max_size=3).map(lambda es: Map(tuple(es))),
        _calls(children),
        st.builds(Has, paths | st.builds(Ident, names)),
        st.builds(
            Comprehension,
            st.sampled_from(("all", "exists", "exists_one", "filter")),
            children,
            names,
            children,
        ),
        st.builds(Comprehension, st.just("map"), children, names, st.none() | children, children),
    )


expressions: st.SearchStrategy[Expr] = st.recursive(
    literals | st.builds(Ident, names), _extend, max_leaves=12
)
