"""Text to expression IR with Lark, from grammar/cel.lark: the grammar's definition.

``hookc.cel.parser`` reads most texts with ``hookc.cel.descent``; the texts it does not take
(a syntax error, deep nesting) come here. Lark's LALR parser runs the builder's callbacks
while it parses (an inline transformer), so no parse tree is built and nothing recurses
over the input. Syntax errors are explained by ``syntax_errors``: a caret, a message for
people, and a hint for the mistakes people actually make.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from hookc.cel.build import Lexeme, NodeBuilder
from hookc.diagnostics import Diagnostic, error
from hookc.ir.expr import Expr
from hookc.resources import data_file
from hookc.source import Source, Span


def _lexeme(token: Token) -> Lexeme:
    return Lexeme(token.type, str(token), token.start_pos or 0, token.end_pos or 0)


def _start(item: Token | Expr) -> int:
    if isinstance(item, Token):
        return item.start_pos or 0
    assert item.span is not None
    return item.span.start


def _end(item: Token | Expr) -> int:
    if isinstance(item, Token):
        return item.end_pos or 0
    assert item.span is not None
    return item.span.end


def _exprs(children: list[Any]) -> list[Expr]:
    """The expression children, without tokens and Lark's placeholders for empty options."""
    return [c for c in children if c is not None and not isinstance(c, Token | list)]


class _Callbacks(Transformer[Token, Expr]):
    """Lark callbacks, one per named alternative of grammar/cel.lark, handing each to the
    builder of the text being parsed."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.nodes = NodeBuilder(Source("<expr>", ""))

    # -- primaries ---------------------------------------------------------------------------

    def ident(self, children: list[Token]) -> Expr:
        return self.nodes.ident(_start(children[0]), _lexeme(children[-1]))

    def int_literal(self, children: list[Token]) -> Expr:
        return self.nodes.literal(_lexeme(children[0]))

    double_literal = string_literal = unsupported_literal = int_literal
    true = false = null = int_literal

    def paren(self, children: list[Any]) -> Expr:
        left, inner, right = children
        return self.nodes.paren(_start(left), inner, _end(right))

    def list_literal(self, children: list[Any]) -> Expr:
        return self.nodes.list_literal(_start(children[0]), _exprs(children), _end(children[-1]))

    def entry(self, children: list[Expr]) -> tuple[Expr, Expr]:
        key, value = children
        return key, value

    def map_literal(self, children: list[Any]) -> Expr:
        entries = [c for c in children if isinstance(c, tuple)]
        return self.nodes.map_literal(_start(children[0]), entries, _end(children[-1]))

    def args(self, children: list[Expr]) -> list[Expr]:
        return children

    # -- members and calls -------------------------------------------------------------------

    def select(self, children: list[Any]) -> Expr:
        operand, name = children
        return self.nodes.select(operand, _lexeme(name))

    def index(self, children: list[Any]) -> Expr:
        operand, key, close = children
        return self.nodes.index(operand, key, _end(close))

    def call(self, children: list[Any]) -> Expr:
        name, args, close = children
        return self.nodes.call(_lexeme(name), args or [], _end(close))

    def method_call(self, children: list[Any]) -> Expr:
        target, name, args, close = children
        return self.nodes.method_call(target, _lexeme(name), args or [], _end(close))

    # -- operators ---------------------------------------------------------------------------

    def logical_not(self, children: list[Any]) -> Expr:
        bang, operand = children
        return self.nodes.logical_not(_start(bang), operand)

    keyword_not = logical_not

    def negate(self, children: list[Any]) -> Expr:
        minus, operand = children
        return self.nodes.negate(_start(minus), operand)

    def binary(self, children: list[Any]) -> Expr:
        left, op, right = children
        return self.nodes.binary(left, str(op), right)

    def and_(self, children: list[Any]) -> Expr:
        return self.nodes.and_(_exprs(children))

    def or_(self, children: list[Any]) -> Expr:
        return self.nodes.or_(_exprs(children))

    def conditional(self, children: list[Expr]) -> Expr:
        condition, then, otherwise = children
        return self.nodes.conditional(condition, then, otherwise)


_GRAMMAR = data_file("grammar", "cel.lark").read_text(encoding="utf-8")
_CALLBACKS = _Callbacks()
# cache=True keeps Lark's grammar analysis in the temp directory (keyed by a hash of the
# grammar and Lark's version): 3 ms instead of 40 ms when this module is first imported.
_PARSER = Lark(_GRAMMAR, parser="lalr", lexer="contextual", transformer=_CALLBACKS, cache=True)


@functools.cache
def _recognizer() -> Lark:
    """A parser that builds plain trees, made on the first syntax error.

    Syntax errors are re-parsed with it so that ``match_examples`` compares parser states
    without running the IR callbacks (and their per-parse state).
    """
    return Lark(_GRAMMAR, parser="lalr", lexer="contextual", cache=True)


# The callbacks keep per-parse state (the builder); one parse at a time uses them.
_LOCK = threading.Lock()


def parse(source: Source) -> tuple[Expr | None, list[Diagnostic]]:
    """The IR of a text and its diagnostics; the IR is None where the text is not CEL."""
    with _LOCK:
        _CALLBACKS.nodes = NodeBuilder(source)
        try:
            # The callbacks make the parse result an Expr, not a lark Tree.
            expr: Expr | None = _PARSER.parse(source.text)  # type: ignore[assignment]
        except UnexpectedInput:
            expr = None
        found = list(_CALLBACKS.nodes.diagnostics)
    if expr is None:
        found.extend(syntax_errors(source))
    return expr, found


# -- syntax errors ----------------------------------------------------------------------------

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


def syntax_errors(source: Source) -> list[Diagnostic]:
    """The diagnostic for the first syntax error of a text that does not parse."""
    text = source.text
    try:
        _recognizer().parse(text)
    except UnexpectedCharacters as exc:
        return [_bad_character(source, exc)]
    except UnexpectedToken as exc:
        return [_bad_token(source, exc)]
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


def _bad_token(source: Source, exc: UnexpectedToken) -> Diagnostic:
    text = source.text
    token = exc.token
    at_end = token.type == "$END"
    start = len(text) if at_end else (token.start_pos or 0)
    span = Span(start, start if at_end else (token.end_pos or start))

    unclosed = _unbalanced_bracket(source, stop=start)
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
    label = exc.match_examples(_recognizer().parse, _EXAMPLES, use_accepts=True)
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


def _unbalanced_bracket(source: Source, stop: int) -> Diagnostic | None:
    """An opening bracket before ``stop`` that is never closed, or a stray closing one."""
    stack: list[Token] = []
    try:
        for token in _recognizer().lex(source.text):
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
    span = Span(_start(opener), _end(opener))
    return error(
        "HK101",
        f"`{opener}` is never closed",
        source,
        span,
        f"add `{_OPENERS[opener.type]}` where the group ends",
    )
