"""Conditions that differ only in the constants their code names share that code, made once.

A condition's *shape* is its tree with each literal that the code names as a constant
(``Constants``) replaced by a numbered slot, equal literals by the same slot, keeping what
the translation decides by a literal's value: its ``constant_kind``. What the code writes
is kept as it is: bools, null, doubles that are not finite, and paths by their steps
(``path_steps``) and how each step is written (``a.b`` and ``a['b']`` read alike, but
their text differs). Conditions of one shape compile to the same code: it is made once,
from the shape's *stand-in* (the condition with each slot's literal a stand-in value of its
kind, of a type of this module's own), and each condition's constants are the stand-in's
with each stand-in value replaced by that condition's literal in its slot (``filled``).
Their text (``to_text``, the `when` of the module's HOOKS) is likewise the shape's text
with each condition's literals written in (``text_template``).

``tests/backends/test_differential.py`` holds the code and the text made so to those made
for each condition on its own, byte for byte, on conditions of many shapes and tricky
constants.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import fields

from hookc.backend.expressions import EXACT_INTS, Constants, constant_kind, plain_string
from hookc.cel.printer import literal_text, to_text
from hookc.ir.expr import (
    NODE_TYPES,
    And,
    Binary,
    Call,
    Comprehension,
    Expr,
    Ident,
    Index,
    List,
    Literal,
    Or,
    Select,
    Unary,
    path_steps,
    walk,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Per node type, its fields but the span, in order (a node is remade from them).
_FIELDS = {
    node_type: tuple(item.name for item in fields(node_type) if item.name != "span")
    for node_type in NODE_TYPES
}


def shape(condition: Expr) -> tuple[Hashable, tuple[object, ...]]:
    """The condition's shape, and the value of each of its slots.

    Slots are numbered in the order their literals first appear (pre-order), and equal
    literals (the same type and ``repr``, as ``Constants`` tells constants apart) share one:
    two conditions have the same shape only if their literals are equal in the same places.
    Asked of every condition, so written for speed: no call per field.
    """
    slots: dict[object, int] = {}  # a string by itself, another value by type and repr
    values: list[object] = []

    def literal_shape(node: Literal) -> object:
        value = node.value
        key: object
        constant: str | None
        if type(value) is str:  # the commonest: constant_kind "string", equal as strings
            if not plain_string(value):
                return node
            constant, key = "string", value
        else:
            constant = constant_kind(value)
            if constant is None:
                return node
            key = (type(value), repr(value))
        slot = slots.get(key)
        if slot is None:
            slot = slots[key] = len(values)
            values.append(value)
        return constant, slot

    def node_shape(node: Any) -> Any:
        kind = type(node)
        if kind is Literal:
            return literal_shape(node)
        # The commonest nodes first, each as the loop over its fields below would make it.
        if kind is Binary:
            left, right = node.left, node.right
            # A name against a literal, the commonest test: its parts made here.
            return (
                kind,
                node.op,
                (left.name, ()) if type(left) is Ident else node_shape(left),
                literal_shape(right) if type(right) is Literal else node_shape(right),
            )
        if kind is And or kind is Or:
            return kind, tuple([node_shape(part) for part in node.operands])
        if kind is List:
            return kind, tuple([node_shape(item) for item in node.items])
        if kind is Ident:
            return node.name, ()  # a path: its name and keys are in the code
        if kind is Select or kind is Index:
            steps = path_steps(node)
            if steps is not None:
                return steps, _spelling(node)
        found: list[object] = [kind]
        for name in _FIELDS[kind]:
            value = getattr(node, name)
            field_kind = type(value)
            if field_kind is Literal:
                found.append(literal_shape(value))
            elif field_kind is tuple:  # children, or a map's entries (pairs of them)
                found.append(
                    tuple(
                        [
                            tuple([node_shape(part) for part in item])
                            if type(item) is tuple
                            else node_shape(item)
                            for item in value
                        ]
                    )
                )
            elif value is None or field_kind is str:
                found.append(value)
            else:
                found.append(node_shape(value))
        return tuple(found)

    return node_shape(condition), tuple(values)


def _spelling(path: Any) -> tuple[type, ...]:
    """The kind of each step of a path (``path_steps`` holds): ``.`` or ``[]``."""
    kinds = []
    while type(path) is not Ident:
        kinds.append(type(path))
        path = path.operand
    return tuple(kinds)


def stand_in(condition: Expr) -> Expr:
    """The condition with each literal of a slot (``shape``) replaced by its stand-in: a
    value of the same ``constant_kind`` that no condition holds."""

    def stand_in_of(constant: str, slot: int) -> Expr:
        return Literal(_stand_in(constant, slot))  # type: ignore[arg-type]

    return _with_slots(condition, stand_in_of)


def _with_slots(condition: Expr, replace: Callable[[str, int], Expr]) -> Expr:
    """The condition with each literal of a slot replaced by ``replace(its constant_kind,
    its slot)``."""
    slots: dict[object, int] = {}  # as ``shape`` numbers them

    def remade(node: Any) -> Any:
        kind = type(node)
        if kind is Literal:
            value = node.value
            constant = constant_kind(value)
            if constant is None:
                return node
            key = value if type(value) is str else (type(value), repr(value))
            return replace(constant, slots.setdefault(key, len(slots)))
        if kind is Ident or ((kind is Select or kind is Index) and path_steps(node)):
            return node
        return kind(*[remade_field(getattr(node, name)) for name in _FIELDS[kind]])

    def remade_field(value: object) -> object:
        if type(value) is tuple:
            return tuple([remade_field(item) for item in value])
        if value is None or type(value) is str:
            return value
        return remade(value)

    result: Expr = remade(condition)
    return result


# Where ``to_text`` of a literal can change the text around it: a negative number binds
# more loosely than a name (``(-1).f()``), and ``-`` before a literal is ``-(1)``.
_OPERAND_FIELDS: dict[type, str] = {
    Unary: "operand",
    Select: "operand",
    Index: "operand",
    Call: "target",
    Comprehension: "target",
}


def text_template(condition: Expr) -> tuple[str | int, ...] | None:
    """``to_text`` of every condition of ``condition``'s shape at once: its text in pieces,
    each literal of a slot an int (the slot) where ``literal_text`` of the condition's own
    value goes (``texter``). None for a shape whose text depends on more than that.

    ``to_text`` writes a literal as ``literal_text`` of its value and nothing else, and
    what it writes around it depends only on how loosely it binds: as loosely as a name,
    but for a negative number, which only the operand of a unary operator, ``.``, ``[]``
    or a method can tell apart. With no slot there, the text is that of the condition with
    each slot's literal a name of its own (one no parser makes: it holds NUL characters),
    cut where those names are."""
    for node, _ in walk(condition):
        field = _OPERAND_FIELDS.get(type(node))
        if field is not None:
            operand = getattr(node, field)
            if type(operand) is Literal and constant_kind(operand.value) is not None:
                return None
    marks = 0

    def mark(constant: str, slot: int) -> Expr:
        nonlocal marks
        marks += 1
        return Ident(f"{_MARK}{slot}{_MARK}")

    pieces = to_text(_with_slots(condition, mark)).split(_MARK)
    if len(pieces) != 2 * marks + 1:  # a name of the condition's own holds a NUL
        return None
    return tuple(int(piece) if i % 2 else piece for i, piece in enumerate(pieces))


_MARK = "\x00"


def fill_text(template: tuple[str | int, ...], values: tuple[object, ...]) -> str:
    """The text of the condition of the template's shape whose slots hold ``values``."""
    texts = [literal_text(value) for value in values]
    return "".join([texts[piece] if type(piece) is int else piece for piece in template])  # type: ignore[misc]


