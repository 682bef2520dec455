"""A recursive-descent reader of grammar/cel.lark: the fast path for texts that parse.

Lark's LALR parser spends ~100 µs on a typical condition (a token costs a trip through its
generic lexer and parse table, an operand eight unit reductions); this reader spends a
fraction of that, which a file of a thousand hooks feels. It lexes with Lark's terminal
patterns in Lark's order of preference, follows the grammar rule by rule (the three
left-associative binary levels by precedence climbing), takes keywords for keywords where
Lark's contextual lexer would, and builds every node through the same ``NodeBuilder`` as
the Lark callbacks. It gives up (``None``) on anything it is not sure of (a syntax error,
deep nesting), and ``hookc.cel.parser`` then asks Lark, which stays the grammar's
definition and the source of every syntax diagnostic; tests/test_cel_descent.py holds the
two to each other with Hypothesis.
"""

from __future__ import annotations

import re

from hookc.cel.build import Lexeme, NodeBuilder
from hookc.diagnostics import Diagnostic
from hookc.ir.expr import Expr
from hookc.source import Source

# What Lark ignores between tokens (grammar/cel.lark's %ignore), skipped before each token;
# possessive, so that no backtracking hands the end of a comment to the token after it.
_SKIP = r"(?:[ \t\n\r\f]++|//[^\n]*+)*+"

