"""Whether a regular expression can match some word of a regular language: the question
"does ``mcp__.*__write.*`` match any MCP tool's name?" asked exactly, not by trying a few
names.

The pattern is hookc's ``matches`` (RE2, searched unanchored); the language is given as a
nondeterministic automaton over a finite alphabet (``Words``). The answer walks the product
of the two: the pattern's lazily built DFA (``hookc.runtime.regex``'s own, so the meaning is
the one ``matches`` runs) and the language's subset states, one character of the alphabet
at a time, until a match ends inside a word of the language or no pair is left. Both
automata are finite, so the walk ends; it stops early, answering None ("cannot say"),
past ``MAX_PAIRS`` pairs, which a hook's matcher never comes near.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hookc.runtime.regex import RegexSyntaxError, _Automaton, parse

# Pairs of (pattern state, language state) visited before giving up: each costs at most
# one automaton step per character of the alphabet.
MAX_PAIRS = 20_000


@dataclass(frozen=True, slots=True)
class Words:
    """A language as an automaton: states are any hashable values; ``step`` gives the
    states one character leads to from one state. Every state must lead to an accepting
    one (a word can always be finished), which is what lets a match that has ended count
    as soon as the language is still alive."""

    alphabet: str
    start: frozenset[Any]
    accepting: frozenset[Any]
    step: Callable[[Any, str], Iterable[Any]]

    def after(self, states: frozenset[Any], char: str) -> frozenset[Any]:
        return frozenset(following for state in states for following in self.step(state, char))


def matches_some_word(pattern: str, words: Words) -> bool | None:
    """Whether ``pattern`` (RE2, searched as ``matches`` searches) matches within some word
    of ``words``: True, False, or None when the pattern is not RE2 or the walk grew too
    large to finish (a caller that must not claim "never" treats None as "maybe")."""
    try:
        automaton = _Automaton(parse(pattern))
    except RegexSyntaxError:
        return None
    start = (automaton.start, words.start)
    pending = [start]
    seen = {(automaton.start.alive, automaton.start.before, words.start)}
    while pending:
        state, language = pending.pop()
        # The text ends here: a match that ends at the end, in a whole word.
        if language & words.accepting and automaton._closure(state, None)[1]:
            return True
        for char in words.alphabet:
            following_language = words.after(language, char)
            if not following_language:
                continue
            following = state.get(char)
            if following is None:
                following = automaton._step(state, char)
            if following is True:
                # A match ended before `char`, which the word may go on with: every
                # state of the language can be finished, so some word holds the match.
                return True
            if following is False:
                continue  # anchored at the start, and no attempt is alive
            key = (following.alive, following.before, following_language)
            if key not in seen:
                if len(seen) >= MAX_PAIRS:
                    return None
                seen.add(key)
                pending.append((following, following_language))
    return False
