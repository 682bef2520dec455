"""The two JSON Schemas, the IR's JSON form, and schema problems told for people.

``schemas/hooks.schema.json`` accepts the seed's own hook files and turns each mistake in a
bad one into one sentence at a JSON path; ``schemas/ir.schema.json`` accepts whatever
``hookset_to_json`` writes, and ``hookset_from_json`` reads it back to an equal hook set.
"""

from __future__ import annotations

import json
import math
import re
import textwrap
from typing import Any, get_args

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from hookc.cel.parser import parse
from hookc.frontend import schema_valid
from hookc.frontend.located import Located
from hookc.frontend.schema_errors import schema_problems
from hookc.frontend.schema_valid import is_valid
from hookc.ir.expr import Binary, Expr, Ident, List, Literal, Select
from hookc.ir.hooks import Action, Hook, HookSet, Ordering, Params, ParamValue, Template
from hookc.ir.serialize import expr_from_json, expr_to_json, hookset_from_json, hookset_to_json
from hookc.source import Span
from hookc.source.resources import data_file
from tests import ROOT
from tests.strategies import expressions, names


def load_schema(name: str) -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(data_file("schemas", name).read_text(encoding="utf-8"))
    return schema


HOOKS_SCHEMA = load_schema("hooks.schema.json")
IR_VALIDATOR = Draft202012Validator(load_schema("ir.schema.json"))


# -- the schemas themselves -------------------------------------------------------------------


@pytest.mark.parametrize("name", ["hooks.schema.json", "ir.schema.json"])
def test_schema_is_a_valid_draft_2020_12_schema_with_an_id(name: str) -> None:
    schema = load_schema(name)
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"].endswith(f"/{name}") and schema["title"] and schema["description"]


def test_every_hook_file_property_has_help_for_editors() -> None:
    def properties(schema: object) -> list[tuple[str, dict[str, Any]]]:
        found: list[tuple[str, dict[str, Any]]] = []
        if isinstance(schema, dict):
            found.extend((name, sub) for name, sub in schema.get("properties", {}).items())
            # Not into `if`/`then`/`not`: their subschemas are logic, not what an editor shows.
            for key, value in schema.items():
                if key not in ("if", "then", "else", "not"):
                    found.extend(properties(value))
        elif isinstance(schema, list):
            for value in schema:
                found.extend(properties(value))
        return found

    defs = HOOKS_SCHEMA["$defs"]
    undocumented = [
        name
        for name, sub in properties(HOOKS_SCHEMA)
        if "description" not in sub
        and "description" not in defs.get(sub.get("$ref", "#/$defs/")[8:], {})
    ]
    assert undocumented == []


def seed_yaml_blocks() -> list[Any]:
    """Seed 000's YAML examples, as kept in examples/seed/ (copied verbatim from the seed)."""
    files = sorted((ROOT / "examples" / "seed").glob("*.yaml"))
    assert len(files) >= 2, "examples/seed lost the seed's YAML examples"
    return [pytest.param(f.read_text(encoding="utf-8"), id=f.stem) for f in files]


@pytest.mark.parametrize("block", seed_yaml_blocks())
def test_seed_000_yaml_blocks_are_valid_hook_files(block: str) -> None:
    document = yaml.safe_load(block)
    assert "hooks" in document or "builtin_hooks" in document
    assert schema_problems(document) == []


def test_seed_000_config_block_covers_every_section_of_the_format() -> None:
    """The config example (builtin_hooks, catalog, context schema, documentation sections)
    is the one that exercises the top level; make sure it is among the blocks tested."""
    blocks = [param.values[0] for param in seed_yaml_blocks()]
    keys = set().union(*(yaml.safe_load(block).keys() for block in blocks))
    # Canonical YAML's declarations, which no seed file has (tests/frontend/test_canonical.py).
    assert keys | {"profile", "ordering"} == set(HOOKS_SCHEMA["properties"])


# -- hook files that are wrong, and what people are told --------------------------------------

OPS = "eq, ne, gt, gte, lt, lte, in, contains, starts_with, ends_with, regex, glob, exists, matches"
TYPES = "integer, number, string, boolean, object, array"

