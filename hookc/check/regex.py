"""Regular expressions that backtrack catastrophically (HK506), found by reading the
pattern's parse with Python's own ``re`` parser. A heuristic that errs towards silence:
a pattern it cannot parse, or does not understand, gives no finding.
"""

from __future__ import annotations

import importlib
import re
import warnings
from collections.abc import Callable, Iterator
from typing import Any

from hookc.ir.expr import Call, Expr, Literal, walk

# The parser behind `re` (sre_parse before 3.11); private, so any failure means "no finding".
_sre_parser: Any = importlib.import_module("re._parser")
_sre_constants: Any = importlib.import_module("re._constants")

# A bounded repeat counts as "many" from this count: (.*a){10} is a degree-10 polynomial.
_MANY = 10
_BACKTRACKING_REPEATS = ("MAX_REPEAT", "MIN_REPEAT")
_SINGLE_CHARACTER = ("LITERAL", "NOT_LITERAL", "ANY", "IN")
# Characters to decide whether two character sets overlap: Latin-1 and beyond, with a
# few digits, spaces and letters from elsewhere that \d, \s and \w also match.
_ALPHABET = frozenset(
    [chr(code) for code in range(0x300)]
    + list("\u0660\u0966\uff10\u00a0\u2028\u2029\u3000\u4e2d\u212a\u017f\U0001f600")
)


def catastrophic_regexes(expr: Expr) -> list[tuple[Expr, str]]:
    """Constant patterns of ``matches`` whose backtracking can take exponential time.

    Python's ``re`` backtracks. A repeat that holds another unbounded repeat can split the
    same text among its iterations in exponentially many ways, all tried before failing:
    ``(a+)+``, ``(a*)*``, ``(\\w+\\s?)*``, and polynomially many for a large count
    (``(.*a){10}``). It is safe when a required character of the outer body cannot be
    matched by the inner repeat (``(\\w+\\s)*``, ``([^,]+,)*``): that character marks where
    each iteration ends. Alternatives that match the same text (``(a|a)*``, ``(ab|ab)+``)
    repeat the problem with choices. Possessive and atomic forms do not backtrack.
    """
    found: list[tuple[Expr, str]] = []
    for node, _ in walk(expr):
        pattern = _constant_pattern(node)
        if pattern is not None and isinstance(pattern.value, str):
            reason = _regex_hazard(pattern.value)
            if reason is not None:
                found.append((pattern, reason))
    return found


def _constant_pattern(node: Expr) -> Literal | None:
    """The pattern of ``s.matches('...')`` or ``matches(s, '...')`` if it is a constant."""
    match node:
        case Call(function="matches", target=None, args=(_, Literal() as pattern)):
            return pattern
        case Call(function="matches", args=(Literal() as pattern,)) if node.target is not None:
            return pattern
    return None


def _regex_hazard(pattern: str) -> str | None:
    try:
        # The parser warns about some patterns (`[[` may one day be a nested set); the
        # parser of `when` expressions compiles every pattern and reports those already.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            parsed = _sre_parser.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError):
        return None
    return _scan(list(parsed), int(parsed.state.flags), pattern)


def _scan(items: list[Any], flags: int, pattern: str) -> str | None:
    for op, argument in items:
        name = str(op)
        if name in _BACKTRACKING_REPEATS and _is_many(argument[1]):
            body = list(argument[2])
            if _has_unseparated_repeat(body, flags):
                return (
                    f"`{pattern}` repeats a group that holds an unbounded repeat, and nothing "
                    "marks where one repetition ends: on a long input that does not match, "
                    "backtracking tries every way to split it"
                )
            if _has_ambiguous_branch(body):
                return (
                    f"`{pattern}` repeats alternatives that match the same text: on a long "
                    "input that does not match, backtracking tries every combination"
                )
        for child in _children(name, argument):
            reason = _scan(child, flags, pattern)
            if reason is not None:
                return reason
    return None


def _is_many(high: int) -> bool:
    return bool(high == _sre_constants.MAXREPEAT or high >= _MANY)


def _children(name: str, argument: Any) -> list[list[Any]]:
    if name in (*_BACKTRACKING_REPEATS, "POSSESSIVE_REPEAT"):
        return [list(argument[2])]
    if name == "SUBPATTERN":
        return [list(argument[3])]
    if name == "BRANCH":
        return [list(branch) for branch in argument[1]]
    if name == "ATOMIC_GROUP":
        return [list(argument)]
    if name in ("ASSERT", "ASSERT_NOT"):
        return [list(argument[1])]
    if name == "GROUPREF_EXISTS":
        return [list(part) for part in argument[1:] if part is not None]
    return []


