"""hookc's RE2 parse trees (``hookc.runtime.regex.parse``) printed back as patterns for SQL
engines, each construct spelled so that it means in the engine's regex dialect exactly what
it means to hookc.

Two printers:

- ``to_re2``: RE2 syntax with every character class explicit (``[\\x{0}-\\x{9}...]``) and no
  flag left: for DuckDB, which runs RE2, where a pattern is not handed over as written (a
  glob's translation, whose escapes are Python's ``re.escape``). Case-insensitive classes
  are expanded to the characters hookc's own matcher accepts (``_accepts``: the character,
  or its lower, upper or case-folded form, is in the class), so DuckDB agrees with hookc
  rather than with RE2's own folding tables where the two differ.
- ``to_java``: ``java.util.regex`` syntax for Spark's ``RLIKE`` (a ``find``, unanchored,
  as CEL's ``matches``). Java differs from RE2 on ``.`` (it excludes ``\\r``, U+0085,
  U+2028, U+2029), ``$`` (it matches before a final line terminator), ``(?m)^``/``$`` (any
  line terminator), ``\\s`` (it includes ``\\v``), ``(?i)`` (ASCII-only folding),
  ``\\b`` (Unicode word characters in Java 17+ under some flags) and POSIX classes (``[[:alpha:]]``
  is a union of letters in Java). So nothing is passed through: every class is printed as
  explicit ``\\x{...}`` ranges, case folding expanded, and every assertion as a look-around
  over explicit classes (``\\A``, ``\\z``, ``(?<=\\n)``, ``(?=\\n|\\z)``, ASCII word
  boundaries). Java backtracks, so a pattern whose shape can take exponential time there (an
  unbounded or counted repeat of something that itself repeats or alternates) is refused
  with ``JavaRegexRefused``: the hook is then evaluated by the Python fallback.
"""

from __future__ import annotations

import functools

from hookc.runtime.regex import _MAX_CODE, _accepts, _complement, _normalize

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_Ranges = tuple[tuple[int, int], ...]

_WORD_CLASS = "[0-9A-Za-z_]"


class JavaRegexRefused(ValueError):
    """A pattern that java.util.regex could not run safely (exponential backtracking)."""


@functools.cache
def _cased() -> tuple[int, ...]:
    """Every code point whose lower, upper or case-folded form differs from itself: the
    only characters that case folding can add to a class (~2,900; computed once)."""
    found = []
    for code in range(_MAX_CODE + 1):
        if 0xD800 <= code <= 0xDFFF:
            continue
        char = chr(code)
        if char.lower() != char or char.upper() != char or char.casefold() != char:
            found.append(code)
    return tuple(found)


def class_ranges(node: tuple[Any, ...]) -> _Ranges:
    """The code points a ``chars`` node accepts, as sorted ranges, folding expanded."""
    _, ranges, negated, fold = node
    if not fold:
        return tuple(ranges)
    extra = [(code, code) for code in _cased() if _accepts(node, chr(code)) != negated]
    expanded = _normalize([*ranges, *extra])
    return _complement(expanded) if negated else expanded


def _hex(code: int) -> str:
    return f"\\x{{{code:x}}}"


def _char(code: int) -> str:
    char = chr(code)
    return char if char.isascii() and char.isalnum() else _hex(code)


def _class(ranges: _Ranges, never: str) -> str:
    if not ranges:
        return never
    if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
        return _char(ranges[0][0])
    body = "".join(
        _hex(low) if low == high else f"{_hex(low)}-{_hex(high)}" for low, high in ranges
    )
    return f"[{body}]"


# RE2 has no look-around: its own assertions, which mean there what hookc means (hookc's
# `\b` is RE2's, ASCII).
_RE2_ASSERTS = {
    "begin_text": r"\A",
    "end_text": r"\z",
    "begin_line": "(?m:^)",
    "end_line": "(?m:$)",
    "word": r"\b",
    "not_word": r"\B",
}

_W = _WORD_CLASS
_JAVA_ASSERTS = {
    "begin_text": r"\A",
    "end_text": r"\z",
    # Java's (?m)^ and $ see \r, U+0085, U+2028 and U+2029 as line ends too, and its ^ does
    # not match after a final \n: RE2 knows only \n.
    "begin_line": r"(?:\A|(?<=\n))",
    "end_line": r"(?=\n|\z)",
    "word": f"(?:(?<={_W})(?!{_W})|(?<!{_W})(?={_W}))",
    "not_word": f"(?:(?<={_W})(?={_W})|(?<!{_W})(?!{_W}))",
}


def to_re2(tree: tuple[Any, ...]) -> str:
    """RE2 syntax meaning what ``tree`` means to hookc, ASCII only."""
    return _print(tree, _RE2_ASSERTS, r"[^\x00-\x{10ffff}]")


def to_java(tree: tuple[Any, ...]) -> str:
    """java.util.regex syntax meaning what ``tree`` means to hookc, ASCII only; raises
    ``JavaRegexRefused`` for a shape Java could take exponential time on."""
    _check_backtracking(tree)
    return _print(tree, _JAVA_ASSERTS, "(?!)")


def _print(node: tuple[Any, ...], asserts: dict[str, str], never: str) -> str:
    tag = node[0]
    if tag == "chars":
        return _class(class_ranges(node), never)
    if tag == "assert":
        return asserts[node[1]]
    if tag == "empty":
        return "(?:)"
    if tag == "concat":
        return "".join(_print(item, asserts, never) for item in node[1])
    if tag == "alt":
        return "(?:" + "|".join(_print(branch, asserts, never) for branch in node[1]) + ")"
    _, item, low, high = node
    count = f"{{{low},}}" if high is None else f"{{{low},{high}}}"
    return f"(?:{_print(item, asserts, never)}){count}"


def _check_backtracking(node: tuple[Any, ...]) -> None:
    """Refuse a repeat (more than once) of something that can match more than one way
    (a repeat or an alternation inside): ``(a|a)*``, ``(a+)+`` take exponential time in a
    backtracking engine. Single repeats and alternations of fixed branches stay at most
    polynomial, as in the realistic guards (``git\\s+push\\s+.*(--force|-f\\b)``)."""
    tag = node[0]
    if tag in ("concat", "alt"):
        for child in node[1]:
            _check_backtracking(child)
    elif tag == "repeat":
        _, item, _low, high = node
        if (high is None or high > 1) and _ambiguous(item):
            raise JavaRegexRefused(
                "a repeat of a repeat or of an alternation, which java.util.regex "
                "(a backtracking engine) may take exponential time on"
            )
        _check_backtracking(item)


def _ambiguous(node: tuple[Any, ...]) -> bool:
    tag = node[0]
    if tag == "alt":
        return True
    if tag == "repeat":
        return bool(node[2] != node[3])
    if tag == "concat":
        return any(_ambiguous(child) for child in node[1])
    return False
