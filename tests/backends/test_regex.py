"""Regular expressions: RE2 syntax and meaning (``hookc/runtime/regex.py``), matched in time
linear in the text by every back end.

The oracle is Python's ``re`` on a pattern spelt independently, by the generator below, in
Python's syntax with RE2's meaning (``\\w`` is ASCII, ``$`` the end of the text). Texts
stay short so that ``re``'s backtracking on the generated patterns stays cheap.
"""

from __future__ import annotations

import random
import re
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc.cel
import hookc.runtime
from hookc.backend.canonical import canonical_yaml
from hookc.backend.python import generate
from hookc.cel.parser import parse
from hookc.ir.hooks import Action, Hook, HookSet, Params, Template
from hookc.runtime import regex
from hookc.runtime.values import CelError, compile_glob, compile_regex, glob, matches
from tests.backends.test_differential import build, fires, render_template
from tests.properties import SETTINGS, examples, load

# -- generated patterns, spelt twice ---------------------------------------------------------

_LITERALS = "ab-_ .*"
_CLASSES = [
    ("[ab]", "[ab]"),
    ("[^a]", "[^a]"),
    ("[a-c_]", "[a-c_]"),
    (r"\d", "[0-9]"),
    (r"\w", "[0-9A-Za-z_]"),
    (r"\W", "[^0-9A-Za-z_]"),
    (r"\s", "[\\t\\n\\f\\r ]"),
    (r"\S", "[^\\t\\n\\f\\r ]"),
    ("[[:alpha:]]", "[A-Za-z]"),
    ("[[:^digit:]]", "[^0-9]"),
    (".", "[^\\n]"),
    ("(?s:.)", "[\\s\\S]"),
    (r"\x{41}", "A"),
    (r"\Qa.\E", r"a\."),
]
_ASSERTIONS = [
    ("^", r"\A"),
    ("$", r"\Z"),
    (r"\A", r"\A"),
    (r"\z", r"\Z"),
    ("(?m:^)", "(?m:^)"),
    ("(?m:$)", "(?m:$)"),
    (r"\b", r"(?a:\b)"),
    (r"\B", r"(?:(?a:\B)|\A\Z)"),  # Python's \B fails in an empty text; RE2's holds
]
_REPEATS = ["*", "+", "?", "*?", "+?", "??", "{2}", "{1,3}", "{0,2}", "{2,}", "{1,2}?"]

_atoms = st.one_of(
    st.sampled_from(_LITERALS).map(lambda c: (re.escape(c), re.escape(c))),
    st.sampled_from(_CLASSES),
    st.sampled_from(_ASSERTIONS),
)


def _extend(children: st.SearchStrategy[tuple[str, str]]) -> st.SearchStrategy[tuple[str, str]]:
    def group(pair: tuple[str, str]) -> tuple[str, str]:
        return f"({pair[0]})", f"({pair[1]})"

    def repeat(pair: tuple[str, str], op: str) -> tuple[str, str]:
        return f"(?:{pair[0]}){op}", f"(?:{pair[1]}){op}"

    def concat(pairs: list[tuple[str, str]]) -> tuple[str, str]:
        return "".join(p[0] for p in pairs), "".join(p[1] for p in pairs)

    def alternate(pairs: list[tuple[str, str]]) -> tuple[str, str]:
        return "(?:" + "|".join(p[0] for p in pairs) + ")", "(?:" + "|".join(
            p[1] for p in pairs
        ) + ")"

    def fold(pair: tuple[str, str]) -> tuple[str, str]:
        return f"(?i:{pair[0]})", f"(?i:{pair[1]})"

    return st.one_of(
        children.map(group),
        st.builds(repeat, children, st.sampled_from(_REPEATS)),
        st.lists(children, min_size=2, max_size=4).map(concat),
        st.lists(children, min_size=2, max_size=3).map(alternate),
        children.map(fold),
    )


patterns = st.recursive(_atoms, _extend, max_leaves=8)
texts = st.text(alphabet="abAB-_ .\n1é", max_size=12)


def _oracle(python: str, text: str, *, whole: bool = False) -> bool:
    compiled = re.compile(python)
    return (compiled.fullmatch(text) if whole else compiled.search(text)) is not None


