"""``Reasoner`` owns its memos: reasoners answer alike, each from its own memos, and the
one the checks and the optimizer share is emptied by ``clear_caches``."""

from __future__ import annotations

from hookc import reasoning
from hookc.cel.parser import parse
from hookc.ir.expr import Expr
from hookc.reasoning import Reasoner


def _expr(text: str) -> Expr:
    parsed = parse(text).expr
    assert parsed is not None
    return parsed


def test_two_reasoners_answer_alike_each_from_its_own_memos() -> None:
    never = _expr("x > 5 && x < 3")
    implied = _expr("x > 10"), _expr("x > 5")
    first, second = Reasoner(), Reasoner()
    assert first.never_true(never) == "`x > 5` and `x < 3` cannot both hold"
    assert first.implies(*implied)
    assert [memo.cache_info().currsize for memo in second.memos] == [0] * len(second.memos)
    assert second.never_true(never) == first.never_true(never)
    assert second.implies(*implied) and not second.implies(*reversed(implied))
    first.clear()
    assert [memo.cache_info().currsize for memo in first.memos] == [0] * len(first.memos)
    assert any(memo.cache_info().currsize for memo in second.memos)


def test_the_shared_reasoner_is_the_one_the_functions_ask_and_clear_caches_empties() -> None:
    condition = _expr("has(a.b) && a.b == 1 && !has(a.b)")
    assert reasoning.never_true(condition) is not None
    assert reasoning.never_true is reasoning.shared.never_true
    assert any(memo.cache_info().currsize for memo in reasoning.shared.memos)
    reasoning.clear_caches()
    assert not any(memo.cache_info().currsize for memo in reasoning.shared.memos)
    assert reasoning.never_true(condition) is not None
