"""Hypothesis strategies: expressions as the parser builds them, and contexts to run them on.

``expressions`` draws IR trees of every node type (the printer's round trip is tested over
them); ``conditions`` draws boolean-shaped expressions over a small fixed vocabulary of
paths, and ``contexts`` draws values for those paths that trip Python-based evaluators:
missing keys, nulls, wrong types, bools beside ints, NaN, ints past int64, non-ASCII.
"""

from __future__ import annotations

import math
from typing import TypeVar

from hypothesis import strategies as st

from hookc.cel.catalog import CEL_KEYWORDS, GLOBAL_FUNCTIONS, KEYWORDS, METHODS, RESERVED
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

# Fields may also be CEL's reserved words that are not keywords (`a.as`, `a.while`).
fields = names | st.sampled_from(sorted(RESERVED - CEL_KEYWORDS))

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
    paths = st.builds(Select, children, fields) | st.builds(Index, children, children)
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


# -- conditions over a small vocabulary of paths, and contexts for them ---------------------------

TOOL = Ident("tool")
COST_SPEND = Select(Ident("cost"), "spend")
ERROR_CODE = Select(Ident("error"), "code")
RETRY_AFTER = Index(Select(Ident("error"), "headers"), Literal("retry-after"))
ITEMS = Ident("items")
A_B_C = Select(Select(Ident("a"), "b"), "c")

VOCABULARY_PATHS: tuple[Expr, ...] = (TOOL, COST_SPEND, ERROR_CODE, RETRY_AFTER, ITEMS, A_B_C)
"""The leaf paths that ``conditions`` test and ``contexts`` fill (or leave out)."""

_PREFIX_PATHS: tuple[Expr, ...] = (
    Ident("cost"),
    Ident("error"),
    Select(Ident("error"), "headers"),
    Ident("a"),
    Select(Ident("a"), "b"),
)

# Constant int keys: list positions (in range, out of it, negative) and int keys of maps
# that may hold a bool or double key instead (CEL keeps 1, true and 1.0 apart as keys).
_INDEXED_PATHS: tuple[Expr, ...] = (
    Index(ITEMS, Literal(0)),
    Index(ITEMS, Literal(-1)),
    Select(Index(ITEMS, Literal(1)), "name"),
    Index(Select(Ident("a"), "b"), Literal(1)),
    Index(Select(Ident("error"), "headers"), Literal(0)),
    Index(TOOL, Literal(1)),
    Index(Index(ITEMS, Literal(0)), Literal(0)),
)

_EDGE_INTS = (
    0, 1, -1, 2, 7, 2**53, 2**53 + 1, -(2**53), -(2**53) - 1, INT64_MAX, INT64_MIN,
    INT64_MAX - 1, INT64_MIN + 1, 2**31, 3_000_000_000,
)  # fmt: skip
_EDGE_DOUBLES = (
    0.0, -0.0, 1.0, -1.0, 1.5, 0.1, 2.0**53, 2.0**53 + 2, 9.223372036854775807e18,
    -9.223372036854775808e18, 1e300, -1e300, 5e-324, 1e-7, 123456.789,
)  # fmt: skip
_EDGE_STRINGS = (
    "", "Bash", "Read", "bash", "é", "e\u0301", "😀", "\x00", "a/b", "a/x/b", "1", "1.0",
    "-5", "true", "True", "inf", "nan", "retry-after", "NaN", " ", "\n", "'", '"', "\\",
)  # fmt: skip

edge_literals: st.SearchStrategy[Expr] = st.one_of(
    st.sampled_from(_EDGE_INTS),
    st.integers(INT64_MIN, INT64_MAX),
    st.sampled_from(_EDGE_DOUBLES),
    st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(_EDGE_STRINGS),
    st.text(max_size=4),
    st.booleans(),
    st.none(),
).map(Literal)
"""Literals of every kind, weighted to the values where CEL and Python part ways."""

_SPECIAL_DOUBLES: tuple[Expr, ...] = tuple(
    Call("double", (Literal(text),)) for text in ("inf", "-inf", "nan", "-0", "1e308")
)

REGEX_PATTERNS = ("^B", "a.h", "é", r"\d+", "^$", "(?i)bash", "😀", r"^[^/]+/", "x|y", "\x00")
GLOB_PATTERNS = ("B*", "*.py", "a/**/b", "?ash", "[BR]*", "**", "[!B]*", "", "é*")

