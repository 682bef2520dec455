"""A short run of the fuzz target in every test run (``python -m tests.fuzz`` runs it long)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from tests.fuzz import targets
from tests.properties import SETTINGS, examples

# Per case, in CI; the long run's budget is 5 s (the issue's), on a quiet machine.
BUDGET = 20.0


@pytest.mark.parametrize("front_end", targets.FRONT_ENDS, ids=lambda f: f.name)
def test_fuzz_front_end(front_end: targets.FrontEnd) -> None:
    @settings(SETTINGS, max_examples=examples(12), database=None)
    @given(targets.mutated(front_end.seeds), targets.contexts)
    def case(text: str, context: dict[str, Any]) -> None:
        targets.file_case(front_end, text, context, BUDGET)

    case()


@settings(SETTINGS, max_examples=examples(60), database=None)
@given(targets.mutated(targets.CANONICAL_SEEDS), targets.contexts)
def test_fuzz_runtime_loads(text: str, context: dict[str, Any]) -> None:
    targets.runtime_case(text, context, BUDGET)


@settings(SETTINGS, max_examples=examples(120), database=None)
@given(targets.expressions, targets.contexts)
def test_fuzz_expressions(text: str, context: dict[str, Any]) -> None:
    targets.expression_case(text, context, BUDGET)


def test_every_front_end_has_seeds_to_mutate() -> None:
    assert all(front_end.seeds for front_end in targets.FRONT_ENDS)
