"""Why a text is not CEL: the diagnostic (HK101, HK102) for the first syntax error.

``hookc.cel.parser`` comes here when Lark's parser rejects a text. The text is parsed again
by a *recognizer*, a Lark parser of the same grammar that builds plain trees, so that Lark's
errors can be examined without the IR callbacks: the unexpected character or token and the
terminals the parser expected there (``UnexpectedInput``), and the label of the labelled
example whose parser state the error matches (``UnexpectedInput.match_examples``). From
those come a message for people, the span to point at, and a hint for the mistakes people
actually make. (The caret and the surrounding lines are drawn by the diagnostics' renderer
from the span, with the file's own context, rather than by ``get_context``, which sees only
the expression.)
"""

from __future__ import annotations

import functools

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error


@functools.cache
def _recognizer(grammar: str) -> Lark:
    """A parser of ``grammar`` that builds plain trees, made at the first syntax error."""
    return Lark(grammar, parser="lalr", lexer="contextual", cache=True)


_OPERAND_STARTS = frozenset(
    [
        "IDENT",
        "DOT",
        "INT",
        "UINT",
        "DOUBLE",
        "STRING",
        "BYTES",
        "TRUE",
        "FALSE",
        "NULL",
        "LPAREN",
        "LBRACKET",
        "LBRACE",
        "BANG",
        "MINUS",
        "NOT",
    ]
)
# Expected after a complete operand: seeing an operand there means an operator is missing.
_INFIX_OPERATORS = frozenset({"REL_OP", "IN", "ADD_OP", "MUL_OP", "AND_OP", "OR_OP"})
_CLOSERS = {"RPAREN": "(", "RBRACKET": "[", "RBRACE": "{"}
_OPENERS = {"LPAREN": ")", "LBRACKET": "]", "LBRACE": "}"}
_TERMINAL_NAMES = {
    "RPAREN": "`)`",
    "RBRACKET": "`]`",
    "RBRACE": "`}`",
    "COLON": "`:`",
    "COMMA": "`,`",
    "QMARK": "`?`",
    "IDENT": "a name",
    "$END": "the end of the expression",
}

# Parser states of common mistakes, labelled for people (Lark's ``match_examples``).
_EXAMPLES: dict[str, list[str]] = {
    "an operand is missing after {prev}": [
        "a &&", "a ||", "a and", "a or", "a ==", "a <", "a in", "a +", "a *", "!", "-",
        "not", "a ? b", "a ? b :", "a ? b : ", "f(a,", "[a,", "{a:", "{a", "(",
    ],
    "missing operator before {found}": [
        "a b", "1 2", "a 'b'", "'a' b", "a.b c", "a (b)", "1 a", "a true", "a [b]", "a {",
        "a.b(c) d", "(a) b", "a[0] b", "a == b c", "a && b c",
    ],
    "{found} has no left operand": [
        "&& a", "|| a", "== a", "* a", "in a", "and a", "or a", ") a", "< a", "? a",
    ],
    "a field name must follow `.`": ["a.", "a.1", "a.(b)", "a.'b'", "a.[b]"],
}  # fmt: skip


def syntax_errors(source: Source, grammar: str) -> list[Diagnostic]:
    """The diagnostic for the first syntax error of a text that does not parse by
    ``grammar`` (grammar/cel.lark's text)."""
    text = source.text
    recognizer = _recognizer(grammar)
    try:
        recognizer.parse(text)
    except UnexpectedCharacters as exc:
        return [_bad_character(source, exc)]
    except UnexpectedToken as exc:
        return [_bad_token(source, exc, recognizer)]
    except UnexpectedInput as exc:  # pragma: no cover - the LALR parser raises only the above
        return [error("HK101", str(exc).splitlines()[0], source, Span(0, len(text)))]
    raise AssertionError("the builder rejected a text that the recognizer accepts")


