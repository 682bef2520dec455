"""A record (``hookc.records``) behaves as the dataclass of the same declaration: the same
``__init__`` parameters and defaults, fields, ``repr``, equality, hash, order, refused
assignment, ``replace`` and ``__match_args__``, on random classes and values."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import itertools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc import records

NAMES = ("a", "b", "c", "d", "e", "f")
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 3), st.text("xy", max_size=2), st.tuples()
)
FACTORIES: tuple[Callable[[], Any], ...] = (list, dict, tuple, lambda: "made")


@st.composite
def declarations(draw: st.DrawFn) -> dict[str, Any]:
    """A class to declare both ways: its fields (name, kind, flags) and its options."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=0, max_size=5, unique=True))
    specs = []
    for name in names:
        kind = draw(st.sampled_from(["required", "plain", "default", "factory"]))
        spec = {
            "name": name,
            "kind": kind,
            "default": draw(VALUES),
            "factory": draw(st.sampled_from(FACTORIES)),
            "init": kind == "required" or draw(st.booleans()),
            "repr": draw(st.booleans()),
            "compare": draw(st.booleans()),
            "hash": draw(st.sampled_from([None, True, False])),
        }
        specs.append(spec)
    eq = draw(st.booleans())
    return {
        "fields": specs,
        "frozen": draw(st.booleans()),
        "slots": draw(st.booleans()),
        "eq": eq,
        "order": eq and draw(st.booleans()),
        "post_init": draw(st.booleans()),
    }


def _declare(declaration: dict[str, Any], module: Any) -> tuple[type, list[Any]]:
    """The class declared with ``module``'s decorator and field specifier (``dataclasses``
    or ``hookc.records``), and what its ``__post_init__`` saw."""
    seen: list[Any] = []
    namespace: dict[str, Any] = {"__annotations__": {}, "__module__": __name__}
    for spec in declaration["fields"]:
        name = spec["name"]
        namespace["__annotations__"][name] = "object"
        flags = {k: spec[k] for k in ("init", "repr", "compare", "hash")}
        if spec["kind"] == "plain":
            namespace[name] = spec["default"]
        elif spec["kind"] == "default":
            namespace[name] = module.field(default=spec["default"], **flags)
        elif spec["kind"] == "factory":
            namespace[name] = module.field(default_factory=spec["factory"], **flags)
        elif not spec["init"] or not spec["repr"] or not spec["compare"]:
            namespace[name] = module.field(**flags)
    if declaration["post_init"]:

        def __post_init__(self: Any) -> None:
            seen.append({n: getattr(self, n, "unset") for n in namespace["__annotations__"]})

        namespace["__post_init__"] = __post_init__
    declared = type("Declared", (), namespace)
    options = {k: declaration[k] for k in ("frozen", "slots", "eq", "order")}
    if module is dataclasses:
        return dataclasses.dataclass(**options)(declared), seen
    return records.record(**options)(declared), seen


def _outcome(action: Callable[[], Any]) -> tuple[str, Any]:
    """What an action gives: ("ok", its value) or ("raised", the exception's type and
    message), with a frozen-instance error of either module as one."""
    try:
        return "ok", action()
    except (dataclasses.FrozenInstanceError, records.FrozenInstanceError) as exc:
        return "frozen", str(exc)
    except Exception as exc:
        return "raised", type(exc).__name__


def _state(instance: Any) -> dict[str, Any]:
    return {n: getattr(instance, n, "unset") for n in NAMES}