_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
_ARITHMETIC = ("+", "-", "*", "/", "%")
_CONVERSIONS = ("int", "double", "string", "bool", "dyn", "size")


def _literal_lists(items: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    return st.lists(items, max_size=3).map(lambda xs: List(tuple(xs)))


def _literal_maps(values: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
    keys = st.one_of(
        st.sampled_from(("a", "b", "c", "retry-after", "Bash", "")).map(Literal),
        st.sampled_from((0, 1, True, False)).map(Literal),
    )
    return st.lists(st.tuples(keys, values), max_size=3).map(lambda es: Map(tuple(es)))


T = TypeVar("T")


def short_repr(strategy: st.SearchStrategy[T]) -> st.SearchStrategy[T]:
    """``strategy`` behind a short repr: ``st.recursive`` validates its base by printing it,
    and so does a failing test's report, and Hypothesis warns (an error under pytest) when a
    nested strategy's repr runs to 100 kB."""

    @st.composite
    def drawn(draw: st.DrawFn) -> T:
        return draw(strategy)

    return drawn()


def _language(
    variables: tuple[Expr, ...], nested: bool
) -> tuple[st.SearchStrategy[Expr], st.SearchStrategy[Expr]]:
    """(values, conditions) over the vocabulary plus ``variables`` (a macro's element);
    ``nested`` adds the macros (over ``items``, other paths and list literals).

    Trees stay small (a few leaves each): Hypothesis pays per choice, and the properties
    draw thousands of them.
    """
    every_path = VOCABULARY_PATHS + _PREFIX_PATHS + _INDEXED_PATHS + variables
    paths = st.sampled_from(every_path)
    string_paths = st.sampled_from((TOOL, ERROR_CODE, A_B_C, *variables))
    number_paths = st.sampled_from((COST_SPEND, RETRY_AFTER, ERROR_CODE, A_B_C, *variables))
    strings = st.sampled_from(_EDGE_STRINGS).map(Literal)
    numbers = st.one_of(
        st.sampled_from(_EDGE_INTS), st.sampled_from(_EDGE_DOUBLES), st.integers(-3, 3)
    ).map(Literal)
    leaves = short_repr(
        st.one_of(
            paths,
            paths,
            edge_literals,
            st.sampled_from(_SPECIAL_DOUBLES),
            _literal_lists(edge_literals),
        )
    )
    comparison = st.one_of(
        st.builds(Binary, st.sampled_from(_COMPARISONS), string_paths, strings),
        st.builds(Binary, st.sampled_from(_COMPARISONS), number_paths, numbers),
        st.builds(Binary, st.sampled_from(_COMPARISONS), numbers, number_paths),
        st.builds(Binary, st.sampled_from(_COMPARISONS), paths, edge_literals),
    )

    def grow_values(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
        return st.one_of(
            st.builds(Binary, st.sampled_from(_ARITHMETIC), children, children),
            st.builds(Unary, st.just("-"), children),
            st.builds(
                lambda name, arg: Call(name, (arg,)), st.sampled_from(_CONVERSIONS), children
            ),
            st.builds(lambda target: Call("size", (), target), children),
            st.builds(Index, children, children),
            st.builds(Select, children, st.sampled_from(("b", "c", "spend", "name"))),
            _literal_lists(children),
            _literal_maps(children),
            st.builds(Conditional, comparison, children, children),
        )

    values = st.recursive(leaves, grow_values, max_leaves=3)

    def method(name: str, arguments: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
        targets = st.one_of(string_paths, string_paths, values)
        return st.builds(lambda target, arg: Call(name, (arg,), target), targets, arguments)

    atoms = [
        comparison,
        comparison,
        comparison,
        st.builds(Binary, st.sampled_from(_COMPARISONS), values, values),
        st.builds(lambda value, items: Binary("in", value, items), paths, _literal_lists(strings)),
        st.builds(
            lambda value, items: Binary("in", value, items), values, _literal_lists(edge_literals)
        ),
        st.builds(lambda value, container: Binary("in", value, container), values, paths),
        st.builds(Has, paths),
        st.builds(Has, paths),
        method("contains", strings | values),
        method("startsWith", strings),
        method("endsWith", strings | values),
        method("matches", st.sampled_from(REGEX_PATTERNS).map(Literal)),
        method("glob", st.sampled_from(GLOB_PATTERNS).map(Literal)),
        st.builds(
            lambda target, pattern: Call("matches", (target, pattern)),
            string_paths,
            st.sampled_from(REGEX_PATTERNS).map(Literal),
        ),
        st.builds(lambda target: Call("bool", (target,)), string_paths),
        st.booleans().map(Literal),
        values,  # mostly not a boolean: an error, so the hook does not fire
    ]
    if nested:
        element = (Ident("x"), Select(Ident("x"), "name"))
        inner_values, inner_conditions = _language(element, False)
        targets = st.sampled_from((ITEMS, ITEMS, A_B_C, Ident("a"))) | _literal_lists(edge_literals)
        macro = st.builds(
            Comprehension,
            st.sampled_from(("all", "exists", "exists_one")),
            targets,
            st.just("x"),
            inner_conditions,
        )
        selection = st.one_of(
            st.builds(Comprehension, st.just("filter"), targets, st.just("x"), inner_conditions),
            st.builds(
                Comprehension,
                st.just("map"),
                targets,
                st.just("x"),
                st.none() | inner_conditions,
                inner_values,
            ),
        )
        atoms += [
            macro,
            macro,
            st.builds(
                lambda listed, n: Binary(">", Call("size", (listed,)), Literal(n)),
                selection,
                st.sampled_from((0, 1)),
            ),
            st.builds(lambda listed, value: Binary("in", value, listed), selection, values),
            st.builds(Binary, st.sampled_from(("==", "!=")), selection, values),
        ]

    def grow_conditions(children: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
        return st.one_of(
            st.lists(children, min_size=2, max_size=3).map(lambda xs: And(tuple(xs))),
            st.lists(children, min_size=2, max_size=3).map(lambda xs: Or(tuple(xs))),
            st.builds(Unary, st.just("!"), children),
            st.builds(Conditional, children, children, children),
        )

    conditions = st.recursive(short_repr(st.one_of(*atoms)), grow_conditions, max_leaves=4)
    return values, conditions


vocabulary_values, conditions = _language((), True)
"""``conditions``: boolean-shaped expressions over ``VOCABULARY_PATHS`` mixing every node
type (comparisons against edge literals, ``in``, ``has``, ``&&``/``||``/``!``, ``?:``,
arithmetic, string functions with fixed valid patterns, conversions, the macros over
``items``, list and map literals); some are not boolean at all."""

_EDGE_VALUES: tuple[object, ...] = (
    None, True, False, 0, 1, -1, 1.0, -0.0, 0.0, 1.5, math.nan, -math.nan, math.inf, -math.inf,
    2**53, 2**53 + 1, float(2**53), -(2**53) - 1, INT64_MAX, INT64_MIN, INT64_MAX + 1,
    INT64_MIN - 1, 2**64, -(2**70), 9.223372036854775807e18, 1e300, 5e-324,
    "", "Bash", "Read", "bash", "é", "😀", "\x00", "a/x/b", "inf", "nan", "1", "-5", "true",
    "retry-after", "3.5", (), [], {}, [1, "a"], (1, 2), [[1]], [True], [1.0], [math.nan],
    {"k": 1}, {1: "one"}, {True: "yes"}, {1.0: "x"}, {"retry-after": 1},
)  # fmt: skip

_EDGE_SCALARS = st.one_of(
    st.sampled_from(_EDGE_VALUES),
    st.sampled_from(_EDGE_VALUES),
    st.sampled_from(_EDGE_VALUES),
    st.integers(),
    st.floats(),
    st.text(max_size=4),
)
edge_values: st.SearchStrategy[object] = st.one_of(
    _EDGE_SCALARS,
    _EDGE_SCALARS,
    st.recursive(
        _EDGE_SCALARS,
        lambda children: st.one_of(
            st.lists(children, max_size=3),
            st.lists(children, max_size=3).map(tuple),
            st.dictionaries(
                st.sampled_from(("b", "c", "spend", "code", "name", "retry-after", 0, 1, True))
                | st.text(max_size=2),
                children,
                max_size=3,
            ),
        ),
        max_leaves=4,
    ),
)
"""Context values that trip Python-based evaluators: nulls, bools beside ints, 1 beside 1.0,
NaN, infinities, -0.0, ints past int64 and past 2**53, non-ASCII and astral strings, tuples,
empty and nested containers, maps keyed by ints and bools."""


_ABSENT = object()


def _mostly_present(fields: dict[str, st.SearchStrategy[object]]) -> st.SearchStrategy[object]:
    """A dict holding each of ``fields`` three times in four."""
    drawn = st.fixed_dictionaries(
        {name: st.one_of(st.just(_ABSENT), value, value, value) for name, value in fields.items()}
    )
    return drawn.map(lambda d: {name: value for name, value in d.items() if value is not _ABSENT})


def _maps(**fields: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """A map holding most of ``fields``, or (one time in three) any other value in its place."""
    shaped = _mostly_present(fields)
    return st.one_of(shaped, shaped, edge_values)


_TOOLS = st.sampled_from(("Bash", "Read", "Write", "é", "😀", "", "bash"))
# Values of the type a condition expects (so that conditions come out true and false as
# often as they fail), then anything at all.
_STRINGS = _TOOLS | st.sampled_from(_EDGE_STRINGS)
_NUMBERS = st.one_of(
    st.sampled_from(_EDGE_INTS + _EDGE_DOUBLES), st.integers(-3, 12), st.floats(-3, 12)
)
_SCALARS = st.one_of(_STRINGS, _NUMBERS, _NUMBERS, edge_values)
_ELEMENTS = st.one_of(edge_values, _TOOLS, _NUMBERS, _maps(name=_TOOLS | edge_values))

_CONTEXT_FIELDS: dict[str, st.SearchStrategy[object]] = {
    "tool": st.one_of(_TOOLS, _TOOLS, edge_values),
    "cost": _maps(spend=_SCALARS),
    "error": _maps(code=_SCALARS, headers=_maps(**{"retry-after": _SCALARS})),
    "items": st.lists(_ELEMENTS, max_size=4)
    | st.lists(_ELEMENTS, max_size=4).map(tuple)
    | edge_values,
    "a": _maps(b=_maps(c=_SCALARS)),
    "x": edge_values,  # what a macro's variable must shadow
}

contexts: st.SearchStrategy[dict[str, object]] = _mostly_present(_CONTEXT_FIELDS)  # type: ignore[assignment]
"""Contexts for ``conditions``: each path present, missing at any level, or of a wrong type."""


def batches(
    fields: dict[str, st.SearchStrategy[object]], size: int
) -> st.SearchStrategy[list[dict[str, object]]]:
    """``size`` contexts made of a few drawn values per field: Hypothesis pays per choice, so
    each field gets one to three candidates (or absence) and context ``i`` combines them in a
    pattern that pairs every candidate of one field with several of another's."""

    @st.composite
    def drawn(draw: st.DrawFn) -> list[dict[str, object]]:
        columns = [
            (name, draw(st.lists(st.just(_ABSENT) | value | value | value, min_size=1, max_size=3)))
            for name, value in fields.items()
        ]
        batch = []
        for i in range(size):
            context = {}
            for j, (name, column) in enumerate(columns):
                value = column[(i * (2 * j + 1) + i // (j + 2)) % len(column)]
                if value is not _ABSENT:
                    context[name] = value
            batch.append(context)
        return batch

    return drawn()


def context_batches(size: int = 24) -> st.SearchStrategy[list[dict[str, object]]]:
    """``size`` contexts for ``conditions`` (see ``batches``), cheap to draw."""
    return batches(_CONTEXT_FIELDS, size)


# -- contexts weighted toward missing and null paths, as real events are ----------------------


def _hole(value: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    """Absent half of the time, null a quarter, else ``value``."""
    return st.one_of(st.just(_ABSENT), st.just(_ABSENT), st.none(), value)


def _sparse_map(**fields: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    drawn = st.fixed_dictionaries({name: _hole(value) for name, value in fields.items()})
    return drawn.map(lambda d: {name: value for name, value in d.items() if value is not _ABSENT})


_SPARSE_FIELDS: dict[str, st.SearchStrategy[object]] = {
    "tool": _hole(_TOOLS),
    "cost": _hole(_sparse_map(spend=_NUMBERS)),
    "error": _hole(_sparse_map(code=_STRINGS, headers=_sparse_map(**{"retry-after": _SCALARS}))),
    "items": _hole(st.lists(st.one_of(st.none(), _TOOLS, _sparse_map(name=_TOOLS)), max_size=3)),
    "a": _hole(_sparse_map(b=_sparse_map(c=_SCALARS))),
    "x": _hole(edge_values),
}


def sparse_context_batches(size: int = 24) -> st.SearchStrategy[list[dict[str, object]]]:
    """Contexts for ``conditions`` where most paths are missing or null at some level (an
    ``error`` event has no ``cost``; producers write null for what they lack)."""
    return batches(_SPARSE_FIELDS, size)