# The terminals of grammar/cel.lark as Lark compiles them (a test holds them to Lark's).
TERMINALS = {
    "BYTES": (
        "(?s:[bB][rR]?('''.*?'''|\"\"\".*?\"\"\"|'(?:\\\\.|[^'\\\\\n])*'|\"(?:\\\\.|"
        '[^"\\\\\n])*"))'
    ),
    "STRING": (
        "(?:(?s:[rR]'''.*?''')|(?s:[rR]\"\"\".*?\"\"\")|(?s:'''(?:\\\\.|"
        "[^\\\\])*?''')|(?s:\"\"\"(?:\\\\.|[^\\\\])*?\"\"\")|[rR]'[^'\n\r]*'|"
        '[rR]"[^"\n\r]*"|\'(?:\\\\[^\n\r]|[^\'\\\\\n\r])*\'|"(?:\\\\[^\n\r]|'
        '[^"\\\\\n\r])*")'
    ),
    "DOUBLE": "[0-9]*\\.[0-9]+([eE][+-]?[0-9]+)?|[0-9]+[eE][+-]?[0-9]+",
    "UINT": "(0[xX][0-9a-fA-F]+|[0-9]+)[uU]",
    "INT": "0[xX][0-9a-fA-F]+|[0-9]+",
    "IDENT": "[_a-zA-Z][_a-zA-Z0-9]*",
    "REL_OP": "(?:==|!=|<=|>=|<|>)",
    "IN": "in\\b",
    "OR_KW": "or\\b",
    "AND_KW": "and\\b",
    "OR_OP": "\\|\\|",
    "AND_OP": "\\&\\&",
    "ADD_OP": "(?:\\+|\\-)",
    "MUL_OP": "(?:\\*|/|%)",
    "MINUS": "\\-",
    "BANG": "!",
    "DOT": "\\.",
    "LPAREN": "\\(",
    "RPAREN": "\\)",
    "LBRACKET": "\\[",
    "RBRACKET": "\\]",
    "LBRACE": "\\{",
    "RBRACE": "\\}",
    "QMARK": "\\?",
    "COLON": ":",
    "COMMA": ",",
}
# One scanner for every position: where Lark's contextual lexer would cut a text otherwise
# (it lexes by the parser's state), the parse fails either way, and Lark then decides.
# Operators come before `!` and `-` so that `!=` is one token and `-` is ADD_OP (the reader
# takes it as MINUS where an operand starts); `in`, `or`, `and`, `not`, `true`, `false`
# and `null` are identifiers, marked below as Lark's lexer would mark them.
_ORDER = (
    "BYTES", "STRING", "DOUBLE", "UINT", "INT", "IDENT", "REL_OP", "OR_OP", "AND_OP",
    "ADD_OP", "MUL_OP", "BANG", "DOT", "LPAREN", "RPAREN", "LBRACKET", "RBRACKET", "LBRACE",
    "RBRACE", "QMARK", "COLON", "COMMA",
)  # fmt: skip
# The whole text in one scan (a call per token costs more than the token): each match is
# what Lark ignores and then a token, or a character that starts none (the last group:
# Lark decides), or the end. So it matches at every position: no text is passed over.
# For speed, what is ignored is spelt as runs (the same texts as _SKIP), and the commonest
# tokens are tried first where no terminal before them could match instead: a name not
# followed by a quote (else it may be a prefix: b'', r'', br''), then the operators and
# punctuation, longest first (a dot only where no digit follows: .5 is a number).
# tests/test_cel_descent.py holds the scan to _SKIP and the terminals in order.
_SKIP_RUNS = r"[ \t\n\r\f]*+(?://[^\n]*+[ \t\n\r\f]*+)*+"
_COMMON = r"[_a-zA-Z][_a-zA-Z0-9]*+(?!['\"])|==|!=|<=|>=|\|\||&&|[<>+\-*/%!()\[\]{}?:,]|\.(?![0-9])"
# The terminals' own groups made non-capturing: each match is then three strings.
_TERMINALS = "|".join(re.sub(r"(?<!\\)\((?!\?)", "(?:", TERMINALS[name]) for name in _ORDER)
_SCAN = re.compile(f"({_SKIP_RUNS})(?:({_COMMON}|{_TERMINALS})|([\\s\\S])|\\Z)")
# A token's kind follows from its text (the scan takes the first terminal of ``_ORDER``
# that matches; tests/test_cel_descent.py holds this to a scan with a group per terminal):
# operators, punctuation and keywords by their whole text, the rest by how they start.
_BY_TEXT = {
    **dict.fromkeys(("==", "!=", "<=", ">=", "<", ">"), "REL_OP"),
    "||": "OR_OP", "&&": "AND_OP", "+": "ADD_OP", "-": "ADD_OP",
    "*": "MUL_OP", "/": "MUL_OP", "%": "MUL_OP", "!": "BANG", ".": "DOT",
    "(": "LPAREN", ")": "RPAREN", "[": "LBRACKET", "]": "RBRACKET", "{": "LBRACE",
    "}": "RBRACE", "?": "QMARK", ":": "COLON", ",": "COMMA",
    # An identifier that is a keyword: `not true false null` wherever they stand (Lark's
    # lexer makes them keywords where the grammar accepts them; elsewhere the reader takes
    # them as names), `in or and` only where a word ends (their terminals are /in\b/ and
    # so on: a letter beyond ASCII after one makes it a name).
    "not": "NOT", "true": "TRUE", "false": "FALSE", "null": "NULL",
    "in": "IN", "or": "OR_KW", "and": "AND_KW",
}  # fmt: skip
_WORD_OPERATORS = frozenset({"IN", "OR_KW", "AND_KW"})
_WORD_OPERATOR = re.compile(r"(?:in|or|and)\b")
_NUMBER_START = frozenset("0123456789.")
_QUOTES = frozenset("'\"")
_NAMES = frozenset({"IDENT", "NOT", "IN", "OR_KW", "AND_KW"})  # a name where an operand is
_FIELD_NAMES = _NAMES | {"TRUE", "FALSE", "NULL"}  # a name after `.`: any identifier
_LITERALS = frozenset({"BYTES", "STRING", "DOUBLE", "UINT", "INT", "TRUE", "FALSE", "NULL"})
_MEMBER = frozenset({"DOT", "LBRACKET"})  # what continues a member after its primary
_ITEM_END = frozenset({"COMMA", "COLON", "RPAREN", "RBRACKET", "RBRACE"})  # what ends an item
_OR = frozenset({"OR_OP", "OR_KW"})
_AND = frozenset({"AND_OP", "AND_KW"})
# Binding strength of the left-associative binary operators (relation, addition,
# multiplication); other kinds bind nothing.
_PRECEDENCE = {"REL_OP": 1, "IN": 1, "ADD_OP": 2, "MUL_OP": 3}
# Nesting deeper than this is left to Lark (whose parser does not recurse): real
# conditions are a few levels deep, and the reader must stay clear of Python's stack limit.
_MAX_NESTING = 40


class _GiveUp(Exception):
    """The text is not one this reader is sure of: Lark decides."""


def parse(
    source: Source, start: int = 0, end: int | None = None
) -> tuple[Expr, list[Diagnostic]] | None:
    """The IR of ``source.text[start:end]`` (spans in ``source``) when it parses, with its
    diagnostics; None for Lark to decide."""
    end = len(source.text) if end is None else end
    tokens = _tokens(source.text, start, end)
    if tokens is None:
        return None
    reader = _Reader(source, *tokens)
    try:
        expr = reader.expr()
    except (_GiveUp, RecursionError):
        return None
    if reader.kinds[reader.at] != "$END":
        return None
    return expr, reader.nodes.diagnostics


