"""A quick "valid" for a hook file, compiled from ``schemas/hooks.schema.json`` itself.

jsonschema spends about a second on a 10,000-hook file: every keyword of every hook goes
through its dispatch, every ``$ref`` through a registry lookup. Most files are valid, and
for them nothing needs explaining; the same keywords compiled once into closures decide
that in a tenth of the time. The answer is only "valid" or "don't know": an invalid file,
or one that reaches a keyword not compiled here (the ``$ref`` to the JSON Schema
meta-schema under ``event_context_schema``), is left to jsonschema, which also explains
what is wrong (``schema_errors``).

Each keyword means what JSON Schema 2020-12 and jsonschema's default type checker make it
mean: ``integer`` takes ``1.0`` but not ``true``, ``number`` not a bool either, ``minLength``
counts code points, keywords beside ``$ref`` apply too. Only what the hook schema uses is
compiled; the rest answers "don't know".
"""

from __future__ import annotations

import functools
import json
import numbers
from collections.abc import Callable, Mapping

from hookc.frontend.located import Located
from hookc.source import Span
from hookc.source.resources import data_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# A check takes a value as the front end holds it (``Located``, its children ``Located``
# too), so that a document is checked as read, without a plain copy of it first.
_Check = Callable[[Located], bool]

# Keywords that say nothing about validity.
_ANNOTATIONS = frozenset(
    {"title", "description", "examples", "default", "$comment", "$schema", "$id", "$defs"}
)
_DEFS = "#/$defs/"
# The keywords of an object's shape, checked in one pass over its entries.
_SHAPE = ("properties", "patternProperties", "additionalProperties", "required")


class _Unknown(Exception):
    """The instance reached a part of the schema that is not compiled here."""


def is_valid(data: object) -> bool:
    """True only if ``data`` (plain JSON values) is a valid hook file; False when it is not
    or when unsure."""
    return is_valid_document(_located(data))


def is_valid_document(document: Located) -> bool:
    """``is_valid`` of ``document.plain()``, read from the ``Located`` tree itself."""
    try:
        return _compiled()(document)
    except _Unknown:
        return False


def _located(data: object) -> Located:
    if isinstance(data, dict):
        data = {key: _located(item) for key, item in data.items()}
    elif isinstance(data, list):
        data = [_located(item) for item in data]
    return Located(data, _NOWHERE)


_NOWHERE = Span(0, 0)


@functools.cache
def hook_schema() -> dict[str, Any]:
    """``schemas/hooks.schema.json``, read once."""
    with data_file("schemas", "hooks.schema.json").open(encoding="utf-8") as file:
        schema: dict[str, Any] = json.load(file)
    return schema


@functools.cache
def _compiled() -> _Check:
    return compile_schema(hook_schema())


def compile_schema(schema: Mapping[str, Any]) -> _Check:
    """A check that is True iff the instance is valid, or raises ``_Unknown``. ``$ref`` may
    name the schema's own ``$defs`` (recursively); any other reference is unknown."""
    definitions: Mapping[str, Any] = schema.get("$defs", {})
    compiled: dict[str, _Check] = {}

    def reference(target: object) -> _Check:
        name = target[len(_DEFS) :] if isinstance(target, str) else ""
        if not (isinstance(target, str) and target.startswith(_DEFS)) or (
            name not in definitions or "/" in name or "~" in name
        ):
            return _unknown
        # Looked up when used: definitions refer to each other and to themselves.
        return lambda instance: compiled[name](instance)

    def build(node: object) -> _Check:
        if node is True or node is False:
            return lambda instance: bool(node)
        if not isinstance(node, Mapping):
            return _unknown
        keywords = {key: value for key, value in node.items() if key not in _ANNOTATIONS}
        if keywords.keys() == {"type", "minLength"} and keywords["type"] == "string":
            shortest = keywords["minLength"]  # a name or a path: one check, not two
            return lambda instance: (
                isinstance(instance.value, str) and (len(instance.value) >= shortest)
            )
        checks = []
        if any(key in node for key in _SHAPE):
            checks.append(_shape(node, build))
        checks.extend(
            _keyword(key, value, node, build, reference)
            for key, value in node.items()
            if key not in _ANNOTATIONS and key not in _SHAPE
        )
        return _all_of(checks)

    for name, definition in definitions.items():
        compiled[name] = build(definition)
    return build(schema)


def _unknown(instance: Located) -> bool:
    raise _Unknown


def _anything(instance: Located) -> bool:
    return True


def _all_of(checks: list[_Check]) -> _Check:
    """A check passed when each of ``checks`` is (a loop, not all() of a generator: this
    runs for every object of the file)."""
    if not checks:
        return _anything
    if len(checks) == 1:
        return checks[0]

    def check(instance: Located) -> bool:
        for one in checks:  # noqa: SIM110 (see the docstring)
            if not one(instance):
                return False
        return True

    return check


