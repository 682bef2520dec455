"""Canonical condition trees to closures, made once at load (``hookc.runtime.load``).

Every closure takes ``(context, scope)``: the context as a dict, and a dict of the macro
variables in scope (``None`` outside macros). It returns a value or a ``CelError`` value,
with the meaning the reference evaluator (``hookc.cel.evaluator``) gives; the differential
tests hold the two together. Which names are macro variables is known when the closure is
made, so a name is looked up in one place, never searched for.

The input has been checked by the loader: a malformed tree raises ``TreeError`` with the
path to the place, which the loader turns into a message with a line and column.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Mapping
from sys import intern
from typing import Any

from hookc.runtime.rye import (
    RYE_ARITY,
    RYE_INTERPOLATE,
    RYE_LEAF_FUNCTIONS,
    rye_interpolate,
    rye_leaf,
)
from hookc.runtime.support import (
    _hk_BINARY,
    _hk_comprehension,
    _hk_FUNCTIONS,
    _hk_map,
    _hk_METHODS,
)
from hookc.runtime.tree_form import (
    COMPARISONS,
    FUNCTION_ARITY,
    KEYWORDS,
    METHOD_ARITY,
    METHODS,
    NONFINITE,
    PATH_ROOT,
    PATH_STEP,
    element_variable,
)
from hookc.runtime.values import (
    _MISSING,
    CelError,
    as_double,
    compile_glob,
    compile_regex,
    contains_element,
    index,
    kind,
    logical_not,
    map_get,
    negate,
    select,
)

Closure = Callable[[dict[str, Any], Any], Any]


_MACROS = frozenset({"all", "exists", "exists_one", "filter", "map"})

# Real events miss paths and hold nulls: those cases are decided by a type test against
# these sets, with errors shared rather than made (which error is never observed here: a
# hook fires iff its condition is true, a template shows an error as null or nothing, and
# `eval --explain` asks the reference evaluator for the message).
# - no string key below these: a path through one is an error
_NOT_MAPS = frozenset({CelError, type(None), str, int, float, bool, list, tuple})
# - ordering with a number is an error
_NOT_NUMBERS = frozenset({CelError, type(None), str, bool, list, dict, tuple})
# - ordering with a string is an error
_NOT_STRINGS = frozenset({CelError, type(None), int, float, bool, list, dict, tuple})
# - no string method applies (`contains` also takes lists)
_NOT_TEXT = frozenset({CelError, type(None), int, float, bool, dict})
_NO_OVERLOAD = CelError("no such overload")
_NUMERIC = {
    ">": operator.gt,
    ">=": operator.ge,
    "<": operator.lt,
    "<=": operator.le,
    "==": operator.eq,
    "!=": operator.ne,
}


class TreeError(Exception):
    """A malformed tree: ``where`` is the path of keys and positions to the culprit (its
    key, for an unknown key)."""

    def __init__(self, where: tuple[str | int, ...], message: str, at_key: bool = False) -> None:
        super().__init__(message)
        self.where, self.message, self.at_key = where, message, at_key


# -- paths ------------------------------------------------------------------------------------

# A path step: (is_field, key). Fields select (a missing key is an error that names it);
# positions and quoted keys index, as `a[0]` and `a['k']` do. Names and keys are interned,
# as Python interns the names in its code: a dict built by code finds them by identity.
Step = tuple[bool, Any]


def parse_path(text: object, where: tuple[str | int, ...]) -> tuple[str, tuple[Step, ...]]:
    """A canonical path's root name and steps; ``@`` is returned as is."""
    if not isinstance(text, str):
        raise TreeError(where, f"a path is a string, not {_type_name(text)}")
    root = PATH_ROOT.match(text)
    if root is None:
        raise TreeError(where, f"`{text}` is not a path such as error.headers['retry-after']")
    steps: list[Step] = []
    position = root.end()
    while position < len(text):
        step = PATH_STEP.match(text, position)
        if step is None:
            raise TreeError(
                where,
                f"`{text}` is not a path hookc.runtime reads (at `{text[position:]}`): "
                "write fields, [0] positions and ['plain'] keys, or use the node form",
            )
        field, number, key = step.groups()
        if field in KEYWORDS:
            raise TreeError(
                where, f"`{text}`: `{field}` is a keyword in CEL, not a field: write ['{field}']"
            )
        steps.append((True, intern(field)) if field is not None else (False, _key(number, key)))
        position = step.end()
    return intern(root.group()), tuple(steps)


