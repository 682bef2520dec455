"""Faster construction of the IR's frozen, slotted dataclasses.

A frozen dataclass's ``__init__`` sets each field with ``object.__setattr__`` by name (its
own ``__setattr__`` refuses); the slot's own setter does the same in half the time. The
parser makes a dozen nodes for every condition and the optimizer more, so the node types
(and the hook records the front end makes one of per hook) take an ``__init__`` that does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields
from typing import Any


def init_through_slots(record_type: type) -> Callable[..., None]:
    """An ``__init__`` with the dataclass's own parameters and defaults (no factories) that
    sets each field through its slot's setter, then calls ``__post_init__`` if there is
    one, as the dataclass's would."""
    namespace: dict[str, Any] = {}
    parameters, lines = [], []
    for item in fields(record_type):
        assert item.default_factory is MISSING and item.init and not item.kw_only
        namespace[f"_set_{item.name}"] = vars(record_type)[item.name].__set__
        if item.default is MISSING:
            parameters.append(item.name)
        else:
            namespace[f"_default_{item.name}"] = item.default
            parameters.append(f"{item.name}=_default_{item.name}")
        lines.append(f"    _set_{item.name}(self, {item.name})")
    if hasattr(record_type, "__post_init__"):
        lines.append("    self.__post_init__()")
    exec(f"def __init__(self, {', '.join(parameters)}):\n" + "\n".join(lines), namespace)
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{record_type.__qualname__}.__init__"
    return init
