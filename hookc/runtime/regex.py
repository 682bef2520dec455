"""Regular expressions in RE2 syntax, matched in time linear in the text. Standard library
only; compiled modules carry this file verbatim.

CEL's ``matches`` is RE2 (cel-spec), and RE2 never backtracks. Python's ``re`` does: ``(a+)+$``
takes minutes on 30 characters. So a pattern is parsed here, as RE2 reads it (backreferences
and look-around are refused with RE2's reason), and then run one of two ways:

- through Python's ``re`` (translated to its syntax, meaning kept exactly) when the pattern's
  shape proves that backtracking stays linear (``_linear_under_backtracking``): the fast,
  common case (``rm\\s+-rf``, ``^git push``, ``\\.env$``, ``(?i)drop\\s+(table|database)``);
- through Python's ``re`` on texts up to a length, and the linear engine past it, when
  backtracking is polynomial of a known degree (``git\\s+push\\s+.*(--force|-f\\b)``,
  ``(curl|wget)[^|]*\\|\\s*(ba|z)?sh``, globs with ``**``): ``GatedPattern``. The length is
  where the worst case would pass a fixed budget of steps, so a call costs at most that
  budget or the linear engine's time (the choice: ``_engine``);
- otherwise through ``LinearPattern``: a Thompson automaton run as a lazily built DFA
  (each state a bit set of automaton states, its transitions cached per character, the
  cache bounded and flushed when full), one step per character of the text; a search
  whose states do not settle goes on without the cache, each character a few shifts of
  bit sets (``_Automaton``), so that a character costs little whatever the pattern. A
  pattern whose steps cannot be bounded so is refused, as RE2 refuses one too large.

Both give the same answer for every pattern and text (the differential tests hold them
together); which one runs is decided by the pattern alone, whether it is a constant or not.
"""

from __future__ import annotations

import functools
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_MAX_CODE = 0x10FFFF
# RE2's limits: a repeat count at most 1000, and a program of bounded size (hookc's bound:
# 5,000 steps, each character's work grows with it; `[ab]{999}` is 1,000).
_MAX_REPEAT = 1000
_MAX_PROGRAM = 5_000
_MAX_NESTING = 100
# Backtracking may try this many ways through the bounded part of a pattern per starting
# position, and read this many characters over all of them (ways times the longest match),
# for the pattern to go to Python's `re`: the work per position stays a small constant.
_MAX_PATHS = 1000
_MAX_WORK = 256
# A pattern whose backtracking is polynomial, of degree d > 1 in the text's length n, goes
# to Python's `re` for texts with (n + 1) ** d at most this many steps, to the linear engine
# past them: degree 2 up to 180 characters, where a worst case (`a.*b` on 180 `a`s) takes
# about 10 times the linear engine's time on that text (some 70 us against 7 us), and a
# usual one far less. Below _MIN_GATE characters the gate is not worth it.
_RE_BUDGET = 2**15
_MIN_GATE = 64
# The lazy DFA's cache: flushed when it holds this many transitions (memory stays bounded;
# a flush only costs the work of building states again).
_MAX_TRANSITIONS = 4096

_Ranges = tuple[tuple[int, int], ...]


class RegexSyntaxError(ValueError):
    """A pattern that is not RE2 syntax (or that RE2 would refuse): the message says why."""


# -- syntax -----------------------------------------------------------------------------------
#
# The parse is a tree of tuples:
#   ("chars", ranges, negated, fold)   one character in ranges (code point pairs); with
#                                      fold, a character any of whose cases is in ranges
#   ("assert", kind)                   begin_text end_text begin_line end_line word not_word
#   ("concat", items) ("alt", branches) ("repeat", item, low, high or None) ("empty",)

_WORD: _Ranges = ((48, 57), (65, 90), (95, 95), (97, 122))
_DIGIT: _Ranges = ((48, 57),)
_SPACE: _Ranges = ((9, 10), (12, 13), (32, 32))  # RE2's \s: no \v
_POSIX: dict[str, _Ranges] = {
    "alnum": ((48, 57), (65, 90), (97, 122)),
    "alpha": ((65, 90), (97, 122)),
    "ascii": ((0, 127),),
    "blank": ((9, 9), (32, 32)),
    "cntrl": ((0, 31), (127, 127)),
    "digit": _DIGIT,
    "graph": ((33, 126),),
    "lower": ((97, 122),),
    "print": ((32, 126),),
    "punct": ((33, 47), (58, 64), (91, 96), (123, 126)),
    "space": ((9, 13), (32, 32)),
    "upper": ((65, 90),),
    "word": _WORD,
    "xdigit": ((48, 57), (65, 70), (97, 102)),
}
_PERL = {"d": _DIGIT, "s": _SPACE, "w": _WORD}
_CONTROL = {"a": 7, "f": 12, "t": 9, "n": 10, "r": 13, "v": 11}
_ASSERT_ESCAPES = {"A": "begin_text", "z": "end_text", "b": "word", "B": "not_word"}


def _normalize(ranges: list[tuple[int, int]]) -> _Ranges:
    merged: list[tuple[int, int]] = []
    for low, high in sorted(ranges):
        if merged and low <= merged[-1][1] + 1:
            if high > merged[-1][1]:
                merged[-1] = (merged[-1][0], high)
        else:
            merged.append((low, high))
    return tuple(merged)


def _complement(ranges: _Ranges) -> _Ranges:
    out: list[tuple[int, int]] = []
    next_low = 0
    for low, high in ranges:
        if low > next_low:
            out.append((next_low, low - 1))
        next_low = high + 1
    if next_low <= _MAX_CODE:
        out.append((next_low, _MAX_CODE))
    return tuple(out)


def _chars(ranges: _Ranges, negated: bool, fold: bool) -> tuple[Any, ...]:
    """A character node; without case folding the negation is applied at once."""
    if fold:
        return ("chars", ranges, negated, True)
    return ("chars", _complement(ranges) if negated else ranges, False, False)