def _key(number: str | None, key: str | None) -> Any:
    return int(number) if number is not None else intern(key)  # type: ignore[arg-type]


def path_getter(root: str, steps: tuple[Step, ...], bound: frozenset[str]) -> Closure:
    """The value at a path, or the error of its first step that fails (as CEL's ``.`` and
    ``[]`` give it); the common case, dicts all the way, costs one ``dict.get`` a step."""
    first = _name_getter(root, bound)
    if not steps:
        return first
    misses = tuple(_no_such_key(key) for _, key in steps)
    plan = tuple(zip(steps, misses, strict=True))
    if root not in bound and len(steps) <= 2 and all(type(key) is str for _, key in steps):
        return _short_path(root, plan)

    def get(context: dict[str, Any], scope: Any) -> Any:
        value = first(context, scope)
        for (is_field, key), miss in plan:
            if type(value) is dict and type(key) is str:
                value = value.get(key, miss)
            elif isinstance(value, CelError):
                return value
            elif type(value) in _NOT_MAPS and type(key) is str:
                return miss
            else:
                value = select(value, key) if is_field else index(value, key)
            if value is miss:
                return value
        return value

    return get


@functools.lru_cache(maxsize=4096)
def _no_such_key(key: Any) -> CelError:
    """One error value per key, shared by every path that looks it up (errors are values:
    nothing changes them, and making thousands of them is a noticeable part of a load)."""
    return CelError(f"no such key: '{key}'")


def _short_path(root: str, plan: tuple[tuple[Step, CelError], ...]) -> Closure:
    """``path_getter`` unrolled for the paths most conditions read, one or two string keys
    below a context name: each step is one ``dict.get`` when the value is a dict (the loop
    and the general step are the slow path)."""
    missing = CelError(f"no such key: '{root}' is not in the context")
    ((first_step, first_miss), *rest) = plan

    def slow(value: Any, done: int) -> Any:
        for (is_field, key), miss in plan[done:]:
            if isinstance(value, CelError):
                return value
            if type(value) is dict:
                value = value.get(key, miss)
            elif type(value) in _NOT_MAPS:
                return miss
            else:
                value = select(value, key) if is_field else index(value, key)
        return value

    key = first_step[1]
    if not rest:

        def get1(context: dict[str, Any], scope: Any) -> Any:
            value = context.get(root, missing)
            if type(value) is dict:
                return value.get(key, first_miss)
            if type(value) in _NOT_MAPS:  # missing, null, a scalar: no key below
                return first_miss
            return slow(value, 0)

        return get1
    [((_, second), second_miss)] = rest

    def get2(context: dict[str, Any], scope: Any) -> Any:
        value = context.get(root, missing)
        if type(value) is dict:
            value = value.get(key, first_miss)
            if type(value) is dict:
                return value.get(second, second_miss)
            if type(value) in _NOT_MAPS:
                return second_miss
            return slow(value, 1)
        if type(value) in _NOT_MAPS:
            return first_miss
        return slow(value, 0)

    return get2


def _name_getter(name: str, bound: frozenset[str]) -> Closure:
    if name in bound:
        return lambda context, scope: scope[name]
    missing = CelError(f"no such key: '{name}' is not in the context")
    return lambda context, scope: context.get(name, missing)


