"""Rust regular expressions (the `regex` crate, which A3S matches with) in RE2's syntax
(hookc's `matches`, run in linear time by hookc.runtime.regex) with the same meaning, for
the part of the syntax where that can be stated exactly.

Translated: literal characters, escaped punctuation, ``\\t \\n \\r``, ``.`` (any character
but a newline in both), ``^`` (start of text), ``$`` (end of text: Python's ``\\Z``; its
own ``$`` also matches before a final newline), ``\\d \\D`` (Unicode decimal digits in
both), ``\\s \\S`` (Rust's is Unicode White_Space, written out: Python's also takes
U+001C..U+001F), the quantifiers ``* + ?`` and ``{n}``, ``{n,}``, ``{n,m}`` (each
optionally lazy), groups ``( )`` and ``(?: )``, alternation, and classes of characters,
ranges and those escapes.

Anything else (``\\w`` and ``\\b``, whose Unicode tables differ between the engines, flags,
named groups, nested classes and class set operations, look-arounds, which Rust lacks) is
*refused*: hookc says so instead of guessing. A pattern that both engines reject
(unbalanced parentheses, nothing to repeat, an unclosed class, a reversed range) is
*invalid*: A3S then compares text instead (``contains``), and so does hookc.
"""

from __future__ import annotations

import re

from hookc.runtime.regex import RegexSyntaxError, compile_re2

# Unicode's White_Space property: what Rust's `\s` matches.
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
_SPACE_CLASS = (  # in RE2's syntax, which hookc's `matches` reads
    "\\t\\n\\x0b\\x0c\\r \\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}"
    "\\x{202f}\\x{205f}\\x{3000}"
)
_META = set("\\.+*?()|[]{}^$")
_COUNT = re.compile(r"\{([0-9]+)(,([0-9]*))?\}")
# Rust's `\\d` is every Unicode decimal digit; RE2's is ASCII, and hookc's matcher has no
# Unicode classes to say it with.
_UNICODE_DIGITS = "`\\d` (Rust's takes every Unicode digit, hookc's RE2 matcher only 0-9)"
_MAX_COUNT = 1000  # Rust refuses large counts by the size of the compiled program
_MAX_DEPTH = 100  # Rust's parser refuses nesting beyond 250 (its nest limit); stay well inside


class Untranslatable(Exception):
    """Why a pattern has no Python form: ``invalid`` when Rust rejects it too."""

    def __init__(self, message: str, invalid: bool) -> None:
        super().__init__(message)
        self.message = message
        self.invalid = invalid


def translate(pattern: str) -> str:
    """The Python regex that matches exactly what the Rust ``pattern`` matches, searched
    (``re.search`` for Rust's ``is_match``); ``Untranslatable`` otherwise."""
    text = _Translator(pattern).run()
    try:
        compile_re2(text)
    except RegexSyntaxError as exc:  # within the subset, what RE2 rejects Rust rejects too
        raise Untranslatable(f"invalid regular expression: {exc}", invalid=True) from None
    return text


