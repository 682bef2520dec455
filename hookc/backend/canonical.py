"""The YAML back end (SPEC §7): a hook set as canonical YAML, the form ``hookc fmt`` writes,
``hookc compile --target yaml`` emits and ``hookc.runtime`` loads.

Canonical means one spelling per meaning: keys in a fixed order, every default filled
(ids, priority, enabled, action parameters), ``hooks`` before ``builtin_hooks``, and every
condition a tree:

    {path: cost.spend, op: gt, value: 10.0}    the seed's leaf wherever one says it exactly
    {all: [...]}, {any: [...]}, {not: C}        &&, ||, !
    {path: items, op: some, where: C}           a quantifier; `@` in C is the element
    {node: binary, op: '+', ...}                the IR's node form (``hookc.ir.serialize``)
                                                for everything else: arithmetic, functions,
                                                macros; inside it every child is a node

A canonical file is an ordinary hook file: the YAML front end reads it back to the same
hooks (the law ``canon(canon(x)) == canon(x)`` is tested with Hypothesis), and
``schemas/ir.schema.json`` accepts it. It declares its ``profile`` and ``ordering`` so that a
runtime without profiles knows the order; loading it under another profile is an error.

Action parameters are written as they were, with ``${path}`` templates as text. What text
cannot say exactly is tagged as in the IR's JSON form: ``{template: [parts]}`` for a template
whose holes are not all plain paths (or a string holding a literal ``${``), ``{double: NaN}``
for a non-finite double, and ``{params: {...}}`` around an object that looks like a tag.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

import yaml

from hookc.cel.catalog import CEL_KEYWORDS, KEYWORDS, RESERVED
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Or,
    Select,
    Unary,
)
from hookc.ir.hooks import Hook, HookSet, Params, ParamValue, Template
from hookc.ir.serialize import Json, expr_to_json
from hookc.runtime.limits import recursion_room
from hookc.runtime.tree_form import (
    COMPARISONS,
    METHODS,
    NAME,
    PARAM_TAGS,
    PLAIN_KEY,
    element_variable,
)

SCHEMA_VERSION = "1.0.0"

# The seed's leaf operators, from the IR's side.
_LEAF_OPS = {cel: name for name, cel in COMPARISONS.items()}
_METHOD_OPS = {cel: name for name, cel in METHODS.items()}
_PATTERNS = frozenset({"matches", "glob"})
_IDENTIFIER = re.compile(NAME)
_PLAIN_KEY = re.compile(PLAIN_KEY)


# -- document ---------------------------------------------------------------------------------


def canonical_data(hookset: HookSet, extras: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The canonical document as plain data, keys in canonical order.

    ``extras`` are a source file's own sections that are not hooks (``action_types``,
    ``event_context_schema``, the seed's documentation sections), kept as written.
    """
    document: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "profile": hookset.profile,
        "ordering": {
            "higher_priority_first": hookset.ordering.higher_priority_first,
            "first_match": hookset.ordering.first_match,
        },
    }
    hooks = [hook_data(hook) for hook in hookset.hooks if not hook.builtin]
    builtins = [hook_data(hook) for hook in hookset.hooks if hook.builtin]
    if hooks or not builtins:
        document["hooks"] = hooks
    if builtins:
        document["builtin_hooks"] = builtins
    for key, value in (extras or {}).items():
        document[key] = value
    return document


def hook_data(hook: Hook) -> dict[str, Any]:
    data: dict[str, Any] = {
        "id": hook.id,
        "event": hook.event,
        "priority": hook.priority,
        "enabled": hook.enabled,
    }
    if hook.description is not None:
        data["description"] = hook.description
    if hook.condition is not None:
        data["condition"] = condition_tree(hook.condition)
    data["action"] = {"type": hook.action.type} | {
        name: param_data(value) for name, value in hook.action.params.items
    }
    return data


def canonical_yaml(
    hookset: HookSet, extras: Mapping[str, Any] | None = None, header: str = ""
) -> str:
    """The canonical document as YAML text, after ``header`` (comment lines, or nothing)."""
    return header + dump(canonical_data(hookset, extras))


def source_header(source_sha256: str, version: str) -> str:
    """The comment lines of a compiled canonical file; ``hookc.runtime.load`` reads its
    ``SOURCE_SHA256`` and ``HOOKC_VERSION`` from them."""
    return (
        f"# Canonical hooks written by hookc {version} (hookc compile --target yaml).\n"
        f"# source sha256: {source_sha256}\n"
    )


class _Leaf(dict[str, Any]):
    """A seed leaf, written on one line as the seed writes it: ``{path: p, op: eq, value: v}``."""


class _Dumper(yaml.SafeDumper):
    """Block style but for leaves, keys in the order given, and no aliases: a value that
    occurs twice is written twice, so the text never depends on which objects are shared."""

    def ignore_aliases(self, data: Any) -> bool:
        return True

    def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
        # Lists indented under their key, as the seed and most hand-written YAML do.
        super().increase_indent(flow, False)


# Text with a line break goes in double quotes, the break as an escape: YAML folds NEL,
# U+2028 and U+2029 in plain and single-quoted text (NEL would read back as a space), and a
# key that spans lines must be written as an explicit `? key`, which hookc fmt's round trip
# (ruamel.yaml) respells as a simple key that does not read back. One line always does.
_LINE_BREAKS = frozenset("\n\r\x85\u2028\u2029")


def _represent_text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = '"' if _LINE_BREAKS.intersection(text) else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_Dumper.add_representer(str, _represent_text)
_Dumper.add_representer(
    _Leaf,
    lambda dumper, leaf: dumper.represent_mapping(
        "tag:yaml.org,2002:map", leaf.items(), flow_style=True
    ),
)


