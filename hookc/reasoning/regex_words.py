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
from dataclasses import dataclass, field
from typing import Any

from hookc.runtime.regex import RegexSyntaxError, _accepts, _Automaton, parse

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
    # The language's steps, the same for every pattern (``_language_steps``): kept with the
    # language, not in a module's cache, so they go when it does.
    steps: dict[frozenset[Any], list[tuple[frozenset[Any], str]]] = field(
        default_factory=dict, init=False, compare=False, repr=False
    )

    def after(self, states: frozenset[Any], char: str) -> frozenset[Any]:
        return frozenset(following for state in states for following in self.step(state, char))

    def holds(self, word: str) -> bool:
        """Whether ``word`` is a word of the language."""
        states = self.start
        for char in word:
            states = self.after(states, char)
            if not states:
                return False
        return bool(states & self.accepting)


def _example(node: tuple[Any, ...], alphabet: str, more: bool) -> str | None:
    """A text the pattern's tree matches, of characters of ``alphabet`` where it can be,
    assertions aside (the caller runs the pattern on it): each repeat as few times as it
    may, or with ``more`` once more where it may (`mcp__.*__x` then reads `mcp__a__x`).
    None where a character cannot be found."""
    tag = node[0]
    if tag == "chars":
        if not node[3] and len(node[1]) == 1 and node[1][0][0] == node[1][0][1]:
            return chr(node[1][0][0])  # (a literal: no need to look further)
        return next((char for char in alphabet if _accepts(node, char)), None)
    if tag in ("assert", "empty"):
        return ""
    if tag == "concat":
        parts = [_example(item, alphabet, more) for item in node[1]]
        return None if any(part is None for part in parts) else "".join(parts)  # type: ignore[arg-type]
    if tag == "alt":
        found = [e for e in (_example(b, alphabet, more) for b in node[1]) if e is not None]
        return min(found, key=len) if found else None
    _, item, low, high = node
    count = low + 1 if more and (high is None or high > low) else low
    inner = _example(item, alphabet, more) if count else ""
    return None if inner is None else inner * count


# The most steps a language keeps (``Words.steps``): emptied when full.
_MOST_STEPS = 4096


def _language_steps(words: Words, language: frozenset[Any]) -> list[tuple[frozenset[Any], str]]:
    """The states each character leads ``language`` to, with the characters that lead
    there; kept in ``words.steps``, since every pattern asked about ``words`` walks them."""
    found = words.steps.get(language)
    if found is not None:
        return found
    by_states: dict[frozenset[Any], str] = {}
    for char in words.alphabet:
        following = words.after(language, char)
        if following:
            by_states[following] = by_states.get(following, "") + char
    if len(words.steps) >= _MOST_STEPS:
        words.steps.clear()
    found = words.steps[language] = list(by_states.items())
    return found


def matches_some_word(pattern: str, words: Words) -> bool | None:
    """Whether ``pattern`` (RE2, searched as ``matches`` searches) matches within some word
    of ``words``: True, False, or None when the pattern is not RE2 or the walk grew too
    large to finish (a caller that must not claim "never" treats None as "maybe")."""
    try:
        tree = parse(pattern)
        automaton = _Automaton(tree)
    except RegexSyntaxError:
        return None
    # A word the pattern is likely to match, tried first: found, it settles the question
    # (the walk below explores every way a search may go, hundreds of steps for a matcher).
    for more in (False, True):
        example = _example(tree, words.alphabet, more)
        if example is not None and words.holds(example) and automaton.run(example):
            return True
    # Characters the automaton cannot tell apart (the same instructions accept them, the
    # same assertions hold around them) that lead the language to the same states are one
    # step: of the 65 characters of an MCP tool name, a matcher tells apart a few.
    kinds = {char: automaton._info(char) for char in words.alphabet}
    steps: dict[frozenset[Any], list[tuple[str, frozenset[Any]]]] = {}

    def steps_from(language: frozenset[Any]) -> list[tuple[str, frozenset[Any]]]:
        found = steps.get(language)
        if found is None:
            chosen: dict[tuple[Any, frozenset[Any]], str] = {}
            for following, chars in _language_steps(words, language):
                for char in chars:
                    chosen.setdefault((kinds[char], following), char)
            found = steps[language] = [(char, key[1]) for key, char in chosen.items()]
        return found

    start = (automaton.start, words.start)
    pending = [start]
    seen = {(automaton.start.pending, automaton.start.before, words.start)}
    while pending:
        state, language = pending.pop()
        # The text ends here: a match that ends at the end, in a whole word.
        if language & words.accepting and automaton.matched_at_end(state):
            return True
        for char, following_language in steps_from(language):
            following = state.get(char)
            if following is None:
                following = automaton._step(state, char)
            if following is True:
                # A match ended before `char`, which the word may go on with: every
                # state of the language can be finished, so some word holds the match.
                return True
            if following is False:
                continue  # anchored at the start, and no attempt is alive
            key = (following.pending, following.before, following_language)
            if key not in seen:
                if len(seen) >= MAX_PAIRS:
                    return None
                seen.add(key)
                pending.append((following, following_language))
    return False
