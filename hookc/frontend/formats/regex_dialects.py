"""Other tools' regular expressions as patterns of hookc's ``matches`` (RE2 syntax, matched
in linear time: ``hookc/runtime/regex.py``) with the same meaning.

Claude Code tests a matcher with JavaScript's ``RegExp`` (no flags, so no ``u``: patterns
read UTF-16 code units, and Annex B's lenient syntax applies); docker-agent compiles it
with Go's ``regexp`` (RE2 syntax). Where RE2 reads the same text otherwise, the pattern is
rewritten:

- ``$`` ends the input in both tools (no multi-line flag): it becomes ``\\z``.
- ``\\d``, ``\\w``, ``\\b`` are ASCII in both, as in RE2: ``[0-9]``, ``[0-9A-Za-z_]``,
  ``\\b``. ``\\s`` is JavaScript's Unicode white space or Go's ``[\\t\\n\\f\\r ]``, spelled
  out.
- JavaScript's ``.`` excludes ``\\r``, U+2028 and U+2029 as well as ``\\n``; ``[^]`` is any
  character and ``[]`` none; an escaped letter with no meaning is the letter itself
  (``\\A``, ``\\Z``, ``\\z``, ``\\e`` are ``A``, ``Z``, ``z``, ``e``); ``{`` that does not
  start a repeat count is a literal brace (as in RE2: ``{,3}`` is text);
  ``(?<name>`` is ``(?P<name>``.
- Go's flags may be set anywhere (``a(?i)b``) and last to the end of the group; they are
  written as a scoped ``(?i:...)`` group. ``\\z`` is
  ``\\Z``; ``\\Q...\\E`` quotes; ``[[:alpha:]]`` classes are spelled out.

Each tool also refuses patterns RE2 accepts, or accepts ones it refuses (JavaScript:
possessive repeats, atomic groups, inline flags; Go: look-arounds, backreferences,
``\\Z``): those are invalid here too, with the tool's reason. A construct hookc cannot say
in RE2 (JavaScript's look-arounds and backreferences, which need backtracking; Unicode
property classes, ``\\S`` inside a class) is reported as such rather than guessed.
Known limit: JavaScript counts a character outside the Basic Multilingual Plane as two
code units, so ``.`` does not match one whole; no tool or event value has one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hookc.runtime.regex import RegexSyntaxError, compile_re2

# JavaScript's \s: WhiteSpace and LineTerminator (ECMA-262 §22.2.2.9, CharacterClassEscape).
JS_SPACE = (
    "\\t\\n\\x0b\\f\\r \\xa0\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}"
    "\\x{205f}\\x{3000}\\x{feff}"
)
GO_SPACE = "\\t\\n\\f\\r "
WORD = "0-9A-Za-z_"
_JS_DOT = "[^\\n\\r\\x{2028}\\x{2029}]"
_REPEAT = re.compile(r"\{([0-9]+)(,([0-9]*))?\}")
_POSIX = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "ascii": "\\x00-\\x7f",
    "blank": "\\t ",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": "\\t\\n\\x0b\\f\\r ",
    "upper": "A-Z",
    "word": WORD,
    "xdigit": "0-9A-Fa-f",
}
_GO_FLAGS = set("imsU")
_NEEDS_BACKTRACKING = (
    "hookc cannot translate {}: hookc matches in linear time (RE2), and they need backtracking"
)
_GO_REPEAT_LIMIT = 1000


@dataclass(frozen=True, slots=True)
class Translated:
    """An RE2 pattern of the same meaning, or why there is none: ``invalid`` when the
    tool itself rejects the pattern, else hookc cannot say it in RE2."""

    pattern: str | None
    problem: str | None = None
    invalid: bool = False


class _Refused(Exception):
    def __init__(self, message: str, invalid: bool = True) -> None:
        super().__init__(message)
        self.message, self.invalid = message, invalid


def javascript(pattern: str) -> Translated:
    """``new RegExp(pattern)`` (no flags) as an RE2 pattern."""
    return _translate(_JavaScript(pattern))


def go(pattern: str) -> Translated:
    """Go's ``regexp.Compile(pattern)`` as an RE2 pattern."""
    return _translate(_Go(pattern))


def _translate(reader: _Dialect) -> Translated:
    try:
        text = reader.translate()
    except _Refused as refused:
        return Translated(None, refused.message, refused.invalid)
    try:
        compile_re2(text)
    except RegexSyntaxError as exc:
        return Translated(None, f"invalid regular expression: {exc}", True)
    if reader.untranslatable is not None:
        return Translated(None, reader.untranslatable, False)
    return Translated(text)