class _Parser:
    def __init__(self, pattern: str) -> None:
        self.text = pattern
        self.at = 0
        self.depth = 0

    def fail(self, message: str) -> RegexSyntaxError:
        return RegexSyntaxError(message)

    def peek(self, ahead: int = 0) -> str:
        at = self.at + ahead
        return self.text[at] if at < len(self.text) else ""

    def parse(self) -> tuple[Any, ...]:
        node = self.alternation({"i": False, "m": False, "s": False})
        if self.at < len(self.text):
            raise self.fail("unexpected `)`: no group is open")
        return node

    def alternation(self, flags: dict[str, bool]) -> tuple[Any, ...]:
        branches = [self.concatenation(flags)]
        while self.peek() == "|":
            self.at += 1
            branches.append(self.concatenation(flags))
        return branches[0] if len(branches) == 1 else ("alt", tuple(branches))

    def concatenation(self, flags: dict[str, bool]) -> tuple[Any, ...]:
        items: list[tuple[Any, ...]] = []
        while self.at < len(self.text) and self.peek() not in "|)":
            if self.text.startswith("(?", self.at) and self._flag_group(flags):
                continue  # (?i) changes the flags for the rest of the group
            atom = self.atom(flags)
            if atom is None:
                continue
            items.append(self.repeats(atom))
        if not items:
            return ("empty",)
        return items[0] if len(items) == 1 else ("concat", tuple(items))

    def repeats(self, atom: tuple[Any, ...]) -> tuple[Any, ...]:
        start = self.at
        bounds = self.repeat_bounds()
        if bounds is None:
            return atom
        if self.peek() == "?":
            self.at += 1  # lazy: a boolean search does not depend on it
        elif self.peek() == "+":
            raise self.fail(
                f"`{self.text[start : self.at + 1]}`: possessive repeats are not RE2 syntax"
            )
        if self.repeat_bounds(probe=True) is not None:
            raise self.fail(
                f"bad repetition operator `{self.text[start : self.at + 1]}`: "
                "RE2 does not repeat a repeat; group it first, `(?:...)`"
            )
        low, high = bounds
        return ("repeat", atom, low, high)

    def repeat_bounds(self, probe: bool = False) -> tuple[int, int | None] | None:
        char = self.peek()
        if char in ("*", "+", "?") and char:
            if not probe:
                self.at += 1
            return {"*": (0, None), "+": (1, None), "?": (0, 1)}[char]
        if char != "{":
            return None
        found = re.match(r"\{([0-9]+)(,([0-9]*))?\}", self.text[self.at : self.at + 40])
        if found is None:
            return None  # RE2 reads a `{` that opens no repeat as itself: `a{,3}`, `{x}`
        low = int(found.group(1)) if len(found.group(1)) < 6 else _MAX_REPEAT + 1
        if found.group(2) is None:
            high: int | None = low
        elif found.group(3):
            high = int(found.group(3)) if len(found.group(3)) < 6 else _MAX_REPEAT + 1
        else:
            high = None
        if low > _MAX_REPEAT or (high is not None and high > _MAX_REPEAT):
            raise self.fail(
                f"bad repetition operator `{found.group(0)}`: RE2 repeats at most 1000 times"
            )
        if high is not None and high < low:
            raise self.fail(f"bad repetition operator `{found.group(0)}`: maximum below minimum")
        if not probe:
            self.at += len(found.group(0))
        return low, high

    def _flag_group(self, flags: dict[str, bool]) -> bool:
        """``(?flags)`` on its own: applies to the rest of the enclosing group."""
        found = re.match(r"\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?\)", self.text[self.at : self.at + 20])
        if found is None:
            return False
        flags.update(self._flags(found.group(1), found.group(2)))
        self.at += len(found.group(0))
        return True

    def _flags(self, on: str, off: str | None) -> dict[str, bool]:
        changed: dict[str, bool] = {}
        if off == "" or (not on and off is None):
            raise self.fail("missing flags after `(?`")
        for letters, value in ((on, True), (off or "", False)):
            for letter in letters:
                if letter not in "imsU":
                    raise self.fail(
                        f"invalid or unsupported Perl syntax `(?{letter}`: "
                        "RE2's flags are i, m, s and U"
                    )
                if letter != "U":  # ungreedy: a boolean search does not depend on it
                    changed[letter] = value
        return changed

    def atom(self, flags: dict[str, bool]) -> tuple[Any, ...] | None:
        char = self.text[self.at]
        if char == "(":
            return self.group(flags)
        if char == "[":
            return self.char_class(flags)
        if char in "*+?":
            raise self.fail(f"missing argument to repetition operator `{char}`")
        self.at += 1
        if char == ".":
            return _chars(
                ((0, _MAX_CODE),) if flags["s"] else ((0, 9), (11, _MAX_CODE)), False, False
            )
        if char == "^":
            return ("assert", "begin_line" if flags["m"] else "begin_text")
        if char == "$":
            return ("assert", "end_line" if flags["m"] else "end_text")
        if char == "\\":
            return self.escape(flags, in_class=False)
        return self.literal(ord(char), flags)

    def literal(self, code: int, flags: dict[str, bool]) -> tuple[Any, ...]:
        return _chars(((code, code),), False, flags["i"] and _has_case(code))

    def group(self, flags: dict[str, bool]) -> tuple[Any, ...]:
        opened = self.at
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise self.fail(f"nesting too deep: at most {_MAX_NESTING} groups inside each other")
        rest = self.text[self.at : self.at + 4]
        inner = dict(flags)
        if rest.startswith("(?"):
            named = re.match(r"\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>", self.text[self.at : self.at + 40])
            scoped = re.match(
                r"\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?:", self.text[self.at : self.at + 20]
            )
            if named is not None:
                self.at += len(named.group(0))
            elif scoped is not None:
                if scoped.group(1) or scoped.group(2) is not None:
                    inner.update(self._flags(scoped.group(1), scoped.group(2)))
                self.at += len(scoped.group(0))
            else:
                raise self.fail(_perl_only(rest))
        else:
            self.at += 1
        node = self.alternation(inner)
        if self.peek() != ")":
            raise self.fail(f"missing `)`: the group at position {opened} is not closed")
        self.at += 1
        self.depth -= 1
        return node

    def escape(self, flags: dict[str, bool], *, in_class: bool) -> tuple[Any, ...]:
        if self.at >= len(self.text):
            raise self.fail("trailing backslash at end of expression")
        char = self.text[self.at]
        self.at += 1
        if char in _PERL or char.lower() in _PERL:
            return _chars(_PERL[char.lower()], char.isupper(), False)
        if char in _ASSERT_ESCAPES and not in_class:
            return ("assert", _ASSERT_ESCAPES[char])
        if char in _CONTROL:
            return self.literal(_CONTROL[char], flags)
        if char == "x":
            return self.literal(self.hex_escape(), flags)
        if char == "0":
            digits = re.match(r"[0-7]{0,2}", self.text[self.at : self.at + 2])
            assert digits is not None
            self.at += len(digits.group(0))
            return self.literal(int("0" + digits.group(0), 8), flags)
        if char.isdigit():
            raise self.fail(
                f"`\\{char}`: backreferences are not RE2 syntax (RE2 matches in linear time "
                "and has none); for a character by its code write `\\x{..}`"
            )
        if char == "Q" and not in_class:
            end = self.text.find("\\E", self.at)
            quoted = self.text[self.at : end if end != -1 else len(self.text)]
            self.at = end + 2 if end != -1 else len(self.text)
            items = tuple(self.literal(ord(c), flags) for c in quoted)
            return ("concat", items) if items else ("empty",)
        if char in "pP":
            raise self.fail(f"`\\{char}`: Unicode character classes are not supported by hookc")
        if char in "Z":
            raise self.fail("`\\Z` is not RE2 syntax: write `\\z` (end of text) or `$`")
        if char == "C":
            raise self.fail("`\\C` (any byte) is not supported: hookc matches characters")
        if char.isascii() and not char.isalnum() and char != "_":
            return self.literal(ord(char), flags)
        raise self.fail(f"invalid escape sequence `\\{char}`")

    def hex_escape(self) -> int:
        if self.peek() == "{":
            end = self.text.find("}", self.at)
            digits = self.text[self.at + 1 : end] if end != -1 else ""
            if not digits or not re.fullmatch(r"[0-9A-Fa-f]{1,8}", digits):
                raise self.fail("invalid escape sequence `\\x{...}`: hexadecimal digits expected")
            self.at = end + 1
        else:
            digits = self.text[self.at : self.at + 2]
            if not re.fullmatch(r"[0-9A-Fa-f]{2}", digits):
                raise self.fail("invalid escape sequence `\\x`: two hexadecimal digits expected")
            self.at += 2
        code = int(digits, 16)
        if code > _MAX_CODE:
            raise self.fail(f"invalid escape sequence `\\x{{{digits}}}`: beyond U+10FFFF")
        return code

    def char_class(self, flags: dict[str, bool]) -> tuple[Any, ...]:
        self.at += 1
        negated = self.peek() == "^"
        if negated:
            self.at += 1
        ranges: list[tuple[int, int]] = []
        first = True
        while True:
            if self.at >= len(self.text):
                raise self.fail("missing closing `]` of a character class")
            char = self.text[self.at]
            if char == "]" and not first:
                self.at += 1
                break
            first = False
            posix = re.match(r"\[:(\^?)([a-z]+):\]", self.text[self.at : self.at + 12])
            if posix is not None:
                if posix.group(2) not in _POSIX:
                    raise self.fail(f"invalid character class range `{posix.group(0)}`")
                found = _POSIX[posix.group(2)]
                ranges.extend(_complement(found) if posix.group(1) else found)
                self.at += len(posix.group(0))
                continue
            low = self.class_char(flags)
            if isinstance(low, tuple):
                ranges.extend(low)
                continue
            if self.peek() == "-" and self.peek(1) not in ("]", ""):
                self.at += 1
                high = self.class_char(flags)
                if isinstance(high, tuple) or high < low:
                    raise self.fail("invalid character class range: the end is before the start")
                ranges.append((low, high))
            else:
                ranges.append((low, low))
        fold = flags["i"] and any(
            _has_case(code) for low, high in ranges for code in range(low, min(high, low + 300) + 1)
        )
        return _chars(_normalize(ranges), negated, fold or (flags["i"] and _wide(ranges)))

    def class_char(self, flags: dict[str, bool]) -> int | _Ranges:
        char = self.text[self.at]
        self.at += 1
        if char != "\\":
            return ord(char)
        node = self.escape(flags, in_class=True)
        if node[0] != "chars":
            raise self.fail("invalid escape in a character class")
        ranges = node[1]
        if len(ranges) == 1 and ranges[0][0] == ranges[0][1] and not node[2]:
            return int(ranges[0][0])
        return tuple(ranges)


