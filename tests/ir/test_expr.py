"""The expression IR's equality and kept hashes (``hookc.ir.expr``): literals compare by CEL
type and value, and a node's hash, worked out once and kept, is that of its compared fields,
so equal trees made apart hash alike."""

from __future__ import annotations

import copy
import math

from hypothesis import given
from hypothesis import strategies as st

from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.ir.expr import Literal
from tests.strategies import expressions

values = st.one_of(
    st.integers(-3, 3),
    st.sampled_from((0.0, -0.0, 1.0, 2.5, math.nan, math.inf, -math.inf)),
    st.floats(allow_nan=True),
    st.booleans(),
    st.none(),
    st.sampled_from(("", "a", "1", "True")),
)


@given(values, values)
def test_literals_are_equal_exactly_when_their_cel_type_and_value_are(a: object, b: object) -> None:
    same = type(a) is type(b) and (repr(a) == repr(b) if isinstance(a, float) else a == b)
    assert (Literal(a) == Literal(b)) is same  # type: ignore[arg-type]
    if same:
        assert hash(Literal(a)) == hash(Literal(b))  # type: ignore[arg-type]
    assert hash(Literal(a)) == hash(Literal(a)._key())  # type: ignore[arg-type]


@given(expressions)
def test_equal_trees_made_apart_hash_alike_and_a_copy_hashes_as_its_original(expr: object) -> None:
    again = parse(to_text(expr)).expr  # type: ignore[arg-type]
    if again == expr:
        assert hash(again) == hash(expr)
    assert hash(copy.copy(expr)) == hash(expr)
    assert hash(copy.deepcopy(expr)) == hash(expr)
