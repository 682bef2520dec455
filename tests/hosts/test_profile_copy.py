"""``hookc.hosts.profile.copied``: the copy of YAML data a profile keeps, without ``copy``."""

from __future__ import annotations

import copy
import datetime
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hookc.hosts.profile import copied

# What pyyaml's safe loader makes: scalars (dates and bytes too), lists, mappings, sets
# (!!set), and lists of pairs (!!omap, !!pairs).
_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text(max_size=5)
    | st.binary(max_size=4)
    | st.dates()
    | st.datetimes(timezones=st.just(datetime.UTC))
)
_DATA = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=4) | st.integers(), inner, max_size=4)
        | st.sets(st.text(max_size=3) | st.integers(), max_size=3)
        | st.lists(st.tuples(st.text(max_size=3), inner), max_size=3)
    ),
    max_leaves=20,
)


def _containers(data: Any) -> list[Any]:
    if isinstance(data, dict):
        return [data, *(c for value in data.values() for c in _containers(value))]
    if isinstance(data, list | tuple):
        own = [data] if isinstance(data, list) else []
        return [*own, *(c for item in data for c in _containers(item))]
    return [data] if isinstance(data, set) else []


@given(_DATA)
def test_copied_equals_deepcopy_and_shares_no_container(data: Any) -> None:
    result = copied(data)
    assert result == copy.deepcopy(data)
    assert type(result) is type(data)
    shared = {id(c) for c in _containers(data)} & {id(c) for c in _containers(result)}
    assert shared == set()


def test_an_aliased_value_is_copied_apart() -> None:
    """A YAML anchor makes one object appear twice; each place gets its own copy, which
    deepcopy would share (nothing reads the identity, and neither can be changed through
    the other)."""
    shared = {"type": "string"}
    result = copied({"a": shared, "b": shared})
    assert result == {"a": shared, "b": shared}
    assert result["a"] is not shared and result["b"] is not shared