BAD_HOOK_FILES = [
    pytest.param(
        "hooks: [{event: error, priority: high, action: {type: retry}}]",
        [(("hooks", 0, "priority"), "`priority` must be an integer, not the string 'high'")],
        id="wrong-type",
    ),
    pytest.param(
        "hooks: [{priority: 1, action: {type: retry}}]",
        [(("hooks", 0), "a hook needs `event`")],
        id="missing-event",
    ),
    pytest.param(
        "hooks: [{event: error, condtion: {path: a, op: exists}, action: {type: retry}}]",
        [
            (
                ("hooks", 0, "condtion"),
                "unknown key `condtion` in a hook; did you mean `condition`?",
            )
        ],
        id="misspelt-key",
    ),
    pytest.param(
        "hooks: [{evnt: error, action: {type: retry}}]",
        [(("hooks", 0, "evnt"), "unknown key `evnt` in a hook; did you mean `event`?")],
        id="misspelt-required-key-told-once",
    ),
    pytest.param(
        "hook: []",
        [(("hook",), "unknown key `hook` in the hook file; did you mean `hooks`?")],
        id="misspelt-top-level-key",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {path: a, op: equals, value: 1}, action: {type: t}}]",
        [
            (
                ("hooks", 0, "condition", "op"),
                f"`op` must be one of {OPS}; got `equals`; did you mean `eq`?",
            )
        ],
        id="unknown-operator",
    ),
    pytest.param(
        """
        hooks:
          - event: error
            when: "error.code == 'x'"
            condition: {path: error.code, op: eq, value: x}
            action: {type: retry}
        """,
        [(("hooks", 0, "condition"), "a hook has both `when` and `condition`; keep one")],
        id="when-and-condition",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {path: a, op: gt}, action: {type: retry}}]",
        [(("hooks", 0, "condition"), "a comparison with `op: gt` needs `value`")],
        id="comparison-without-value",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {path: a, op: exists}, action: {type: retry}}]",
        [],
        id="exists-needs-no-value",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {path: items, op: some}, action: {type: retry}}]",
        [(("hooks", 0, "condition"), "a quantifier needs `where`")],
        id="quantifier-without-where",
    ),
    pytest.param(
        """
        hooks:
          - event: e
            condition:
              path: tool_calls
              op: every
              where: {path: '@.name', opp: eq, value: Bash}
            action: {type: retry}
        """,
        [
            (
                ("hooks", 0, "condition", "where", "opp"),
                "unknown key `opp` in a comparison; did you mean `op`?",
            )
        ],
        id="misspelt-key-inside-a-quantifier",
    ),
    pytest.param(
        """
        hooks:
          - event: e
            condition:
              all:
                - {path: a, op: gt, value: 1}
                - any: {path: b, op: exists}
            action: {type: retry}
        """,
        [(("hooks", 0, "condition", "all", 1, "any"), "`any` must be a list, not a mapping")],
        id="combinator-not-a-list",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {and: []}, action: {type: retry}}]",
        [
            (
                ("hooks", 0, "condition", "and"),
                "unknown key `and` in a condition; did you mean `all`?",
            )
        ],
        id="python-word-for-a-combinator",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {path: a, op: eq, value: 1, any: []}, action: {type: t}}]",
        [
            (
                ("hooks", 0, "condition", "any"),
                "a comparison cannot also have `any`; "
                "put each condition in its own item under `all:` or `any:`",
            )
        ],
        id="two-conditions-as-one",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {path: a, op: eq, value: 1, where: {}}, action: {type: t}}]",
        [
            (
                ("hooks", 0, "condition", "where"),
                "`where` belongs to a quantifier: use `op: some` or `op: every`",
            )
        ],
        id="where-on-a-comparison",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {}, action: {type: retry}}]",
        [
            (
                ("hooks", 0, "condition"),
                "`condition` is an empty condition; write one of {path, op, value}, "
                "{all: [...]}, {any: [...]}, {not: ...}, {when: '...'} "
                "or {path, op: some|every, where: ...}",
            )
        ],
        id="empty-condition",
    ),
    pytest.param(
        "hooks: [{event: e, condition: 'x == 1', action: {type: retry}}]",
        [
            (
                ("hooks", 0, "condition"),
                "`condition` must be a condition (a mapping), not the string 'x == 1'; "
                "write an expression as `when:` instead",
            )
        ],
        id="expression-as-condition",
    ),
    pytest.param(
        "hooks: [{event: e, condition: {not: {when: 5}}, action: {type: retry}}]",
        [(("hooks", 0, "condition", "not", "when"), "`when` must be a string, not the integer 5")],
        id="deep-in-a-combinator",
    ),
    pytest.param(
        "hooks: [{event: e, action: retry}]",
        [
            (
                ("hooks", 0, "action"),
                "`action` must be an action (a mapping), not the string 'retry'; "
                "write `action: {type: retry}`",
            )
        ],
        id="action-as-a-word",
    ),
    pytest.param(
        "hooks: [{event: e, action: {target: user_approval}}]",
        [(("hooks", 0, "action"), "an action needs `type`")],
        id="action-without-type",
    ),
    pytest.param(
        "hooks: [{event: '', enabled: sometimes, description: , action: {type: retry}}]",
        [
            (
                ("hooks", 0, "description"),
                "`description` must be a string, not an empty value (null)",
            ),
            (
                ("hooks", 0, "enabled"),
                "`enabled` must be true or false, not the string 'sometimes'",
            ),
            (("hooks", 0, "event"), "`event` must not be empty"),
        ],
        id="several-problems-sorted",
    ),
    pytest.param(
        "hooks: {event: e, action: {type: retry}}",
        [(("hooks",), "`hooks` must be a list, not a mapping")],
        id="hooks-not-a-list",
    ),
    pytest.param(
        "- event: e",
        [((), "the hook file must be a mapping, not a list")],
        id="file-is-a-list",
    ),
    pytest.param(
        """
        action_types:
          retry: {description: Retry, paramters: {}}
          page:
            parameters:
              who: {type: str, required: true, optional: false}
              when: {default: 1}
        """,
        [
            (
                ("action_types", "page", "parameters", "when"),
                "an action parameter needs `type`",
            ),
            (
                ("action_types", "page", "parameters", "who", "optional"),
                "an action parameter has both `required` and `optional`; keep one",
            ),
            (
                ("action_types", "page", "parameters", "who", "type"),
                f"`type` must be one of {TYPES}; got `str`; did you mean `string`?",
            ),
            (
                ("action_types", "retry", "paramters"),
                "unknown key `paramters` in an action type; did you mean `parameters`?",
            ),
        ],
        id="action-catalog",
    ),
    pytest.param(
        "event_context_schema: {type: object, properties: {cost: {type: nubmer}}}",
        [
            (
                ("event_context_schema", "properties", "cost", "type"),
                "`type` must be one of array, boolean, integer, null, number, object, string; "
                "got `nubmer`; did you mean `number`?",
            )
        ],
        id="context-schema-checked-by-the-meta-schema",
    ),
    pytest.param(
        "event_context_schema: [1]",
        [(("event_context_schema",), "`event_context_schema` must be a mapping, not a list")],
        id="context-schema-not-a-mapping-told-once",
    ),
]