def _perl_only(rest: str) -> str:
    if rest.startswith(("(?=", "(?!", "(?<=", "(?<!")):
        return (
            f"look-around `{rest.rstrip('abcdefghijklmnopqrstuvwxyz')}` is not RE2 syntax: "
            "RE2 matches in linear time and has no look-ahead or look-behind"
        )
    if rest.startswith("(?P="):
        return "`(?P=name)`: backreferences are not RE2 syntax (RE2 matches in linear time)"
    if rest.startswith("(?>"):
        return "atomic groups `(?>...)` are not RE2 syntax (RE2 never backtracks)"
    if rest.startswith("(?#"):
        return "comments `(?#...)` are not RE2 syntax"
    if rest.startswith("(?("):
        return "conditional groups `(?(...)...)` are not RE2 syntax"
    return f"invalid or unsupported Perl syntax `{rest[:3]}`"


def _has_case(code: int) -> bool:
    char = chr(code)
    return char.lower() != char or char.upper() != char


def _wide(ranges: list[tuple[int, int]]) -> bool:
    return any(high - low > 300 for low, high in ranges)


@functools.lru_cache(maxsize=512)
def parse(pattern: str) -> tuple[Any, ...]:
    """The tree of an RE2 pattern; RegexSyntaxError when it is not one. Cached: a check
    asks for a matcher's tree several times (translating it, testing names, reasoning)."""
    return _Parser(pattern).parse()


# -- the automaton ----------------------------------------------------------------------------

_CHAR, _SPLIT, _ASSERT, _MATCH = 0, 1, 2, 3


def _compile(node: tuple[Any, ...]) -> list[list[Any]]:
    """Thompson's construction: instructions [CHAR, node, next], [SPLIT, targets],
    [ASSERT, kind, next], [MATCH]; instruction 0 is where matching starts."""
    program: list[list[Any]] = []

    def emit(instruction: list[Any]) -> int:
        if len(program) >= _MAX_PROGRAM:
            raise RegexSyntaxError(
                f"pattern too large: more than {_MAX_PROGRAM} steps once its repeats are "
                "spelled out"
            )
        program.append(instruction)
        return len(program) - 1

    # Each piece returns (entry, holes): holes are the instructions whose `next` is to be
    # patched to whatever follows the piece.
    def piece(node: tuple[Any, ...]) -> tuple[int, list[tuple[int, int]]]:
        tag = node[0]
        if tag == "chars":
            at = emit([_CHAR, node, -1])
            return at, [(at, 2)]
        if tag == "assert":
            at = emit([_ASSERT, node[1], -1])
            return at, [(at, 2)]
        if tag == "empty":
            at = emit([_SPLIT, [-1]])
            return at, [(at, 0)]
        if tag == "concat":
            entry, holes = piece(node[1][0])
            for item in node[1][1:]:
                start, next_holes = piece(item)
                patch(holes, start)
                holes = next_holes
            return entry, holes
        if tag == "alt":
            merged = _one_class(node[1])
            if merged is not None:  # `(a|b)`: one instruction, a step the shift covers
                return piece(merged)
            at = emit([_SPLIT, []])
            holes = []
            for branch in node[1]:
                start, branch_holes = piece(branch)
                program[at][1].append(start)
                holes += branch_holes
            return at, holes
        _, item, low, high = node
        entry = -1
        holes = []
        for _ in range(low):
            start, next_holes = piece(item)
            if entry == -1:
                entry = start
            else:
                patch(holes, start)
            holes = next_holes
        if high is None:
            loop = emit([_SPLIT, []])
            start, body_holes = piece(item)
            program[loop][1].append(start)
            patch(body_holes, loop)
            if entry == -1:
                entry = loop
            else:
                patch(holes, loop)
            return entry, [(loop, -1)]
        optional_holes: list[tuple[int, int]] = []
        for _ in range(high - low):
            fork = emit([_SPLIT, []])
            start, next_holes = piece(item)
            program[fork][1].append(start)
            if entry == -1:
                entry = fork
            else:
                patch(holes, fork)
            optional_holes.append((fork, -1))
            holes = next_holes
        if entry == -1:
            return piece(("empty",))
        return entry, holes + optional_holes

    def patch(holes: list[tuple[int, int]], target: int) -> None:
        for at, slot in holes:
            if slot == -1:
                program[at][1].append(target)
            elif slot == 0:
                program[at][1][0] = target
            else:
                program[at][slot] = target

    entry, holes = piece(node)
    patch(holes, emit([_MATCH]))
    if entry != 0:  # matching starts at instruction 0
        program.insert(0, [_SPLIT, [entry + 1]])
        for instruction in program[1:]:
            if instruction[0] == _SPLIT:
                instruction[1] = [target + 1 for target in instruction[1]]
            elif instruction[0] != _MATCH:
                instruction[2] += 1
    return program


def _one_class(branches: tuple[tuple[Any, ...], ...]) -> tuple[Any, ...] | None:
    """Alternatives that are each one character of the same folding (negation applied), as
    one character node: the same language, one instruction instead of a fork of several."""
    if not all(branch[0] == "chars" and not branch[2] for branch in branches):
        return None
    if len({branch[3] for branch in branches}) != 1:
        return None
    ranges = _normalize([pair for branch in branches for pair in branch[1]])
    return ("chars", ranges, False, branches[0][3])


def _in_ranges(code: int, ranges: _Ranges) -> bool:
    low_index, high_index = 0, len(ranges)
    while low_index < high_index:
        middle = (low_index + high_index) // 2
        low, high = ranges[middle]
        if code < low:
            high_index = middle
        elif code > high:
            low_index = middle + 1
        else:
            return True
    return False


def _accepts(node: tuple[Any, ...], char: str) -> bool:
    _, ranges, negated, fold = node
    if not fold:
        return _in_ranges(ord(char), ranges)
    found = any(
        len(variant) == 1 and _in_ranges(ord(variant), ranges)
        for variant in (char, char.lower(), char.upper(), char.casefold())
    )
    return bool(found != negated)


