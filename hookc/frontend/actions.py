"""An action as written to an ``Action`` checked against the profile's catalog.

Unknown types and parameters get a "did you mean"; values are checked against the
parameter's JSON type and enum (values from XML text are first read as that type);
required parameters must be there; defaults are filled in the catalog's order.
"""

from __future__ import annotations

import re

from hookc.frontend.located import Located
from hookc.frontend.node_form import read_node
from hookc.frontend.templates import parse_template
from hookc.hosts.profile import ActionType, ParamSpec, Profile
from hookc.ir.expr import Expr
from hookc.ir.hooks import Action, Params, ParamValue, Template
from hookc.runtime.tree_form import NONFINITE, PARAM_TAGS
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Compiled (and cached by `re`) for the first number written as text.
_INTEGER_TEXT = r"[+-]?[0-9]+"
_NUMBER_TEXT = r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_BOOLEAN_TEXT = {"true": True, "false": False}
_SCALARS = frozenset({bool, int, float, str})


def did_you_mean(name: str, known: list[str] | tuple[str, ...], cutoff: float = 0.6) -> str | None:
    import difflib  # only when a suggestion is wanted: keeps start-up light

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=cutoff)
    return f"did you mean `{close[0]}`?" if close else None


def describe(value: Any) -> str:
    """A value as people name it in a message: "the string 'abc'", "the number 1.5"."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if value is None:
        return "null"
    if isinstance(value, list):
        return "a list"
    return "a mapping"


def build_action(
    node: Located, profile: Profile, source: Source
) -> tuple[Action | None, list[Diagnostic]]:
    diagnostics: list[Diagnostic] = []
    type_node = node.get("type")
    if type_node is None or not isinstance(type_node.value, str):
        return None, [error("HK301", "an action needs a `type`", source, node.span)]
    catalog = profile.action_types
    action_type = catalog.get(type_node.value)
    if action_type is None:
        known = sorted(catalog)
        return None, [
            error(
                "HK301",
                f"unknown action type `{type_node.value}`",
                source,
                type_node.span,
                did_you_mean(type_node.value, known) or f"known types: {', '.join(known)}",
            )
        ]
    given: dict[str, ParamValue] = {}
    for name, value_node in node.value.items():  # a mapping: it has a `type`
        if name == "type":
            continue
        spec = _param(action_type, name)
        if spec is None:
            names = [p.name for p in action_type.params]
            diagnostics.append(
                error(
                    "HK302",
                    f"`{action_type.name}` has no parameter `{name}`",
                    source,
                    value_node.key_span or value_node.span,
                    did_you_mean(name, names)
                    or (f"its parameters: {', '.join(names)}" if names else "it takes none"),
                )
            )
            continue
        value, found = _parameter(spec, value_node, source)
        diagnostics.extend(found)
        if not found:
            given[name] = value
    for spec in action_type.params:
        if spec.required and spec.name not in given and spec.name not in node.value:
            diagnostics.append(
                error(
                    "HK305",
                    f"`{action_type.name}` needs the parameter `{spec.name}`",
                    source,
                    type_node.span,
                )
            )
    if diagnostics:
        return None, diagnostics
    return Action(action_type.name, fill_defaults(action_type, given), span=node.span), []


def _param(action_type: ActionType, name: str) -> ParamSpec | None:
    """``action_type.param(name)``, by a loop (asked for every parameter of every action)."""
    for spec in action_type.params:
        if spec.name == name:
            return spec
    return None


def fill_defaults(action_type: ActionType, given: dict[str, ParamValue]) -> Params:
    """Every parameter given or defaulted, in the catalog's order (a canonical order)."""
    items: list[tuple[str, ParamValue]] = []
    for spec in action_type.params:
        if spec.name in given:
            items.append((spec.name, given[spec.name]))
        elif spec.has_default:
            items.append((spec.name, freeze(spec.default)))
    return Params(tuple(items))


