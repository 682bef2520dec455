"""How a compiled function reads the context paths its tests use: one statement per path,
and the guards that decide "does not fire" where an object on a path is missing or null.

A path's variable holds its value, or ``_hk_MISSING`` where the path leads nowhere (a
missing key, a null or a value with no such key on the way): the tests of
``expressions.py`` read it so. A variable that no test reads, only the paths through it
(``tool`` of ``tool.name``), may hold None for a missing key too: missing and null lead
nowhere alike, and a plain ``get`` is cheapest.

Where an operand of the condition's top ``&&`` cannot be true unless an object on a path
it reads is a map (``classification`` of ``classification.category == 'x'``), the function
returns False as soon as that object is loaded and is not one; past that test, the
object's keys are read with a plain ``get``, as a developer writes it by hand.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from hookc.ir.expr import (
    And,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Literal,
    Or,
    children,
    path_steps,
)
from hookc.runtime.rye import RYE_ARITY

Steps = tuple[str, tuple[str | int, ...]]


@dataclass(slots=True)
class Loads:
    """The paths one function loads and what it knows of them at a point of its code.

    ``names``: each path (and each prefix of it) to its variable, in the order the loads
    are emitted; ``leaves``: the paths a test reads as values; ``read``: how the function
    reads a key of the context (``context.get(`` where ``context`` is known to be a dict,
    ``_hk_get(context, `` where a context of another type must raise); ``maps``: the paths
    a guard has shown to hold a map, from here on."""

    names: dict[Steps, str]
    leaves: frozenset[Steps]
    read: str = "context.get("
    maps: set[Steps] = field(default_factory=set)

    def statement(self, steps: Steps) -> str:
        """The statement loading ``steps`` (its parent is loaded before it)."""
        name, keys = steps
        variable = self.names[steps]
        # A missing key reads as _hk_MISSING where a test tells it from null.
        default = ", _hk_MISSING" if steps in self.leaves else ""
        if not keys:
            return f"{variable} = {self.read}{name!r}{default})"
        above, key = (name, keys[:-1]), keys[-1]
        parent = self.names[above]
        if not isinstance(key, str):  # a list position, or an int key of a map
            return f"{variable} = _hk_key({parent}, {key!r})"
        if above in self.maps:
            return f"{variable} = {parent}.get({key!r}{default})"
        # A missing or null parent leads nowhere: no call for the common case.
        return (
            f"{variable} = {parent}.get({key!r}{default}) if type({parent}) is dict "
            f"else _hk_MISSING if {parent} is _hk_MISSING or {parent} is None "
            f"else _hk_key({parent}, {key!r})"
        )

    def nowhere(self, steps: Steps, must_be_map: bool) -> str:
        """A test that holds where the paths through ``steps`` lead nowhere: it is missing
        or null, or (``must_be_map``, when they step on by a string key) not a map."""
        v = self.names[steps]
        if must_be_map:
            return f"{v} is None or (type({v}) is not dict and not isinstance({v}, dict))"
        return f"{v} is None or {v} is _hk_MISSING"

    def somewhere(self, steps: Steps, must_be_map: bool) -> str:
        """The negation of ``nowhere``."""
        v = self.names[steps]
        if must_be_map:
            return f"{v} is not None and (type({v}) is dict or isinstance({v}, dict))"
        return f"{v} is not None and {v} is not _hk_MISSING"


def needed_objects(part: Expr) -> dict[Steps, bool]:
    """The objects ``part`` cannot be true without, each with whether it must be a map.

    Each object on a path that ``part`` reads strictly (``strict_paths``), or tests with
    ``has()``: where one is missing or null the path leads nowhere, so ``part`` is an
    error, or false for ``has()``, and not true. An object that such a path steps into by
    a string key must moreover be a map (a list or a string has no such key); one stepped
    into by a list position only, a map or a list."""
    paths = list(strict_paths(part))
    if isinstance(part, Has):
        steps = path_steps(part.path)
        if steps is not None:
            paths.append(steps)
    found: dict[Steps, bool] = {}
    for root, keys in paths:
        for end, key in enumerate(keys):
            above = (root, keys[:end])
            found[above] = found.get(above, False) or isinstance(key, str)
    return found


def strict_paths(expr: Expr) -> Iterator[Steps]:
    """The context paths whose values ``expr`` needs: where one leads nowhere, ``expr`` is
    an error. An operator, a function or an index is an error when an operand is; ``&&``,
    ``||``, a branch of ``?:``, a macro's body and ``has()`` may not be, and a function of
    Rye's reads its path by Rye's rule (a missing path is None)."""
    steps = path_steps(expr)
    if steps is not None:
        yield steps
        return
    match expr:
        case And() | Or() | Has() | Literal():
            return
        case Call(function=function) if function in RYE_ARITY:
            return
        case Conditional(condition=condition):
            yield from strict_paths(condition)
        case Comprehension(target=target):
            yield from strict_paths(target)
        case _:
            for child in children(expr):
                yield from strict_paths(child)