def presence(root: str, steps: tuple[Step, ...], bound: frozenset[str]) -> Closure:
    """``has(path)``: true iff the whole path resolves to a non-null value; a missing key
    anywhere is false, not an error (SPEC §2's deviation)."""

    def resolve(context: dict[str, Any], scope: Any) -> Any:
        value = scope[root] if root in bound else context.get(root, _MISSING)
        for is_field, key in steps:
            if type(value) is dict and type(key) is str:  # as map_get would find it
                value = value.get(key, _MISSING)
                continue
            if value is _MISSING or value is None or isinstance(value, CelError):
                break
            if is_field:
                value = map_get(value, key) if kind(value) == "map" else _MISSING
            else:
                found = index(value, key)
                value = _MISSING if isinstance(found, CelError) else found
        if isinstance(value, CelError):
            return value
        return value is not _MISSING and value is not None

    return resolve


# -- trees ------------------------------------------------------------------------------------


class Builder:
    """Turns one hook's condition tree into a closure; ``depth`` counts quantifiers."""

    def condition(
        self, tree: object, where: tuple[str | int, ...], depth: int, bound: frozenset[str]
    ) -> Closure:
        if not isinstance(tree, Mapping):
            raise TreeError(where, f"a condition is a mapping, not {_type_name(tree)}")
        if "node" in tree:
            return self.node(tree, where, bound)
        if "all" in tree or "any" in tree:
            key = "all" if "all" in tree else "any"
            exactly(tree, where, (key,))
            items = expect_list(tree[key], (*where, key))
            operands = [
                self.condition(item, (*where, key, i), depth, bound) for i, item in enumerate(items)
            ]
            if key == "any":
                operands = self.equalities_as_sets(items, operands, depth, bound)
            return logical(operands, absorbing=key == "any")
        if "not" in tree:
            exactly(tree, where, ("not",))
            return _not(self.condition(tree["not"], (*where, "not"), depth, bound))
        if "when" in tree:
            raise TreeError(
                where,
                "`when` expressions need the compiler; load the canonical YAML that "
                "`hookc compile --target yaml` writes",
            )
        return self.leaf(tree, where, depth, bound)

    def equalities_as_sets(
        self, items: list[Any], operands: list[Closure], depth: int, bound: frozenset[str]
    ) -> list[Closure]:
        """``any`` of ``{path: P, op: eq, value: 'text'}`` leaves on one path, as one lookup
        in a set of the strings: the path is read once. Exact under ``||``: a string is
        equal to one of them or to none; any other value equals none; an error is an error
        in every such leaf and in the lookup alike (and ``||`` is commutative)."""
        groups: dict[str, list[int]] = {}
        for i, item in enumerate(items):
            if (
                isinstance(item, Mapping)
                and item.keys() == {"path", "op", "value"}
                and item["op"] == "eq"
                and type(item["value"]) is str
            ):
                groups.setdefault(item["path"], []).append(i)
        merged = {text: found for text, found in groups.items() if len(found) > 1}
        if not merged:
            return operands
        replaced = {i for found in merged.values() for i in found}
        kept = [operand for i, operand in enumerate(operands) if i not in replaced]
        for text, found in merged.items():
            root, steps = parse_path(text, ())  # checked when its leaves were built
            if root == "@":
                root = element_variable(depth)
            values = [items[i]["value"] for i in found]
            kept.append(membership(path_getter(root, steps, bound), values))
        return kept

    def leaf(
        self, tree: Mapping[str, Any], where: tuple[str | int, ...], depth: int,
        bound: frozenset[str],
    ) -> Closure:  # fmt: skip
        op = tree.get("op")
        if "path" not in tree or not isinstance(op, str):
            raise TreeError(where, "a condition needs `path` and `op` (or all, any, not, node)")
        root, steps = parse_path(tree["path"], (*where, "path"))
        if root == "@":
            if depth == 0:
                raise TreeError((*where, "path"), "`@` names a list element only inside `where`")
            root = element_variable(depth)
        if op == "exists":
            exactly(tree, where, ("path", "op"))
            return presence(root, steps, bound)
        get = path_getter(root, steps, bound)
        if op in ("some", "every"):
            exactly(tree, where, ("path", "op", "where"))
            var = element_variable(depth + 1)
            predicate = self.condition(tree["where"], (*where, "where"), depth + 1, bound | {var})
            return comprehension("exists" if op == "some" else "all", get, var, predicate, None)
        exactly(tree, where, ("path", "op", "value"))
        value = _constant(tree["value"], (*where, "value"))
        if op in COMPARISONS:
            return comparison(COMPARISONS[op], get, value)
        if op == "in":
            if not isinstance(value, list):
                raise TreeError((*where, "value"), "`in` needs a list as its `value`")
            return membership(get, value)
        if op in METHODS:
            return method(METHODS[op], get, value, (*where, "value"))
        raise TreeError((*where, "op"), f"unknown operator `{op}`")

    # The IR's node form (hookc.ir.serialize), mirroring hookc.cel.evaluator case by case.
    def node(
        self, tree: Mapping[str, Any], where: tuple[str | int, ...], bound: frozenset[str]
    ) -> Closure:
        kind_ = tree.get("node")

        def child(key: str, scope: frozenset[str] = bound) -> Closure:
            return self.node(expect_mapping(tree.get(key), (*where, key)), (*where, key), scope)

        def children(key: str) -> list[Closure]:
            items = expect_list(tree.get(key), (*where, key))
            return [
                self.node(expect_mapping(item, (*where, key, i)), (*where, key, i), bound)
                for i, item in enumerate(items)
            ]

        if kind_ in ("select", "index"):
            plain = plain_path(tree)
            if plain is not None:  # `a.b['c'][0]`: the unrolled getter of leaf paths
                return path_getter(*plain, bound)
        match kind_:
            case "literal":
                value = _literal(tree, where)
                return lambda context, scope: value
            case "ident":
                return _name_getter(expect_string(tree.get("name"), (*where, "name")), bound)
            case "select":
                operand, field = (
                    child("operand"),
                    expect_string(tree.get("field"), (*where, "field")),
                )
                return _strict(lambda base: select(base, field), operand)
            case "index":
                return _strict(index, child("operand"), child("index"))
            case "unary":
                op = tree.get("op")
                if op not in ("!", "-"):
                    raise TreeError((*where, "op"), f"unknown unary operator {op!r}")
                return _strict(logical_not if op == "!" else negate, child("operand"))
            case "binary":
                op = tree.get("op")
                function = _hk_BINARY.get(op) if isinstance(op, str) else None
                if function is None:
                    raise TreeError((*where, "op"), f"unknown operator {tree.get('op')!r}")
                return _strict(function, child("left"), child("right"))
            case "and" | "or":
                return logical(children("operands"), absorbing=kind_ == "or")
            case "conditional":
                return _conditional(child("condition"), child("then"), child("otherwise"))
            case "list":
                return _strict(lambda *items: list(items), *children("items"))
            case "map":
                return self.map_literal(tree, where, bound)
            case "has":
                return self.has(expect_mapping(tree.get("path"), (*where, "path")), where, bound)
            case "call":
                return self.call(tree, where, bound, child, children)
            case "comprehension":
                macro = tree.get("macro")
                if not isinstance(macro, str) or macro not in _MACROS:
                    raise TreeError((*where, "macro"), f"unknown macro {macro!r}")
                var = expect_string(tree.get("var"), (*where, "var"))
                inner = bound | {var}
                predicate = None if tree.get("predicate") is None else child("predicate", inner)
                transform = None if tree.get("transform") is None else child("transform", inner)
                return comprehension(macro, child("target"), var, predicate, transform)
        raise TreeError((*where, "node"), f"unknown expression node {kind_!r}")

    def call(
        self, tree: Mapping[str, Any], where: tuple[str | int, ...], bound: frozenset[str],
        child: Callable[[str], Closure], children: Callable[[str], list[Closure]],
    ) -> Closure:  # fmt: skip
        function = expect_string(tree.get("function"), (*where, "function"))
        if tree.get("target") is None and function in RYE_ARITY:
            return self.rye(function, expect_list(tree.get("args"), (*where, "args")), where)
        args = children("args")
        arity = (FUNCTION_ARITY if tree.get("target") is None else METHOD_ARITY).get(function)
        if arity is not None and arity != len(args):
            plural = "" if arity == 1 else "s"
            raise TreeError((*where, "args"), f"`{function}` takes {arity} argument{plural}")
        if tree.get("target") is None:
            found = _hk_FUNCTIONS.get(function)
            if found is None:
                raise TreeError((*where, "function"), f"unknown function {function!r}")
            return _strict(found, *args)
        found = _hk_METHODS.get(function)
        if found is None:
            raise TreeError((*where, "function"), f"unknown method {function!r}")
        return _strict(found, child("target"), *args)

    def rye(self, function: str, args: list[Any], where: tuple[str | int, ...]) -> Closure:
        """A function with Rye's meaning (``hookc.runtime.rye``): its path is read from the
        whole context by Rye's rule, its text and value are constants."""
        at = (*where, "args")
        if function == RYE_INTERPOLATE:
            if not args:
                raise TreeError(at, "rye.interpolate takes its text first")
            text = self.node(expect_mapping(args[0], (*at, 0)), (*at, 0), frozenset())
            template = text({}, None)
            if not isinstance(template, str):
                raise TreeError((*at, 0), "rye.interpolate takes its text as a string literal")
            for i, path in enumerate(args[1:], 1):
                _rye_parts(path, (*at, i))
            return lambda context, scope: rye_interpolate(template, context)
        if len(args) != RYE_ARITY[function]:
            raise TreeError(at, f"{function} takes {RYE_ARITY[function]} arguments")
        parts = _rye_parts(args[0], (*at, 0))
        expected = None
        if len(args) > 1:
            constant = self.node(expect_mapping(args[1], (*at, 1)), (*at, 1), frozenset())
            expected = constant({}, None)
            if isinstance(expected, CelError):
                raise TreeError((*at, 1), f"not a constant: {expected.message}")
        op = RYE_LEAF_FUNCTIONS[function]
        return lambda context, scope: rye_leaf(op, context, parts, expected)

    def map_literal(
        self, tree: Mapping[str, Any], where: tuple[str | int, ...], bound: frozenset[str]
    ) -> Closure:
        entries = []
        for i, entry in enumerate(expect_list(tree.get("entries"), (*where, "entries"))):
            at = (*where, "entries", i)
            pair = expect_list(entry, at)
            if len(pair) != 2:
                raise TreeError(at, "a map entry is a [key, value] pair")
            key = self.node(expect_mapping(pair[0], (*at, 0)), (*at, 0), bound)
            value = self.node(expect_mapping(pair[1], (*at, 1)), (*at, 1), bound)
            entries.append((key, value))

        def build(context: dict[str, Any], scope: Any) -> Any:
            # Lazily, key then value, as the evaluator does: the first error wins.
            return _hk_map((key(context, scope), value(context, scope)) for key, value in entries)

        return build

    def has(
        self, path: Mapping[str, Any], where: tuple[str | int, ...], bound: frozenset[str]
    ) -> Closure:
        """``has()`` over a node-form path: the steps as in ``presence``, keys evaluated."""
        resolve = self.resolver(path, (*where, "path"), bound)

        def test(context: dict[str, Any], scope: Any) -> Any:
            found = resolve(context, scope)
            if isinstance(found, CelError):
                return found
            return found is not _MISSING and found is not None

        return test

    def resolver(
        self, path: Mapping[str, Any], where: tuple[str | int, ...], bound: frozenset[str]
    ) -> Closure:
        match path.get("node"):
            case "ident":
                name = expect_string(path.get("name"), (*where, "name"))
                if name in bound:
                    return lambda context, scope: scope[name]
                return lambda context, scope: context.get(name, _MISSING)
            case "select":
                base = self.resolver(expect_mapping(path.get("operand"), where), where, bound)
                field = expect_string(path.get("field"), (*where, "field"))

                def step(context: dict[str, Any], scope: Any) -> Any:
                    value = base(context, scope)
                    if isinstance(value, CelError) or kind(value) != "map":
                        return value if isinstance(value, CelError) else _MISSING
                    return map_get(value, field)

                return step
            case "index":
                base = self.resolver(expect_mapping(path.get("operand"), where), where, bound)
                key_of = self.node(expect_mapping(path.get("index"), where), where, bound)

                def look(context: dict[str, Any], scope: Any) -> Any:
                    value = base(context, scope)
                    if isinstance(value, CelError) or value is _MISSING:
                        return value
                    key = key_of(context, scope)
                    if isinstance(key, CelError):
                        return key
                    found = index(value, key)
                    return _MISSING if isinstance(found, CelError) else found

                return look
        return self.node(path, where, bound)


