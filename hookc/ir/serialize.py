"""The IR's JSON form (``schemas/ir.schema.json``): hook sets and expressions to plain JSON
values and back, exactly.

The law (tested with Hypothesis): ``hookset_from_json(hookset_to_json(h)) == h``, also after
a trip through JSON text. Spans and sources are not part of the form.

An expression node is an object whose ``"node"`` names its kind, with the node's fields
beside it; a literal carries its CEL type, because JSON alone cannot tell ``1`` from ``1.0``
from ``true``::

    {"node": "binary", "op": ">",
     "left": {"node": "select", "operand": {"node": "ident", "name": "cost"}, "field": "spend"},
     "right": {"node": "literal", "type": "double", "value": 10.0}}

Doubles JSON cannot hold are the strings ``"NaN"``, ``"+Inf"``, ``"-Inf"``. Action
parameters are plain JSON, with three single-key tags for what plain JSON cannot say:
``{"template": [parts]}`` for a ``Template`` (parts are strings or expression nodes),
``{"double": "NaN"}`` for a non-finite double, and ``{"params": {...}}`` for a nested
parameter object that would otherwise read as a tag (one key, named like a tag). An action's
own ``params`` object is never a tag, so it is written as it is.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from hookc.ir.expr import (
    MACROS,
    And,
    Binary,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Map,
    Or,
    Select,
    Unary,
)
from hookc.ir.hooks import Action, Hook, HookSet, Ordering, Params, ParamValue, Template
from hookc.runtime.tree_form import NONFINITE, PARAM_TAGS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias

Json: TypeAlias = "bool | int | float | str | list[Json] | dict[str, Json] | None"

_UNARY_OPS = frozenset({"!", "-"})
_BINARY_OPS = frozenset({"==", "!=", "<", "<=", ">", ">=", "in", "+", "-", "*", "/", "%"})


# -- to JSON ----------------------------------------------------------------------------------


def hookset_to_json(hookset: HookSet) -> dict[str, Json]:
    return {
        "hooks": [_hook_to_json(hook) for hook in hookset.hooks],
        "ordering": {
            "higher_priority_first": hookset.ordering.higher_priority_first,
            "first_match": hookset.ordering.first_match,
        },
        "profile": hookset.profile,
    }


def _hook_to_json(hook: Hook) -> dict[str, Json]:
    return {
        "id": hook.id,
        "event": hook.event,
        "priority": hook.priority,
        "enabled": hook.enabled,
        "description": hook.description,
        "builtin": hook.builtin,
        "condition": None if hook.condition is None else expr_to_json(hook.condition),
        "action": {"type": hook.action.type, "params": _params_to_json(hook.action.params)},
    }


def _params_to_json(params: Params) -> dict[str, Json]:
    result = {name: _value_to_json(value) for name, value in params.items}
    if len(result) != len(params.items):
        # A JSON object cannot say it; no front end should have built it.
        raise ValueError(f"parameters with a repeated key: {list(params.keys())}")
    return result


def _value_to_json(value: ParamValue) -> Json:
    match value:
        case Template(parts=parts):
            return {"template": [p if isinstance(p, str) else expr_to_json(p) for p in parts]}
        case Params():
            inner = _params_to_json(value)
            return {"params": inner} if len(inner) == 1 and inner.keys() <= PARAM_TAGS else inner
        case tuple():
            return [_value_to_json(item) for item in value]
        case float() if not math.isfinite(value):
            return {"double": _double_to_json(value)}
        case None | bool() | int() | float() | str():
            return value
    raise TypeError(f"not a parameter value: {value!r}")


def _double_to_json(value: float) -> float | str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "+Inf" if value > 0 else "-Inf"
    return value


def _literal_to_json(value: int | float | str | bool | None) -> dict[str, Json]:
    # bool before int: True is an int to Python, a bool to CEL.
    match value:
        case bool():
            return {"node": "literal", "type": "bool", "value": value}
        case int():
            return {"node": "literal", "type": "int", "value": value}
        case float():
            return {"node": "literal", "type": "double", "value": _double_to_json(value)}
        case str():
            return {"node": "literal", "type": "string", "value": value}
        case None:
            return {"node": "literal", "type": "null", "value": None}
    raise TypeError(f"not a literal value: {value!r}")


def expr_to_json(expr: Expr) -> dict[str, Json]:
    """One expression tree as nested node objects (recursive: the parser bounds the depth)."""
    match expr:
        case Literal(value=value):
            return _literal_to_json(value)
        case Ident(name=name):
            return {"node": "ident", "name": name}
        case Select(operand=operand, field=field):
            return {"node": "select", "operand": expr_to_json(operand), "field": field}
        case Index(operand=operand, index=index):
            return {"node": "index", "operand": expr_to_json(operand), "index": expr_to_json(index)}
        case Call(function=function, args=args, target=target):
            return {
                "node": "call",
                "function": function,
                "args": [expr_to_json(arg) for arg in args],
                "target": None if target is None else expr_to_json(target),
            }
        case Unary(op=op, operand=operand):
            return {"node": "unary", "op": op, "operand": expr_to_json(operand)}
        case Binary(op=op, left=left, right=right):
            return {
                "node": "binary",
                "op": op,
                "left": expr_to_json(left),
                "right": expr_to_json(right),
            }
        case And(operands=operands):
            return {"node": "and", "operands": [expr_to_json(o) for o in operands]}
        case Or(operands=operands):
            return {"node": "or", "operands": [expr_to_json(o) for o in operands]}
        case Conditional(condition=condition, then=then, otherwise=otherwise):
            return {
                "node": "conditional",
                "condition": expr_to_json(condition),
                "then": expr_to_json(then),
                "otherwise": expr_to_json(otherwise),
            }
        case List(items=items):
            return {"node": "list", "items": [expr_to_json(item) for item in items]}
        case Map(entries=entries):
            return {
                "node": "map",
                "entries": [[expr_to_json(key), expr_to_json(value)] for key, value in entries],
            }
        case Has(path=path):
            return {"node": "has", "path": expr_to_json(path)}
        case Comprehension(
            macro=macro, target=target, var=var, predicate=predicate, transform=transform
        ):
            return {
                "node": "comprehension",
                "macro": macro,
                "target": expr_to_json(target),
                "var": var,
                "predicate": None if predicate is None else expr_to_json(predicate),
                "transform": None if transform is None else expr_to_json(transform),
            }
    raise TypeError(f"not an expression node: {expr!r}")


# -- from JSON --------------------------------------------------------------------------------
#
# The reader checks shapes itself and raises ValueError naming the place (a JSON Pointer), so
# that a hand-edited or foreign IR file fails clearly without needing jsonschema here.


def _fail(where: str, message: str) -> ValueError:
    return ValueError(f"{where or '/'}: {message}")


def _object(data: object, where: str, keys: tuple[str, ...]) -> Mapping[str, object]:
    """``data`` as an object with exactly ``keys``."""
    if not isinstance(data, Mapping):
        raise _fail(where, f"expected an object, got {type(data).__name__}")
    missing = [key for key in keys if key not in data]
    extra = sorted(str(key) for key in data if key not in keys)
    if missing or extra:
        problems = [
            f"{label} {names}"
            for label, names in (("missing", missing), ("unknown", extra))
            if names
        ]
        raise _fail(where, f"expected the keys {list(keys)}; {', '.join(problems)}")
    return data


def _string(data: object, where: str) -> str:
    if not isinstance(data, str):
        raise _fail(where, f"expected a string, got {type(data).__name__}")
    return data


def _boolean(data: object, where: str) -> bool:
    if not isinstance(data, bool):
        raise _fail(where, f"expected true or false, got {type(data).__name__}")
    return data


def _integer(data: object, where: str) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise _fail(where, f"expected an integer, got {type(data).__name__}")
    return data


def _array(data: object, where: str) -> list[object]:
    if not isinstance(data, list):
        raise _fail(where, f"expected an array, got {type(data).__name__}")
    return data


def _one_of(data: object, where: str, allowed: frozenset[str] | tuple[str, ...]) -> str:
    text = _string(data, where)
    if text not in allowed:
        raise _fail(where, f"expected one of {sorted(allowed)}, got {text!r}")
    return text


def hookset_from_json(data: Mapping[str, object]) -> HookSet:
    top = _object(data, "", ("hooks", "ordering", "profile"))
    ordering = _object(top["ordering"], "/ordering", ("higher_priority_first", "first_match"))
    return HookSet(
        hooks=tuple(
            _hook_from_json(hook, f"/hooks/{i}")
            for i, hook in enumerate(_array(top["hooks"], "/hooks"))
        ),
        ordering=Ordering(
            higher_priority_first=_boolean(
                ordering["higher_priority_first"], "/ordering/higher_priority_first"
            ),
            first_match=_boolean(ordering["first_match"], "/ordering/first_match"),
        ),
        profile=_string(top["profile"], "/profile"),
    )


_HOOK_KEYS = ("id", "event", "priority", "enabled", "description", "builtin", "condition")


def _hook_from_json(data: object, where: str) -> Hook:
    hook = _object(data, where, (*_HOOK_KEYS, "action"))
    action = _object(hook["action"], f"{where}/action", ("type", "params"))
    description = hook["description"]
    condition = hook["condition"]
    return Hook(
        id=_string(hook["id"], f"{where}/id"),
        event=_string(hook["event"], f"{where}/event"),
        condition=None if condition is None else _expr(condition, f"{where}/condition"),
        action=Action(
            type=_string(action["type"], f"{where}/action/type"),
            params=_params_from_json(action["params"], f"{where}/action/params"),
        ),
        priority=_integer(hook["priority"], f"{where}/priority"),
        enabled=_boolean(hook["enabled"], f"{where}/enabled"),
        description=None if description is None else _string(description, f"{where}/description"),
        builtin=_boolean(hook["builtin"], f"{where}/builtin"),
    )


def _params_from_json(data: object, where: str) -> Params:
    if not isinstance(data, Mapping):
        raise _fail(where, f"expected an object, got {type(data).__name__}")
    items = []
    for name, value in data.items():
        key = _string(name, where)
        items.append((key, _value_from_json(value, f"{where}/{_escape(key)}")))
    return Params(tuple(items))


def _value_from_json(data: object, where: str) -> ParamValue:
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list):
        return tuple(_value_from_json(item, f"{where}/{i}") for i, item in enumerate(data))
    if not isinstance(data, Mapping):
        raise _fail(where, f"not a parameter value: {type(data).__name__}")
    if len(data) != 1 or next(iter(data)) not in PARAM_TAGS:
        return _params_from_json(data, where)
    # A single-key object named like a tag is always a tag (the writer wraps look-alikes).
    [(tag, inner)] = data.items()
    at = f"{where}/{tag}"
    if tag == "template":
        return Template(
            tuple(
                part if isinstance(part, str) else _expr(part, f"{at}/{i}")
                for i, part in enumerate(_array(inner, at))
            )
        )
    if tag == "double":
        return NONFINITE[_one_of(inner, at, tuple(NONFINITE))]
    return _params_from_json(inner, at)


def _escape(key: str) -> str:
    """A key as a JSON Pointer segment (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


def expr_from_json(data: Mapping[str, object]) -> Expr:
    return _expr(data, "")


def _literal_from_json(data: Mapping[str, object], where: str) -> Literal:
    kind = _one_of(data["type"], f"{where}/type", ("int", "double", "string", "bool", "null"))
    value = data["value"]
    at = f"{where}/value"
    match kind:
        case "int":
            return Literal(_integer(value, at))
        case "double":
            if isinstance(value, str):
                return Literal(NONFINITE[_one_of(value, at, tuple(NONFINITE))])
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise _fail(at, f"expected a number, got {type(value).__name__}")
            # Another JSON writer may print 10.0 as 10; the type says it is a double.
            return Literal(float(value))
        case "string":
            return Literal(_string(value, at))
        case "bool":
            return Literal(_boolean(value, at))
    if value is not None:
        raise _fail(at, f"expected null, got {type(value).__name__}")
    return Literal(None)


def _expr(data: object, where: str) -> Expr:
    if not isinstance(data, Mapping):
        raise _fail(where, f"expected an expression node, got {type(data).__name__}")
    kind = data.get("node")

    def node(*keys: str) -> Mapping[str, object]:
        return _object(data, where, ("node", *keys))

    def child(key: str, fields: Mapping[str, object]) -> Expr:
        return _expr(fields[key], f"{where}/{key}")

    def optional(key: str, fields: Mapping[str, object]) -> Expr | None:
        return None if fields[key] is None else child(key, fields)

    def children(key: str, fields: Mapping[str, object]) -> tuple[Expr, ...]:
        items = _array(fields[key], f"{where}/{key}")
        return tuple(_expr(item, f"{where}/{key}/{i}") for i, item in enumerate(items))

    match kind:
        case "literal":
            return _literal_from_json(node("type", "value"), where)
        case "ident":
            return Ident(_string(node("name")["name"], f"{where}/name"))
        case "select":
            fields = node("operand", "field")
            return Select(child("operand", fields), _string(fields["field"], f"{where}/field"))
        case "index":
            fields = node("operand", "index")
            return Index(child("operand", fields), child("index", fields))
        case "call":
            fields = node("function", "args", "target")
            function = _string(fields["function"], f"{where}/function")
            return Call(function, children("args", fields), optional("target", fields))
        case "unary":
            fields = node("op", "operand")
            return Unary(_one_of(fields["op"], f"{where}/op", _UNARY_OPS), child("operand", fields))
        case "binary":
            fields = node("op", "left", "right")
            op = _one_of(fields["op"], f"{where}/op", _BINARY_OPS)
            return Binary(op, child("left", fields), child("right", fields))
        case "and":
            return And(children("operands", node("operands")))
        case "or":
            return Or(children("operands", node("operands")))
        case "conditional":
            fields = node("condition", "then", "otherwise")
            return Conditional(
                child("condition", fields), child("then", fields), child("otherwise", fields)
            )
        case "list":
            return List(children("items", node("items")))
        case "map":
            entries = _array(node("entries")["entries"], f"{where}/entries")
            return Map(
                tuple(_entry(entry, f"{where}/entries/{i}") for i, entry in enumerate(entries))
            )
        case "has":
            return Has(child("path", node("path")))
        case "comprehension":
            fields = node("macro", "target", "var", "predicate", "transform")
            return Comprehension(
                macro=_one_of(fields["macro"], f"{where}/macro", MACROS),
                target=child("target", fields),
                var=_string(fields["var"], f"{where}/var"),
                predicate=optional("predicate", fields),
                transform=optional("transform", fields),
            )
    raise _fail(f"{where}/node", f"unknown expression node {kind!r}")


def _entry(data: object, where: str) -> tuple[Expr, Expr]:
    pair = _array(data, where)
    if len(pair) != 2:
        raise _fail(where, f"a map entry is a [key, value] pair, got {len(pair)} items")
    return _expr(pair[0], f"{where}/0"), _expr(pair[1], f"{where}/1")
