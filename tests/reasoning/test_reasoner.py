"""``Reasoner`` owns its memos: reasoners answer alike, each from its own memos; none is kept
at module level, and one run of ``hookc check`` or ``hookc compile`` gives one to its logic
checks and its optimizer alike."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest.mock import patch

from hookc import reasoning
from hookc.backend.driver import generate_module
from hookc.cel.parser import parse
from hookc.check.driver import check_files
from hookc.ir.expr import Expr
from hookc.optimize import Optimizer
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
    assert any(memo.cache_info().currsize for memo in first.memos)


def test_the_package_keeps_no_reasoner_of_its_own() -> None:
    kept = [name for name, value in vars(reasoning).items() if isinstance(value, Reasoner)]
    assert kept == []
    assert not hasattr(reasoning, "never_true") and not hasattr(reasoning, "clear_caches")


def _hook_file(folder: Path, name: str, condition: str) -> Path:
    path = folder / f"{name}.hooks.yaml"
    path.write_text(
        f'hooks:\n  - id: h\n    event: error\n    when: "{condition}"\n'
        "    action: {type: continue}\n",
        encoding="utf-8",
    )
    return path


@contextmanager
def _optimizers_made() -> Iterator[list[Optimizer]]:
    """The optimizers made while the block runs."""
    made: list[Optimizer] = []
    original = Optimizer.__init__

    def recording(self: Optimizer, reasoner: Reasoner | None = None) -> None:
        original(self, reasoner)
        made.append(self)

    with patch.object(Optimizer, "__init__", recording):
        yield made


def test_one_run_of_check_asks_one_reasoner_for_all_its_files(tmp_path: Path) -> None:
    never = "x > 10 && x < 2"
    paths = [_hook_file(tmp_path, name, never) for name in ("one", "two")]
    with _optimizers_made() as made:
        reports = check_files(paths)
    assert [d.code for r in reports for d in r.diagnostics].count("HK503") == 2
    assert len(made) == 1
    # The second file's condition was answered from what the first one's left.
    assert made[0].reasoner.never_true.cache_info().hits == 1  # type: ignore[attr-defined]


def test_one_run_of_compile_gives_the_back_end_the_optimizer_of_its_checks(
    tmp_path: Path,
) -> None:
    path = _hook_file(tmp_path, "one", "x > 5 && x > 3")
    with _optimizers_made() as made:
        generated = generate_module([path])
    assert generated.text is not None
    assert len(made) == 1
    # The logic checks optimized the condition; the back end found the result kept.
    assert made[0].rewritten.cache_info().hits == 1


def test_a_language_keeps_the_steps_its_words_take_itself() -> None:
    from hookc.reasoning import regex_words
    from hookc.reasoning.regex_words import Words, matches_some_word

    def language() -> Words:
        return Words(
            "ab",
            frozenset({0}),
            frozenset({0}),
            lambda state, char: (state,) if char in "ab" else (),
        )

    asked, other = language(), language()
    assert matches_some_word("c", asked) is False  # (no word holds a `c`: the whole walk)
    assert asked.steps and not other.steps
    module_dicts = [
        name
        for name, value in vars(regex_words).items()
        if isinstance(value, dict) and not name.startswith("__")
    ]
    assert module_dicts == []