def plain_path(tree: Mapping[str, Any]) -> tuple[str, tuple[Step, ...]] | None:
    """A node-form path of fields and constant keys down to a name, as a root and steps;
    None for anything else (which the general nodes then check and build)."""
    steps: list[Step] = []
    node: Any = tree
    while isinstance(node, Mapping):
        match node.get("node"):
            case "ident" if node.keys() == {"node", "name"} and isinstance(node["name"], str):
                return intern(node["name"]), tuple(reversed(steps))
            case "select" if node.keys() == {"node", "operand", "field"} and isinstance(
                node["field"], str
            ):
                steps.append((True, intern(node["field"])))
            case "index" if node.keys() == {"node", "operand", "index"}:
                key = node["index"]
                if not (
                    isinstance(key, Mapping)
                    and key.keys() == {"node", "type", "value"}
                    and (
                        (key["type"], type(key["value"])) == ("string", str)
                        or (
                            (key["type"], type(key["value"])) == ("int", int)
                            and -(1 << 63) <= key["value"] < (1 << 63)
                        )
                    )
                ):
                    return None
                value = key["value"]
                steps.append((False, intern(value) if type(value) is str else value))
            case _:
                return None
        node = node["operand"]
    return None


# -- closures for the operators ---------------------------------------------------------------