@pytest.mark.parametrize(("text", "expected"), BAD_HOOK_FILES)
def test_bad_hook_file_is_told_in_one_sentence_per_mistake(
    text: str, expected: list[tuple[tuple[str | int, ...], str]]
) -> None:
    problems = schema_problems(yaml.safe_load(textwrap.dedent(text)))
    assert [(p.path, p.message) for p in problems] == expected


def test_problems_are_sorted_by_path_with_indexes_as_numbers() -> None:
    hooks: list[object] = [{"event": "e", "action": {"type": "retry"}} for _ in range(12)]
    hooks[10] = {"action": {"type": "retry"}}
    hooks[2] = {"action": {"type": "retry"}}
    document = {"hooks": hooks, "builtin_hooks": [{"event": 1, "action": {"type": "x"}}]}
    assert [problem.path for problem in schema_problems(document)] == [
        ("builtin_hooks", 0, "event"),
        ("hooks", 2),
        ("hooks", 10),
    ]


def test_a_long_value_is_quoted_briefly() -> None:
    (problem,) = schema_problems(
        {"hooks": [{"event": "e", "priority": "x" * 500, "action": {"type": "t"}}]}
    )
    assert problem.message == f"`priority` must be an integer, not the string {'x' * 37!r}..."


_KEYS = st.sampled_from(
    "hooks builtin_hooks schema_version action_types event_context_schema id event priority "
    "enabled description when condition action type path op value all any not where "
    "parameters default enum required optional oops".split()
)
_JUNK = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=60)
    | st.sampled_from(["eq", "some", "every", "exists", "object", "string"]),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(_KEYS, children, max_size=4),
    max_leaves=15,
)  # fmt: skip