@settings(SETTINGS, max_examples=examples(500))
@given(patterns, st.lists(texts, min_size=1, max_size=8))
def test_matching_agrees_with_python_re_on_the_same_meaning(
    pair: tuple[str, str], batch: list[str]
) -> None:
    re2, python = pair
    chosen = regex.compile_re2(re2)  # whichever engine the pattern's shape picks
    automaton = regex.LinearPattern(regex.parse(re2), re2)  # the linear engine, always
    whole = regex.compile_re2(re2, whole=True)
    for text in batch:
        expected = _oracle(python, text)
        assert (chosen.search(text) is not None) is expected, (re2, text)
        assert (automaton.search(text) is not None) is expected, (re2, text)
        assert (whole.fullmatch(text) is not None) is _oracle(python, text, whole=True)


@settings(SETTINGS, max_examples=examples(300))
@given(patterns, st.lists(texts, min_size=1, max_size=8))
def test_the_steps_without_the_cache_agree_with_python_re(
    pair: tuple[str, str], batch: list[str]
) -> None:
    """A search goes on without the DFA cache (``_run_moves``: shifts and gathers of bit
    sets) once its states do not settle; here from the first new state on, so that short
    texts take that way through every kind of pattern."""
    re2, python = pair
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(regex, "_MAX_MISSES", 0)
        try:
            automaton = regex.LinearPattern(regex.parse(re2), re2)
        except regex.RegexSyntaxError:
            return
        if not automaton._search.bounded():
            return  # (compile_re2 refuses it: the test below)
        for text in batch:
            expected = _oracle(python, text)
            assert (automaton.search(text) is not None) is expected, (re2, text)
            assert (automaton.fullmatch(text) is not None) is _oracle(python, text, whole=True)


@settings(SETTINGS, max_examples=examples(200))
@given(patterns, st.lists(texts, min_size=1, max_size=4))
def test_the_translation_to_python_syntax_keeps_the_meaning(
    pair: tuple[str, str], batch: list[str]
) -> None:
    re2, python = pair
    tree = regex.parse(re2)
    if not regex._translatable(tree):  # case folding beyond ASCII stays with the linear engine
        return
    translated = re.compile(regex.to_python(tree))
    for text in batch:
        assert (translated.search(text) is not None) is _oracle(python, text)


@settings(SETTINGS, max_examples=examples(300))
@given(st.text(alphabet="()|*+?{}[]^$.a\\1,:<>=!PpsdwSQEzZx-", max_size=24))
def test_any_text_as_a_pattern_compiles_or_is_a_cel_error(pattern: str) -> None:
    compiled = compile_regex(pattern)
    if isinstance(compiled, CelError):
        assert compiled.message.startswith("invalid regular expression")
    else:
        compiled.search("a" * 50 + "b")


# -- the engine chosen, and the work it does ---------------------------------------------------

HOSTILE = [r"(a+)+$", r"(a|aa)+$", r"(.*a){20}", r"^(\w+\s?)*quota exceeded$", r"(a*)*b"]


@pytest.mark.parametrize("pattern", HOSTILE)
def test_patterns_that_backtrack_run_on_the_linear_engine(pattern: str) -> None:
    assert isinstance(compile_regex(pattern), regex.LinearPattern)


@pytest.mark.parametrize(
    "pattern",
    [r"rm\s+-rf", r"^git push", r"\.env$", r"(curl|wget) ", r"--force\b", r"git push.*", "sudo"],
)
def test_common_patterns_proved_linear_run_on_python_re(pattern: str) -> None:
    assert isinstance(compile_regex(pattern), re.Pattern)


@pytest.mark.parametrize("pattern", [r"x{1000}y", r"(curl|wget) .*\| *sh", "(?i)\u017f\\w+é"])
def test_patterns_whose_backtracking_is_not_proved_linear_do_not_go_to_python_re(
    pattern: str,
) -> None:
    assert isinstance(compile_regex(pattern), regex.LinearPattern)


@pytest.mark.parametrize(
    "pattern", [r"(?i)drop\s+(table|database)", r"(?i)rm -rf", r"(?i)k\s+x", r"-[a-z]+\s+x"]
)
def test_case_folded_ascii_classes_and_guarding_alternations_go_to_python_re(
    pattern: str,
) -> None:
    assert isinstance(compile_regex(pattern), re.Pattern)