def _bad_character(source: Source, exc: UnexpectedCharacters) -> Diagnostic:
    text = source.text
    at = exc.pos_in_stream or 0
    char = text[at]
    span = Span(at, at + 1)
    if char in "'\"":
        if text[max(0, at - 2) : at + 1] == char * 3:
            # `'''abc` lexes as the empty string `''` and then a lone quote: the string
            # that is never closed is the triple-quoted one.
            return error(
                "HK102",
                "unterminated string literal",
                source,
                Span(at - 2, len(text)),
                f"close it with {char * 3}",
            )
        line_end = text.find("\n", at)
        end = len(text) if line_end == -1 else line_end
        return error(
            "HK102",
            "unterminated string literal",
            source,
            Span(at, end),
            f"close it with {char}; a string in single quotes cannot span lines "
            f"(use triple quotes {char * 3} for that)",
        )
    hints = {
        "=": ("`=` is not an operator in CEL", "use `==` to compare"),
        "&": ("`&` is not an operator in CEL", "use `&&` or `and`; in XML write `and`"),
        "|": ("`|` is not an operator in CEL", "use `||` or `or`"),
        "#": ("`#` does not start a comment in CEL", "comments start with `//`"),
        ";": ("`;` cannot end or separate expressions", "join conditions with `&&`"),
        "$": ("`$` cannot appear in an expression", "`${...}` templates belong in actions"),
    }
    if char in hints:
        message, hint = hints[char]
        return error("HK101", message, source, span, hint)
    shown = f"`{char}`" if char.isprintable() else f"U+{ord(char):04X}"
    return error("HK101", f"unexpected character {shown}", source, span)


def _bad_token(source: Source, exc: UnexpectedToken, recognizer: Lark) -> Diagnostic:
    text = source.text
    token = exc.token
    at_end = token.type == "$END"
    start = len(text) if at_end else (token.start_pos or 0)
    span = Span(start, start if at_end else (token.end_pos or start))

    unclosed = _unbalanced_bracket(source, start, recognizer)
    if unclosed is not None and (at_end or token.type in _CLOSERS):
        return unclosed
    if token.type in _CLOSERS and not at_end:
        return error(
            "HK101", f"unmatched `{token}`", source, span, "remove it or add the opening bracket"
        )
    if token.type == "MUL_OP" and token == "*" and text[:start].rstrip().endswith("/"):
        return error("HK101", "CEL has no /* */ comments", source, span, "comments start with `//`")

    found = "the end of the expression" if at_end else f"`{token}`"
    if token.type in _OPERAND_STARTS and exc.expected & _INFIX_OPERATORS:
        return error("HK101", f"missing operator before {found}", source, span)
    label = exc.match_examples(recognizer.parse, _EXAMPLES, use_accepts=True)
    if label is not None:
        before = text[:start].rstrip()
        prev = f"`{before.split()[-1]}`" if before.split() else "the start"
        return error("HK101", label.format(found=found, prev=prev), source, span)
    expected = sorted(
        _TERMINAL_NAMES.get(name, f"`{name.lower()}`")
        for name in exc.expected
        if name not in _OPERAND_STARTS
    )
    wanted = ", ".join(expected[:4]) if expected else "an operand"
    return error("HK101", f"unexpected {found}; expected {wanted}", source, span)


def _unbalanced_bracket(source: Source, stop: int, recognizer: Lark) -> Diagnostic | None:
    """An opening bracket before ``stop`` that is never closed, or a stray closing one."""
    stack: list[Token] = []
    try:
        for token in recognizer.lex(source.text):
            if (token.start_pos or 0) >= stop:
                break
            if token.type in _OPENERS:
                stack.append(token)
            elif token.type in _CLOSERS:
                if not stack or _OPENERS[stack[-1].type] != str(token):
                    return None
                stack.pop()
    except UnexpectedInput:
        pass
    if not stack:
        return None
    opener = stack[-1]
    span = Span(opener.start_pos or 0, opener.end_pos or 0)
    return error(
        "HK101",
        f"`{opener}` is never closed",
        source,
        span,
        f"add `{_OPENERS[opener.type]}` where the group ends",
    )
