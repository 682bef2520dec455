"""A hook file checked against ``schemas/hooks.schema.json``, its problems told for people.

jsonschema's own messages repeat the whole offending value and, for a condition (a ``oneOf``
of six shapes), list every shape the value is not. Here each finding becomes one sentence
that names the key and what was expected, at a JSON path into the data (the front end turns
the path into a line and column): for a ``oneOf``, the shape the author evidently meant is
chosen from the keys they wrote, and only its complaints are told.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from hookc.frontend.schema_valid import hook_schema, is_valid

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    # Imported where a problem is explained: a valid file never needs it.
    # No stubs for jsonschema are installed (types-jsonschema would give them);
    # `unused-ignore` keeps mypy quiet once they are.
    from jsonschema import Draft202012Validator  # type: ignore[import-untyped, unused-ignore]
    from jsonschema.exceptions import (  # type: ignore[import-untyped, unused-ignore]
        ValidationError,
    )

JsonPath: TypeAlias = tuple[str | int, ...]


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """A finding at a JSON path. ``at_key``: it is about the key written (an unknown or
    misplaced key), not its value; ``code``: the diagnostic code it is reported under."""

    path: JsonPath
    message: str
    at_key: bool = False
    code: str = "HK205"


@dataclass(frozen=True, slots=True)
class _Finding:
    """A problem, with what it takes to drop "needs `op`" when the same object has a key
    `opp` that is reported as "did you mean `op`?" (one mistake, told once)."""

    path: JsonPath
    message: str
    missing: str | None = None  # the key that "needs `...`" asks for
    suggested: str | None = None  # the key that "did you mean `...`?" offers
    at_key: bool = False
    code: str = "HK205"


# How a message names an object, by the `title` of the schema it failed.
_NOUNS = {
    "hookc hook file": "the hook file",
    "hook": "a hook",
    "action": "an action",
    "condition": "a condition",
    "comparison": "a comparison",
    "all": "an `all` condition",
    "any": "an `any` condition",
    "not": "a `not` condition",
    "expression": "a `when` condition",
    "quantifier": "a quantifier",
    "action type": "an action type",
    "action parameter": "an action parameter",
}

_TYPES = {
    "integer": "an integer",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "object": "a mapping",
    "array": "a list",
    "null": "null",
}

# Words people reach for that the format spells differently: offered as "did you mean".
_SYNONYMS = {
    "and": "all",
    "or": "any",
    "expr": "when",
    "expression": "when",
    "if": "when",
    "operator": "op",
    "field": "path",
    "key": "path",
    "equals": "eq",
    "==": "eq",
    "!=": "ne",
    ">": "gt",
    ">=": "gte",
    "<": "lt",
    "<=": "lte",
    "startswith": "starts_with",
    "endswith": "ends_with",
    "params": "parameters",
}

# Keys of one condition shape written in another.
_MISPLACED = {
    ("a comparison", "where"): "`where` belongs to a quantifier: use `op: some` or `op: every`",
    ("a quantifier", "value"): "a quantifier has no `value`; it tests each element with `where`",
}

_ROOT = "the hook file"
_SHAPES = (
    "{path, op, value}, {all: [...]}, {any: [...]}, {not: ...}, {when: '...'} "
    "or {path, op: some|every, where: ...}"
)


@functools.cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    return Draft202012Validator(hook_schema())


def schema_problems(data: object) -> list[Problem]:
    """Every problem of a loaded hook file, sorted by path; empty when the file is valid."""
    if is_valid(data):  # the common case, decided without jsonschema
        return []
    findings = [found for error in _validator().iter_errors(data) for found in _explain(error)]
    misspelt = {(f.path[:-1], f.suggested) for f in findings if f.suggested is not None}
    problems = {
        Problem(f.path, f.message, f.at_key, f.code)
        for f in findings
        if f.missing is None or (f.path, f.missing) not in misspelt
    }
    return sorted(problems, key=lambda problem: (_sort_key(problem.path), problem.message))


def _sort_key(path: JsonPath) -> tuple[tuple[int, int, str], ...]:
    # Indexes sort as numbers (hooks[2] before hooks[10]) and never meet a string in `<`.
    return tuple((0, step, "") if isinstance(step, int) else (1, 0, step) for step in path)


def _explain(error: ValidationError) -> Iterator[_Finding]:
    path: JsonPath = tuple(error.absolute_path)
    instance, schema, expected = error.instance, _schema_of(error), _rule_of(error)
    label = _label(path)
    match error.validator:
        case "oneOf" | "anyOf":
            yield from _explain_choice(error, path)
        case "type":
            yield _Finding(path, _type_message(label, expected, instance, schema))
        case "required":
            # jsonschema raises one error per missing key without naming it apart from its
            # message; naming every missing key here is the same set (duplicates collapse).
            for key in expected:
                if isinstance(instance, Mapping) and key not in instance:
                    message = _missing_message(key, instance, schema, label)
                    yield _Finding(path, message, missing=key)
        case "additionalProperties" if isinstance(instance, Mapping):
            allowed = sorted(schema.get("properties", {}))
            patterns = [re.compile(text) for text in schema.get("patternProperties", {})]
            for key in instance:
                if key not in allowed and not any(p.search(str(key)) for p in patterns):
                    yield _unknown_key((*path, key), allowed, schema)
        case "enum":
            yield _Finding(path, _enum_message(label, list(expected), instance))
        case "const":
            yield _Finding(path, f"{label} must be {_shown(expected)}; got {_shown(instance)}")
        case "not" if (
            isinstance(expected, Mapping)
            and set(expected) == {"required"}
            and isinstance(instance, Mapping)  # `required` holds vacuously for non-objects
        ):
            both = " and ".join(f"`{key}`" for key in expected["required"])
            # Shown at the second of the keys: the one to remove, most likely.
            yield _Finding(
                (*path, expected["required"][-1]),
                f"{_noun(schema, label)} has both {both}; keep one",
                at_key=True,
                code="HK209",
            )
        case "minLength" if expected == 1:
            yield _Finding(path, f"{label} must not be empty")
        case "minLength":
            yield _Finding(path, f"{label} must be at least {expected} characters long")
        case "minItems":
            items = "item" if expected == 1 else "items"
            yield _Finding(path, f"{label} needs at least {expected} {items}")
        case "minimum":
            yield _Finding(path, f"{label} must be at least {expected}, not {_shown(instance)}")
        case "maximum":
            yield _Finding(path, f"{label} must be at most {expected}, not {_shown(instance)}")
        case "uniqueItems":
            yield _Finding(path, f"{label} must not repeat an item")
        case "pattern":
            yield _Finding(path, f"{label} must match the pattern `{expected}`")
        case _:
            # A keyword met only inside `event_context_schema` (the JSON Schema meta-schema
            # checks it): name the rule, never echo the whole value.
            rule = json.dumps(expected)
            rule = rule if len(rule) <= 60 else rule[:57] + "..."
            yield _Finding(path, f"{label} does not satisfy `{error.validator}: {rule}`")


def _explain_choice(error: ValidationError, path: JsonPath) -> Iterator[_Finding]:
    """A ``oneOf``/``anyOf`` failure: the complaints of the branch the author meant."""
    if not error.context:  # a oneOf that more than one branch matched
        yield _Finding(path, f"{_label(path)} matches more than one of the allowed shapes")
        return
    schema = _schema_of(error)
    if not _is_own(schema):
        # The JSON Schema meta-schema's choices (inside `event_context_schema`): jsonschema's
        # own ranking picks well there (`type: strng` is an enum miss, not "not an array").
        from jsonschema.exceptions import best_match

        yield from _explain(best_match(error.context))
        return
    instance = error.instance
    label = _label(path)
    if not isinstance(instance, Mapping):
        message = _type_message(label, "object", instance, schema)
        if isinstance(instance, str) and schema.get("title") == "condition":
            message += "; write an expression as `when:` instead"
        yield _Finding(path, message)
        return
    branches = [_resolve(branch) for branch in _rule_of(error)]
    declared = [set(branch.get("properties", {})) for branch in branches]
    keys = set(instance)
    if not any(keys & names for names in declared):
        if not keys:
            yield _Finding(path, f"{label} is an empty condition; write one of {_SHAPES}")
            return
        known = sorted(set().union(*declared))
        for key in instance:
            yield _unknown_key((*path, key), known, schema)
        return
    by_branch: dict[int, list[ValidationError]] = {i: [] for i in range(len(branches))}
    for sub in error.context:
        by_branch[int(sub.relative_schema_path[0])].append(sub)
    depth = len(path)

    def fit(i: int) -> tuple[int, int, int, int]:
        """More of the author's keys known, fewer wrong discriminators (`op: some` is no
        comparison), fewer complaints; the first branch on a tie."""
        errors = by_branch[i]
        misses = sum(
            1
            for sub in errors
            if sub.validator in ("enum", "const") and len(sub.absolute_path) == depth + 1
        )
        return len(keys & declared[i]), -misses, -len(errors), -i

    chosen = max(range(len(branches)), key=fit)
    noun = _noun(branches[chosen], label)
    # Keys that make a condition on their own (`all`, `any`, `not`, `when`): one of them
    # beside another shape is two conditions written as one.
    standalone = {
        branch["required"][0]
        for i, branch in enumerate(branches)
        if i != chosen and len(branch.get("required", ())) == 1
    }
    for sub in by_branch[chosen]:
        for found in _explain(sub):
            key = found.path[-1] if len(found.path) == depth + 1 else None
            if sub.validator != "additionalProperties" or not isinstance(key, str):
                yield found
            elif key in standalone:
                yield _Finding(
                    found.path,
                    f"{noun} cannot also have `{key}`; "
                    "put each condition in its own item under `all:` or `any:`",
                    at_key=True,
                )
            elif (noun, key) in _MISPLACED:
                yield _Finding(found.path, _MISPLACED[noun, key], at_key=True)
            else:
                yield found


def _schema_of(error: ValidationError) -> Mapping[str, Any]:
    """The (sub)schema holding the failed keyword; a boolean schema has no keywords."""
    return error.schema if isinstance(error.schema, Mapping) else {}


def _rule_of(error: ValidationError) -> Any:
    """The failed keyword's value (its `enum` list, `required` keys, ...): JSON of any shape."""
    return error.validator_value