@settings(max_examples=300, deadline=None)
@given(declarations(), st.data())
def test_a_record_behaves_as_the_dataclass_of_the_same_declaration(
    declaration: dict[str, Any], data: st.DataObject
) -> None:
    made = _outcome(lambda: _declare(declaration, dataclasses))
    ours = _outcome(lambda: _declare(declaration, records))
    assert made[0] == ours[0]
    if made[0] != "ok":
        assert made == ours  # both refuse the declaration, for the same reason
        return
    (expected_type, expected_seen), (record_type, seen) = made[1], ours[1]
    assert record_type.__match_args__ == expected_type.__match_args__
    assert hasattr(record_type, "__slots__") == hasattr(expected_type, "__slots__")
    assert (record_type.__hash__ is None) == (expected_type.__hash__ is None)
    assert [(f.name, f.init, f.repr, f.compare, f.hash) for f in records.fields(record_type)] == [
        (f.name, f.init, f.repr, f.compare, f.hash) for f in dataclasses.fields(expected_type)
    ]
    assert [f.default for f in records.fields(record_type)] == [
        records.MISSING if f.default is dataclasses.MISSING else f.default
        for f in dataclasses.fields(expected_type)
    ]
    assert record_type.__init__.__qualname__ == "Declared.__init__"
    assert record_type.__init__.__module__ == __name__
    parameters = [
        (p.name, p.kind, repr(p.default))
        for p in inspect.signature(record_type.__init__).parameters.values()
    ]
    assert parameters == [
        (p.name, p.kind, repr(p.default))
        for p in inspect.signature(expected_type.__init__).parameters.values()
    ]

    parameters = inspect.signature(expected_type).parameters
    pairs = []
    for _ in range(2):
        values = {
            name: data.draw(VALUES, label=name)
            for name, parameter in parameters.items()
            if parameter.default is inspect.Parameter.empty or data.draw(st.booleans())
        }
        prefix = list(itertools.takewhile(values.__contains__, parameters))
        positional = prefix[: data.draw(st.integers(0, len(prefix)))]
        args = [values[name] for name in positional]
        kwargs = {name: value for name, value in values.items() if name not in positional}
        pairs.append((expected_type(*args, **kwargs), record_type(*args, **kwargs)))
    assert seen == expected_seen

    (first_dc, first), (second_dc, second) = pairs
    for instance, expected in pairs:
        assert _state(instance) == _state(expected)
        assert _outcome(lambda i=instance: repr(i)) == _outcome(lambda e=expected: repr(e))
        if expected_type.__hash__ is object.__hash__:  # eq=False: by identity, in both
            assert record_type.__hash__ is object.__hash__
        else:
            assert _outcome(lambda i=instance: hash(i)) == _outcome(lambda e=expected: hash(e))
        assert _outcome(lambda i=instance: copy.copy(i).__repr__()) == _outcome(
            lambda e=expected: copy.copy(e).__repr__()
        )
    assert _outcome(lambda: first == second) == _outcome(lambda: first_dc == second_dc)
    assert _outcome(lambda: first == first) == _outcome(lambda: first_dc == first_dc)
    assert (first == object()) == (first_dc == object())
    assert _outcome(lambda: first < second) == _outcome(lambda: first_dc < second_dc)
    assert _outcome(lambda: first >= second) == _outcome(lambda: first_dc >= second_dc)

    for name in list(parameters)[:1]:
        assert _outcome(lambda n=name: setattr(first, n, 1)) == _outcome(
            lambda n=name: setattr(first_dc, n, 1)
        )
    # A new attribute: Python 3.11's frozen, slotted dataclass refuses it with a TypeError
    # (its __setattr__ names the class from before the slots); a record as 3.12's does.
    refused = _outcome(lambda: setattr(first, "new", 1))[0]
    assert (refused == "ok") == (_outcome(lambda: setattr(first_dc, "new", 1))[0] == "ok")
    assert _state(first) == _state(first_dc)
    changes = {n: data.draw(VALUES, label=n) for n in data.draw(st.sets(st.sampled_from(NAMES)))}
    changes = {n: v for n, v in changes.items() if n in {f.name for f in records.fields(first)}}
    replaced = _outcome(lambda: _state(records.replace(second, **changes)))
    assert replaced == _outcome(lambda: _state(dataclasses.replace(second_dc, **changes)))


def test_a_slotted_record_sets_its_fields_through_their_slots() -> None:
    @records.record(slots=True)
    class Point:
        x: int
        y: int = 0

    assert Point.__slots__ == ("x", "y")
    assert Point(1).y == 0 and not hasattr(Point(1), "__dict__")
    with pytest.raises(records.FrozenInstanceError, match="cannot assign to field 'x'"):
        Point(1).x = 2  # type: ignore[misc]


def test_comparisons_and_hash_are_compiled_when_first_called_where_they_stand() -> None:
    @records.record(order=True)
    class Pair:
        first: int
        second: str

    stand_in = vars(Pair)["__lt__"]
    Pair.kept_lt = stand_in  # type: ignore[attr-defined]  # as hookc.ir.expr keeps its hash
    assert Pair(1, "b") < Pair(2, "a") and not Pair(2, "a") < Pair(1, "b")
    assert vars(Pair)["__lt__"] is not stand_in
    assert vars(Pair)["kept_lt"] is vars(Pair)["__lt__"]
    assert vars(Pair)["__lt__"].__qualname__.endswith("Pair.__lt__")


def test_fields_and_replace_refuse_what_is_not_a_record() -> None:
    with pytest.raises(TypeError):
        records.fields(object())
    with pytest.raises(TypeError):
        records.replace(object())


def test_a_record_does_not_extend_another() -> None:
    @records.record
    class Base:
        x: int

    with pytest.raises(TypeError, match="does not extend"):

        @records.record
        class Derived(Base):
            y: int