class _Dialect:
    """What both dialects share: a left-to-right reader writing RE2 text."""

    name = ""
    dot = "."

    def __init__(self, pattern: str) -> None:
        self.text = pattern
        self.at = 0
        self.out: list[str] = []
        self.closed = 0  # capturing groups closed so far
        self.stack: list[bool] = []  # per open group: whether it captures
        self.openers: list[str] = []  # per open group: how it opened, in Python
        # Per group level (0 the whole pattern): the inline flags set in it so far, each
        # written as a scoped group that closes before a `|` and at the group's end.
        self.scopes: list[list[str]] = [[]]
        self.repeatable = False  # whether a repeat may follow what was written last
        self.untranslatable: str | None = None

    def translate(self) -> str:
        while self.at < len(self.text):
            self.step()
        if self.stack:
            raise _Refused(f"invalid regular expression: missing `)` ({self.name})")
        return "".join(self.out) + ")" * len(self.scopes[0])

    def multiline(self) -> bool:
        """Whether Go's `m` flag is on here (`^` and `$` then match at line ends)."""
        on = False
        for flags in (flags for level in self.scopes for flags in level):
            set_on, _, set_off = flags.partition("-")
            on = (on or "m" in set_on) and "m" not in set_off
        return on

    def cannot(self, what: str) -> str:
        """Note a construct hookc cannot say in Python, and stand in for it with one
        character, so that the rest of the pattern is still read: a pattern the tool
        refuses is reported as invalid whatever hookc can translate."""
        self.untranslatable = self.untranslatable or f"hookc cannot translate {what}"
        return "_"

    def emit(self, text: str, repeatable: bool = True) -> None:
        self.out.append(text)
        self.repeatable = repeatable

    def open(self, python: str, capturing: bool) -> None:
        self.stack.append(capturing)
        self.openers.append(python)
        self.scopes.append([])
        self.emit(python, repeatable=False)

    def close_group(self) -> None:
        if not self.stack:
            raise _Refused("invalid regular expression: unmatched `)`")
        self.closed += self.stack.pop()
        # A look-behind cannot be repeated (JavaScript refuses `(?<=a)?`; Python allows it).
        repeatable = not self.openers.pop().startswith(("(?<=", "(?<!"))
        self.emit(")" * len(self.scopes.pop()) + ")", repeatable)

    def step(self) -> None:
        char = self.text[self.at]
        self.at += 1
        if char == "\\":
            self.escape()
        elif char == "[":
            self.emit(self.character_class())
        elif char == "(":
            self.open_group()
        elif char == ")":
            self.close_group()
        elif char in "*+?":
            self.repeat(char)
        elif char == "{":
            match = _REPEAT.match(self.text, self.at - 1)
            if match is None:
                self.emit("\\{")
            else:
                self.at = match.end()
                self.check_count(match)
                self.repeat(match.group(0))
        elif char == "$":
            self.emit("$" if self.multiline() else "\\z", repeatable=False)
        elif char == "^":
            self.emit("^", repeatable=False)
        elif char == ".":
            self.emit(self.dot)
        elif char == "|":
            scoped = self.scopes[-1]
            reopen = "".join(f"(?{flags}:" for flags in scoped)
            self.emit(")" * len(scoped) + "|" + reopen, repeatable=False)
        else:
            self.emit(_literal(ord(char)))

    def repeat(self, operator: str) -> None:
        if not self.repeatable:
            raise _Refused(f"invalid regular expression: nothing to repeat before `{operator}`")
        lazy = self.text[self.at : self.at + 1] == "?"
        self.at += lazy
        self.emit(operator + ("?" if lazy else ""), repeatable=False)
        following = self.text[self.at : self.at + 1]
        if following in ("*", "+", "?") or (following == "{" and _REPEAT.match(self.text, self.at)):
            raise _Refused(
                f"invalid regular expression: a repeat cannot follow a repeat ({self.name})"
            )

    def check_count(self, match: re.Match[str]) -> None:
        low, high = int(match.group(1)), match.group(3)
        if high and int(high) < low:
            raise _Refused("invalid regular expression: numbers out of order in a repeat")

    def class_items(self, empty_closes: bool) -> tuple[bool, list[str | None]]:
        """The items of a class up to its `]`, each RE2 class text, `None` for a `-`;
        and whether the class is negated. ``empty_closes``: a `]` right after `[` or `[^`
        ends the class (JavaScript) instead of being a literal (Go, Python)."""
        negated = self.text[self.at : self.at + 1] == "^"
        self.at += negated
        items: list[str | None] = []
        while True:
            if self.at >= len(self.text):
                raise _Refused("invalid regular expression: missing `]`")
            char = self.text[self.at]
            self.at += 1
            if char == "]" and (items or empty_closes):
                return negated, items
            if char == "\\":
                if self.at >= len(self.text):
                    raise _Refused("invalid regular expression: `\\` at end of pattern")
                items.append(self.class_escape())
            elif char == "[" and self.text[self.at : self.at + 1] == ":":
                items.append(self.posix_class())
            elif char == "-":
                items.append(None)
            else:
                items.append(_literal(ord(char)))

    def join_class(self, negated: bool, items: list[str | None]) -> str:
        """RE2 class text: a `-` between two single characters is a range, anywhere
        else a literal `-`."""
        parts: list[str] = []
        index = 0
        while index < len(items):
            item = items[index]
            following = items[index + 1] if index + 1 < len(items) else None
            if (
                item is None
                and parts
                and following is not None
                and _single(parts[-1])
                and _single(following)
            ):
                if _code(parts[-1]) > _code(following):
                    raise _Refused("invalid regular expression: range out of order in a class")
                parts.append("-" + following)
                index += 2
                continue
            parts.append("\\-" if item is None else item)
            index += 1
        return "[" + ("^" if negated else "") + "".join(parts) + "]"

    def posix_class(self) -> str:
        return "\\["

    def open_group(self) -> None:
        raise NotImplementedError

    def escape(self) -> None:
        raise NotImplementedError

    def character_class(self) -> str:
        raise NotImplementedError

    def class_escape(self) -> str:
        raise NotImplementedError