def _is_word(char: str) -> bool:
    return char.isascii() and (char.isalnum() or char == "_")


# What the text before a position says: at its start; after a word character; after \n.
_AT_START, _AFTER_WORD, _AFTER_NEWLINE, _AFTER_OTHER = 0, 1, 2, 3


class _State(dict[str, "_State | bool"]):
    """A DFA state: the automaton's instructions to go on from (a bit set, before their
    closure, which depends on the next character's kind), and what the text before says;
    the dict maps a next character to the next state (True: a match ends; False: none can)."""

    __slots__ = ("before", "pending")

    def __init__(self, pending: int, before: int) -> None:
        super().__init__()
        self.pending = pending
        self.before = before


class LinearPattern:
    """A pattern run by the lazy DFA: ``search`` (unanchored, as CEL's ``matches``) and
    ``fullmatch``, each returning True or None like a match object's truth. Time linear in
    the text, and a small bound per character whatever the pattern: each character is one
    cached transition, or one bit-parallel step of the automaton (``_Automaton``)."""

    def __init__(self, tree: tuple[Any, ...], pattern: str) -> None:
        self.pattern = pattern
        self._tree = tree
        self._search = _Automaton(tree)
        self._whole: _Automaton | None = None
        self._needs = _required_texts(tree)
        # The last text searched and the answer: a condition that tests one field against
        # one pattern in many places (aliases repeat a leaf) searches it once.
        self._last: tuple[str | None, bool | None] = (None, None)

    def __repr__(self) -> str:
        return f"LinearPattern({self.pattern!r})"

    def search(self, text: str) -> bool | None:
        last, answer = self._last
        if text is last:  # the same string object: the same answer
            return answer
        for needed in self._needs:  # (``in`` reads the text at C's speed)
            if needed not in text:
                answer = None
                break
        else:
            answer = self._search.run(text)
        self._last = (text, answer)
        return answer

    def fullmatch(self, text: str) -> bool | None:
        for needed in self._needs:
            if needed not in text:
                return None
        if self._whole is None:
            anchored = ("concat", (("assert", "begin_text"), self._tree, ("assert", "end_text")))
            self._whole = _Automaton(anchored)
        return self._whole.run(text)


def _required_texts(tree: tuple[Any, ...]) -> tuple[str, ...]:
    """Texts every match contains: the runs of single characters (without case folding) in
    the pattern's top-level sequence. A text without one of them is no match, found without
    running the automaton (``mcp__github__.*`` on "Bash", ``[ab]*a[ab]{200}c`` on a text
    with no `c`)."""
    items = tree[1] if tree[0] == "concat" else (tree,)
    runs: list[str] = []
    run = ""
    for item in items:
        if (
            item[0] == "chars"
            and not item[3]
            and len(item[1]) == 1
            and item[1][0][0] == item[1][0][1]
        ):
            run += chr(item[1][0][0])
        elif item[0] != "assert":  # (an assertion reads no character: the run goes on)
            if run:
                runs.append(run)
            run = ""
    if run:
        runs.append(run)
    return tuple(sorted(set(runs), key=len, reverse=True))


# A character's kind, as the assertions see it and as it sets what the text before says
# for the next position (the same codes as ``_AFTER_*``); the end of the text is kind 0.
_KIND_END = 0
# Entries each memo of the automaton may hold before it is emptied (memory stays bounded;
# emptying costs only the work of finding the entries again).
_MAX_MEMO = 4096
# Distances between an instruction and its successors for the shifts of ``_run_moves``: each
# costs a few operations per character.
_MAX_MOVES = 48
# A program this small costs little per character in any way it runs: not asked whether
# it is ``bounded`` (finding out costs more than a matcher's other checks together).
_SMALL_PROGRAM = 64
# Steps a search may add to the cache before it goes on without (a cached state costs a
# lookup, a new one a few times what a step without the cache costs).
_MAX_MISSES = 1024


