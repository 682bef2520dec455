"""JavaScript's regular expressions in Python: each translated pattern matches exactly the
names JavaScript's own RegExp matches (run by node), and is refused exactly when
JavaScript refuses the pattern, over a generator rich in the constructs where the two
languages differ."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.frontend.formats import regex_dialects
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
        if verdict is None:
            assert translated.pattern is None and translated.invalid, pattern
            continue
        if translated.pattern is None:  # what hookc cannot say, it says so; never a guess
            assert not translated.invalid, (pattern, translated.problem)
            continue
        got = [re.search(translated.pattern, name) is not None for name in NAMES]
        assert got == verdict, (pattern, translated.pattern)


@pytest.mark.parametrize(
    ("javascript", "python"),
    [
        ("^Bash$", "^Bash\\Z"),
        ("mcp__.*", "mcp__[^\\n\\r\\u2028\\u2029]*"),
        ("\\d+", "[0-9]+"),
        ("a{,3}", "a\\{,3\\}"),
        ("\\Z", "Z"),
        ("[^]", "(?s:.)"),
        ("[]", "(?!)"),
        ("(?<n>a)\\k<n>", "(?P<n>a)(?P=n)"),
        ("\\bx", "(?a:\\b)x"),
    ],
)
def test_javascript_syntax_is_translated_to_python_of_the_same_meaning(
    javascript: str, python: str
) -> None:
    assert regex_dialects.javascript(javascript).pattern == python