def _resolves(data: object, path: tuple[str | int, ...]) -> bool:
    for step in path:
        inside_list = isinstance(data, list) and isinstance(step, int) and 0 <= step < len(data)
        if not inside_list and not (isinstance(data, dict) and step in data):
            return False
        data = data[step]  # type: ignore[index]
    return True


@given(
    st.dictionaries(_KEYS, _JUNK, max_size=4)
    | st.builds(lambda hooks: {"hooks": hooks}, st.lists(st.dictionaries(_KEYS, _JUNK), max_size=3))
)
def test_any_document_gets_short_sorted_messages_at_paths_that_exist(document: object) -> None:
    problems = schema_problems(document)
    valid = Draft202012Validator(HOOKS_SCHEMA).is_valid(document)
    assert (problems == []) == valid
    assert problems == sorted(set(problems), key=lambda p: (
        tuple((0, s, "") if isinstance(s, int) else (1, 0, s) for s in p.path), p.message
    ))  # fmt: skip
    for path, message in ((p.path, p.message) for p in problems):
        assert _resolves(document, path), (path, message)
        # Never jsonschema's raw wording, never a dump of the value (a mapping's `{'key':`;
        # a string quoted briefly may be `'{'`).
        assert len(message) <= 260, message
        assert not re.search(r"is not (valid|of type|one of)|\{'[^']*':|\[\{", message), message


# -- the quick "valid" (hookc.frontend.schema_valid) ------------------------------------------

_ODD = st.sampled_from([None, True, 0, 1.0, 1.5, "", "x", [], {}])
_COMPARISON_OPS = st.sampled_from(["eq", "in", "exists", "regex", "some", "every", "bogus"])
_CONDITIONS = st.recursive(
    st.fixed_dictionaries(
        {"path": st.sampled_from(["tool", "error.code", "", 3]), "op": _COMPARISON_OPS},
        optional={"value": _ODD, "where": _ODD},
    )
    | st.fixed_dictionaries({"when": st.sampled_from(["x == 1", "", 2])})
    | _ODD,
    lambda inner: (
        st.fixed_dictionaries({"all": st.lists(inner, max_size=3) | inner})
        | st.fixed_dictionaries({"any": st.lists(inner, max_size=3)}, optional={"not": inner})
        | st.fixed_dictionaries({"not": inner})
        | st.fixed_dictionaries(
            {"path": st.just("items"), "op": st.sampled_from(["some", "every"]), "where": inner}
        )
    ),
    max_leaves=8,
)
_HOOKS = st.fixed_dictionaries(
    {
        "event": st.sampled_from(["error", "error", "", 5]),
        "action": st.fixed_dictionaries(
            {"type": st.sampled_from(["retry", "retry", "", 3])},
            optional={"max_attempts": _ODD, "target": st.just("user")},
        )
        | _ODD,
    },
    optional={
        "id": st.sampled_from(["h1", "", 7]),
        "priority": st.sampled_from([0, 3, 1.0, 1.5, True, "high"]),
        "enabled": st.sampled_from([True, False, 1, None]),
        "description": st.sampled_from(["why", 4]),
        "when": st.sampled_from(["tool == 'Bash'", 1]),
        "condition": _CONDITIONS,
        "oops": _ODD,
    },
)
_ACTION_TYPES = st.dictionaries(
    st.sampled_from(["retry", "page"]),
    st.fixed_dictionaries(
        {},
        optional={
            "description": st.sampled_from(["d", 1]),
            "parameters": st.dictionaries(
                st.sampled_from(["n", "to"]),
                st.fixed_dictionaries(
                    {"type": st.sampled_from(["integer", "string", "str", 1])},
                    optional={
                        "enum": st.lists(_ODD, max_size=2) | _ODD,
                        "required": st.sampled_from([True, "yes"]),
                        "optional": st.sampled_from([False, 0]),
                    },
                ),
                max_size=2,
            ),
        },
    ),
    max_size=2,
)


