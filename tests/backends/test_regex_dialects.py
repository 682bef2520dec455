"""JavaScript's regular expressions in RE2 (hookc's `matches`): each translated pattern,
run by hookc's own matcher, matches exactly the names JavaScript's own RegExp matches (run
by node), and is refused exactly when JavaScript refuses the pattern or it needs
backtracking, over a generator rich in the constructs where the two languages differ."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.formats import regex_dialects
from hookc.runtime.regex import compile_re2
from tests.foreign import NODE, javascript_tests
from tests.properties import SETTINGS, examples

ATOMS = st.sampled_from(
    ["a", "b", "B", "_", "1", ".", "$", "^", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b",
     "\\B", "\\cA", "\\x41", "\\x4", "\\u0042", "\\u00", "\\101", "\\0", "\\8", "\\1",
     "\\/", "\\-", "\\^", "\\Z", "\\z", "\\A", "\\e", "\\k", "[a-]", "[-a]", "[\\d-z]",
     "[\\b]", "[^\\s]", "[]", "[^]", "[a-c]", "[c-a]", "{", "}", "]", "a{2}", "a{2,}",
     "a{,2}", "(a)", "(?:b)", "(?=a)", "(?!b)", "(?<=a)", "(?<!a)", "(?<n>a)\\k<n>",
     "(?i)", "(?P<n>a)", "\\n", "\\r", "\\t", "\\v", "\\f", "\u2028"]
)  # fmt: skip
QUANTIFIERS = st.sampled_from(["", "", "*", "+", "?", "{1,2}", "*?", "*+", "??"])
NAMES = ["", "a", "aa", "ab", "A", "B", "b\n", "a\n", "\n", "\r", "\u2028", "1", "\u0661", "_",
         "a b", "a\u00a0b", "a\u2003b", "\x01", "\x08", "AB", "Z", "z", "e", "k<n>", "/",
         "-", "^", "{", "}", "]", "a{,2}", "\x0b", "\x0c", "aaa", "ba", "\u212a"]  # fmt: skip


@st.composite
def patterns(draw: st.DrawFn) -> str:
    pieces = draw(st.lists(st.tuples(ATOMS, QUANTIFIERS), min_size=1, max_size=4))
    text = "".join(atom + quantifier for atom, quantifier in pieces)
    return text + ("|" + draw(ATOMS) if draw(st.booleans()) else "")


@pytest.mark.skipif(NODE is None, reason="JavaScript's RegExp is the oracle: needs node")
@settings(SETTINGS, max_examples=examples(40))
@given(st.lists(patterns(), min_size=20, max_size=40, unique=True))
def test_translated_patterns_match_what_javascript_matches(batch: list[str]) -> None:
    verdicts = javascript_tests(batch, NAMES)
    for pattern, verdict in zip(batch, verdicts, strict=True):
        translated = regex_dialects.javascript(pattern)
        if verdict is None:  # invalid in JavaScript: refused, as invalid unless hookc
            # refuses it first for a construct RE2 cannot run (a quantified look-behind)
            assert translated.pattern is None, pattern
            assert translated.invalid or "cannot translate" in (translated.problem or "")
            continue
        if translated.pattern is None:  # what hookc cannot say, it says so; never a guess
            assert not translated.invalid, (pattern, translated.problem)
            continue
        matcher = compile_re2(translated.pattern)
        got = [bool(matcher.search(name)) for name in NAMES]
        assert got == verdict, (pattern, translated.pattern)


@pytest.mark.parametrize(
    ("javascript", "re2"),
    [
        ("^Bash$", "^Bash\\z"),
        ("mcp__.*", "mcp__[^\\n\\r\\x{2028}\\x{2029}]*"),
        ("\\d+", "[0-9]+"),
        ("a{,3}", "a\\{\\,3\\}"),
        ("\\Z", "Z"),
        ("[^]", "(?s:.)"),
        ("[]", "[^\\x00-\\x{10ffff}]"),
        ("\\bx", "\\bx"),
    ],
)
def test_javascript_syntax_is_translated_to_re2_of_the_same_meaning(
    javascript: str, re2: str
) -> None:
    assert regex_dialects.javascript(javascript).pattern == re2


def test_a_javascript_backreference_is_refused_as_needing_backtracking() -> None:
    translated = regex_dialects.javascript("(?<n>a)\\k<n>")
    assert translated.pattern is None and not translated.invalid
    assert "backreferences" in (translated.problem or "")
