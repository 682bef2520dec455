"""Decoding of CEL literal tokens into Python values, with CEL's escape rules.

A bad literal raises ``LiteralError`` carrying the offending range relative to the token, so
the parser can point at the exact escape inside a long string.
"""

from __future__ import annotations

import re

INT64_MIN = -(1 << 63)
INT64_MAX = (1 << 63) - 1

_SIMPLE_ESCAPES = {
    "a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
    "\\": "\\", "'": "'", '"': '"', "`": "`", "?": "?",
}  # fmt: skip

# Compiled (and kept by `re`) at the first escape, not at every start-up.
_ESCAPE = (
    r"\\(?:(?P<simple>[abfnrtv\\'\"`?])|(?P<octal>[0-3][0-7]{2})|[xX](?P<hex>[0-9a-fA-F]{2})"
    r"|u(?P<u4>[0-9a-fA-F]{4})|U(?P<u8>[0-9a-fA-F]{8}))"
)


class LiteralError(ValueError):
    def __init__(self, message: str, start: int, end: int, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.start = start
        self.end = end
        self.hint = hint


def decode_int(token: str) -> int:
    """A decimal or ``0x`` hex literal; the int64 range is checked after negation is folded."""
    if token[:2] in ("0x", "0X"):
        return int(token[2:], 16)
    return int(token, 10)


def decode_double(token: str) -> float:
    return float(token)


def decode_string(token: str) -> str:
    """The value of a STRING token: quotes removed and, unless raw, escapes decoded."""
    raw = token[0] in "rR"
    prefix = 1 if raw else 0
    quote = (
        token[prefix : prefix + 3]
        if token[prefix : prefix + 3] in ("'''", '"""')
        else token[prefix]
    )
    body_start = prefix + len(quote)
    body = token[body_start : len(token) - len(quote)]
    if raw or "\\" not in body:
        return body
    out: list[str] = []
    position = 0
    while (backslash := body.find("\\", position)) != -1:
        out.append(body[position:backslash])
        match = re.compile(_ESCAPE).match(body, backslash)
        start = body_start + backslash
        if match is None:
            shown = body[backslash : backslash + 2]
            raise LiteralError(
                f"invalid escape sequence `{shown}`",
                start,
                start + len(shown),
                "valid escapes are \\n \\t \\r \\\\ \\' \\\" \\xHH \\uHHHH \\UHHHHHHHH "
                "and octal \\000-\\377; for a literal backslash write \\\\ or use a raw "
                "string r'...'",
            )
        out.append(_escape_value(match, start))
        position = match.end()
    out.append(body[position:])
    return "".join(out)


def _escape_value(match: re.Match[str], start: int) -> str:
    if (simple := match["simple"]) is not None:
        return _SIMPLE_ESCAPES[simple]
    if (octal := match["octal"]) is not None:
        return chr(int(octal, 8))
    code = int(match["hex"] or match["u4"] or match["u8"], 16)
    if 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        raise LiteralError(
            f"`{match[0]}` is not a Unicode scalar value", start, start + len(match[0])
        )
    return chr(code)