def _tokens(
    text: str, start: int, end: int
) -> tuple[list[str], list[str], list[int], list[int]] | None:
    """The kind, text, start and end of every token of ``text[start:end]``, ending with
    ``$END``; None where a character starts no token."""
    kinds: list[str] = []
    texts: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    at = start
    for found in _SCAN.findall(text, start, end):
        token = found[1]
        if not token:
            if found[-1]:
                return None
            break
        first = at + len(found[0])
        at = first + len(token)
        kind = _BY_TEXT.get(token) or _kind(token)
        if kind in _WORD_OPERATORS and _WORD_OPERATOR.match(text, first, end) is None:
            kind = "IDENT"
        kinds.append(kind)
        texts.append(token)
        starts.append(first)
        ends.append(at)
    kinds.append("$END")
    texts.append("")
    starts.append(end)
    ends.append(end)
    return kinds, texts, starts, ends


def _kind(token: str) -> str:
    """The terminal of a literal or an identifier, from its text."""
    first = token[0]
    if first in _NUMBER_START:
        if token[-1] in "uU":
            return "UINT"
        if token[:2] in ("0x", "0X") or not ("." in token or "e" in token or "E" in token):
            return "INT"
        return "DOUBLE"
    if token[-1] in _QUOTES:  # '...', or with a prefix: r'...', b'...', br'...'
        return "BYTES" if first in "bB" else "STRING"
    return "IDENT"