class _Automaton:
    """Thompson's automaton run as a lazily built DFA whose states are bit sets.

    A state that the cache holds costs one dict lookup per character. A step the cache
    misses (a pattern such as ``[ab]*a[ab]{200}c`` has 2**200 states, and no cache holds
    them) is a few operations on integers used as bit sets, whatever the pattern's size:
    the characters an instruction accepts are one mask per class of characters (the
    classes are the intervals between the pattern's range bounds, so a text of a million
    distinct characters makes few of them); an instruction that goes on to the next one (all
    of a concatenation) is a shift of the whole set; the rest (the ends of loops and of
    alternatives, assertions) are looked up in memos keyed by their bits. A step used to
    visit every live instruction one by one: 10 s for 1 MiB with ``a[ab]{20}c``, minutes
    with ``{200}`` (benchmarks/README.md).
    """

    def __init__(self, tree: tuple[Any, ...]) -> None:
        program = _compile(tree)
        self.program = program
        # Anchored at the start of the text: no new attempt begins after the first character.
        self.anchored = _starts_anchored(tree)
        chars = regular = 0
        bounds: set[int] = set()
        self.fold = False
        self.asserts = False
        self.match = 0
        for at, instruction in enumerate(program):
            op = instruction[0]
            if op == _CHAR:
                chars |= 1 << at
                if instruction[2] == at + 1:
                    regular |= 1 << at
                node = instruction[1]
                for low, high in node[1]:
                    bounds.update((low, high + 1))
                self.fold = self.fold or bool(node[3])
            elif op == _ASSERT:
                self.asserts = True
            elif op == _MATCH:
                self.match |= 1 << at
        self.chars, self.regular, self.irregular = chars, regular, chars & ~regular
        self.char_at = [at for at, instruction in enumerate(program) if instruction[0] == _CHAR]
        # The ranges of the instructions that do not fold case, each with its instruction's
        # bit; negated ones that do are asked one by one (``_accepts``).
        self._ranges = [
            (low, high, 1 << at)
            for at in self.char_at
            if not program[at][1][3]
            for low, high in program[at][1][1]
        ]
        # Those that fold and are not negated: a character is in if one of its cases is
        # (a variant of several characters, such as the upper case of a sharp s, is in no range).
        self._folded = [
            (low, high, 1 << at)
            for at in self.char_at
            if program[at][1][3] and not program[at][1][2]
            for low, high in program[at][1][1]
        ]
        self._folding = [at for at in self.char_at if program[at][1][3] and program[at][1][2]]
        self.bounds = sorted(bounds)
        self._closures: dict[tuple[int, int], int] = {}  # (context, non-character bits)
        self._nexts: dict[int, int] = {}  # irregular accepted bits -> their targets
        self._classes: dict[tuple[int, ...], int] = {}  # a class of characters -> mask
        self._infos: dict[str, tuple[int, int]] = {}  # a character -> (mask, kind)
        self._tables: dict[int, tuple[Any, ...] | None] = {}  # ``_moves`` by context
        self._flush()

    def _flush(self) -> None:
        self.flushes = getattr(self, "flushes", -1) + 1
        self.states: dict[tuple[int, int], _State] = {}
        self.transitions = 0
        self.start = self._state(0, _AT_START)

    def _state(self, pending: int, before: int) -> _State:
        key = (pending, before)
        found = self.states.get(key)
        if found is None:
            found = self.states[key] = _State(pending, before)
        return found

    def run(self, text: str) -> bool | None:
        state = self.start
        flushes = self.flushes
        misses = 0
        chars = iter(text)
        for char in chars:
            following = state.get(char)
            if following is None:
                following = self._step(state, char)
                misses += 1
                if (misses > _MAX_MISSES or self.flushes != flushes) and type(following) is _State:
                    # The states do not settle (the cache filled up, or this text keeps
                    # finding new ones): caching more would only cost. The rest of the
                    # text goes step by step.
                    if self.bounded():
                        return self._run_moves(following, chars)
                    return self._run_steps(following.pending, following.before, chars)
            if following is True:
                return True
            if following is False:
                return None
            state = following
        return True if self.matched_at_end(state) else None

    def _run_moves(self, state: _State, chars: Any) -> bool | None:
        """The rest of a text, each character a few shifts of the set of live character
        instructions: ``(accepted & mask) << d`` for each distance ``d`` an instruction's
        successors lie at (``_moves``). A repeat copies its body, so the distances are
        those of one copy, whatever the count; None when there are too many distances."""
        pending, before = state.pending, state.before
        infos, match = self._infos, self.match
        tables: Any = self._tables  # every context's is there (``bounded``)
        asserts, anchored = self.asserts, self.anchored
        accepted = -1  # none yet: the first character starts from the state
        for char in chars:
            info = infos.get(char)
            accepts, kind = info if info is not None else self._info(char)
            if accepted == -1:
                live = self._closed(pending, before, kind)
                if live & match:
                    return True
            else:
                context = before * 4 + kind if asserts else 0
                start, ends, forward, backward, gathers = tables[context]
                if accepted & ends or start & match:
                    return True
                live = start
                for mask, distance in forward:
                    live |= (accepted & mask) << distance
                for mask, distance in backward:
                    live |= (accepted & mask) >> distance
                for mask, rest in gathers:
                    if accepted & mask:
                        live |= rest
                if not live and anchored:
                    return None  # no attempt is alive, and none can begin
            accepted = live & accepts
            before = kind
        if accepted == -1:
            return True if self._closed(pending, before, _KIND_END) & match else None
        start, ends, *_ = tables[before * 4 + _KIND_END if asserts else 0]
        return True if accepted & ends or start & match else None

    def bounded(self) -> bool:
        """Whether every step can be made of at most ``_MAX_MOVES`` shifts and gathers
        (``_moves``, for every context a step may meet): then a character costs a few
        operations whatever the text. A pattern that is not (``(?:a|b[ab]|){300}``: each
        instruction goes on to hundreds of others) is refused (``compile_re2``)."""
        if not self.asserts:
            return self._moves(0) is not None
        return all(
            self._moves(before * 4 + kind) is not None
            for before in (_AFTER_WORD, _AFTER_NEWLINE, _AFTER_OTHER)
            for kind in (_KIND_END, _AFTER_WORD, _AFTER_NEWLINE, _AFTER_OTHER)
        )

    def _moves(self, context: int) -> tuple[Any, ...] | None:
        """Between the text before and a next character of a kind (``context``: before * 4
        + kind): the character and match instructions live where an attempt starts (none
        when anchored), the character instructions after which a match ends, and for each
        distance the instructions whose successors lie at it, as (mask, distance). None
        when there are too many distances, or successors to find (``_run_steps`` then).
        A distance many instructions share is one shift; the rest are "gathers": the
        instructions whose other successors are the same set, and that set."""
        key = context if self.asserts else 0
        if key in self._tables:
            return self._tables[key]
        self._tables[key] = None
        before, kind = divmod(context, 4)
        program, char_bits, match = self.program, self.chars, self.match
        budget = [_MAX_MEMO * 64]  # instructions visited finding the successors
        ends = 0
        successors: list[tuple[int, list[int]]] = []
        by_distance: dict[int, int] = {}
        for at in self.char_at:
            following = _successors(program, program[at][2], before, kind, budget)
            if following is None:
                return None
            if following & match:
                ends |= 1 << at
            targets = _bits(following & char_bits)
            successors.append((at, targets))
            for target in targets:
                by_distance[target - at] = by_distance.get(target - at, 0) | 1 << at
        # A distance many instructions share is one shift; what is left of each
        # instruction's successors, grouped by instruction with the same rest, is one
        # "gather" (the ends of an alternative's branches all go on to what follows it).
        shifts = {d: mask for d, mask in by_distance.items() if mask & (mask - 1)}
        gathers: dict[int, int] = {}
        for at, targets in successors:
            rest = 0
            for target in targets:
                if not (shifts.get(target - at, 0) >> at) & 1:
                    rest |= 1 << target
            if rest:
                gathers[rest] = gathers.get(rest, 0) | 1 << at
        if len(shifts) + len(gathers) > _MAX_MOVES:
            return None
        start = 0
        if not self.anchored:
            start = _successors(program, 0, before, kind, budget) or 0
        table = self._tables[key] = (
            start,
            ends,
            [(mask, d) for d, mask in shifts.items() if d >= 0],
            [(mask, -d) for d, mask in shifts.items() if d < 0],
            [(mask, rest) for rest, mask in gathers.items()],
        )
        return table

    def _run_steps(self, pending: int, before: int, chars: Any) -> bool | None:
        """The rest of a text, each character one step of the automaton on bit sets, with
        no state made or cached (``_step`` without the DFA)."""
        start = 0 if self.anchored else 1  # (an anchored attempt begins only at the start)
        char_bits, regular, irregular, match = self.chars, self.regular, self.irregular, self.match
        infos, closures, nexts = self._infos, self._closures, self._nexts
        asserts = self.asserts
        for char in chars:
            info = infos.get(char)
            accepts, kind = info if info is not None else self._info(char)
            pending |= start
            rest = pending & ~char_bits
            if rest:
                context = before * 4 + kind if asserts else 0
                found = closures.get((context, rest))
                if found is None:
                    found = self._close(rest, before, kind, context)
                pending = (pending & char_bits) | found
                if pending & match:
                    return True
            accepted = pending & accepts
            pending = (accepted & regular) << 1
            accepted &= irregular
            if accepted:
                targets = nexts.get(accepted)
                pending |= targets if targets is not None else self._targets(accepted)
            elif not pending and not start:
                return None  # anchored, and no attempt is alive
            before = kind
        pending |= start
        return True if self._closed(pending, before, _KIND_END) & match else None

    def matched_at_end(self, state: _State) -> bool:
        """Whether a match ends where the text ends, after ``state``."""
        return bool(self._closed(state.pending, state.before, _KIND_END) & self.match)

    def _info(self, char: str) -> tuple[int, int]:
        """The instructions that accept ``char`` (a mask) and its kind."""
        found = self._infos.get(char)
        if found is not None:
            return found
        kind = _AFTER_NEWLINE if char == "\n" else (_AFTER_WORD if _is_word(char) else _AFTER_OTHER)
        code = ord(char)
        key: tuple[int, ...] = (kind, _bisect(self.bounds, code))
        if self.fold:  # a folding instruction also asks about the character's other cases
            key += tuple(
                _bisect(self.bounds, ord(variant)) if len(variant) == 1 else -1
                for variant in (char.lower(), char.upper(), char.casefold())
            )
        mask = self._classes.get(key)
        if mask is None:
            mask = 0
            for low, high, bit in self._ranges:  # (one pass, no call per instruction)
                if low <= code <= high:
                    mask |= bit
            if self._folded:
                cases = (char.lower(), char.upper(), char.casefold())
                variants = {ord(case) for case in cases if len(case) == 1}
                variants.add(code)
                for low, high, bit in self._folded:
                    if any(low <= variant <= high for variant in variants):
                        mask |= bit
            for at in self._folding:
                if _accepts(self.program[at][1], char):
                    mask |= 1 << at
            self._classes[key] = mask  # at most a few per interval between bounds
        if len(self._infos) >= _MAX_MEMO:
            self._infos.clear()
        found = self._infos[char] = (mask, kind)
        return found

    def _closed(self, pending: int, before: int, kind: int) -> int:
        """The character and match instructions reachable from ``pending`` without
        reading, assertions decided between the text before and a character of ``kind``."""
        if not self.anchored or before == _AT_START:
            pending |= 1  # an attempt starts here (instruction 0)
        rest = pending & ~self.chars
        if not rest:
            return pending
        context = before * 4 + kind if self.asserts else 0
        found = self._closures.get((context, rest))
        if found is None:
            found = self._close(rest, before, kind, context)
        return (pending & self.chars) | found

    def _close(self, rest: int, before: int, kind: int, context: int) -> int:
        found = self._closure(rest, before, kind)
        if len(self._closures) >= _MAX_MEMO:
            self._closures.clear()
        self._closures[(context, rest)] = found
        return found

    def _targets(self, irregular: int) -> int:
        """Where the instructions of ``irregular`` go on to, having accepted a character."""
        targets = 0
        for at in _bits(irregular):
            targets |= 1 << self.program[at][2]
        if len(self._nexts) >= _MAX_MEMO:
            self._nexts.clear()
        self._nexts[irregular] = targets
        return targets

    def _closure(self, rest: int, before: int, kind: int) -> int:
        program = self.program
        pending = _bits(rest)
        seen: set[int] = set()
        found = 0
        while pending:
            at = pending.pop()
            if at in seen:
                continue
            seen.add(at)
            instruction = program[at]
            op = instruction[0]
            if op in (_CHAR, _MATCH):
                found |= 1 << at
            elif op == _SPLIT:
                pending.extend(instruction[1])
            elif _holds(instruction[1], before, kind):
                pending.append(instruction[2])
        return found

    def _step(self, state: _State, char: str) -> Any:
        accepts, kind = self._info(char)
        closed = self._closed(state.pending, state.before, kind)
        if closed & self.match:
            following: Any = True
        else:
            accepted = closed & accepts
            pending = (accepted & self.regular) << 1
            irregular = accepted & self.irregular
            if irregular:
                targets = self._nexts.get(irregular)
                pending |= targets if targets is not None else self._targets(irregular)
            # Anchored, with no attempt alive: none can begin any more.
            following = False if not pending and self.anchored else self._state(pending, kind)
        if self.transitions >= _MAX_TRANSITIONS:
            self._flush()  # the states already made stay usable; only the cache is new
        self.transitions += 1
        state[char] = following
        return following