def dump(data: Any) -> str:
    with recursion_room():  # the node form of a 128-level expression is ~390 YAML levels
        return yaml.dump(
            data,
            Dumper=_Dumper,
            sort_keys=False,
            allow_unicode=True,
            default_flow_style=False,
            width=100,
        )


# -- conditions -------------------------------------------------------------------------------


def condition_tree(expr: Expr, depth: int = 0) -> dict[str, Json]:
    """A condition as a tree: seed leaves and combinators where they say ``expr`` exactly,
    the node form below the first place they cannot."""
    match expr:
        case And(operands=operands):
            return {"all": [condition_tree(operand, depth) for operand in operands]}
        case Or(operands=operands):
            return {"any": [condition_tree(operand, depth) for operand in operands]}
        case Unary(op="!", operand=operand):
            return {"not": condition_tree(operand, depth)}
    leaf = _leaf(expr, depth)
    return leaf if leaf is not None else expr_to_json(expr)


def _leaf(expr: Expr, depth: int) -> dict[str, Json] | None:
    match expr:
        case Binary(op=op, left=left, right=right) if op in _LEAF_OPS or op == "in":
            path, value = _path_text(left, depth), _value(right)
            if path is None or value is _NO_VALUE or (op == "in" and not isinstance(right, List)):
                return None
            return _Leaf(path=path, op=_LEAF_OPS.get(op, "in"), value=value)
        case Call(function=function, args=(argument,), target=target) if (
            target is not None and function in _METHOD_OPS
        ):
            path, value = _path_text(target, depth), _value(argument)
            if path is None or value is _NO_VALUE:
                return None
            if function in _PATTERNS and not isinstance(value, str):
                return None
            return _Leaf(path=path, op=_METHOD_OPS[function], value=value)
        case Has(path=target):
            path = _path_text(target, depth)
            return None if path is None else _Leaf(path=path, op="exists")
        case Comprehension(
            macro="exists" | "all" as macro,
            target=target,
            var=var,
            predicate=predicate,
            transform=None,
        ) if predicate is not None and var == element_variable(depth + 1):
            path = _path_text(target, depth)
            if path is None:
                return None
            op = "some" if macro == "exists" else "every"
            return {"path": path, "op": op, "where": condition_tree(predicate, depth + 1)}
    return None


def _path_text(expr: Expr, depth: int) -> str | None:
    """``expr`` as a path that the front end reads back to ``expr`` itself, or None."""
    steps: list[str] = []
    while True:
        match expr:
            case Select(operand=operand, field=field) if _is_field(field):
                steps.append(f".{field}")
            case Index(operand=operand, index=Literal(value=str() as key)) if _PLAIN_KEY.fullmatch(
                key
            ):
                steps.append(f"['{key}']")
            case Index(operand=operand, index=Literal(value=int() as key)) if (
                not isinstance(key, bool) and key >= 0
            ):
                steps.append(f"[{key}]")
            case Ident(name=name) if _is_name(name):
                root = "@" if depth and name == element_variable(depth) else name
                return root + "".join(reversed(steps))
            case _:
                return None
        expr = operand


def _is_name(text: str) -> bool:
    return bool(_IDENTIFIER.fullmatch(text)) and text not in RESERVED and text not in KEYWORDS


def _is_field(text: str) -> bool:
    """A field the parser reads after `.` (reserved words such as `as` included)."""
    return bool(_IDENTIFIER.fullmatch(text)) and text not in CEL_KEYWORDS


_NO_VALUE: Any = object()


def _value(expr: Expr) -> Any:
    """A leaf's ``value``: a constant, or a list of them; ``_NO_VALUE`` for anything else."""
    match expr:
        case Literal(value=value):
            return value
        case List(items=items):
            values = [_value(item) for item in items]
            return _NO_VALUE if any(v is _NO_VALUE for v in values) else values
    return _NO_VALUE


# -- action parameters ------------------------------------------------------------------------


def param_data(value: ParamValue) -> Any:
    match value:
        case Template(parts=parts):
            text = _template_text(parts)
            if text is not None:
                return text
            return {"template": [p if isinstance(p, str) else expr_to_json(p) for p in parts]}
        case str() if "${" in value:
            return {"template": [value]}  # a literal `${`, which text would read as a hole
        case Params(items=items):
            inner = {name: param_data(item) for name, item in items}
            return {"params": inner} if len(inner) == 1 and inner.keys() <= PARAM_TAGS else inner
        case tuple():
            return [param_data(item) for item in value]
        case float() if math.isnan(value):
            return {"double": "NaN"}
        case float() if math.isinf(value):
            return {"double": "+Inf" if value > 0 else "-Inf"}
    return value


def _template_text(parts: tuple[str | Expr, ...]) -> str | None:
    """The template as ``${path}`` text when every hole is a plain path and no literal part
    could be misread, else None."""
    holes = [part for part in parts if not isinstance(part, str)]
    if len(parts) > 1 and len(holes) == 1 and "".join(p for p in parts if isinstance(p, str)) == "":
        # `('', x, '')` is text (an error renders as ''), and `${x}` would read back as the
        # hole alone, which keeps the value's type (an error is null): not the same template.
        return None
    pieces: list[str] = []
    for part in parts:
        if isinstance(part, str):
            if "${" in part:  # text would read it as a hole
                return None
            pieces.append(part)
            continue
        path = _path_text(part, 0)
        if path is None:
            return None
        pieces.append("${" + path + "}")
    text = "".join(pieces)
    # Literal parts may make a `${` only where they meet (`'$'` then `'{'`): then the text
    # holds more `${` than there are holes, and would read back with another hole.
    return text if text.count("${") == len(holes) else None
