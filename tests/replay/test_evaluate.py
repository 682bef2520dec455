"""The Python engine's evaluator (``hookc.replay.evaluate``): every hook of an event in one
function, paths read once, gives each hook the reference evaluator's answer."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from hookc.ir.hooks import Action, Hook
from hookc.replay.evaluate import compile_event
from tests.properties import SETTINGS, examples
from tests.replay.differential import conditions, events, parsed, reference


@SETTINGS.__class__(SETTINGS, max_examples=examples(60))
@given(st.lists(conditions(), min_size=6, max_size=6), st.lists(events(), min_size=8, max_size=8))
def test_each_hooks_answer_is_the_reference_evaluators(texts: list[str], drawn: list[Any]) -> None:
    hooks = [Hook(f"h{i}", "E", parsed(text), Action("x")) for i, text in enumerate(texts)]
    answers = compile_event(hooks)
    for event in drawn:
        text = json.dumps(event)
        got = answers(json.loads(text))
        assert list(got) == [reference(hook.condition, text) for hook in hooks], (texts, text)


def test_a_hook_without_a_condition_fires_and_shared_paths_are_read_once() -> None:
    hooks = [
        Hook("always", "E", None, Action("x")),
        Hook("a", "E", parsed("tool_input.command.matches('rm')"), Action("x")),
        Hook("b", "E", parsed("tool_input.command == 1 || tool_input.timeout > 3"), Action("x")),
    ]
    answers = compile_event(hooks)
    assert answers({"tool_input": {"command": "rm -rf"}}) == (True, True, None)
    assert answers({"tool_input": {"command": 1}}) == (True, None, True)
    assert answers({"tool_input": "x"}) == (True, None, None)
    assert answers({}) == (True, None, None)


def test_a_pattern_tested_in_a_macro_and_by_several_hooks_is_the_reference_s() -> None:
    """A pattern's test of a path runs once an event (a memo shared by the hooks), also
    inside a macro, whose variables the memo must not take the name of."""
    texts = [
        "['rm', 'ls'].exists(x, tool_input.command.matches(x))",
        "['a', 'b'].exists(x, tool_input.command.matches('rm\\\\s') && x == 'b')",
        "tool_input.command.matches('rm\\\\s') || ['a'].all(y, y == tool_input.command)",
        "!tool_input.command.matches('rm\\\\s')",
    ]
    hooks = [Hook(f"h{i}", "E", parsed(text), Action("x")) for i, text in enumerate(texts)]
    answers = compile_event(hooks)
    for event in ({"tool_input": {"command": c}} for c in ("rm -rf /", "ls", "a", 3, None)):
        text = json.dumps(event)
        expected = [reference(hook.condition, text) for hook in hooks]
        assert list(answers(json.loads(text))) == expected, text


def test_a_constant_pattern_that_is_not_one_is_an_error_absorbed_by_a_false_side() -> None:
    """`x.glob('[z-a]') && x == ''` is false where x is 'Bash' (an error && false), as the
    reference says; the back end's code would call the pattern's method on its error."""
    texts = ["tool_name.glob('[z-a]') && tool_name == ''", "tool_name.matches('(') || true"]
    hooks = [Hook(f"h{i}", "E", parsed(text), Action("x")) for i, text in enumerate(texts)]
    answers = compile_event(hooks)
    assert answers({"tool_name": "Bash"}) == (False, True)
    assert answers({}) == (None, True)