@given(
    st.fixed_dictionaries(
        {},
        optional={
            "hooks": st.lists(_HOOKS, max_size=4) | _ODD,
            "builtin_hooks": st.lists(_HOOKS, max_size=2),
            "schema_version": st.sampled_from(["1.0.0", 1]),
            "action_types": _ACTION_TYPES,
            "operators": st.sampled_from([{}, "x"]),
        },
    )
)
def test_the_quick_valid_agrees_with_jsonschema(document: dict[str, Any]) -> None:
    assert is_valid(document) == Draft202012Validator(HOOKS_SCHEMA).is_valid(document)


def test_the_quick_valid_leaves_what_it_cannot_decide_to_jsonschema() -> None:
    # The meta-schema behind `event_context_schema` is not compiled: "don't know".
    document = {"hooks": [], "event_context_schema": {"type": "object"}}
    assert Draft202012Validator(HOOKS_SCHEMA).is_valid(document)
    assert not is_valid(document)
    assert schema_problems(document) == []


def test_the_quick_valid_decides_a_valid_file_of_every_shape() -> None:
    document = yaml.safe_load(
        textwrap.dedent("""\
        schema_version: "1.0.0"
        action_types: {page: {parameters: {to: {type: string, required: true}}}}
        hooks:
          - {id: a, event: error, priority: 2, when: "error.code == 'E1'", action: {type: retry}}
          - event: limit
            enabled: false
            condition:
              all:
                - {path: limit_code, op: eq, value: spend}
                - {not: {path: limit_value, op: exists}}
                - any:
                    - {when: "x > 1"}
                    - {path: items, op: some, where: {path: "@", op: gt, value: 1}}
            action: {type: page, to: "${user}"}
        builtin_hooks: [{event: error, action: {type: fail}}]
        """)
    )
    assert Draft202012Validator(HOOKS_SCHEMA).is_valid(document)
    assert is_valid(document)


# -- the IR's JSON form -----------------------------------------------------------------------

_TAG_LIKE_KEYS = st.sampled_from(["template", "double", "params"])
_PARAM_KEYS = _TAG_LIKE_KEYS | st.sampled_from(["target", "max_attempts", "payload"]) | names


def _params(values: st.SearchStrategy[ParamValue]) -> st.SearchStrategy[Params]:
    return st.lists(st.tuples(_PARAM_KEYS, values), max_size=3, unique_by=lambda kv: kv[0]).map(
        lambda items: Params(tuple(items))
    )


_templates = st.lists(st.text(max_size=6) | expressions, max_size=3).map(
    lambda parts: Template(tuple(parts))
)


def _param_values(floats: st.SearchStrategy[float]) -> st.SearchStrategy[ParamValue]:
    scalars = st.none() | st.booleans() | st.integers() | floats | st.text(max_size=6)
    return st.recursive(
        scalars | _templates,
        lambda children: st.lists(children, max_size=3).map(tuple) | _params(children),
        max_leaves=8,
    )


def hooksets(floats: st.SearchStrategy[float]) -> st.SearchStrategy[HookSet]:
    """Small hook sets: conditions from the expression strategy, parameters of every kind,
    nested objects with a single tag-like key among them."""
    hooks = st.builds(
        Hook,
        id=names,
        event=st.sampled_from(["error", "limit", "pre_tool_use"]) | names,
        condition=st.none() | expressions,
        action=st.builds(Action, names, _params(_param_values(floats))),
        priority=st.integers(),
        enabled=st.booleans(),
        description=st.none() | st.text(max_size=10),
        builtin=st.booleans(),
    )
    return st.builds(
        HookSet,
        hooks=st.lists(hooks, max_size=4).map(tuple),
        ordering=st.builds(Ordering, st.booleans(), st.booleans()),
        profile=names,
    )


# NaN is never equal to itself in a parameter (the IR compares parameters as Python does), so
# the equality law draws no NaN; the JSON-text law below covers it.
_comparable_hooksets = hooksets(st.floats(allow_nan=False))
_all_hooksets = hooksets(st.floats())

_special_literals = st.sampled_from(
    [math.nan, math.inf, -math.inf, -0.0, 0.0, 1.0, 1, True, 0, False, None, ""]
).map(Literal)
_expressions = expressions | st.lists(expressions | _special_literals, max_size=4).map(
    lambda items: List(tuple(items))
)


def through_text(data: object) -> Any:
    """A trip through strict JSON text, as a file would take (no NaN extension)."""
    return json.loads(json.dumps(data, allow_nan=False))


