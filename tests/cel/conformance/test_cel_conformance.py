"""CEL core-language conformance for hookc.cel.

The cases in ``cel_core.yaml`` are transcribed from the official CEL conformance suite
(google/cel-spec, ``tests/simple/testdata/*.textproto``, Apache-2.0), restricted to hookc's
CEL subset. Each case names its source as ``<file>/<section>/<test>``.
"""

from __future__ import annotations

import copy
import math
from pathlib import Path
from typing import Any

import pytest
import yaml

import hookc
import hookc.cel

CASES_PATH = Path(__file__).with_name("cel_core.yaml")


def _load_cases() -> list[dict[str, Any]]:
    with CASES_PATH.open(encoding="utf-8") as fh:
        cases = yaml.safe_load(fh)
    assert isinstance(cases, list), f"{CASES_PATH.name} must hold a list of cases"
    return cases


CASES = _load_cases()
VALUE_CASES = [case for case in CASES if "value" in case]
ERROR_CASES = [case for case in CASES if "error" in case]


def same_value(actual: Any, expected: Any) -> bool:
    """True when ``actual`` equals ``expected`` with exactly the same types, recursively.

    Scalars must have identical types (so ``1``, ``1.0`` and ``True`` are all different);
    NaN equals NaN; lists compare element-wise; dicts compare key sets (keys matched by type
    and value) and then values.
    """
    if type(actual) is not type(expected):
        return False
    if isinstance(expected, list):
        return len(actual) == len(expected) and all(
            same_value(a, e) for a, e in zip(actual, expected, strict=True)
        )
    if isinstance(expected, dict):
        if len(actual) != len(expected):
            return False
        actual_by_key = {(type(k), k): v for k, v in actual.items()}
        for key, value in expected.items():
            typed_key = (type(key), key)
            if typed_key not in actual_by_key:
                return False
            if not same_value(actual_by_key[typed_key], value):
                return False
        return True
    if isinstance(expected, float) and math.isnan(expected):
        return math.isnan(actual)
    return bool(actual == expected)


def _bindings(case: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(case.get("bindings") or {})


def _ids(cases: list[dict[str, Any]]) -> list[str]:
    return [case["name"] for case in cases]


def test_every_case_has_a_name_an_expression_and_exactly_one_expectation() -> None:
    names = [case.get("name") for case in CASES]
    assert len(names) == len(set(names)), "case names must be unique"
    for case in CASES:
        assert isinstance(case.get("name"), str), case
        assert isinstance(case.get("expr"), str), case
        assert ("value" in case) != ("error" in case), case
        assert case.get("error", True) is True, case
        assert isinstance(case.get("bindings", {}), dict), case
        assert set(case) <= {"name", "expr", "bindings", "value", "error"}, case


@pytest.mark.parametrize("case", VALUE_CASES, ids=_ids(VALUE_CASES))
def test_expression_evaluates_as_cel_conformance_says(case: dict[str, Any]) -> None:
    program = hookc.cel.compile(case["expr"])
    result = program.evaluate(_bindings(case))
    assert same_value(result, case["value"]), (
        f"{case['expr']!r} evaluated to {result!r} ({type(result).__name__}), "
        f"expected {case['value']!r} ({type(case['value']).__name__})"
    )


@pytest.mark.parametrize("case", ERROR_CASES, ids=_ids(ERROR_CASES))
def test_expression_fails_to_evaluate_as_cel_conformance_says(case: dict[str, Any]) -> None:
    program = hookc.cel.compile(case["expr"])
    with pytest.raises(hookc.EvaluationError):
        program.evaluate(_bindings(case))