def _successors(
    program: list[list[Any]], at: int, before: int, kind: int, budget: list[int]
) -> int | None:
    """The character and match instructions reachable from ``at`` without reading,
    assertions decided between the text ``before`` and a character of ``kind``; None once
    ``budget`` instructions have been visited."""
    pending = [at]
    seen: set[int] = set()
    found = 0
    while pending:
        at = pending.pop()
        if at in seen:
            continue
        seen.add(at)
        budget[0] -= 1
        if budget[0] < 0:
            return None
        instruction = program[at]
        op = instruction[0]
        if op == _SPLIT:
            pending.extend(instruction[1])
        elif op != _ASSERT:
            found |= 1 << at
        elif _holds(instruction[1], before, kind):
            pending.append(instruction[2])
    return found


def _bits(mask: int) -> list[int]:
    """The positions of the set bits of ``mask``."""
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def _bisect(bounds: list[int], code: int) -> int:
    """How many of the sorted ``bounds`` are at most ``code``: characters with the same
    answer fall in the same ranges of every instruction."""
    low, high = 0, len(bounds)
    while low < high:
        middle = (low + high) // 2
        if bounds[middle] <= code:
            low = middle + 1
        else:
            high = middle
    return low


def _holds(kind: str, before: int, char_kind: int) -> bool:
    """Whether an assertion holds between the text before and a character of
    ``char_kind`` (``_KIND_END``: the end of the text)."""
    if kind == "begin_text":
        return before == _AT_START
    if kind == "begin_line":
        return before in (_AT_START, _AFTER_NEWLINE)
    if kind == "end_text":
        return char_kind == _KIND_END
    if kind == "end_line":
        return char_kind in (_KIND_END, _AFTER_NEWLINE)
    boundary = (before == _AFTER_WORD) != (char_kind == _AFTER_WORD)
    return boundary if kind == "word" else not boundary


def _starts_anchored(tree: tuple[Any, ...]) -> bool:
    first = tree[1][0] if tree[0] == "concat" else tree
    return bool(first == ("assert", "begin_text"))


# -- when backtracking is safe ----------------------------------------------------------------


def _linear_under_backtracking(tree: tuple[Any, ...]) -> bool:
    """Whether Python's backtracking ``re.search`` runs in time linear in the text.

    Conservative: each top-level alternative must be a sequence of
    - items whose ways to match are few (no unbounded repeat; together at most
      ``_MAX_PATHS`` ways): each starting position costs a bounded amount;
    - unbounded repeats of one character class X *guarded* on both sides: the items just
      before and just after are character classes disjoint from X (``rm\\s+-rf``). The
      repeat can only end at the end of a run of X, so trying its lengths fails at once on
      each; and a run of X begins after a character not in X, so the runs tried from
      different starting positions do not overlap;
    - and, last, one unbounded repeat of a character class followed only by ``*`` repeats
      of character classes (``git push.*``): once it is reached, the match succeeds.
    A neighbour may be an alternation or a sequence whose first (after) or last (before)
    characters are such a class (``drop\\s+(table|database)``). Case-insensitive classes
    count as the plain class of every character they accept (``_effective``).
    """
    branches = tree[1] if tree[0] == "alt" else (tree,)
    return all(_branch_linear(branch) for branch in branches)


def _branch_linear(branch: tuple[Any, ...]) -> bool:
    items = list(branch[1]) if branch[0] == "concat" else [branch]
    paths = 1
    width = 0
    for at, item in enumerate(items):
        if not _translatable(item):
            return False
        if item[0] == "repeat" and item[3] is None:
            if item[1][0] != "chars":
                return False
            before = _edge_chars(items[at - 1], last=True) if at > 0 else None
            after = _edge_chars(items[at + 1], last=False) if at + 1 < len(items) else None
            if _disjoint(before, item[1]) and _disjoint(after, item[1]):
                continue
            if all(_star(rest) for rest in items[at + 1 :]):
                break
            return False
        paths *= _paths(item)
        width += _width(item)
        if paths * max(width, 1) > _MAX_WORK:
            return False
    return True


def _star(item: tuple[Any, ...]) -> bool:
    return item[0] == "repeat" and item[1][0] == "chars" and item[2] == 0 and item[3] is None


def _disjoint(neighbour: _Ranges | None, repeated: tuple[Any, ...]) -> bool:
    ranges = _effective(repeated)
    return neighbour is not None and ranges is not None and not _overlap(neighbour, ranges)


def _edge_chars(node: tuple[Any, ...], *, last: bool) -> _Ranges | None:
    """The characters a node's match must start (or, ``last``, end) with, when they are
    known: a class; an alternation's branches' together; a sequence's first (last) item's;
    a repeat's item's, at least once. None where the node may match nothing or begins with
    an assertion."""
    tag = node[0]
    if tag == "chars":
        return _effective(node)
    if tag == "concat" and node[1]:
        return _edge_chars(node[1][-1 if last else 0], last=last)
    if tag == "repeat" and node[2] >= 1:  # `\s+`: at least one, so it begins with one
        return _edge_chars(node[1], last=last)
    if tag == "alt":
        edges = [_edge_chars(branch, last=last) for branch in node[1]]
        if any(edge is None for edge in edges):
            return None
        return _normalize([pair for edge in edges for pair in edge or ()])
    return None