def logical(operands: list[Closure], absorbing: bool) -> Closure:
    """``&&`` (absorbing false) and ``||`` (absorbing true), CEL's commutative form: an
    operand equal to ``absorbing`` decides; else the first error; else ``not absorbing``."""
    if not operands:
        result = not absorbing
        return lambda context, scope: result
    if len(operands) == 2:
        first, second = operands
        neutral = not absorbing

        def pair(context: dict[str, Any], scope: Any) -> Any:
            left = first(context, scope)
            if left is absorbing:
                return absorbing
            right = second(context, scope)
            if right is absorbing:
                return absorbing
            if left is neutral and right is neutral:
                return neutral
            value = right if left is neutral else left
            return value if isinstance(value, CelError) else _NO_OVERLOAD

        return pair

    def run(context: dict[str, Any], scope: Any) -> Any:
        failure = None
        for operand in operands:
            value = operand(context, scope)
            if value is absorbing:
                return absorbing
            if failure is None and value is not (not absorbing):
                failure = value if isinstance(value, CelError) else _NO_OVERLOAD
        return failure if failure is not None else not absorbing

    return run


def _not(operand: Closure) -> Closure:
    def run(context: dict[str, Any], scope: Any) -> Any:
        value = operand(context, scope)
        if value is True:
            return False
        if value is False:
            return True
        return value if isinstance(value, CelError) else _NO_OVERLOAD  # `!` of a non-bool

    return run