def filled(template: Constants, values: tuple[object, ...]) -> Constants:
    """The constants of a condition of a shape whose stand-in's code named ``template``:
    each stand-in value (in a tuple too) replaced by ``values[slot]``."""
    constants = Constants()
    constants.makers = template.makers
    constants.values = _filled(template.values, values)
    return constants


def _filled(items: Iterable[object], values: tuple[object, ...]) -> list[object]:
    """Each item, a stand-in replaced by ``values[slot]`` (in a tuple too), in one pass
    (asked of every hook but the first of its code)."""
    return [
        values[item.slot]
        if isinstance(item, _StandIn)
        else tuple(_filled(item, values))
        if type(item) is tuple
        else item
        for item in items
    ]


# A shape's own function of its texts (``texter``), or a code's of its constants
# (``filler``), is made when that many of its conditions have asked (``_Shape.texts``,
# ``_Code.uses``). Making one (an eval) costs what 35 to 75 of the walks it then saves
# cost, and how many conditions are still to come is not known: a shape of a few hooks
# (most shapes) never pays for one, and one that has reached 100 is a file's repeated
# shape, whose further conditions pay it back after 35 to 75 of them (a file of 500 shapes
# of 2 hooks each was 18% slower to generate when every shape made them at once).
COMPILED_FROM = 100