_ONE_CHARACTER = re.compile(r"(?s:.)|\\(?s:.)|\\x\{[0-9a-f]+\}")


def _single(text: str) -> bool:
    """Whether class text stands for one character (so that it can bound a range)."""
    return _ONE_CHARACTER.fullmatch(text) is not None


def _code(text: str) -> int:
    if len(text) == 1:
        return ord(text)
    if text.startswith("\\x{"):
        return int(text[3:-1], 16)
    return ord(text[1])


def _literal(code: int) -> str:
    """One character as RE2 pattern text: ASCII punctuation escaped, control and invisible
    ones as ``\\x{..}``."""
    char = chr(code)
    if char == " ":
        return char
    if not char.isprintable():
        return f"\\x{{{code:x}}}"
    if char.isascii() and not char.isalnum() and char != "_":
        return "\\" + char
    return char


class _JavaScript(_Dialect):
    name = "JavaScript"
    dot = _JS_DOT

    def __init__(self, pattern: str) -> None:
        super().__init__(pattern)
        blanked = _without_escapes(pattern)
        self.total_groups = len(re.findall(r"\((?!\?)|\(\?<(?![=!])", blanked))
        self.named = re.search(r"\(\?<(?![=!])", blanked) is not None

    def open_group(self) -> None:
        rest = self.text[self.at :]
        if rest.startswith("?:"):
            self.at += 2
            self.open("(?:", capturing=False)
            return
        for opener in ("?=", "?!", "?<=", "?<!"):
            if rest.startswith(opener):
                raise _Refused(_NEEDS_BACKTRACKING.format(f"look-arounds `({opener}`"), False)
        if rest.startswith("?<"):
            match = re.match(r"\?<([A-Za-z_$][A-Za-z0-9_$]*)>", rest)
            if match is None or "$" in match.group(1):
                raise _Refused("invalid regular expression: invalid group name")
            self.at += match.end()
            self.open(f"(?P<{match.group(1)}>", capturing=True)
            return
        if rest.startswith("?"):
            raise _Refused(
                f"invalid regular expression: invalid group `(?{rest[1:2]}` "
                "(JavaScript has no inline flags, atomic groups or `(?P`)"
            )
        self.open("(", capturing=True)

    def escape(self) -> None:
        if self.at >= len(self.text):
            raise _Refused("invalid regular expression: `\\` at end of pattern")
        char = self.text[self.at]
        self.at += 1
        classes = {
            "d": "[0-9]",
            "D": "[^0-9]",
            "w": f"[{WORD}]",
            "W": f"[^{WORD}]",
            "s": f"[{JS_SPACE}]",
            "S": f"[^{JS_SPACE}]",
        }
        if char in classes:
            self.emit(classes[char])
        elif char in "bB":
            self.emit(f"\\{char}", repeatable=False)
        elif char in "123456789":
            digits = re.match(r"[0-9]+", self.text[self.at - 1 :])  # ASCII digits only
            number = int(digits.group(0)) if digits else 0
            if number <= self.total_groups:
                raise _Refused(_NEEDS_BACKTRACKING.format("backreferences"), invalid=False)
            elif char in "1234567":  # Annex B: an octal escape
                self.emit(self.octal(char))
            else:  # Annex B: the digit itself
                self.emit(char)
        elif char == "k" and self.named:
            match = re.match(r"<([A-Za-z_][A-Za-z0-9_]*)>", self.text[self.at :])
            if match is None:
                raise _Refused("invalid regular expression: invalid named reference")
            raise _Refused(_NEEDS_BACKTRACKING.format("backreferences"), invalid=False)
        else:
            self.emit(self.character_escape(char))

    def octal(self, first: str) -> str:
        match = re.match(r"[0-7]{0,2}", self.text[self.at :])
        digits = first + (match.group(0) if match else "")
        if int(digits, 8) > 0o377:
            digits = digits[:2]
        self.at += len(digits) - 1
        return _literal(int(digits, 8))

    def character_escape(self, char: str) -> str:
        """An escape that stands for one character, as class-safe RE2 text."""
        simple = {"n": 10, "r": 13, "t": 9, "f": 12, "v": 11}
        if char in simple:
            return _literal(simple[char])
        if char == "0":
            return self.octal("0")
        if char == "x":
            match = re.match(r"[0-9a-fA-F]{2}", self.text[self.at :])
            if match is None:
                return "x"
            self.at += 2
            return _literal(int(match.group(0), 16))
        if char == "u":
            match = re.match(r"[0-9a-fA-F]{4}", self.text[self.at :])
            if match is None:
                return "u"
            self.at += 4
            return _literal(int(match.group(0), 16))
        if char == "c":
            following = self.text[self.at : self.at + 1]
            if following.isascii() and following.isalpha():
                self.at += 1
                return _literal(ord(following) % 32)
            return "\\\\c"  # Annex B: a backslash and a `c`
        return _literal(ord(char))  # an identity escape: the character itself

    def character_class(self) -> str:
        if self.text.startswith("]", self.at):  # [] matches nothing
            self.at += 1
            return "[^\\x00-\\x{10ffff}]"
        if self.text.startswith("^]", self.at):  # [^] matches any character
            self.at += 2
            return "(?s:.)"
        negated, items = self.class_items(empty_closes=True)
        return self.join_class(negated, items)

    def class_escape(self) -> str:
        char = self.text[self.at]
        self.at += 1
        sets = {"d": "0-9", "w": WORD, "s": JS_SPACE}
        if char in sets:
            return sets[char]
        if char in "DWS":
            return self.cannot(f"`\\{char}` inside a class")
        if char == "b":
            return _literal(8)
        if char in "1234567":  # Annex B: an octal escape
            return self.octal(char)
        return self.character_escape(char)


