"""The IR is immutable (SPEC §4): every node is a frozen, slotted dataclass; its spans take
no part in equality or hashing; and the hash each expression node keeps agrees with its
equality, also after pickling and copying."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from hookc.cel.parser import parse
from hookc.ir.expr import NODE_TYPES, walk
from hookc.ir.hooks import Action, Hook, HookSet, Ordering, Params, Template

RECORDS = [*NODE_TYPES, Template, Params, Action, Hook, Ordering, HookSet]


@pytest.mark.parametrize("record_type", RECORDS, ids=lambda record: record.__name__)
def test_an_ir_node_is_a_frozen_slotted_dataclass(record_type: type) -> None:
    parameters = record_type.__dataclass_params__  # type: ignore[attr-defined]
    assert parameters.frozen
    assert "__slots__" in vars(record_type)
    made = record_type(*(None for f in dataclasses.fields(record_type) if f.init))
    first = dataclasses.fields(record_type)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, first, 1)
    with pytest.raises((AttributeError, TypeError)):  # no __dict__ to hold a new attribute
        made.extra = 1  # type: ignore[attr-defined]


def test_spans_take_no_part_in_equality_or_hashing() -> None:
    near = parse("a.b > 1.5 && c in ['x', 'y'] || !has(d.e)").expr
    far = parse("   a.b  >  1.5 &&  c in ['x','y']  ||  ! has( d.e )").expr
    assert near is not None and far is not None
    assert [n.span for n, _ in walk(near)] != [n.span for n, _ in walk(far)]
    assert near == far and hash(near) == hash(far)
    for (one, _), (other, _) in zip(walk(near), walk(far), strict=True):
        assert one == other and hash(one) == hash(other)


def test_the_kept_hash_agrees_with_equality() -> None:
    # Asked twice, before and after the hash is kept; and a node equal to another made
    # apart from it hashes alike, where a different one (mostly) does not.
    node = parse("size(x) == 1 && y.z").expr
    assert node is not None
    first = hash(node)
    assert hash(node) == first
    assert hash(parse("size(x) == 1 && y.z").expr) == first
    assert parse("size(x) == 2 && y.z").expr != node


def test_a_node_survives_pickling_and_copying_equal_and_hashing_alike() -> None:
    node = parse("a.b > 1.5 && c in ['x', 'y'] || !has(d.e)").expr
    assert node is not None
    hash(node)  # the kept hash is not carried over: a copy works its own out
    for made in (pickle.loads(pickle.dumps(node)), copy.copy(node), copy.deepcopy(node)):
        assert made == node and hash(made) == hash(node)
        assert [n.span for n, _ in walk(made)] == [n.span for n, _ in walk(node)]
        with pytest.raises(AttributeError):
            made.span = None  # type: ignore[misc]