# Code points outside ASCII one of whose cases (``lower``, ``upper``, ``casefold``, when one
# character) is in ASCII. With them, a case-insensitive class of ASCII characters is a
# plain class (tests/backends/test_regex.py scans every code point to keep this complete).
_FOLDS_INTO_ASCII = (0x131, 0x17F, 0x212A)


def _effective(node: tuple[Any, ...]) -> _Ranges | None:
    """The characters a class accepts, as plain ranges: case folding spelled out where the
    class is within ASCII (``(?i)k`` is ``[Kk\\u212a]``); None beyond (not translated)."""
    _, ranges, negated, fold = node
    if not fold:
        return ranges  # type: ignore[no-any-return]
    if ranges and ranges[-1][1] > 0x7F:
        return None
    plain = ("chars", ranges, False, True)
    accepted = [
        (code, code) for code in (*range(0x80), *_FOLDS_INTO_ASCII) if _accepts(plain, chr(code))
    ]
    folded = _normalize(accepted)
    return _complement(folded) if negated else folded


def _overlap(first: _Ranges, second: _Ranges) -> bool:
    i = j = 0
    while i < len(first) and j < len(second):
        if first[i][1] < second[j][0]:
            i += 1
        elif second[j][1] < first[i][0]:
            j += 1
        else:
            return True
    return False


def _paths(node: tuple[Any, ...]) -> int:
    """How many ways backtracking may try through a node (capped past _MAX_PATHS)."""
    tag = node[0]
    if tag == "concat":
        total = 1
        for item in node[1]:
            total = min(total * _paths(item), _MAX_PATHS + 1)
        return total
    if tag == "alt":
        return min(sum(_paths(branch) for branch in node[1]), _MAX_PATHS + 1)
    if tag == "repeat":
        _, item, low, high = node
        if high is None:
            return _MAX_PATHS + 1
        inner = _paths(item)
        total = 0
        for count in range(low, high + 1):
            total += min(inner**count if inner > 1 else 1, _MAX_PATHS + 1)
            if total > _MAX_PATHS:
                return _MAX_PATHS + 1
        return max(total, 1)
    return 1


def _size(node: tuple[Any, ...]) -> int:
    """Instructions of the automaton, about (capped past _MAX_PROGRAM)."""
    tag = node[0]
    if tag in ("concat", "alt"):
        return min(sum(_size(child) for child in node[1]) + 1, _MAX_PROGRAM + 1)
    if tag == "repeat":
        _, item, low, high = node
        return min(_size(item) * max(int(low), int(high or 0), 1) + 1, _MAX_PROGRAM + 1)
    return 1


def _width(node: tuple[Any, ...]) -> int:
    """The most characters a node without unbounded repeats matches (capped)."""
    tag = node[0]
    if tag == "chars":
        return 1
    if tag == "concat":
        return min(sum(_width(item) for item in node[1]), _MAX_PROGRAM)
    if tag == "alt":
        return max(_width(branch) for branch in node[1])
    if tag == "repeat":
        return min(
            _width(node[1]) * (node[3] if node[3] is not None else _MAX_PROGRAM), _MAX_PROGRAM
        )
    return 0


def _translatable(node: tuple[Any, ...]) -> bool:
    tag = node[0]
    if tag == "chars":
        return _effective(node) is not None
    if tag in ("concat", "alt"):
        return all(_translatable(child) for child in node[1])
    if tag == "repeat":
        return _translatable(node[1])
    return True


_PYTHON_ASSERTS = {
    "begin_text": r"\A",
    "end_text": r"\Z",
    "begin_line": "(?m:^)",
    "end_line": "(?m:$)",
    "word": r"(?a:\b)",
    # Python's \B never matches in an empty text; RE2's does (no word boundary there).
    "not_word": r"(?:(?a:\B)|\A\Z)",
}


def to_python(node: tuple[Any, ...]) -> str:
    """Python ``re`` syntax with the same meaning (for trees ``_translatable``)."""
    tag = node[0]
    if tag == "chars":
        ranges = _effective(node)
        assert ranges is not None, "a case-folded class beyond ASCII is not translated"
        if len(ranges) == 1 and ranges[0][0] == ranges[0][1]:
            return re.escape(chr(ranges[0][0]))
        # Python's own `.` (all but \n) and any character: its fastest opcodes.
        if ranges == ((0, 9), (11, _MAX_CODE)):
            return "."
        if ranges == ((0, _MAX_CODE),):
            return "(?s:.)"
        if not ranges:
            return r"[^\x00-\U0010ffff]"
        if ranges[-1][1] == _MAX_CODE:
            # Written as what it leaves out (`.` is `[^\n]`): `re` makes a class that reaches
            # the last code point in milliseconds (a bitmap of every code point), and one
            # that leaves a few out in microseconds.
            left_out = _complement(ranges)
            return f"[^{_python_ranges(left_out)}]" if left_out else "(?s:.)"
        return f"[{_python_ranges(ranges)}]"
    if tag == "assert":
        return _PYTHON_ASSERTS[node[1]]
    if tag == "empty":
        return ""
    if tag == "concat":
        return "".join(to_python(item) for item in node[1])
    if tag == "alt":
        return "(?:" + "|".join(to_python(branch) for branch in node[1]) + ")"
    _, item, low, high = node
    count = {(0, None): "*", (1, None): "+", (0, 1): "?"}.get((low, high))
    if count is None:
        count = f"{{{low},}}" if high is None else f"{{{low},{high}}}"
    inner = to_python(item)
    if item[0] == "chars" and (len(inner) <= 2 or inner.startswith("[") or inner == "(?s:.)"):
        return inner + count  # one character: no group needed
    return f"(?:{inner}){count}"


def _bounded(found: LinearPattern) -> LinearPattern:
    """The linear engine's pattern, refused where a step of its automaton could take more
    than ``_MAX_MOVES`` moves: the work per character of text is bounded. (A pattern Python's
    ``re`` runs on short texts falls back to it on long ones, so it is held to this too.)"""
    if len(found._search.program) > _SMALL_PROGRAM and not found._search.bounded():
        raise RegexSyntaxError(
            f"pattern too complex: a step of its automaton would take more than {_MAX_MOVES} "
            "moves (optional or alternative parts repeated many times); hookc bounds the "
            "work per character of text"
        )
    return found


def _python_ranges(ranges: _Ranges) -> str:
    return "".join(
        f"\\U{low:08x}" if low == high else f"\\U{low:08x}-\\U{high:08x}" for low, high in ranges
    )


def compile_re2(pattern: str, *, whole: bool = False) -> Any:
    """The pattern ready to run: a ``re.Pattern`` where backtracking is provably linear, a
    ``GatedPattern`` where it is polynomial, else a ``LinearPattern``. ``whole``: only
    ``fullmatch`` is used (globs), which tries one starting position. Raises
    RegexSyntaxError. Cached, as ``parse``."""
    return _compile_re2(pattern, whole)


@functools.lru_cache(maxsize=512)
def _compile_re2(pattern: str, whole: bool) -> Any:
    tree = parse(pattern)
    if _size(tree) > _MAX_PROGRAM:
        raise RegexSyntaxError(
            f"pattern too large: more than {_MAX_PROGRAM} steps once its repeats are spelled out"
        )
    limit = _engine(tree, whole)
    if limit == _ANY_LENGTH:
        return re.compile(to_python(tree))
    found = _bounded(LinearPattern(tree, pattern))
    if limit is None:
        return found
    return GatedPattern(re.compile(to_python(tree)), limit, found)