def texter(template: tuple[str | int, ...]) -> Callable[[tuple[object, ...]], str]:
    """``fill_text`` of the template as a function of the values of its slots, for a shape
    of many conditions: one f-string of the template's pieces and ``literal_text`` of each
    slot's value (its text is ints and names of its own, nothing of the condition's), so
    that each condition pays one call."""
    kept: list[str] = []
    fields = []
    for piece in template:
        if isinstance(piece, int):
            fields.append(f"{{text(values[{piece}])}}")
        elif piece:
            kept.append(piece)
            fields.append(f"{{kept[{len(kept) - 1}]}}")
    made: Callable[[tuple[object, ...]], str] = eval(
        f'lambda values: f"{"".join(fields)}"', {"kept": kept, "text": literal_text}
    )
    return made


def filler(template: Constants) -> Callable[[tuple[object, ...]], Constants]:
    """The constants of each condition of a shape whose stand-in's code named ``template``,
    as a function of the condition's slot values: each stand-in value (in a tuple too)
    replaced by ``values[slot]``, any other value kept.

    Asked for every hook but the first of its code, so made once for the code: a list
    display of ``v[slot]`` for each stand-in and ``kept[i]`` for each other value,
    evaluated in one step (no test a value, no call a tuple). Its text is made of ints and
    names of its own, nothing of the condition's."""
    kept: list[object] = []

    def source(item: object) -> str:
        if isinstance(item, _StandIn):
            return f"values[{item.slot}]"
        if type(item) is tuple:
            return "(" + "".join(f"{source(part)}, " for part in item) + ")"
        kept.append(item)
        return f"kept[{len(kept) - 1}]"

    display = "[" + "".join(f"{source(item)}, " for item in template.values) + "]"
    values_of: Callable[[tuple[object, ...]], list[object]] = eval(
        f"lambda values: {display}", {"kept": kept}
    )
    makers = template.makers

    def filled(values: tuple[object, ...]) -> Constants:
        constants = Constants()
        constants.makers = makers
        constants.values = values_of(values)
        return constants

    return filled


class _StandIn:
    """A stand-in value: an instance of one of the classes below, which nothing else makes."""

    slot: int


class _String(str, _StandIn):
    pass


class _Int(int, _StandIn):
    pass


class _Double(float, _StandIn):
    pass


def _stand_in(constant: str, slot: int) -> _StandIn:
    """A value of kind ``constant`` for ``slot``, apart from every other slot's."""
    value: _StandIn
    if constant == "string":
        value = _String(f"slot {slot}")
    elif constant == "int":
        value = _Int(slot)
    elif constant == "big int":
        value = _Int(EXACT_INTS + 1 + slot)
    else:
        value = _Double(slot + 0.5)
    value.slot = slot
    return value