@pytest.mark.parametrize(
    ("pattern", "whole", "limit"),
    [
        (r"git\s+push\s+.*(--force|-f\b)", False, 180),  # degree 2: the runs after `push`
        (r"(curl|wget)[^|]*\|\s*(ba|z)?sh", False, 180),
        (r"\s+-", False, 180),
        ("(?:.*/)?secrets/.*", True, 180),  # the glob **/secrets/**
        (r"[^/]*a[^/]*a[^/]*b", True, None),  # degree 3: 31 characters, not worth a gate
    ],
)
def test_polynomial_patterns_run_on_python_re_up_to_a_length(
    pattern: str, whole: bool, limit: int | None
) -> None:
    compiled = regex.compile_re2(pattern, whole=whole)
    if limit is None:
        assert isinstance(compiled, regex.LinearPattern)
    else:
        assert isinstance(compiled, regex.GatedPattern) and compiled.limit == limit


def test_a_gated_pattern_runs_long_texts_on_the_linear_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gated = regex.compile_re2(r"(curl|wget)[^|]*\|\s*(ba|z)?sh")
    runs: list[int] = []
    run = regex._Automaton.run

    def counted(self: Any, text: str) -> Any:
        runs.append(len(text))
        return run(self, text)

    monkeypatch.setattr(regex._Automaton, "run", counted)
    short = "curl -s https://x | bash"
    long = "curl " * 10_000 + "| zsh"  # Python's re: seconds (every `curl` rescans the rest)
    assert gated.search(short) and not runs
    assert gated.search(long) and runs == [len(long)]
    assert not gated.search("curl " * 10_000)
    assert regex.compile_re2("(?:.*/)?secrets/.*", whole=True).fullmatch("a/" * 200 + "secrets/x")


def test_the_code_points_folding_into_ascii_are_all_known() -> None:
    """A case-insensitive ASCII class becomes a plain class only if no other code point has
    a case in ASCII (Python's own case tables, which the linear engine reads too)."""
    found = {
        code
        for code in range(0x80, 0x110000)
        if any(
            len(variant) == 1 and ord(variant) < 0x80
            for variant in (chr(code).lower(), chr(code).upper(), chr(code).casefold())
        )
    }
    assert found == set(regex._FOLDS_INTO_ASCII)


@pytest.mark.parametrize(
    ("pattern", "texts"),
    [
        ("(?i)k", ["k", "K", "\u212a", "x"]),
        ("(?i)[^k]", ["k", "K", "\u212a", "x"]),
        ("(?i)s", ["s", "S", "\u017f", "\u0131"]),
        ("(?i)i", ["i", "I", "\u0131", "\u0130"]),
        ("(?i)[a-z]+", ["\u017f\u212a", "\u00e9", "Q"]),
    ],
)
def test_a_case_folded_class_means_the_same_on_both_engines(pattern: str, texts: list[str]) -> None:
    translated = regex.compile_re2(pattern)
    assert isinstance(translated, re.Pattern)
    linear = regex.LinearPattern(regex.parse(pattern), pattern)
    for text in texts:
        assert (translated.search(text) is not None) is (linear.search(text) is not None), text