_ANY_LENGTH = -1


def _engine(tree: tuple[Any, ...], whole: bool) -> int | None:
    """Which engine runs a pattern, from its shape alone: ``_ANY_LENGTH`` (Python's ``re``,
    backtracking proved linear), a length (``re`` on texts up to it, backtracking proved
    polynomial), or None (the linear engine)."""
    if _fullmatch_linear(tree) if whole else _linear_under_backtracking(tree):
        return _ANY_LENGTH
    if not _translatable(tree) or _bounded_paths(tree) * _bounded_width(tree) > _MAX_WORK:
        return None  # the bounded part alone may cost too much per start
    one_start = whole or _starts_anchored(tree)
    degree = 0
    for branch in tree[1] if tree[0] == "alt" else (tree,):
        found = _degree(_items(branch)) if one_start else _search_degree(_items(branch))
        if found is None:
            return None
        degree = max(degree, found)
    if degree <= 1:
        return _ANY_LENGTH  # linear: the steps grow as n
    limit = round(_RE_BUDGET ** (1 / degree)) - 1
    while (limit + 1) ** degree > _RE_BUDGET:
        limit -= 1
    return limit if limit >= _MIN_GATE else None


def _search_degree(items: list[tuple[Any, ...]]) -> int | None:
    """``_degree`` over every start of a search. In general one more than from one start;
    but where the first repeat that may try several lengths (a class repeat not followed by
    a disjoint class) follows a class disjoint from its own, after nothing but bounded
    items and guarded repeats, each run of its class is entered at its beginning only, by
    a bounded number of starts: the runs tried, over all starts, add up to n, and the degree
    is the one from that repeat on (``git\\s+push\\s+.*x``: 2, not 3)."""
    whole = _degree(items)
    if whole is None:
        return None
    for at, item in enumerate(items):
        if item[0] == "repeat" and item[3] is None and item[1][0] == "chars":
            after = _edge_chars(items[at + 1], last=False) if at + 1 < len(items) else None
            before = _edge_chars(items[at - 1], last=True) if at > 0 else None
            if not _disjoint(after, item[1]):  # the first that may try several lengths
                entered_once = _disjoint(before, item[1])
                return _degree(items[at:]) if entered_once else whole + 1
            if not _disjoint(before, item[1]):
                return whole + 1
        elif _unbounded(item) != 0:
            return whole + 1
    return whole + 1


class GatedPattern:
    """Python's ``re`` on texts up to ``limit`` characters (where its backtracking, at most
    ``(n + 1) ** degree`` steps, stays within ``_RE_BUDGET``), the linear engine past it."""

    __slots__ = ("_linear", "_re", "limit", "pattern")

    def __init__(self, compiled: Any, limit: int, linear: LinearPattern) -> None:
        self.pattern = linear.pattern
        self.limit = limit
        self._re = compiled
        self._linear = linear  # built anyway, to hold its cost per character to the bound

    def __repr__(self) -> str:
        return f"GatedPattern({self.pattern!r}, {self.limit})"

    def search(self, text: str) -> Any:
        if len(text) <= self.limit:
            return self._re.search(text)
        return self._linear.search(text)

    def fullmatch(self, text: str) -> Any:
        if len(text) <= self.limit:
            return self._re.fullmatch(text)
        return self._linear.fullmatch(text)


def _items(node: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    if node[0] == "concat":
        return list(node[1])
    if node[0] == "repeat" and node[3] is not None:
        return [node[1]] * node[3]  # a bounded repeat: at most `high` copies in a row
    return [node]


def _degree(items: list[tuple[Any, ...]]) -> int | None:
    """The degree in n of the steps backtracking takes through a sequence from one start:
    from the end, an item costs its own scan and multiplies what follows by the lengths it
    may try. A repeat of a class followed by a disjoint class may try one length only (the
    others fail at once), an unguarded one n + 1. None: a repeat of more than one class
    (possibly exponential: the linear engine)."""
    degree = 0
    for at in range(len(items) - 1, -1, -1):
        item = items[at]
        tag = item[0]
        if tag == "repeat" and item[3] is None:
            if item[1][0] != "chars":
                return None
            after = _edge_chars(items[at + 1], last=False) if at + 1 < len(items) else None
            degree = max(1, degree + (0 if _disjoint(after, item[1]) else 1))
        elif tag in ("concat", "alt", "repeat"):
            inner, ways = 0, 0
            for branch in item[1] if tag == "alt" else (item,):
                branch_degree, branch_ways = _degree(_items(branch)), _unbounded(branch)
                if branch_degree is None or branch_ways is None:
                    return None
                inner, ways = max(inner, branch_degree), ways + branch_ways
            degree = max(inner, ways + degree)
    return degree


def _unbounded(node: tuple[Any, ...]) -> int | None:
    """How many unbounded repeats a match of the node may pass through (each multiplies
    the ways through it by n + 1)."""
    tag = node[0]
    if tag in ("concat", "alt"):
        counts = [_unbounded(child) for child in node[1]]
        return None if None in counts else sum(counts)  # type: ignore[arg-type]
    if tag == "repeat":
        if node[3] is None:
            return 1 if node[1][0] == "chars" else None
        inner = _unbounded(node[1])
        return None if inner is None else inner * node[3]
    return 0


def _bounded_width(node: tuple[Any, ...]) -> int:
    """``_width``, an unbounded repeat counted as one character (capped)."""
    tag = node[0]
    if tag == "repeat":
        inner = _bounded_width(node[1])
        return inner if node[3] is None else min(inner * node[3], _MAX_PROGRAM)
    if tag == "concat":
        return min(sum(_bounded_width(item) for item in node[1]), _MAX_PROGRAM)
    if tag == "alt":
        return max(_bounded_width(branch) for branch in node[1])
    return 1 if tag == "chars" else 0


def _bounded_paths(node: tuple[Any, ...]) -> int:
    """``_paths``, an unbounded repeat of a class counted as one way (``_degree`` counts
    its lengths)."""
    tag = node[0]
    if tag == "repeat" and node[3] is None and node[1][0] == "chars":
        return 1
    if tag == "concat":
        total = 1
        for item in node[1]:
            total = min(total * _bounded_paths(item), _MAX_PATHS + 1)
        return total
    if tag == "alt":
        return min(sum(_bounded_paths(branch) for branch in node[1]), _MAX_PATHS + 1)
    if tag == "repeat" and node[3] is not None:
        inner = _bounded_paths(node[1])
        total = 0
        for count in range(node[2], node[3] + 1):
            total += min(inner**count if inner > 1 else 1, _MAX_PATHS + 1)
            if total > _MAX_PATHS:
                return _MAX_PATHS + 1
        return max(total, 1)
    return _paths(node)


def _fullmatch_linear(tree: tuple[Any, ...]) -> bool:
    """One attempt, at the start: linear with at most one unbounded repeat (of one class,
    at the top level) and few ways through the rest."""
    items = list(tree[1]) if tree[0] == "concat" else [tree]
    if not all(_translatable(item) for item in items):
        return False
    unbounded = [item for item in items if item[0] == "repeat" and item[3] is None]
    if len(unbounded) > 1 or any(item[1][0] != "chars" for item in unbounded):
        return False
    paths = 1
    width = 0
    for item in items:
        if not (item[0] == "repeat" and item[3] is None):
            paths = min(paths * _paths(item), _MAX_PATHS + 1)
            width += _width(item)
    return paths * max(width, 1) <= _MAX_WORK
