"""The IR's records, made through their slots (``hookc.records``), take their fields as
parameters, in order, with their defaults, and hold each field as given."""

from __future__ import annotations

import copy
import inspect
import pickle

import pytest

from hookc.cel.parser import parse
from hookc.ir.expr import NODE_TYPES, walk
from hookc.ir.hooks import Action, Hook, Params, Template
from hookc.records import MISSING, fields

RECORDS = [*NODE_TYPES, Template, Params, Action, Hook]


@pytest.mark.parametrize("record_type", RECORDS, ids=lambda record: record.__name__)
def test_a_record_takes_its_fields_in_order_with_their_defaults(record_type: type) -> None:
    parameters = list(inspect.signature(record_type.__init__).parameters.values())[1:]
    assert [(p.name, p.default) for p in parameters] == [
        (f.name, inspect.Parameter.empty if f.default is MISSING else f.default)
        for f in fields(record_type)
    ]


@pytest.mark.parametrize("record_type", RECORDS, ids=lambda record: record.__name__)
def test_a_record_holds_what_it_was_given_or_its_defaults(record_type: type) -> None:
    given = {f.name: object() for f in fields(record_type)}
    made = record_type(*given.values())
    assert all(getattr(made, name) is value for name, value in given.items())
    required = [f for f in fields(record_type) if f.default is MISSING]
    defaulted = record_type(**{f.name: given[f.name] for f in required})
    for f in fields(record_type):
        expected = given[f.name] if f.default is MISSING else f.default
        assert getattr(defaulted, f.name) is expected


def test_a_node_survives_pickling_and_copying_equal_and_hashing_alike() -> None:
    node = parse("a.b > 1.5 && c in ['x', 'y'] || !has(d.e)").expr
    assert node is not None
    for made in (pickle.loads(pickle.dumps(node)), copy.copy(node), copy.deepcopy(node)):
        assert made == node and hash(made) == hash(node)
        assert [n.span for n, _ in walk(made)] == [n.span for n, _ in walk(node)]
        with pytest.raises(AttributeError):
            made.span = None  # type: ignore[misc]