def freeze(value: Any) -> ParamValue:
    """A plain JSON value as an immutable parameter value."""
    if value is None or type(value) in _SCALARS:  # most defaults: as they are
        return value  # type: ignore[no-any-return]
    if isinstance(value, dict):
        return Params(tuple((str(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, list | tuple):
        return tuple(freeze(v) for v in value)
    assert value is None or isinstance(value, bool | int | float | str)
    return value


def is_plain_scalar(value: Any) -> bool:
    """Whether ``convert`` and ``_plain`` give ``value`` itself: null, a boolean, a number,
    or a text without a template's ``${``."""
    kind = type(value)
    return value is None or (kind in _SCALARS and not (kind is str and "${" in value))


def _parameter(
    spec: ParamSpec, node: Located, source: Source
) -> tuple[ParamValue, list[Diagnostic]]:
    value = node.value
    if node.text and isinstance(value, str) and "${" not in value:
        coerced = _from_text(spec, value)
        if coerced is _UNREADABLE:
            return None, [
                error(
                    "HK303",
                    f"`{spec.name}` must be {_a(spec.type)}, not {describe(value)}",
                    source,
                    node.span,
                )
            ]
        value = coerced
    converted: ParamValue
    if is_plain_scalar(value):  # most values: what ``convert`` and ``_plain`` make of them
        converted = plain = value
    else:
        converted, diagnostics = convert(node, value, source)
        if diagnostics:
            return None, diagnostics
        plain = _plain(converted)
    exact_template = isinstance(converted, Template) and converted.is_exact
    if not exact_template and not spec.admits(plain):
        return None, [
            error(
                "HK303",
                f"`{spec.name}` must be {_a(spec.type)}, not {describe(plain)}",
                source,
                node.span,
            )
        ]
    if (
        spec.name == "timeout"
        and isinstance(plain, int | float)
        and not isinstance(plain, bool)
        and plain <= 0
    ):
        # Every host's timeout is a positive count (of seconds or milliseconds): 0 or less
        # is what its own files are told too (HK705), whatever unit the profile counts in.
        return None, [
            error(
                "HK705",
                f"`timeout` must be a positive number, not {plain}",
                source,
                node.span,
                "leave it out for the default",
            )
        ]
    if spec.enum is not None and not isinstance(converted, Template) and plain not in spec.enum:
        allowed = ", ".join(str(v) for v in spec.enum)
        return None, [
            error(
                "HK304",
                f"`{spec.name}` must be one of {allowed}; got {describe(plain)}",
                source,
                node.span,
                # The message lists the values; suggest one only for a near-certain typo.
                did_you_mean(str(plain), [str(v) for v in spec.enum], cutoff=0.8),
            )
        ]
    return converted, []


def convert(node: Located, value: Any, source: Source) -> tuple[ParamValue, list[Diagnostic]]:
    """A parameter value as IR: strings holding ``${`` become Templates, containers freeze,
    and the tags of canonical YAML (``{template: [...]}``, ``{double: NaN}``, ``{params:
    {...}}``; ``hookc.backend.canonical``) become what they stand for."""
    if isinstance(value, str):
        if "${" not in value:  # (a text's offsets are asked only for its holes)
            return value, []
        template, diagnostics = parse_template(value, source, node.offsets)
        return template, diagnostics
    if isinstance(value, dict) and len(value) == 1 and next(iter(value)) in PARAM_TAGS:
        return _tagged(node, source)
    if isinstance(value, dict):
        items: list[tuple[str, ParamValue]] = []
        found: list[Diagnostic] = []
        for key, child in value.items():
            converted, diagnostics = convert(child, child.value, source)
            found.extend(diagnostics)
            items.append((key, converted))
        return Params(tuple(items), span=node.span), found
    if isinstance(value, list):
        converted_items = [convert(child, child.value, source) for child in value]
        return tuple(c for c, _ in converted_items), [d for _, ds in converted_items for d in ds]
    return value, []


def _tagged(node: Located, source: Source) -> tuple[ParamValue, list[Diagnostic]]:
    [(tag, inner)] = node.items()
    if tag == "params":
        if not isinstance(inner.value, dict):
            return None, [error("HK213", "`params:` tags a mapping", source, inner.span)]
        items = [(key, convert(child, child.value, source)) for key, child in inner.items()]
        params = Params(tuple((key, value) for key, (value, _) in items), span=inner.span)
        return params, [d for _, (_, found) in items for d in found]
    if tag == "double":
        if not isinstance(inner.value, str) or inner.value not in NONFINITE:
            message = "`double:` tags one of NaN, +Inf, -Inf"
            return None, [error("HK213", message, source, inner.span)]
        return NONFINITE[inner.value], []
    if not isinstance(inner.value, list):
        message = "`template:` tags a list of text and expression nodes"
        return None, [error("HK213", message, source, inner.span)]
    parts: list[str | Expr] = []
    found: list[Diagnostic] = []
    for part in inner.value:
        if isinstance(part.value, str):
            parts.append(part.value)
        elif isinstance(part.value, dict):
            expr, problems = read_node(part, source)
            found.extend(problems)
            if expr is not None:
                parts.append(expr)
        else:
            message = "a template's part is text or an expression node"
            found.append(error("HK213", message, source, part.span))
    if all(isinstance(part, str) for part in parts):
        return "".join(p for p in parts if isinstance(p, str)), found
    return Template(tuple(parts), span=node.span), found


def _plain(value: ParamValue) -> Any:
    if isinstance(value, Params):
        return {k: _plain(v) for k, v in value.items}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Template):
        return "".join(p if isinstance(p, str) else "${}" for p in value.parts)
    return value


_UNREADABLE: Any = object()


def _from_text(spec: ParamSpec, text: str) -> Any:
    """An XML attribute's text read as the parameter's declared type."""
    stripped = text.strip()
    match spec.type:
        case "integer":
            return int(stripped) if re.fullmatch(_INTEGER_TEXT, stripped) else _UNREADABLE
        case "number":
            if re.fullmatch(_INTEGER_TEXT, stripped):
                return int(stripped)
            return float(stripped) if re.fullmatch(_NUMBER_TEXT, stripped) else _UNREADABLE
        case "boolean":
            return _BOOLEAN_TEXT.get(stripped, _UNREADABLE)
        case "object" | "array":
            return _UNREADABLE
    return text


def _a(json_type: str | None) -> str:
    return {
        "integer": "an integer",
        "number": "a number",
        "string": "a string",
        "boolean": "a boolean (true or false)",
        "object": "a mapping",
        "array": "a list",
    }.get(json_type or "", "a value")