@given(_all_hooksets)
def test_ir_schema_accepts_every_serialized_hookset(hookset: HookSet) -> None:
    errors = [
        error.message for error in IR_VALIDATOR.iter_errors(through_text(hookset_to_json(hookset)))
    ]
    assert errors == []


@given(_comparable_hooksets)
def test_hookset_round_trips_through_json(hookset: HookSet) -> None:
    assert hookset_from_json(hookset_to_json(hookset)) == hookset
    assert hookset_from_json(through_text(hookset_to_json(hookset))) == hookset


@given(_all_hooksets)
def test_json_form_is_a_fixed_point_so_types_survive(hookset: HookSet) -> None:
    """Python's == says 1 == 1.0 == True and 0.0 == -0.0; JSON text does not, so comparing
    the text proves that no parameter changed its type or sign on the way."""
    text = json.dumps(hookset_to_json(hookset), allow_nan=False)
    again = json.dumps(hookset_to_json(hookset_from_json(json.loads(text))), allow_nan=False)
    assert again == text


@given(_expressions)
def test_expression_round_trips_through_json(expr: Expr) -> None:
    assert expr_from_json(expr_to_json(expr)) == expr
    assert expr_from_json(through_text(expr_to_json(expr))) == expr


def test_json_form_of_a_hook_is_explicit() -> None:
    condition = parse("cost.spend > 10.0 && tags.contains('x')").expr
    hookset = HookSet(
        (
            Hook(
                id="budget_alert",
                event="limit",
                condition=condition,
                action=Action(
                    "escalate",
                    Params(
                        (("target", "user_approval"), ("note", Template(("spent ", Ident("cost")))))
                    ),
                ),
                priority=10,
            ),
        )
    )
    literal_ten = {"node": "literal", "type": "double", "value": 10.0}
    assert hookset_to_json(hookset) == {
        "hooks": [
            {
                "id": "budget_alert",
                "event": "limit",
                "priority": 10,
                "enabled": True,
                "description": None,
                "builtin": False,
                "condition": {
                    "node": "and",
                    "operands": [
                        {
                            "node": "binary",
                            "op": ">",
                            "left": {
                                "node": "select",
                                "operand": {"node": "ident", "name": "cost"},
                                "field": "spend",
                            },
                            "right": literal_ten,
                        },
                        {
                            "node": "call",
                            "function": "contains",
                            "args": [{"node": "literal", "type": "string", "value": "x"}],
                            "target": {"node": "ident", "name": "tags"},
                        },
                    ],
                },
                "action": {
                    "type": "escalate",
                    "params": {
                        "target": "user_approval",
                        "note": {"template": ["spent ", {"node": "ident", "name": "cost"}]},
                    },
                },
            }
        ],
        "ordering": {"higher_priority_first": True, "first_match": True},
        "profile": "default",
    }


@pytest.mark.parametrize(
    ("value", "written"),
    [
        (math.nan, "NaN"),
        (math.inf, "+Inf"),
        (-math.inf, "-Inf"),
        (-0.0, -0.0),
        (1.0, 1.0),
    ],
)
def test_doubles_json_cannot_hold_are_named(value: float, written: object) -> None:
    data = expr_to_json(Literal(value))
    assert data == {"node": "literal", "type": "double", "value": written}
    assert expr_from_json(through_text(data)) == Literal(value)


def test_a_double_written_without_a_point_stays_a_double() -> None:
    assert expr_from_json({"node": "literal", "type": "double", "value": 10}) == Literal(10.0)


@pytest.mark.parametrize(
    ("params", "written"),
    [
        (Params((("t", Template(("a",))),)), {"t": {"template": ["a"]}}),
        (Params((("x", math.inf),)), {"x": {"double": "+Inf"}}),
        (Params((("x", (1, 1.0, True)),)), {"x": [1, 1.0, True]}),
        # Nested objects that would read as a tag are wrapped; others are written as they are.
        (Params((("p", Params((("template", ("a",)),))),)), {"p": {"params": {"template": ["a"]}}}),
        (Params((("p", Params((("double", "NaN"),))),)), {"p": {"params": {"double": "NaN"}}}),
        (Params((("p", Params((("params", 1),))),)), {"p": {"params": {"params": 1}}}),
        (Params((("p", Params((("template", 1), ("b", 2)))),)), {"p": {"template": 1, "b": 2}}),
        # An action's own parameters are never a tag.
        (Params((("template", ("a",)),)), {"template": ["a"]}),
    ],
)
def test_parameters_use_tags_only_where_plain_json_cannot_say_it(
    params: Params, written: dict[str, Any]
) -> None:
    hookset = HookSet((Hook("h", "e", None, Action("t", params)),))
    data = hookset_to_json(hookset)
    assert data["hooks"][0]["action"]["params"] == written  # type: ignore[call-overload, index]
    assert IR_VALIDATOR.is_valid(data)
    assert hookset_to_json(hookset_from_json(through_text(data))) == data