def comparison(op: str, get: Closure, constant: Any) -> Closure:
    function = _hk_BINARY[op]
    if op in ("==", "!=") and type(constant) is str:
        # A string equals only an equal string: no CEL conversion can say otherwise.
        wanted = op == "=="

        def same(context: dict[str, Any], scope: Any) -> Any:
            value = get(context, scope)
            if type(value) is str:
                return (value == constant) is wanted
            if value is None:
                return not wanted
            return value if isinstance(value, CelError) else function(value, constant)

        return same

    test = _NUMERIC.get(op)
    if test is not None and type(constant) in (int, float):
        # A double against a number compares as two doubles in CEL, and so in Python once
        # the number is a double; two ints compare exactly in both. An int against a double
        # constant may be past the double range: the general path.
        as_double_constant = as_double(constant)
        exact = type(constant) is int
        ordering = op not in ("==", "!=")
        no_order = _NO_OVERLOAD

        def number(context: dict[str, Any], scope: Any) -> Any:
            value = get(context, scope)
            kind_ = type(value)
            if kind_ is float:
                return test(value, as_double_constant)
            if kind_ is int and exact:
                return test(value, constant)
            if kind_ in _NOT_NUMBERS:
                if kind_ is CelError:
                    return value
                return no_order if ordering else op == "!="  # other kinds are unequal
            return function(value, constant)

        return number

    if test is not None and type(constant) is str:  # ordering of strings (== is above)

        def text(context: dict[str, Any], scope: Any) -> Any:
            value = get(context, scope)
            if type(value) is str:
                return test(value, constant)
            if type(value) in _NOT_STRINGS:
                return value if type(value) is CelError else _NO_OVERLOAD
            return function(value, constant)

        return text

    return _strict(lambda value: function(value, constant), get)