@pytest.mark.parametrize("pattern", HOSTILE)
def test_the_linear_engine_does_a_bounded_number_of_steps_whatever_the_length(
    pattern: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each character is a cached transition; new transitions (the work that grows with the
    pattern) do not grow with the text."""
    steps: list[int] = []
    step = regex._Automaton._step

    def counted(self: Any, state: Any, char: str) -> Any:
        steps.append(1)
        return step(self, state, char)

    monkeypatch.setattr(regex._Automaton, "_step", counted)
    counts = []
    for length in (1_000, 100_000):
        steps.clear()
        fresh = regex.LinearPattern(regex.parse(pattern), pattern)  # (compile_re2 caches)
        filler = "b" if pattern == "(.*a){20}" else "a"  # texts that do not match
        assert fresh.search(filler * length + "!") is None
        counts.append(len(steps))
    assert counts[0] == counts[1] < 200


def test_the_transition_cache_is_bounded_and_flushing_it_keeps_the_answer() -> None:
    # The automaton of this pattern has 2**13 states: a random text fills the cache often.
    pattern = regex.LinearPattern(regex.parse("[ab]*a[ab]{12}c"), "[ab]*a[ab]{12}c")
    shuffle = random.Random(13)
    text = "".join(shuffle.choice("ab") for _ in range(30_000))
    for candidate in (text, text + "c", text + "b" * 12 + "c", text + "a" + "b" * 12 + "c"):
        # (Python's re takes seconds here: [ab]* backtracks from every position.)
        expected = any(
            char == "c" and at >= 13 and candidate[at - 13] == "a"
            for at, char in enumerate(candidate)
        )
        assert (pattern.search(candidate) is not None) is expected
        assert pattern._search.transitions <= regex._MAX_TRANSITIONS


_AB = "".join(random.Random(25).choice("ab") for _ in range(1 << 17))


@pytest.mark.parametrize(
    ("pattern", "ending"),
    [
        (r"[ab]*a[ab]{200}c", "a" + "b" * 200 + "c"),
        (r"[ab]*a[ab]{999}c", "a" + "b" * 999 + "c"),
        (r"(a|b)*a(a|b){200}c", "a" + "b" * 200 + "c"),
        (r"\b[ab]*a(?:a|b[ab]){300}\b!", "a" * 301 + "!"),
        (r"(?i)[ab]*A[ab]{100}c", "a" + "b" * 100 + "c"),
        (r"[ab]*a(?:[ab]{100}){49}c", "a" + "b" * 4900 + "c"),
    ],
)
def test_a_search_costs_little_per_character_when_the_states_do_not_settle(
    pattern: str, ending: str
) -> None:
    """Issue 25, item 6: these automata have 2**200 states and more, so no cache holds
    them; a step without the cache used to visit every live instruction (64 s for 1 MiB
    with ``{200}``, 4 minutes with ``{999}``), and now is a few shifts of bit sets
    (under a second; the bound here leaves room for a loaded machine)."""
    compiled = regex.compile_re2(pattern)
    started = time.perf_counter()
    assert compiled.search(_AB) is None
    assert compiled.search(_AB + ending) is not None
    assert compiled.search(_AB + ending[1:]) is None
    assert time.perf_counter() - started < 8.0  # 128 KiB three times; it took 24 s and more


@pytest.mark.parametrize("pattern", [r"[ab]*a(?:a|b[ab]|){300}c", r"(?:x?y?|\bz){400}"])
def test_a_pattern_whose_steps_cannot_be_bounded_is_refused_at_check_and_at_run(
    pattern: str,
) -> None:
    with pytest.raises(regex.RegexSyntaxError, match="pattern too complex"):
        regex.compile_re2(pattern)
    found = compile_regex(pattern)
    assert isinstance(found, CelError) and "too complex" in str(found)


def test_a_pattern_of_more_than_5000_steps_is_too_large() -> None:
    regex.compile_re2(r"[ab]*a(?:[ab]{100}){49}c")
    with pytest.raises(regex.RegexSyntaxError, match="pattern too large"):
        regex.compile_re2(r"[ab]*a(?:[ab]{100}){50}c")


# -- RE2 syntax: what it refuses, with its reason ----------------------------------------------


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        (r"(a)\1", "backreferences are not RE2 syntax"),
        (r"(?P<x>a)(?P=x)", "backreferences are not RE2 syntax"),
        (r"a(?=b)", "look-around `(?=` is not RE2 syntax"),
        (r"(?<!a)b", "look-around `(?<!` is not RE2 syntax"),
        (r"(?>a+)", "atomic groups"),
        (r"a++", "possessive repeats are not RE2 syntax"),
        (r"a{4294967296}", "RE2 repeats at most 1000 times"),
        (r"a{1001}", "RE2 repeats at most 1000 times"),
        (r"(?:a{1000}){1000}", "pattern too large"),
        (r"a\Z", "`\\Z` is not RE2 syntax"),
        (r"(?x)a b", "RE2's flags are i, m, s and U"),
        (r"a**", "RE2 does not repeat a repeat"),
        ("(" * 5000, "nesting too deep"),
        ("[a", "missing closing `]`"),
        ("a)", "unexpected `)`"),
        (r"\p{Greek}", "Unicode character classes"),
        ("[z-a]", "the end is before the start"),
    ],
)
def test_patterns_outside_re2_are_errors_that_say_why(pattern: str, reason: str) -> None:
    found = compile_regex(pattern)
    assert isinstance(found, CelError)
    assert reason in found.message


def test_a_constant_pattern_outside_re2_is_a_compile_error_naming_the_rule() -> None:
    with pytest.raises(hookc.CompileError) as raised:
        hookc.cel.compile("s.matches('(?<=x)y')")
    assert "[HK112]" in str(raised.value)
    assert "look-around" in str(raised.value)
    with pytest.raises(hookc.CompileError):
        hookc.cel.compile("'a'.matches('a{4294967296}')")


@pytest.mark.parametrize(
    ("text", "pattern", "expected"),
    [
        ("a\n", "a$", False),  # RE2's $ is the end of the text, Python's also before a last \n
        ("a\n", "(?m)a$", True),
        ("é", r"\w", False),  # RE2's \w, \d, \s, \b are ASCII
        ("٣", r"\d", False),
        ("\v", r"\s", False),  # RE2's \s has no vertical tab
        ("aé", r"a\b", True),
        ("a{,3}", "a{,3}", True),  # a `{` that opens no repeat is itself
        ("HELLO", "(?i)hello", True),
        ("x.y", r"\Qx.y\E", True),
        ("xzy", r"\Qx.y\E", False),
        ("A", r"\x{41}", True),
        ("b", "[[:alpha:]]", True),
        ("ab", "(?U)a+b", True),
    ],
)
def test_re2_meaning(text: str, pattern: str, expected: bool) -> None:
    assert matches(text, pattern) is expected


def test_globs_with_many_stars_match_in_linear_time() -> None:
    assert isinstance(compile_glob("*.py"), re.Pattern)
    many = compile_glob("*a*a*a*a*a*a*a*a*b")
    assert isinstance(many, regex.LinearPattern)
    assert glob("a" * 100_000, "*a*a*a*a*a*a*a*a*b") is False
    assert glob("a" * 100_000 + "b", "*a*a*a*a*a*a*a*a*b") is True
    assert glob("src/x/y/z.py", "src/**/*.py") is True


# -- every back end ----------------------------------------------------------------------------

LONG = "a" * 100_000


@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(a|aa)+$", r"(.*a){20}"])
def test_every_back_end_answers_hostile_patterns_on_long_text(pattern: str) -> None:
    expr = f"s.matches({pattern!r})"
    expected = regex.compile_re2(pattern).search(LONG + "!") is not None
    program = hookc.cel.compile(expr)
    assert program.evaluate({"s": LONG + "!"}) is expected
    assert program.evaluate({"s": LONG}) is True
    condition = program.expr
    hooks = HookSet((Hook("h", "e", condition, Action("log")),))
    module = build(hooks)
    assert module.predicates["h"]({"s": LONG + "!"}) is expected
    runtime = hookc.runtime.loads(canonical_yaml(hooks))
    assert runtime.predicates["h"]({"s": LONG + "!"}) is expected


def test_a_pattern_from_the_context_runs_on_the_same_engine() -> None:
    program = hookc.cel.compile("s.matches(p)")
    assert program.evaluate({"s": LONG + "!", "p": "(a|aa)+$"}) is False
    assert program.evaluate({"s": LONG, "p": "(a|aa)+$"}) is True
    with pytest.raises(hookc.EvaluationError, match="backreferences"):
        program.evaluate({"s": "a", "p": "(a)\\1"})


@pytest.mark.parametrize(
    ("condition", "hole", "carries"),
    [
        ("tool.name == 'Bash'", None, False),
        ("tool.name.matches('^B')", None, True),
        ("tool.name.glob('B*')", None, True),
        ("true", "tool.name.matches('^B')", True),
    ],
)
def test_a_module_carries_the_pattern_engine_only_where_a_hook_matches_a_pattern(
    condition: str, hole: str | None, carries: bool
) -> None:
    reason = "plain" if hole is None else Template((parse(hole).expr,))
    hook = Hook("h", "error", parse(condition).expr, Action("abort", Params((("reason", reason),))))
    text = generate(HookSet((hook,)), source_sha256="0" * 64, sources=())
    assert ("def _fullmatch_linear(" in text) is carries
    module = load(text)
    for name in ("Bash", "Read"):
        context = {"tool": {"name": name}}
        fired = fires(hook, context)
        got = module.evaluate_hooks("error", context)
        assert (got is not None) is fired
        if fired:
            want = reason if isinstance(reason, str) else render_template(reason, context)
            assert got == {"type": "abort", "reason": want}