def test_a_nan_parameter_survives_as_nan() -> None:
    hookset = HookSet((Hook("h", "e", None, Action("t", Params((("x", math.nan),)))),))
    (hook,) = hookset_from_json(through_text(hookset_to_json(hookset))).hooks
    value = hook.action.params.get("x")
    assert isinstance(value, float) and math.isnan(value)


def test_repeated_parameter_keys_cannot_be_written() -> None:
    hookset = HookSet((Hook("h", "e", None, Action("t", Params((("a", 1), ("a", 2))))),))
    with pytest.raises(ValueError, match="repeated key"):
        hookset_to_json(hookset)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"node": "binary", "op": "**", "left": {"node": "ident", "name": "a"},
          "right": {"node": "ident", "name": "b"}}, "/op: expected one of"),
        ({"node": "select", "operand": {"node": "idnet", "name": "a"}, "field": "b"},
         "/operand/node: unknown expression node 'idnet'"),
        ({"node": "literal", "type": "int", "value": True}, "/value: expected an integer"),
        ({"node": "literal", "type": "double", "value": "nan"}, "/value: expected one of"),
        ({"node": "ident", "name": "a", "span": [0, 1]}, "unknown \\['span'\\]"),
        ({"node": "map", "entries": [[{"node": "ident", "name": "a"}]]},
         "/entries/0: a map entry is a \\[key, value\\] pair"),
    ],
)  # fmt: skip
def test_malformed_json_is_rejected_with_its_place(data: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        expr_from_json(data)
    assert not IR_VALIDATOR.is_valid(
        {"hooks": [{"id": "h", "event": "e", "priority": 0, "enabled": True, "description": None,
                    "builtin": False, "condition": data, "action": {"type": "t", "params": {}}}],
         "ordering": {"higher_priority_first": True, "first_match": True}, "profile": "p"}
    )  # fmt: skip


def test_ir_schema_rejects_a_literal_whose_value_is_not_its_type() -> None:
    good = expr_to_json(Binary("==", Select(Ident("a"), "b"), Literal(1)))
    bad = json.loads(
        json.dumps(good).replace('"type": "int", "value": 1', '"type": "string", "value": 1')
    )
    document = {"hooks": [{"id": "h", "event": "e", "priority": 0, "enabled": True,
                           "description": None, "builtin": False, "condition": None,
                           "action": {"type": "t", "params": {}}}],
                "ordering": {"higher_priority_first": True, "first_match": True},
                "profile": "p"}  # fmt: skip
    for condition, valid in ((good, True), (bad, False)):
        document["hooks"][0]["condition"] = condition  # type: ignore[index]
        assert IR_VALIDATOR.is_valid(document) is valid


def test_ir_schema_knows_every_expression_node_of_the_ir() -> None:
    kinds = load_schema("ir.schema.json")["$defs"]["expr"]["properties"]["node"]["enum"]
    assert sorted(kinds) == sorted(node.__name__.lower() for node in get_args(Expr))


_JSON_LIKE = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=3),
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=2), inner),
    max_leaves=4,
)


@given(st.sampled_from(sorted(schema_valid._TYPES)), _JSON_LIKE)
def test_a_type_test_of_a_located_value_answers_as_of_the_plain_value(
    name: str, value: Any
) -> None:
    # ``schema_valid._OF_TYPE`` (a single `type`, asked of the front end's values) is
    # ``_TYPES`` asked of the value the front end holds.
    assert schema_valid._OF_TYPE.keys() == schema_valid._TYPES.keys()
    located = Located(value, Span(0, 0))
    assert schema_valid._OF_TYPE[name](located) == schema_valid._TYPES[name](value)