def _shape(node: Mapping[str, Any], build: Callable[[object], _Check]) -> _Check:
    """``properties``, ``patternProperties``, ``additionalProperties`` and ``required`` of
    one schema object, in one pass over an object's entries: each entry is checked by its
    property's schema and by that of every pattern its name matches (searched, as JSON
    Schema says), or by ``additionalProperties`` (when given) if neither applies."""
    import re  # only for a schema with patterns: hooks.schema.json's root has one

    properties = {name: build(sub) for name, sub in node.get("properties", {}).items()}
    patterns = [
        (re.compile(text), build(sub)) for text, sub in node.get("patternProperties", {}).items()
    ]
    extra = build(node["additionalProperties"]) if "additionalProperties" in node else None
    required = frozenset(node.get("required", ()))

    def check_patterned(name: str, item: Located) -> bool | None:
        """None where no pattern matches ``name``, else whether every one that does holds."""
        found = None
        for pattern, check in patterns:
            if pattern.search(name):
                if not check(item):
                    return False
                found = True
        return found

    def check_shape(instance: Located) -> bool:
        entries = instance.value
        if not isinstance(entries, dict):
            return True  # these keywords apply to objects only
        for name, item in entries.items():
            check = properties.get(name)
            if patterns:
                patterned = check_patterned(name, item)
                if patterned is False:
                    return False
                if patterned and check is None:
                    continue  # matched by a pattern: additionalProperties does not apply
            check = check or extra
            if check is not None and not check(item):
                return False
        return required <= entries.keys()

    def check_required(instance: Located) -> bool:
        entries = instance.value
        return not isinstance(entries, dict) or required <= entries.keys()

    return check_shape if properties or patterns or extra is not None else check_required


def _keyword(
    key: str,
    value: Any,
    node: Mapping[str, Any],
    build: Callable[[object], _Check],
    reference: Callable[[object], _Check],
) -> _Check:
    """The check of one keyword of a schema object (the shape's are ``_shape``'s)."""
    match key:
        case "$ref":
            return reference(value)
        case "type":
            names = [value] if isinstance(value, str) else value
            if not all(name in _TYPES for name in names):
                return _unknown
            if len(names) == 1:
                return _OF_TYPE[names[0]]
            tests = [_TYPES[name] for name in names]
            return lambda instance: any(test(instance.value) for test in tests)
        case "items" if "prefixItems" not in node:
            item_check = build(value)
            return lambda instance: (
                not isinstance(instance.value, list) or all(map(item_check, instance.value))
            )
        case "minItems":
            return lambda instance: (
                not isinstance(instance.value, list) or len(instance.value) >= value
            )
        case "minLength":
            return lambda instance: (
                not isinstance(instance.value, str) or len(instance.value) >= value
            )
        case "enum" | "const":
            # Strings only: jsonschema's equality compares a string with strings alone.
            allowed = value if key == "enum" else [value]
            if not all(isinstance(item, str) for item in allowed):
                return _unknown
            strings = frozenset(allowed)
            return lambda instance: isinstance(instance.value, str) and instance.value in strings
        case "not":
            negated = build(value)
            return lambda instance: not negated(instance)
        case "anyOf":
            options = [build(sub) for sub in value]
            return lambda instance: any(option(instance) for option in options)
        case "if":
            condition = build(value)
            then = build(node.get("then", True))
            otherwise = build(node.get("else", True))
            return lambda instance: then(instance) if condition(instance) else otherwise(instance)
        case "then" | "else":
            return lambda instance: True  # applied by "if"
    return _unknown


def _is_integer(instance: object) -> bool:
    if isinstance(instance, bool):
        return False
    return isinstance(instance, int) or (isinstance(instance, float) and instance.is_integer())


# jsonschema's type checker for draft 2020-12, type by type (exactly: a check under `not`
# that said "no" where jsonschema says "yes" would turn into a wrong "valid").
_TYPES: dict[str, _Check] = {
    "array": lambda instance: isinstance(instance, list),
    "boolean": lambda instance: isinstance(instance, bool),
    "integer": _is_integer,
    "null": lambda instance: instance is None,
    "number": lambda instance: (
        isinstance(instance, numbers.Number) and not isinstance(instance, bool)
    ),
    "object": lambda instance: isinstance(instance, dict),
    "string": lambda instance: isinstance(instance, str),
}
# The same, of a value as the front end holds it: the commonest check, one call, not two.
_OF_TYPE: dict[str, _Check] = {
    "array": lambda instance: isinstance(instance.value, list),
    "boolean": lambda instance: isinstance(instance.value, bool),
    "integer": lambda instance: _is_integer(instance.value),
    "null": lambda instance: instance.value is None,
    "number": lambda instance: _TYPES["number"](instance.value),
    "object": lambda instance: isinstance(instance.value, dict),
    "string": lambda instance: isinstance(instance.value, str),
}
