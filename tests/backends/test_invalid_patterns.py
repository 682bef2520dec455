"""A constant pattern that is not one (``x.matches('(')``, ``x.glob('[z-a]')``) is a CEL
error wherever it is evaluated, so every back end gives the reference evaluator's answer:
the compiled module, ``hookc.runtime`` (canonical YAML), the replay's Python engine and
the SQL back end (DuckDB). ``hookc check`` refuses such a literal (HK112), but the
optimizer folds one out of an expression (``'(' + ''``), and the back ends take any IR.

The conditions pair the error with sides that absorb it (``|| true``, ``&& false``) and
with sides that do not, under ``!``, so that "an error" and "false" answer differently.
"""

from __future__ import annotations

import json
from typing import Any

import duckdb

import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.backend.sql.duckdb import DuckDB
from hookc.backend.sql.script import plan, predicates_query
from hookc.cel.evaluator import evaluate
from hookc.ir.hooks import Action, Hook, HookSet
from hookc.replay.evaluate import compile_event
from tests.backends.test_differential import build
from tests.replay.differential import parsed

CONDITIONS = (
    "tool_input.command.matches('(')",
    "!tool_input.command.matches('(')",
    "tool_input.command.matches('(') || tool_name == 'Bash'",
    "!(tool_input.command.matches('a{2,1}') && tool_name == '')",
    "tool_input.file_path.glob('[z-a]') || tool_name == 'Read'",
    "!tool_input.file_path.glob('[z-a]')",
    # A valid pattern of the same shape: the module makes both from one code.
    "tool_input.command.matches('rm') || tool_name == 'Bash'",
    "tool_name.matches('(') ? tool_name == 'Bash' : true",
)
CONTEXTS = (
    {"tool_name": "Bash", "tool_input": {"command": "rm -rf /"}},
    {"tool_name": "Read", "tool_input": {"file_path": "/a/b", "command": 3}},
    {"tool_name": "Edit", "tool_input": {"command": None}},
    {},
)


def _hooks() -> list[Hook]:
    return [
        Hook(f"h{i}", "PreToolUse", parsed(text), Action("continue"))
        for i, text in enumerate(CONDITIONS)
    ]


def _reference(hook: Hook, context: dict[str, Any]) -> bool | None:
    assert hook.condition is not None
    value = evaluate(hook.condition, context)
    return value if isinstance(value, bool) else None


def test_the_reference_says_an_invalid_pattern_is_an_error_absorbed_by_the_other_side() -> None:
    hooks = _hooks()
    bash, read = CONTEXTS[0], CONTEXTS[1]
    assert [_reference(h, bash) for h in hooks] == [None, None, True, True, None, None, True, None]
    assert [_reference(h, read) for h in hooks][2:6] == [None, True, True, None]


def test_the_compiled_module_and_the_runtime_fire_as_the_reference_says() -> None:
    hooks = _hooks()
    hookset = HookSet(tuple(hooks))
    module = build(hookset)
    runtime = hookc.runtime.loads(canonical_yaml(hookset))
    for context in CONTEXTS:
        expected = {h.id: _reference(h, context) is True for h in hooks}
        assert {h.id: module.predicates[h.id](context) for h in hooks} == expected, context
        assert {h.id: runtime.predicates[h.id](context) for h in hooks} == expected, context


def test_the_replay_engines_answer_as_the_reference_says() -> None:
    hooks = _hooks()
    answers = compile_event(hooks)
    built = plan(hooks, DuckDB())
    assert not any(item.fallback for item in built.hooks)  # SQL itself, not the Python UDF
    connection = duckdb.connect()
    connection.execute("CREATE TABLE hookc_events(event_no BIGINT, event VARCHAR, ctx VARCHAR)")
    connection.executemany(
        "INSERT INTO hookc_events VALUES (?, 'PreToolUse', ?)",
        [[i, json.dumps(c)] for i, c in enumerate(CONTEXTS)],
    )
    rows = connection.execute(predicates_query(built) + " ORDER BY event_no").fetchall()
    for context, row in zip(CONTEXTS, rows, strict=True):
        expected = [_reference(h, context) for h in hooks]
        assert list(answers(context)) == expected, context
        assert list(row[2:]) == expected, context