def _inner_repeats(items: list[Any]) -> Iterator[list[Any]]:
    """Bodies of variable, unbounded (or many) backtracking repeats inside ``items``, through
    groups and alternatives (not through atomic groups, possessive repeats, lookarounds)."""
    for op, argument in items:
        name = str(op)
        if name in _BACKTRACKING_REPEATS and _is_many(argument[1]) and argument[1] > argument[0]:
            yield list(argument[2])
        elif name in ("SUBPATTERN", "BRANCH"):
            for child in _children(name, argument):
                yield from _inner_repeats(child)


def _has_unseparated_repeat(body: list[Any], flags: int) -> bool:
    separators = [
        _char_set(op, argument, flags)
        for op, argument in _sequence(body)
        if str(op) in _SINGLE_CHARACTER
    ]
    for inner in _inner_repeats(body):
        consumed = _consumed(inner, flags)
        if consumed is None or not any(s is not None and not s & consumed for s in separators):
            return True
    return False


def _sequence(items: list[Any]) -> Iterator[tuple[Any, Any]]:
    """The top-level items of a body, with plain groups opened."""
    for op, argument in items:
        if str(op) == "SUBPATTERN":
            yield from _sequence(list(argument[3]))
        else:
            yield op, argument


def _has_ambiguous_branch(body: list[Any]) -> bool:
    for op, argument in body:
        name = str(op)
        if name == "BRANCH":
            branches = argument[1]
            for i, first in enumerate(branches):
                for second in branches[i + 1 :]:
                    if repr(first) == repr(second) or (_nullable(first) and _nullable(second)):
                        return True
        if name in ("SUBPATTERN", "BRANCH") and any(
            _has_ambiguous_branch(child) for child in _children(name, argument)
        ):
            return True
    return False


def _nullable(items: Any) -> bool:
    """Whether the items can match the empty string."""
    for op, argument in items:
        name = str(op)
        if name in _SINGLE_CHARACTER:
            return False
        if name in (*_BACKTRACKING_REPEATS, "POSSESSIVE_REPEAT"):
            if argument[0] > 0 and not _nullable(argument[2]):
                return False
        elif name in ("SUBPATTERN", "ATOMIC_GROUP", "BRANCH", "GROUPREF_EXISTS") and not any(
            _nullable(child) for child in _children(name, argument)
        ):
            return False
    return True


def _consumed(items: list[Any], flags: int) -> frozenset[str] | None:
    """Every character the items may consume, or None when that is unknown (backrefs)."""
    found: set[str] = set()
    for op, argument in items:
        name = str(op)
        if name in _SINGLE_CHARACTER:
            chars = _char_set(op, argument, flags)
            if chars is None:
                return None
            found |= chars
        elif name == "GROUPREF":
            return None
        elif name not in ("ASSERT", "ASSERT_NOT"):
            for child in _children(name, argument):
                chars = _consumed(child, flags)
                if chars is None:
                    return None
                found |= chars
    return frozenset(found)


def _char_set(op: Any, argument: Any, flags: int) -> frozenset[str] | None:
    name = str(op)
    if name == "LITERAL":
        return _cased(chr(argument), flags)
    if name == "NOT_LITERAL":
        return _ALPHABET - _cased(chr(argument), flags)
    if name == "ANY":
        return _ALPHABET if flags & re.DOTALL else _ALPHABET - {"\n"}
    members: set[str] = set()
    negated = False
    for kind, value in argument:
        kind_name = str(kind)
        if kind_name == "NEGATE":
            negated = True
        elif kind_name == "LITERAL":
            members |= _cased(chr(value), flags)
        elif kind_name == "RANGE":
            low, high = value
            members |= {c for c in _ALPHABET if low <= ord(c) <= high}
            members |= {chr(low), chr(high)}
        elif kind_name == "CATEGORY":
            members |= _category(str(value), flags)
        else:
            return None
    if flags & re.IGNORECASE:
        members = {variant for c in members for variant in _cased(c, flags)}
    return frozenset(_ALPHABET - members if negated else members)


def _cased(char: str, flags: int) -> frozenset[str]:
    if not flags & re.IGNORECASE:
        return frozenset({char})
    return frozenset(c for c in (char, char.lower(), char.upper()) if len(c) == 1)


def _anything(char: str) -> bool:
    return True


def _category(name: str, flags: int) -> frozenset[str]:
    ascii_only = bool(flags & re.ASCII)
    tests: dict[str, Callable[[str], bool]] = {
        "DIGIT": lambda c: c.isdecimal() and (c.isascii() or not ascii_only),
        "SPACE": lambda c: (
            (c.isspace() or c in "\x1c\x1d\x1e\x1f") and (c.isascii() or not ascii_only)
        ),
        "WORD": lambda c: (c.isalnum() or c == "_") and (c.isascii() or not ascii_only),
    }
    base = name.removeprefix("CATEGORY_")
    negated = base.startswith("NOT_")
    test = tests.get(base.removeprefix("NOT_"), _anything)
    chars = frozenset(c for c in _ALPHABET if test(c))
    return _ALPHABET - chars if negated else chars


# -- diagnostics --------------------------------------------------------------------------------