@functools.cache
def _own_schema_ids() -> frozenset[int]:
    """The identities of every subschema of hooks.schema.json (refs resolve to the same
    objects, so an error's ``schema`` is one of them exactly when it is ours)."""
    ids: set[int] = set()
    stack: list[object] = [hook_schema()]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ids.add(id(node))
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(ids)


def _is_own(schema: object) -> bool:
    return id(schema) in _own_schema_ids()


def _resolve(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """Follow local ``$ref``s (``#/$defs/...``) of hooks.schema.json."""
    while isinstance(ref := schema.get("$ref"), str) and ref.startswith("#/"):
        target: Any = hook_schema()
        for step in ref[2:].split("/"):
            target = target[step]
        schema = target
    return schema


# -- wording ----------------------------------------------------------------------------------


def _label(path: JsonPath) -> str:
    """The key a message is about, in backticks: `priority`, or `hooks[0]` for an item."""
    if not path:
        return _ROOT
    steps: list[str] = []
    for step in reversed(path):
        if isinstance(step, int):
            steps.append(f"[{step}]")
        else:
            steps.append(step)
            break
    return f"`{''.join(reversed(steps))}`"


def _noun(schema: Mapping[str, Any], label: str) -> str:
    title = schema.get("title")
    return _NOUNS.get(title, label) if isinstance(title, str) else label


def _shown(value: object) -> str:
    """A value as a message quotes it: a word in backticks, anything else briefly."""
    if isinstance(value, str) and value and len(value) <= 40 and value.isprintable():
        return f"`{value}`"
    return _described(value)


def _described(value: object) -> str:
    """What a value is, for "must be X, not Y": never more than a short quote of it."""
    match value:
        case None:
            return "an empty value (null)"
        case bool():
            return f"the boolean {str(value).lower()}"
        case int():
            return f"the integer {value}"
        case float():
            return f"the number {value!r}"
        case str():
            return f"the string {value!r}" if len(value) <= 40 else f"the string {value[:37]!r}..."
        case Sequence():
            return "a list"
        case Mapping():
            return "a mapping"
    return f"a {type(value).__name__}"


def _expected_types(types: str | Sequence[str]) -> str:
    names = [types] if isinstance(types, str) else list(types)
    return " or ".join(_TYPES.get(name, name) for name in names)


def _type_message(
    label: str, types: str | Sequence[str], instance: object, schema: Mapping[str, Any]
) -> str:
    expected = _expected_types(types)
    title = schema.get("title")
    if types == "object" and isinstance(title, str) and title in _NOUNS and label != _ROOT:
        expected = f"{_NOUNS[title]} (a mapping)"
    message = f"{label} must be {expected}, not {_described(instance)}"
    if title == "action" and isinstance(instance, str):
        message += f"; write `action: {{type: {instance}}}`"
    return message


def _missing_message(
    key: str, instance: Mapping[str, Any], schema: Mapping[str, Any], label: str
) -> str:
    if key == "value" and isinstance(instance.get("op"), str):
        # The `then` of the comparison's if/then: only `exists` may go without a value.
        return f"a comparison with `op: {instance['op']}` needs `value`"
    return f"{_noun(schema, label)} needs `{key}`"


def _meant(word: str, choices: Sequence[str]) -> str | None:
    """The choice a misspelt or misremembered word most likely stands for."""
    synonym = _SYNONYMS.get(word.lower())
    if synonym in choices:
        return synonym
    import difflib  # only when a suggestion is wanted: keeps start-up light

    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return close[0] if close else None


def _unknown_key(path: JsonPath, allowed: Sequence[str], schema: Mapping[str, Any]) -> _Finding:
    key = str(path[-1])
    where = _NOUNS.get(schema.get("title", ""), "this mapping")
    meant = _meant(key, allowed)
    suggestion = f"; did you mean `{meant}`?" if meant else ""
    return _Finding(
        path, f"unknown key `{key}` in {where}{suggestion}", suggested=meant, at_key=True
    )


def _enum_message(label: str, allowed: list[object], instance: object) -> str:
    words = [str(choice) for choice in allowed]
    meant = _meant(instance, words) if isinstance(instance, str) else None
    suggestion = f"; did you mean `{meant}`?" if meant else ""
    return f"{label} must be one of {', '.join(words)}; got {_shown(instance)}{suggestion}"