class _Translator:
    def __init__(self, pattern: str) -> None:
        self.text = pattern
        self.at = 0
        self.out: list[str] = []
        self.depth = 0
        self.repeatable = False  # the last item can take a quantifier

    def refuse(self, what: str) -> Untranslatable:
        return Untranslatable(
            f"hookc cannot match {what} exactly as Rust's regex does", invalid=False
        )

    def invalid(self, what: str) -> Untranslatable:
        return Untranslatable(f"invalid regular expression: {what}", invalid=True)

    def run(self) -> str:
        text = self.text
        while self.at < len(text):
            char = text[self.at]
            self.at += 1
            if char == "\\":
                self.escape()
            elif char == "[":
                self.emit(self.character_class())
            elif char == "(":
                if text.startswith("?:", self.at):
                    self.at += 2
                    self.out.append("(?:")
                elif text.startswith("?", self.at):
                    raise self.refuse("a group with `(?` (flags, names, look-arounds)")
                else:
                    self.out.append("(")
                self.depth += 1
                if self.depth > _MAX_DEPTH:
                    raise self.refuse(f"groups nested deeper than {_MAX_DEPTH}")
                self.repeatable = False
            elif char == ")":
                if self.depth == 0:
                    raise self.invalid("unopened group")
                self.depth -= 1
                self.out.append(")")
                self.repeatable = True
            elif char == "|":
                self.out.append("|")
                self.repeatable = False
            elif char in "*+?":
                self.quantifier(char)
            elif char == "{":
                match = _COUNT.match(text, self.at - 1)
                if match is None:
                    raise self.refuse("a `{` that is not a repetition count")
                self.at = match.end()
                numbers = [int(n) for n in (match.group(1), match.group(3)) if n]
                if any(n > _MAX_COUNT for n in numbers):
                    raise self.refuse(f"a repetition count above {_MAX_COUNT}")
                self.quantifier(match.group(0))
            elif char == "^":
                self.out.append("^")
                self.repeatable = False
            elif char == "$":
                self.out.append("\\z")
                self.repeatable = False
            elif char == ".":
                self.emit(".")
            elif char in "]}":
                raise self.refuse(f"an unescaped `{char}`")
            else:
                self.emit(re.escape(char))
        if self.depth:
            raise self.invalid("unclosed group")
        return "".join(self.out)

    def emit(self, item: str) -> None:
        self.out.append(item)
        self.repeatable = True

    def quantifier(self, written: str) -> None:
        if not self.repeatable:
            previous = self.out[-1] if self.out else ""
            if previous in ("", "(", "(?:", "|"):
                raise self.invalid("repetition operator missing expression")
            raise self.refuse(f"`{written}` after a quantifier or an anchor")
        lazy = self.text.startswith("?", self.at)
        if lazy:
            self.at += 1
        self.out.append(written + ("?" if lazy else ""))
        self.repeatable = False

    def escape(self) -> None:
        if self.at >= len(self.text):
            raise self.invalid("incomplete escape sequence")
        char = self.text[self.at]
        self.at += 1
        if char in "sS":  # Rust's is Unicode White_Space, RE2's ASCII: written out
            self.emit(f"[{'' if char == 's' else '^'}{_SPACE_CLASS}]")
        elif char in "dD":
            raise self.refuse(_UNICODE_DIGITS)
        elif char in "tnr":
            self.emit(f"\\{char}")
        elif char.isascii() and not char.isalnum() and char not in "<>":
            self.emit(re.escape(char))
        else:
            raise self.refuse(f"the escape `\\{char}`")

    def character_class(self) -> str:
        """``[...]`` from just after its ``[``: the same set, in Python's syntax."""
        text = self.text
        negated = text.startswith("^", self.at)
        if negated:
            self.at += 1
        items: list[str] = []
        first = True
        while True:
            if self.at >= len(text):
                raise self.invalid("unclosed character class")
            char = text[self.at]
            if char == "]" and not first:
                self.at += 1
                break
            if char == "[":
                raise self.refuse("`[` inside a class (nested classes, POSIX classes)")
            if text.startswith(("&&", "--", "~~"), self.at):
                raise self.refuse(f"`{text[self.at : self.at + 2]}` in a class (set operations)")
            single, written = self.class_item()
            if text.startswith(("&&", "--", "~~"), self.at):
                raise self.refuse(f"`{text[self.at : self.at + 2]}` in a class (set operations)")
            ranged = text.startswith("-", self.at) and not text.startswith("-]", self.at)
            if single and ranged:
                self.at += 1
                end, _ = self.class_item()
                if not end:
                    raise self.refuse("a range ending in a class escape")
                if ord(end) < ord(single):
                    raise self.invalid("invalid character class range")
                items.append(f"{_in_class(single)}-{_in_class(end)}")
            else:
                items.append(_in_class(single) if single else written)
            first = False
        return f"[{'^' if negated else ''}{''.join(items)}]"

    def class_item(self) -> tuple[str, str]:
        """One character of a class, or ``("", set)`` for a set escape (``\\s``, ``\\d``)
        with its Python text."""
        char = self.text[self.at]
        self.at += 1
        if char != "\\":
            return char, ""
        if self.at >= len(self.text):
            raise self.invalid("incomplete escape sequence")
        escaped = self.text[self.at]
        self.at += 1
        if escaped in "sS":
            if escaped == "S":
                raise self.refuse("`\\S` inside a class")
            return "", _SPACE_CLASS
        if escaped in "dD":
            raise self.refuse(_UNICODE_DIGITS)
        if escaped in "tnr":
            return {"t": "\t", "n": "\n", "r": "\r"}[escaped], ""
        if escaped.isascii() and not escaped.isalnum() and escaped not in "<>":
            return escaped, ""
        raise self.refuse(f"the escape `\\{escaped}`")


def _in_class(char: str) -> str:
    """A character as Python class text: escaped where a class gives it a meaning."""
    return "\\" + char if char in "\\]^-[" else char
