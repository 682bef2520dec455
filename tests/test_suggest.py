"""``hookc.suggest.close_matches`` gives ``difflib.get_close_matches``'s answer for every
input: it stands in for it so that a hint does not import difflib."""

from __future__ import annotations

import difflib

from hypothesis import given
from hypothesis import strategies as st

from hookc.suggest import close_matches

# Few characters, so that names share runs, repeats and ties often.
_WORDS = st.text(alphabet="ab_cé", max_size=12)
_CUTOFFS = st.one_of(
    st.sampled_from([0.0, 0.5, 0.6, 0.75, 0.8, 1.0]), st.floats(min_value=0.0, max_value=1.0)
)


@given(_WORDS, st.lists(_WORDS, max_size=8), st.integers(1, 4), _CUTOFFS)
def test_close_matches_are_difflibs(
    word: str, possibilities: list[str], n: int, cutoff: float
) -> None:
    assert close_matches(word, possibilities, n, cutoff) == difflib.get_close_matches(
        word, possibilities, n, cutoff
    )


@given(st.text(alphabet="abc", min_size=190, max_size=230), st.lists(_WORDS, max_size=3))
def test_a_long_word_is_matched_as_difflib_does_with_its_junk(
    word: str, possibilities: list[str]
) -> None:
    possibilities.append(word[:150] + "x")
    assert close_matches(word, possibilities, 2, 0.5) == difflib.get_close_matches(
        word, possibilities, 2, 0.5
    )


def test_hookcs_own_hints() -> None:
    events = ["error", "limit", "context_window_pressure", "before_step", "after_step"]
    for word in ["pre_tool_use", "eror", "limits", "before-step", ""]:
        assert close_matches(word, events, 1) == difflib.get_close_matches(word, events, 1)
    assert close_matches("eror", events, 1) == ["error"]
