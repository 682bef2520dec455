"""Conditions in truth position, where a hook fires iff its condition is true: closures that
answer ``True``, ``False`` or anything else for *neither* (an error or a non-bool: which
one is never observed here, so none is made).

Three values, not two, because ``!`` turns false into true and ``&&``/``||`` absorb
errors; operands are evaluated in the reference's order, stopping where it stops (an
exception from a hostile value must be met where the reference meets it). The common
leaves, a test of the value at a path of one or two string keys below a context name,
read the path inline and decide missing, null and other plain values from a table; only
anything else goes to the value closure (``hookc.runtime.closures``), which is exact.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from sys import intern
from typing import Any

from hookc.runtime.closures import (
    Builder,
    Closure,
    exactly,
    expect_list,
    expect_mapping,
    parse_path,
    plain_path,
)
from hookc.runtime.support import _hk_context
from hookc.runtime.tree_form import COMPARISONS, METHODS
from hookc.runtime.values import _MISSING, CelError, compile_glob, compile_regex

_Missing = type(_MISSING)
NoneType = type(None)
# Values with no string key below them: a path through one leads nowhere (an error, or
# false for a presence test). Anything else, a dict subclass say, takes the value closure.
_LEAD_NOWHERE = frozenset({NoneType, _Missing, str, int, float, bool, list, tuple})
_VALUES = frozenset({NoneType, str, int, float, bool, list, tuple, dict})

# `path op constant` as `constant.<reflected>(value)`: `value > c` is `c < value`.
_REFLECTED = {
    "==": "__eq__",
    "!=": "__ne__",
    "<": "__gt__",
    "<=": "__ge__",
    ">": "__lt__",
    ">=": "__le__",
}


class _NoType:
    """No value is of this type: the leaf it stands in for tests no type, every answer is
    in its table."""


class Truth:
    """Builds one hook's condition for truth position. The value builder checks every tree
    (raising ``TreeError`` as it does) and makes the exact closures the fused ones fall
    back to."""

    def __init__(self, values: Builder) -> None:
        self.values = values

    def hook(
        self, tree: object, where: tuple[str | int, ...]
    ) -> tuple[Closure, Callable[[Any], bool]]:
        """A hook's condition as a closure (dispatch calls it on dicts) and as the hook's
        predicate (``standalone``)."""
        condition = self.condition(tree, where, 0, frozenset())
        return condition, standalone(condition, guards(tree))

    def condition(
        self, tree: object, where: tuple[str | int, ...], depth: int, bound: frozenset[str]
    ) -> Closure:
        if isinstance(tree, Mapping) and "node" not in tree:
            if "all" in tree or "any" in tree:
                key = "all" if "all" in tree else "any"
                exactly(tree, where, (key,))
                items = expect_list(tree[key], (*where, key))
                operands = [
                    self.condition(item, (*where, key, i), depth, bound)
                    for i, item in enumerate(items)
                ]
                if key == "all":
                    return every(operands)
                return some(self.equalities_as_sets(items, operands, where, depth, bound))
            if "not" in tree:
                exactly(tree, where, ("not",))
                inner = tree["not"]
                if isinstance(inner, Mapping) and "node" in inner:
                    return self.node_negation(inner, (*where, "not"), bound)
                return negation(self.condition(inner, (*where, "not"), depth, bound))
            if "path" in tree and "when" not in tree:
                return self.leaf(tree, where, depth, bound)
        elif isinstance(tree, Mapping):
            return self.node(tree, where, bound)
        return self.values.condition(tree, where, depth, bound)

    def leaf(
        self, tree: Mapping[str, Any], where: tuple[str | int, ...], depth: int,
        bound: frozenset[str],
    ) -> Closure:  # fmt: skip
        general = self.values.leaf(tree, where, depth, bound)  # checks the leaf
        root, steps = parse_path(tree["path"], ())
        if root == "@" or root in bound or not all(type(key) is str for _, key in steps):
            return general
        keys = tuple(key for _, key in steps)
        decision = leaf_decision(tree["op"], tree.get("value"))
        if decision is None:
            return general
        return at_path(root, keys, decision, general)

    def equalities_as_sets(
        self, items: list[Any], operands: list[Closure], where: tuple[str | int, ...],
        depth: int, bound: frozenset[str],
    ) -> list[Closure]:  # fmt: skip
        """``any`` of ``{path: P, op: eq, value: 'text'}`` leaves on one path as the one
        leaf ``{path: P, op: in, value: [...]}`` where the first of them stood: the path is
        read once. Exact: a string equals one of them or none, any other value none, an
        error is one in every such leaf; none of them raises, so where each is tried does
        not matter."""
        groups: dict[str, list[int]] = {}
        for i, item in enumerate(items):
            if (
                isinstance(item, Mapping)
                and item.keys() == {"path", "op", "value"}
                and item["op"] == "eq"
                and type(item["value"]) is str
            ):
                groups.setdefault(item["path"], []).append(i)
        merged = [found for found in groups.values() if len(found) > 1]
        if not merged:
            return operands
        replaced: dict[int, Closure | None] = {}
        for found in merged:
            first = found[0]
            values = [items[i]["value"] for i in found]
            leaf = {"path": items[first]["path"], "op": "in", "value": values}
            replaced.update(dict.fromkeys(found))
            replaced[first] = self.leaf(leaf, (*where, "any", first), depth, bound)
        kept = [replaced.get(i, operand) for i, operand in enumerate(operands)]
        return [operand for operand in kept if operand is not None]

    # The IR's node form, where it stands in truth position (`not:` of a node, `&&`/`||`/`!`
    # nodes); anything else is a value, as the value builder makes it.
    def node(
        self, tree: Mapping[str, Any], where: tuple[str | int, ...], bound: frozenset[str]
    ) -> Closure:
        kind = tree.get("node")
        if kind in ("and", "or"):
            items = expect_list(tree.get("operands"), (*where, "operands"))
            places = [(*where, "operands", i) for i in range(len(items))]
            operands = [
                self.node(expect_mapping(item, at), at, bound)
                for item, at in zip(items, places, strict=True)
            ]
            return every(operands) if kind == "and" else some(operands)
        if kind == "unary" and tree.get("op") == "!":
            at = (*where, "operand")
            return self.node_negation(expect_mapping(tree.get("operand"), at), at, bound)
        if kind in ("ident", "select", "index"):
            fused = self.boolean_at(tree, bound, negated=False)
            if fused is not None:
                return fused
        return self.values.node(tree, where, bound)

    def node_negation(
        self, tree: Mapping[str, Any], where: tuple[str | int, ...], bound: frozenset[str]
    ) -> Closure:
        """``!`` of a node: of a flag at a path (``!session.trusted``), one read."""
        if tree.get("node") in ("ident", "select", "index"):
            fused = self.boolean_at(tree, bound, negated=True)
            if fused is not None:
                return fused
        return negation(self.node(tree, where, bound))

    def boolean_at(
        self, tree: Mapping[str, Any], bound: frozenset[str], negated: bool
    ) -> Closure | None:
        """A node-form path of string keys below a context name, as a condition: its value
        (or, ``negated``, the opposite) if it is a bool, else neither."""
        path = plain_path(tree)
        if path is None:
            return None
        root, steps = path
        if root in bound or not all(type(key) is str for _, key in steps):
            return None
        general = self.values.node(tree, (), bound)
        table = _answers(None, None, (bool,))  # `!` of anything else is an error
        decision = Decision(bool, operator.not_ if negated else bool, table, None)
        return at_path(root, tuple(key for _, key in steps), decision, general)


# -- combinators ------------------------------------------------------------------------------


def every(operands: list[Closure]) -> Closure:
    """``&&`` (``all``): true iff every operand is; false as soon as one is false."""
    return _junction(operands, False)


def some(operands: list[Closure]) -> Closure:
    """``||`` (``any``): true as soon as one operand is; false iff every operand is."""
    return _junction(operands, True)


def _junction(operands: list[Closure], deciding: bool) -> Closure:
    """``deciding`` as soon as an operand is (false for ``&&``, true for ``||``), the other
    truth value iff every operand is that, else neither (None)."""
    other = not deciding
    if len(operands) == 1:
        return operands[0]
    if len(operands) == 2:  # the most common case, without a loop
        first, second = operands

        def two(context: dict[str, Any], scope: Any) -> Any:
            left = first(context, scope)
            if left is deciding:
                return deciding
            right = second(context, scope)
            if right is deciding:
                return deciding
            return other if left is other and right is other else None

        return two

    def run(context: dict[str, Any], scope: Any) -> Any:
        result: Any = other
        for operand in operands:
            value = operand(context, scope)
            if value is deciding:
                return deciding
            if value is not other:
                result = None
        return result

    return run


def negation(operand: Closure) -> Closure:
    def run(context: dict[str, Any], scope: Any) -> Any:
        value = operand(context, scope)
        if value is True:
            return False
        if value is False:
            return True
        return None

    return run


# -- leaves read inline -----------------------------------------------------------------------


class Decision:
    """How a leaf decides the value at its path: ``test(value)`` for a value of type
    ``tested`` (or ``also``), ``table[type]`` for other plain values (``_Missing``'s entry
    for a missing last key), ``nowhere`` where the path leads nowhere before its last key.
    A type in neither goes to the value closure."""

    __slots__ = ("also", "nowhere", "table", "test", "tested")

    def __init__(
        self, tested: type, test: Callable[[Any], Any], table: dict[type, Any], nowhere: Any,
        also: type | None = None,
    ) -> None:  # fmt: skip
        self.tested, self.test, self.table, self.nowhere = tested, test, table, nowhere
        self.also = also or tested


def _answers(
    others: Any, null: Any, without: tuple[type, ...] = (), missing: Any = None
) -> dict[type, Any]:
    """A leaf's table: ``null`` for a null, ``missing`` for a missing last key (neither: an
    error), ``others`` for the other plain values but ``without``."""
    table = dict.fromkeys(_VALUES - {NoneType, *without}, others)
    table[NoneType], table[_Missing] = null, missing
    return table


def leaf_decision(op: str, constant: Any) -> Decision | None:
    """The decision of a checked leaf ``{op, value: constant}``, or None where the value
    closure is as quick (lists of mixed constants, quantifiers, ...)."""
    if op == "exists":  # has(): true iff the path leads to a non-null value
        return Decision(_NoType, bool, _answers(True, False, missing=False), False)
    if op in COMPARISONS:
        return _comparison(COMPARISONS[op], constant)
    if op == "in" and type(constant) is list and all(type(item) is str for item in constant):
        # A string is among strings or not; anything else equals none of them.
        return Decision(str, _among(constant), _answers(False, False, (str,)), None)
    if op in METHODS and type(constant) is str:
        return _text_method(METHODS[op], constant)
    return None


def _comparison(op: str, constant: Any) -> Decision | None:
    ordering = op not in ("==", "!=")
    # Values of another kind: unequal, and not ordered (an error).
    others = None if ordering else op == "!="
    kind = type(constant)
    if constant is None:  # equal to null alone; nothing orders with null
        table = _answers(others, None if ordering else op == "==")
        return Decision(_NoType, bool, table, None)
    if kind is float or kind is int:
        # CEL compares an int with a double as two doubles; Python compares exactly. The two
        # agree where the int is a double exactly: so a double constant tests doubles (ints
        # take the value closure), an int constant both, unless past 2**53.
        exact = kind is int and float(constant) == constant
        number = float(constant) if exact else constant
        test = getattr(number, _REFLECTED[op])
        table = _answers(others, others, (float, int))
        return Decision(kind if not exact else float, test, table, None, int if exact else None)
    if kind is str or kind is bool:
        table = _answers(others, others, (kind,))
        test = _among([constant]) if op == "==" else getattr(constant, _REFLECTED[op])
        return Decision(kind, test, table, None)
    return None


def _among(constants: list[Any]) -> Callable[[Any], bool]:
    """Equality with any of ``constants`` (strings or bools), as a set's ``in``: the
    quickest test Python has. Strings interned, as Python interns those in its code: a
    value from code is then found by identity."""
    return frozenset(intern(c) if type(c) is str else c for c in constants).__contains__


def _text_method(name: str, argument: str) -> Decision | None:
    """A string method on text: an error on other values (lists take the value closure:
    ``contains`` is membership there)."""
    test: Callable[[str], bool]
    if name in ("matches", "glob"):
        compiled = (compile_regex if name == "matches" else compile_glob)(argument)
        if isinstance(compiled, CelError):
            return None  # an error whatever the text: the value closure gives it
        find = compiled.search if name == "matches" else compiled.fullmatch
        test = lambda text: find(text) is not None  # noqa: E731
    else:
        method = {"contains": "__contains__", "startsWith": "startswith", "endsWith": "endswith"}
        test = operator.methodcaller(method[name], argument)
    return Decision(str, test, _answers(None, None, (str, list, tuple)), None)


def at_path(root: str, keys: tuple[str, ...], decision: Decision, general: Closure) -> Closure:
    """The leaf ``decision`` makes of the value at ``root`` and then ``keys`` (string keys:
    a dict's entries), read inline: one ``dict.get`` a step, then a type test. Missing
    keys, nulls and scalars on the way answer at once; anything else takes ``general``."""
    tested, also, test, table = decision.tested, decision.also, decision.test, decision.table
    nowhere = decision.nowhere
    unknown = general  # a marker: no entry in the table

    if not keys:

        def at_name(context: dict[str, Any], scope: Any) -> Any:
            value = context.get(root, _MISSING)
            kind = type(value)
            if kind is tested or kind is also:
                return test(value)
            answer = table.get(kind, unknown)
            return general(context, scope) if answer is unknown else answer

        return at_name

    if len(keys) == 1:
        [key] = keys

        def at_key(context: dict[str, Any], scope: Any) -> Any:
            value = context.get(root)
            if type(value) is dict:
                value = value.get(key, _MISSING)
                kind = type(value)
                if kind is tested or kind is also:
                    return test(value)
                answer = table.get(kind, unknown)
                return general(context, scope) if answer is unknown else answer
            if value is None or type(value) in _LEAD_NOWHERE:
                return nowhere
            return general(context, scope)

        return at_key

    if len(keys) == 2:
        first, second = keys

        def at_two_keys(context: dict[str, Any], scope: Any) -> Any:
            value = context.get(root)
            if type(value) is dict:
                value = value.get(first)
                if type(value) is dict:
                    value = value.get(second, _MISSING)
                    kind = type(value)
                    if kind is tested or kind is also:
                        return test(value)
                    answer = table.get(kind, unknown)
                    return general(context, scope) if answer is unknown else answer
            if value is None or type(value) in _LEAD_NOWHERE:
                return nowhere
            return general(context, scope)

        return at_two_keys

    def at_keys(context: dict[str, Any], scope: Any) -> Any:
        value = context.get(root)
        for key in keys:
            if type(value) is not dict:
                if value is None or type(value) in _LEAD_NOWHERE:
                    return nowhere
                return general(context, scope)
            value = value.get(key, _MISSING)
        kind = type(value)
        if kind is tested or kind is also:
            return test(value)
        answer = table.get(kind, unknown)
        return general(context, scope) if answer is unknown else answer

    return at_keys


# -- the predicate ----------------------------------------------------------------------------


def standalone(condition: Closure, guards: tuple[str, ...]) -> Callable[[Any], bool]:
    """A hook's predicate: whether its condition is true of a context (any value: one that
    is not a dict reads as CEL's map of it). A missing or null object a guard names decides
    False after one ``get``. A context no CEL value can be (cyclic, too deep) makes the
    condition an error, not an exception."""
    if not guards:

        def holds(context: Any) -> bool:
            if type(context) is not dict:
                context = _hk_context(context)
            try:
                return condition(context, None) is True
            except Exception:
                return False

        return holds

    if len(guards) == 1:
        [guard] = guards

        def guarded(context: Any) -> bool:
            if type(context) is not dict:
                context = _hk_context(context)
            if context.get(guard) is None:
                return False
            try:
                return condition(context, None) is True
            except Exception:
                return False

        return guarded

    def guarded_by_each(context: Any) -> bool:
        if type(context) is not dict:
            context = _hk_context(context)
        for name in guards:
            if context.get(name) is None:
                return False
        try:
            return condition(context, None) is True
        except Exception:
            return False

    return guarded_by_each


def guards(condition: Any) -> tuple[str, ...]:
    """The context names whose value, missing or null, keeps the (built, so well-formed)
    condition from holding: the first name of each path with keys below it that a leaf
    of the condition, or of its top ``all``, reads strictly (compares it with a constant,
    applies a text method, tests presence). Such a path is then missing: an error or,
    for a presence test, false; neither is true."""
    if not isinstance(condition, Mapping):
        return ()
    leaves = condition["all"] if list(condition) == ["all"] else [condition]
    names: dict[str, None] = {}
    for leaf in leaves:
        if (
            isinstance(leaf, Mapping)
            and leaf.keys() <= {"path", "op", "value"}
            and leaf.get("op") in (*COMPARISONS, *METHODS, "in", "exists")
            and isinstance(leaf.get("path"), str)
        ):
            root, steps = parse_path(leaf["path"], ())
            if steps and root != "@":
                names[root] = None
    return tuple(names)