class _Reader:
    """The tokens of one text read rule by rule; ``at`` is the next token's index."""

    def __init__(
        self,
        source: Source,
        kinds: list[str],
        texts: list[str],
        starts: list[int],
        ends: list[int],
    ) -> None:
        self.kinds, self.texts, self.starts, self.ends = kinds, texts, starts, ends
        self.at = 0
        self.nodes = NodeBuilder(source)
        self.nesting = 0

    def take(self, kind: str) -> int:
        """The index of the next token, which must be of ``kind``."""
        at = self.at
        if self.kinds[at] != kind:
            raise _GiveUp
        self.at = at + 1
        return at

    def lexeme(self, at: int, kind: str) -> Lexeme:
        return Lexeme(kind, self.texts[at], self.starts[at], self.ends[at])

    def nest(self) -> None:
        self.nesting += 1
        if self.nesting > _MAX_NESTING:
            raise _GiveUp

    # -- rules, loosest first ----------------------------------------------------------------

    def expr(self) -> Expr:
        """expr: or_expr | or_expr "?" or_expr ":" expr"""
        self.nest()
        result = self.or_expr()
        if self.kinds[self.at] == "QMARK":
            self.at += 1
            then = self.or_expr()
            self.take("COLON")
            result = self.nodes.conditional(result, then, self.expr())
        self.nesting -= 1
        return result

    def or_expr(self) -> Expr:
        first = self.and_expr()
        if self.kinds[self.at] not in _OR:
            return first
        operands = [first]
        while self.kinds[self.at] in _OR:
            self.at += 1
            operands.append(self.and_expr())
        return self.nodes.or_(operands)

    def and_expr(self) -> Expr:
        first = self.not_expr()
        if self.kinds[self.at] not in _AND:
            return first
        operands = [first]
        while self.kinds[self.at] in _AND:
            self.at += 1
            operands.append(self.not_expr())
        return self.nodes.and_(operands)

    def not_expr(self) -> Expr:
        """not_expr: relation | NOT not_expr (`not` is a keyword here, a name below)."""
        at = self.at
        if self.kinds[at] != "NOT":
            return self.binary(self.unary(), 1)
        self.at = at + 1
        self.nest()
        result = self.nodes.logical_not(self.starts[at], self.not_expr())
        self.nesting -= 1
        return result

    def binary(self, left: Expr, weakest: int) -> Expr:
        """relation, addition and multiplication (left-associative) by precedence
        climbing: the operators binding at least ``weakest`` that follow ``left``."""
        kinds = self.kinds
        while (strength := _PRECEDENCE.get(kinds[self.at], 0)) >= weakest:
            at = self.at
            self.at = at + 1
            right = self.unary()
            while _PRECEDENCE.get(kinds[self.at], 0) > strength:
                right = self.binary(right, strength + 1)
            left = self.nodes.binary(left, self.texts[at], right)
        return left

    def unary(self) -> Expr:
        """unary: member | BANG unary | MINUS unary"""
        at = self.at
        kind = self.kinds[at]
        if kind == "BANG" or (kind == "ADD_OP" and self.texts[at] == "-"):
            self.at = at + 1
            self.nest()
            operand = self.unary()
            self.nesting -= 1
            if kind == "BANG":
                return self.nodes.logical_not(self.starts[at], operand)
            return self.nodes.negate(self.starts[at], operand)
        operand = self.primary()
        if self.kinds[self.at] in _MEMBER:
            return self.member(operand)
        return operand

    def member(self, operand: Expr) -> Expr:
        """member: primary | member "." IDENT ["(" [args] ")"] | member "[" expr "]" """
        kinds = self.kinds
        while True:
            kind = kinds[self.at]
            if kind == "DOT":
                name = self.field_name()
                if kinds[self.at] == "LPAREN":
                    self.at += 1
                    args, end = self.arguments()
                    token = self.lexeme(name, "IDENT")
                    operand = self.nodes.method_call(operand, token, args, end)
                else:
                    texts, starts, ends = self.texts, self.starts, self.ends
                    operand = self.nodes.select_at(operand, texts[name], starts[name], ends[name])
            elif kind == "LBRACKET":
                self.at += 1
                key = self.expr()
                close = self.take("RBRACKET")
                operand = self.nodes.index(operand, key, self.ends[close])
            else:
                return operand

    def field_name(self) -> int:
        """After a `.`: any identifier (no keyword is one there); the index of its token."""
        at = self.at + 1
        if self.kinds[at] not in _FIELD_NAMES:
            raise _GiveUp
        self.at = at + 1
        return at

    def primary(self) -> Expr:
        at = self.at
        kind = self.kinds[at]
        self.at = at + 1
        if kind in _NAMES:
            if self.kinds[at + 1] == "LPAREN":
                self.at += 1
                args, end = self.arguments()
                return self.nodes.call(self.lexeme(at, "IDENT"), args, end)
            start = self.starts[at]
            return self.nodes.ident_at(start, self.texts[at], start, self.ends[at])
        if kind in _LITERALS:
            return self.nodes.literal_at(kind, self.texts[at], self.starts[at], self.ends[at])
        if kind == "DOT":  # `.name`: after that dot, too, Lark's lexer offers only IDENT
            self.at = at
            name = self.field_name()
            texts, starts, ends = self.texts, self.starts, self.ends
            return self.nodes.ident_at(starts[at], texts[name], starts[name], ends[name])
        if kind == "LPAREN":
            inner = self.expr()
            close = self.take("RPAREN")
            return self.nodes.paren(self.starts[at], inner, self.ends[close])
        if kind == "LBRACKET":
            items, end = self.sequence("RBRACKET", entries=False)
            return self.nodes.list_literal(self.starts[at], items, end)
        if kind == "LBRACE":
            entries, end = self.sequence("RBRACE", entries=True)
            return self.nodes.map_literal(self.starts[at], entries, end)
        raise _GiveUp

    def arguments(self) -> tuple[list[Expr], int]:
        """After `(`: [expr ("," expr)*] ")" (no trailing comma), and where `)` ends."""
        args: list[Expr] = []
        if self.kinds[self.at] != "RPAREN":
            args.append(self.item())
            while self.kinds[self.at] == "COMMA":
                self.at += 1
                args.append(self.item())
        return args, self.ends[self.take("RPAREN")]

    def sequence(self, closer: str, entries: bool) -> tuple[list, int]:  # type: ignore[type-arg]
        """After `[` or `{`: items (or `key: value` entries) separated by commas, a comma
        allowed after the last, up to the closer; and where the closer ends."""
        items: list = []  # type: ignore[type-arg]
        kinds = self.kinds
        while kinds[self.at] != closer:
            item = self.item()
            if entries:
                self.take("COLON")
                items.append((item, self.item()))
            else:
                items.append(item)
            if kinds[self.at] != "COMMA":
                break
            self.at += 1
        return items, self.ends[self.take(closer)]

    def item(self) -> Expr:
        """An expression in a list, a map or a call's arguments; a lone literal (most are)
        is read at once, as ``expr`` would read it."""
        at = self.at
        kind = self.kinds[at]
        if (
            kind in _LITERALS
            and self.kinds[at + 1] in _ITEM_END
            and self.nesting < _MAX_NESTING  # where ``expr`` would not give up
        ):
            self.at = at + 1
            return self.nodes.literal_at(kind, self.texts[at], self.starts[at], self.ends[at])
        return self.expr()