def membership(get: Closure, items: list[Any]) -> Closure:
    if all(type(item) is str for item in items):
        strings = frozenset(items)

        def among_strings(context: dict[str, Any], scope: Any) -> Any:
            value = get(context, scope)
            if type(value) is str:
                return value in strings
            if value is None:
                return False
            return value if isinstance(value, CelError) else contains_element(items, value)

        return among_strings

    return _strict(lambda value: contains_element(items, value), get)


def method(name: str, get: Closure, argument: Any, where: tuple[str | int, ...]) -> Closure:
    function = _hk_METHODS[name]
    test: Callable[[str], bool] | None = None
    if name in ("matches", "glob"):
        if not isinstance(argument, str):
            raise TreeError(where, f"`{name}` takes a pattern string")
        compiled = (compile_regex if name == "matches" else compile_glob)(argument)
        if isinstance(compiled, CelError):
            # Not a pattern: the call is that error whatever the text, as in CEL and every
            # back end (``hookc check`` reports such a literal; the optimizer may fold one).
            return lambda context, scope: compiled
        # Compiled once, here; a string goes straight to it (what `matches`/`glob` do
        # after their checks).
        find = compiled.search if name == "matches" else compiled.fullmatch
        test = lambda text: find(text) is not None  # noqa: E731
    elif type(argument) is str and name in _STRING_TESTS:
        test = _STRING_TESTS[name](argument)
    if test is not None:
        string_test = test

        def on_text(context: dict[str, Any], scope: Any) -> Any:
            value = get(context, scope)
            if type(value) is str:
                return string_test(value)
            if type(value) in _NOT_TEXT:
                return value if isinstance(value, CelError) else _NO_OVERLOAD
            return function(value, argument)

        return on_text

    return _strict(lambda value: function(value, argument), get)


# Tests of one string against a constant string, as CEL's string methods define them.
_STRING_TESTS: dict[str, Callable[[str], Callable[[str], bool]]] = {
    "contains": lambda argument: lambda text: argument in text,
    "startsWith": lambda argument: lambda text: text.startswith(argument),
    "endsWith": lambda argument: lambda text: text.endswith(argument),
}


def comprehension(
    macro: str, target: Closure, var: str, predicate: Closure | None, transform: Closure | None
) -> Closure:
    def element(body: Closure | None, context: dict[str, Any], scope: Any) -> Any:
        if body is None:
            return None
        return lambda item: body(context, {**(scope or {}), var: item})

    def run(context: dict[str, Any], scope: Any) -> Any:
        return _hk_comprehension(
            macro,
            target(context, scope),
            element(predicate, context, scope),
            element(transform, context, scope),
        )

    return run


def _strict(function: Callable[..., Any], *operands: Closure) -> Closure:
    """``function`` of the operands' values; the first error among them is the result."""
    if len(operands) == 1:
        [only] = operands

        def one(context: dict[str, Any], scope: Any) -> Any:
            value = only(context, scope)
            return value if isinstance(value, CelError) else function(value)

        return one

    def many(context: dict[str, Any], scope: Any) -> Any:
        values = []
        for operand in operands:
            value = operand(context, scope)
            if isinstance(value, CelError):
                return value
            values.append(value)
        return function(*values)

    return many


