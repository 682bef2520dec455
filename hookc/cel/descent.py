"""A recursive-descent reader of grammar/cel.lark: the fast path for texts that parse.

Lark's LALR parser spends ~100 µs on a typical condition (a token costs a trip through its
generic lexer and parse table, an operand eight unit reductions); this reader spends a
fraction of that, which a file of a thousand hooks feels. It lexes with Lark's terminal
patterns in Lark's order of preference, follows the grammar rule by rule (the three
left-associative binary levels by precedence climbing), takes keywords for keywords where
Lark's contextual lexer would, and builds every node through the same ``NodeBuilder`` as
the Lark callbacks (a dotted path, which template holes and condition trees mostly hold,
it builds at once). It gives up (``None``) on anything it is not sure of (a syntax error,
deep nesting), and ``hookc.cel.parser`` then asks Lark, which stays the grammar's
definition and the source of every syntax diagnostic; tests/test_cel_descent.py holds the
two to each other with Hypothesis.
"""

from __future__ import annotations

import re
from itertools import accumulate

from hookc.cel.build import NAMES_WITH_FINDINGS, OPERATORS_WITH_FINDINGS, Lexeme, NodeBuilder
from hookc.diagnostics import Diagnostic
from hookc.ir.expr import Binary, Expr, Ident, Literal
from hookc.source import Source, Span

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
# what Lark ignores and then a token, or the end. Where a character starts no token (Lark
# decides), no match starts, and the scan passes over it: ``_tokens`` finds the gap.
# For speed, what is ignored is spelt as runs (the same texts as _SKIP), and the commonest
# tokens are tried first where no terminal before them could match instead: a name not
# followed by a quote (else it may be a prefix: b'', r'', br''), then the operators and
# punctuation, longest first (a dot only where no digit follows: .5 is a number), then a
# string without escapes that is not triple-quoted and a decimal integer that no other
# number continues (`1.5`, `1e3`, `1u` and `0x1` are left to the terminals).
# tests/test_cel_descent.py holds the scan to _SKIP and the terminals in order.
_SKIP_RUNS = r"[ \t\n\r\f]*+(?://[^\n]*+[ \t\n\r\f]*+)*+"
_COMMON = (
    r"[_a-zA-Z][_a-zA-Z0-9]*+(?!['\"])|==|!=|<=|>=|\|\||&&|[<>+\-*/%!()\[\]{}?:,]|\.(?![0-9])"
    r"""|'(?!'')[^'\\\n\r]*+'|"(?!"")[^"\\\n\r]*+"|[0-9]++(?![0-9.eExXuU])"""
)
# The terminals' own groups made non-capturing: each match is then two strings.
_TERMINALS = "|".join(re.sub(r"(?<!\\)\((?!\?)", "(?:", TERMINALS[name]) for name in _ORDER)
_SCAN = re.compile(f"({_SKIP_RUNS})({_COMMON}|{_TERMINALS}|\\Z)")
# A token's kind follows from its text (the scan takes the first terminal of ``_ORDER``
# that matches; tests/test_cel_descent.py holds ``kind_of`` to a scan with a group per
# terminal): operators, punctuation and keywords by their whole text, the rest by how they
# start. The reader keeps the kinds of operators, punctuation and keywords (the rest it
# tells apart by their first characters where it matters).
_BY_TEXT = {
    **dict.fromkeys(("==", "!=", "<=", ">=", "<", ">"), "REL_OP"),
    "||": "OR_OP", "&&": "AND_OP", "+": "ADD_OP", "-": "ADD_OP",
    "*": "MUL_OP", "/": "MUL_OP", "%": "MUL_OP", "!": "BANG", ".": "DOT",
    "(": "LPAREN", ")": "RPAREN", "[": "LBRACKET", "]": "RBRACKET", "{": "LBRACE",
    "}": "RBRACE", "?": "QMARK", ":": "COLON", ",": "COMMA",
    # An identifier that is a keyword: `not true false null` wherever they stand (Lark's
    # lexer makes them keywords where the grammar accepts them; elsewhere the reader takes
    # them as names), `in or and` where a word ends (their terminals are /in\b/ and so on),
    # which is wherever the scan ends a name in a text it takes: a character after one that
    # continues a word beyond ASCII (`iné`) starts no token, and the text is Lark's.
    "not": "NOT", "true": "TRUE", "false": "FALSE", "null": "NULL",
    "in": "IN", "or": "OR_KW", "and": "AND_KW", "": "$END",
}  # fmt: skip
_NAME_START = frozenset("_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
_NUMBER_START = frozenset("0123456789.")
_QUOTES = frozenset("'\"")
# The kinds the reader keeps: ``_BY_TEXT``'s, and None for a name or a literal other than a
# keyword.
_KEYWORD_NAMES = frozenset({"NOT", "IN", "OR_KW", "AND_KW"})  # names where an operand is
_FIELD_KEYWORDS = _KEYWORD_NAMES | {"TRUE", "FALSE", "NULL"}  # names after `.`
_KEYWORD_LITERALS = frozenset({"TRUE", "FALSE", "NULL"})
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
    path = _path(source, start, end)
    return path if path is not None else _read(source, start, end)


def _read(source: Source, start: int, end: int) -> tuple[Expr, list[Diagnostic]] | None:
    """``parse`` by the rules of the grammar."""
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
    return expr, reader.diagnostics


# A name, or names joined by dots: what a template hole or a condition tree's `path` most
# often holds, read without the scan and the rules (tests/test_cel_descent.py holds it to
# ``_read``).
_PATH = re.compile(
    r"[ \t\n\r\f]*+([_a-zA-Z][_a-zA-Z0-9]*+(?:\.[_a-zA-Z][_a-zA-Z0-9]*+)*+)[ \t\n\r\f]*+"
)


def _path(source: Source, start: int, end: int) -> tuple[Expr, list[Diagnostic]] | None:
    """``_read`` of a text that is a dotted path whose first name is no keyword (`true.a`
    selects from a literal, `not a` negates), else None."""
    found = _PATH.fullmatch(source.text, start, end)
    if found is None:
        return None
    names = found[1].split(".")
    if names[0] in _BY_TEXT:
        return None
    nodes = NodeBuilder(source)
    at = found.start(1)
    after = at + len(names[0])
    expr = nodes.ident_at(at, names[0], at, after)
    for name in names[1:]:
        at = after + 1  # past the dot
        after = at + len(name)
        expr = nodes.select_at(expr, name, at, after)
    return expr, nodes.diagnostics


def _tokens(
    text: str, start: int, end: int
) -> tuple[list[str | None], list[str], list[int], list[int]] | None:
    """The kind (None for a name or a literal that is no keyword), text, start and end of
    every token of ``text[start:end]``, ending with ``$END``; None where a character
    starts no token."""
    # One flat list, no tuples: what lies before each match (empty, unless a character there
    # starts no token), what the match skipped, its token; and, last, what follows the last
    # match (empty: the scan matches at the end).
    parts = _SCAN.split(text[start:end])
    if len(parts) > 4 and not parts[-5]:
        del parts[-4:-1]  # white space, then the end; then the end again, an empty match
    if any(parts[::3]):
        return None
    # The rest in C, not a loop in Python over the tokens (which costs more than the scan):
    # the parts left (what each match skipped, its token) follow each other from
    # ``start``, so a token's start and end are sums of lengths.
    del parts[::3]
    offsets = list(accumulate(map(len, parts), initial=start))
    texts = parts[1::2]
    return list(map(_KIND_OF_TEXT, texts)), texts, offsets[1::2], offsets[2::2]


_KIND_OF_TEXT = _BY_TEXT.get


def kind_of(token: str) -> str:
    """The terminal of grammar/cel.lark that Lark's lexer names a token of the scan
    (``$END`` for the end), as the reader takes it."""
    return _BY_TEXT.get(token) or _literal_kind(token)


def _literal_kind(token: str) -> str:
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


class _Reader(NodeBuilder):
    """The tokens of one text read rule by rule, building its nodes as it goes; ``at`` is
    the next token's index."""

    def __init__(
        self,
        source: Source,
        kinds: list[str | None],
        texts: list[str],
        starts: list[int],
        ends: list[int],
    ) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []
        self.kinds, self.texts, self.starts, self.ends = kinds, texts, starts, ends
        self.at = 0
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
        self.nesting += 1
        if self.nesting > _MAX_NESTING:
            raise _GiveUp
        result = self.or_expr()
        if self.kinds[self.at] == "QMARK":
            self.at += 1
            then = self.or_expr()
            self.take("COLON")
            result = self.conditional(result, then, self.expr())
        self.nesting -= 1
        return result

    def or_expr(self) -> Expr:
        """or_expr: and_expr (("||" | "or") and_expr)*, and_expr: not_expr (("&&" | "and")
        not_expr)*, in one loop over the not_exprs and the operators between them (a call
        for each level and operand cost more than the reading)."""
        kinds = self.kinds
        disjuncts: list[Expr] = []
        conjuncts: list[Expr] = []
        while True:
            # not_expr: relation | NOT not_expr (`not` is a keyword here, a name below)
            if kinds[self.at] == "NOT":
                operand = self.not_expr()
            else:
                operand = self.unary()
                if kinds[self.at] in _PRECEDENCE:
                    operand = self.binary_from(operand, 1)
            kind = kinds[self.at]
            if kind in _AND:
                conjuncts.append(operand)
                self.at += 1
                continue
            if conjuncts:
                conjuncts.append(operand)
                operand = self.and_(conjuncts)
                conjuncts = []
            if kind in _OR:
                disjuncts.append(operand)
                self.at += 1
                continue
            if disjuncts:
                disjuncts.append(operand)
                return self.or_(disjuncts)
            return operand

    def not_expr(self) -> Expr:
        """not_expr: relation | NOT not_expr, where the next token is `not`."""
        at = self.at
        self.at = at + 1
        self.nest()
        if self.kinds[self.at] == "NOT":
            operand = self.not_expr()
        else:
            operand = self.unary()
            if self.kinds[self.at] in _PRECEDENCE:
                operand = self.binary_from(operand, 1)
        self.nesting -= 1
        return self.logical_not(self.starts[at], operand)

    def binary_from(self, left: Expr, weakest: int) -> Expr:
        """relation, addition and multiplication (left-associative) by precedence
        climbing: the operators binding at least ``weakest`` that follow ``left``."""
        kinds = self.kinds
        while (strength := _PRECEDENCE.get(kinds[self.at], 0)) >= weakest:  # type: ignore[arg-type]
            at = self.at
            self.at = at + 1
            right = self.unary()
            while _PRECEDENCE.get(kinds[self.at], 0) > strength:  # type: ignore[arg-type]
                right = self.binary_from(right, strength + 1)
            op = self.texts[at]
            if op in OPERATORS_WITH_FINDINGS:
                left = self.binary(left, op, right)
            else:  # what ``binary`` makes of any other operator
                first, last = left.span, right.span
                assert first is not None and last is not None
                left = Binary(op, left, right, Span(first.start, last.end))
        return left

    def unary(self) -> Expr:
        """unary: member | BANG unary | MINUS unary"""
        at = self.at
        kind = self.kinds[at]
        if kind is None:  # the commonest primary: a name, or a literal of quotes or digits
            self.at = at + 1
            text = self.texts[at]
            first = text[0]
            if first in _NAME_START and text[-1] not in _QUOTES:
                if self.kinds[at + 1] == "LPAREN":
                    operand = self.name(at)
                elif text in NAMES_WITH_FINDINGS:
                    start = self.starts[at]
                    operand = self.ident_at(start, text, start, self.ends[at])
                else:  # what ``ident_at`` makes of a name it has nothing to say about
                    operand = Ident(text, Span(self.starts[at], self.ends[at]))
            elif first in _QUOTES and "\\" not in text and text[:3] != first * 3:
                # what ``literal_at`` makes of a string without escapes (most strings)
                operand = Literal(text[1:-1], Span(self.starts[at], self.ends[at]))
            else:
                kind = "STRING" if first in _QUOTES else _literal_kind(text)
                operand = self.literal_at(kind, text, self.starts[at], self.ends[at])
        elif kind == "BANG" or (kind == "ADD_OP" and self.texts[at] == "-"):
            self.at = at + 1
            self.nest()
            operand = self.unary()
            self.nesting -= 1
            if kind == "BANG":
                return self.logical_not(self.starts[at], operand)
            return self.negate(self.starts[at], operand)
        else:
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
                    operand = self.method_call(operand, token, args, end)
                else:
                    texts, starts, ends = self.texts, self.starts, self.ends
                    operand = self.select_at(operand, texts[name], starts[name], ends[name])
            elif kind == "LBRACKET":
                self.at += 1
                key = self.expr()
                close = self.take("RBRACKET")
                operand = self.index(operand, key, self.ends[close])
            else:
                return operand

    def field_name(self) -> int:
        """After a `.`: any identifier (no keyword is one there); the index of its token."""
        at = self.at + 1
        kind = self.kinds[at]
        if kind is None:
            text = self.texts[at]
            if text[0] not in _NAME_START or text[-1] in _QUOTES:  # a literal
                raise _GiveUp
        elif kind not in _FIELD_KEYWORDS:
            raise _GiveUp
        self.at = at + 1
        return at

    def primary(self) -> Expr:
        """A primary that starts with a keyword or punctuation (``unary`` reads the rest)."""
        at = self.at
        kind = self.kinds[at]
        self.at = at + 1
        if kind in _KEYWORD_NAMES:
            return self.name(at)
        if kind in _KEYWORD_LITERALS:
            return self.literal_at(kind, self.texts[at], self.starts[at], self.ends[at])
        if kind == "DOT":  # `.name`: after that dot, too, Lark's lexer offers only IDENT
            self.at = at
            name = self.field_name()
            texts, starts, ends = self.texts, self.starts, self.ends
            return self.ident_at(starts[at], texts[name], starts[name], ends[name])
        if kind == "LPAREN":
            inner = self.expr()
            close = self.take("RPAREN")
            return self.paren(self.starts[at], inner, self.ends[close])
        if kind == "LBRACKET":
            items, end = self.sequence("RBRACKET", entries=False)
            return self.list_literal(self.starts[at], items, end)
        if kind == "LBRACE":
            entries, end = self.sequence("RBRACE", entries=True)
            return self.map_literal(self.starts[at], entries, end)
        raise _GiveUp

    def name(self, at: int) -> Expr:
        """The name at ``at`` where an operand is (``self.at`` past it): a variable, or a
        function called."""
        if self.kinds[at + 1] == "LPAREN":
            self.at = at + 2
            args, end = self.arguments()
            return self.call(self.lexeme(at, "IDENT"), args, end)
        start = self.starts[at]
        return self.ident_at(start, self.texts[at], start, self.ends[at])

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
        """An expression in a list, a map or a call's arguments; a lone string or number
        (most are) is read at once, as ``expr`` would read it."""
        at = self.at
        if (
            self.kinds[at] is None
            and self.kinds[at + 1] in _ITEM_END
            and self.nesting < _MAX_NESTING  # where ``expr`` would not give up
        ):
            text = self.texts[at]
            first = text[0]
            if first in _QUOTES:
                self.at = at + 1
                if "\\" not in text and text[:3] != first * 3:  # as ``unary`` reads it
                    return Literal(text[1:-1], Span(self.starts[at], self.ends[at]))
                return self.literal_at("STRING", text, self.starts[at], self.ends[at])
            if first in _NUMBER_START:
                self.at = at + 1
                return self.literal_at(_literal_kind(text), text, self.starts[at],
                                       self.ends[at])  # fmt: skip
        return self.expr()