class _Go(_Dialect):
    name = "Go"

    def open_group(self) -> None:
        rest = self.text[self.at :]
        if rest.startswith("?:"):
            self.at += 2
            self.open("(?:", capturing=False)
            return
        match = re.match(r"\?P?<([A-Za-z0-9_]+)>", rest)
        if match:
            self.at += match.end()
            self.open(f"(?P<{match.group(1)}>", capturing=True)
            return
        match = re.match(r"\?([a-zA-Z]*)(?:-([a-zA-Z]*))?([:)])", rest)
        if match:
            self.flags(match)
            return
        if rest.startswith("?"):
            raise _Refused(
                "invalid regular expression: invalid or unsupported Perl syntax "
                "(Go has no look-arounds or atomic groups)"
            )
        self.open("(", capturing=True)

    def flags(self, match: re.Match[str]) -> None:
        """``(?flags)`` lasts to the end of its group: a scoped group closed there (and
        around each `|`); ``(?flags:...)`` is a group of its own."""
        on, off, end = match.group(1), match.group(2), match.group(3)
        if set(on + (off or "")) - _GO_FLAGS or off == "" or not (on or off):
            raise _Refused("invalid regular expression: invalid or unsupported Perl syntax")
        if "U" in on + (off or ""):
            self.cannot("Go's ungreedy flag `U`")
            on, off = on.replace("U", ""), (off or "").replace("U", "") or None
            if not (on or off):  # only `U`: read on, its meaning already refused
                self.at += match.end()
                if end == ":":
                    self.open("(?:", capturing=False)
                return
        self.at += match.end()
        flags = on + (f"-{off}" if off else "")
        if end == ":":
            self.open("(?:", capturing=False)
        self.scopes[-1].append(flags)
        self.emit(f"(?{flags}:", repeatable=False)

    def check_count(self, match: re.Match[str]) -> None:
        super().check_count(match)
        numbers = [int(n) for n in (match.group(1), match.group(3)) if n]
        if any(n > _GO_REPEAT_LIMIT for n in numbers):
            raise _Refused("invalid regular expression: invalid repeat count (at most 1000)")

    def escape(self) -> None:
        if self.at >= len(self.text):
            raise _Refused("invalid regular expression: trailing backslash at end of expression")
        char = self.text[self.at]
        self.at += 1
        classes = {
            "d": "[0-9]",
            "D": "[^0-9]",
            "w": f"[{WORD}]",
            "W": f"[^{WORD}]",
            "s": f"[{GO_SPACE}]",
            "S": f"[^{GO_SPACE}]",
        }
        if char in classes:
            self.emit(classes[char])
        elif char in "bB":
            self.emit(f"\\{char}", repeatable=False)
        elif char == "A":
            self.emit("\\A", repeatable=False)
        elif char == "z":
            self.emit("\\z", repeatable=False)
        elif char == "Q":
            end = self.text.find("\\E", self.at)
            quoted = self.text[self.at :] if end < 0 else self.text[self.at : end]
            self.at = len(self.text) if end < 0 else end + 2
            if quoted:
                self.emit("".join(_literal(ord(c)) for c in quoted))
        else:
            self.emit(self.character_escape(char))

    def character_escape(self, char: str) -> str:
        simple = {"a": 7, "f": 12, "t": 9, "n": 10, "r": 13, "v": 11}
        if char in simple:
            return _literal(simple[char])
        if char in "01234567":
            match = re.match(r"[0-7]{0,2}", self.text[self.at :])
            digits = char + (match.group(0) if match else "")
            if char != "0" and len(digits) == 1:
                raise _Refused(
                    "invalid regular expression: invalid escape sequence (Go has no backreferences)"
                )
            self.at += len(digits) - 1
            return _literal(int(digits, 8))
        if char == "x":
            match = re.match(r"\{([0-9a-fA-F]+)\}|[0-9a-fA-F]{2}", self.text[self.at :])
            code = int(match.group(1) or match.group(0), 16) if match else -1
            if match is None or code > 0x10FFFF:
                raise _Refused("invalid regular expression: invalid escape sequence `\\x`")
            self.at += match.end()
            return _literal(code)
        if char in "pP":
            self.at += len(re.match(r"\\{[^}]*\\}|.?", self.text[self.at :]).group(0))  # type: ignore[union-attr]
            return self.cannot("Unicode classes (`\\p`)")
        if char.isascii() and (char.isalnum() or char == "_"):
            raise _Refused(f"invalid regular expression: invalid escape sequence `\\{char}`")
        return _literal(ord(char))

    def character_class(self) -> str:
        negated, items = self.class_items(empty_closes=False)
        return self.join_class(negated, items)

    def class_escape(self) -> str:
        char = self.text[self.at]
        self.at += 1
        sets = {"d": "0-9", "w": WORD, "s": GO_SPACE}
        if char in sets:
            return sets[char]
        if char in "DWS":
            return self.cannot(f"`\\{char}` inside a class")
        return self.character_escape(char)

    def posix_class(self) -> str:
        match = re.match(r":(\^?)([a-z]+):\]", self.text[self.at :])
        if match is None:
            return "\\["
        if match.group(2) not in _POSIX:
            raise _Refused("invalid regular expression: invalid character class range")
        if match.group(1):
            self.at += match.end()
            return self.cannot("a negated POSIX class")
        self.at += match.end()
        return _POSIX[match.group(2)]


def _without_escapes(pattern: str) -> str:
    """The pattern with escaped characters and classes blanked, so that counting `(`
    counts groups."""
    return re.sub(r"\\.|\[(?:\\.|[^\]\\])*\]", "_", pattern, flags=re.DOTALL)