def _conditional(condition: Closure, then: Closure, otherwise: Closure) -> Closure:
    def run(context: dict[str, Any], scope: Any) -> Any:
        chosen = condition(context, scope)
        if chosen is True:
            return then(context, scope)
        if chosen is False:
            return otherwise(context, scope)
        return chosen if isinstance(chosen, CelError) else _NO_OVERLOAD

    return run


# -- checking the input -----------------------------------------------------------------------


def _rye_parts(tree: Any, where: tuple[str | int, ...]) -> tuple[str | int, ...]:
    """A node-form path (an ident, then selects and constant indexes) as its parts."""
    parts: list[str | int] = []
    while True:
        node = expect_mapping(tree, where)
        kind_ = node.get("node")
        if kind_ == "ident":
            parts.append(expect_string(node.get("name"), (*where, "name")))
            return tuple(reversed(parts))
        if kind_ == "select":
            parts.append(expect_string(node.get("field"), (*where, "field")))
        elif kind_ == "index":
            key = expect_mapping(node.get("index"), (*where, "index"))
            value = key.get("value")
            if key.get("node") != "literal" or not isinstance(value, str | int):
                raise TreeError((*where, "index"), "a Rye path's keys are constants")
            parts.append(value)
        else:
            raise TreeError(where, "a Rye function reads a path (ident, select, index)")
        tree, where = node.get("operand"), (*where, "operand")


def _constant(value: Any, where: tuple[str | int, ...]) -> Any:
    """A leaf's ``value``: a scalar or a list of them, ints within int64."""
    if isinstance(value, list):
        return [_constant(item, (*where, i)) for i, item in enumerate(value)]
    if isinstance(value, bool) or value is None or isinstance(value, float | str):
        return value
    if isinstance(value, int):
        if not -(1 << 63) <= value < (1 << 63):
            raise TreeError(where, "this integer is beyond the int64 range")
        return value
    raise TreeError(where, f"a leaf's value is a scalar or a list, not {_type_name(value)}")


def _literal(tree: Mapping[str, Any], where: tuple[str | int, ...]) -> Any:
    exactly(tree, where, ("node", "type", "value"))
    type_, value = tree["type"], tree["value"]
    at = (*where, "value")
    match type_:
        case "int" if type(value) is int:
            return _constant(value, at)
        case "double" if isinstance(value, str) and value in NONFINITE:
            return NONFINITE[value]
        case "double" if type(value) is float or (type(value) is int and abs(value) < 2**1024):
            return float(value)
        case "string" if isinstance(value, str):
            return value
        case "bool" if isinstance(value, bool):
            return value
        case "null" if value is None:
            return None
    raise TreeError(at, f"not a literal of type {type_!r}: {value!r}")


def exactly(tree: Mapping[str, Any], where: tuple[str | int, ...], keys: tuple[str, ...]) -> None:
    extra = sorted(str(key) for key in tree if key not in keys)
    missing = [key for key in keys if key not in tree]
    if extra or missing:
        wanted = ", ".join(keys)
        raise TreeError(where, f"expected the keys {wanted}; unknown {extra}, missing {missing}")


# The loader's checks too (hookc.runtime.loader): each raises TreeError at ``where``.


def expect_mapping(value: Any, where: tuple[str | int, ...]) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise TreeError(where, f"expected a mapping, not {_type_name(value)}")
    return value


def expect_list(value: Any, where: tuple[str | int, ...]) -> list[Any]:
    if not isinstance(value, list):
        raise TreeError(where, f"expected a list, not {_type_name(value)}")
    return value


def expect_string(value: Any, where: tuple[str | int, ...]) -> str:
    if not isinstance(value, str):
        raise TreeError(where, f"expected a string, not {_type_name(value)}")
    return value


def _type_name(value: object) -> str:
    return {dict: "a mapping", list: "a list", str: "a string", type(None): "null"}.get(
        type(value), type(value).__name__
    )
