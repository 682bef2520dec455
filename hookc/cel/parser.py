"""Text to expression IR: Lark's LALR parser with the IR built in its callbacks.

The callbacks run while Lark parses (an inline transformer), so no parse tree is built and
nothing recurses over the input; a freshly built tree is measured iteratively
(``ir.expr.walk``) and rejected past ``MAX_DEPTH`` before any recursive pass sees it.
Syntax errors are explained by ``syntax_errors``: a caret, a message for people, and a hint
for the mistakes people actually make.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import threading
from typing import Any

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from hookc.cel import catalog
from hookc.cel.catalog import CEL_KEYWORDS, RESERVED
from hookc.cel.literals import (
    INT64_MAX,
    INT64_MIN,
    LiteralError,
    decode_double,
    decode_int,
    decode_string,
)
from hookc.cel.printer import literal_text as printer_literal
from hookc.diagnostics import Diagnostic, error, warning
from hookc.ir.expr import (
    MACROS,
    And,
    Binary,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Map,
    Or,
    Select,
    Unary,
    path_steps,
    walk,
)
from hookc.resources import data_file
from hookc.runtime.values import CelError, compile_glob, compile_regex
from hookc.source import Source, Span

# Deeper expressions are rejected with HK106. Real conditions are a handful of levels deep;
# the bound keeps every recursive pass (evaluator, printer, code generators) far from
# Python's recursion limit. `&&` and `||` chains are n-ary and add one level, however long.
MAX_DEPTH = 128

_PYTHON_LITERALS = {"True": "true", "False": "false", "None": "null"}

_NOTHING_TO_PARSE = re.compile(r"(?:\s|//[^\n]*)*")
_LONG_NUMBER = re.compile(r"[0-9a-fA-F]{16}")


@dataclasses.dataclass(frozen=True, slots=True)
class ParseResult:
    expr: Expr | None
    diagnostics: tuple[Diagnostic, ...]


def _span(first: Token | Expr, last: Token | Expr) -> Span:
    return Span(_start(first), _end(last))


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


class _Builder(Transformer[Token, Expr]):
    """Lark callbacks, one per named alternative of grammar/cel.lark, building IR nodes."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)
        self.source = Source("<expr>", "")
        self.diagnostics: list[Diagnostic] = []

    def reset(self, source: Source) -> None:
        self.source = source
        self.diagnostics = []

    def _error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(error(code, message, self.source, span, hint))

    def _name(self, token: Token, hint: str | None = None) -> str:
        name = str(token)
        if name in RESERVED:
            self._error(
                "HK108",
                f"`{name}` is a reserved word in CEL and cannot be used as a name",
                _span(token, token),
                hint,
            )
        return name

    def _field(self, token: Token, hint: str) -> str:
        """A field after `.`: any identifier but CEL's keywords (reserved words such as
        `as` or `while` are fields, as CEL's grammar and conformance suite have them)."""
        name = str(token)
        if name in CEL_KEYWORDS:
            self._error(
                "HK108",
                f"`{name}` is a keyword in CEL and cannot be used as a field name",
                _span(token, token),
                hint,
            )
        return name

    # -- primaries ---------------------------------------------------------------------------

    def ident(self, children: list[Token]) -> Expr:
        token = children[-1]
        name = self._name(token)
        span = _span(children[0], token)
        if name in _PYTHON_LITERALS:
            self.diagnostics.append(
                warning(
                    "HK150",
                    f"`{name}` is read as a variable name, not a literal",
                    self.source,
                    span,
                    f"CEL spells it `{_PYTHON_LITERALS[name]}`",
                )
            )
        return Ident(name, span=span)

    def int_literal(self, children: list[Token]) -> Expr:
        (token,) = children
        return Literal(decode_int(token), span=_span(token, token))

    def double_literal(self, children: list[Token]) -> Expr:
        (token,) = children
        span = _span(token, token)
        value = decode_double(token)
        if math.isinf(value):
            self._error(
                "HK105", f"`{token}` is beyond the range of a double", span,
                "write double('inf') if infinity is meant",
            )  # fmt: skip
        return Literal(value, span=span)

    def string_literal(self, children: list[Token]) -> Expr:
        (token,) = children
        span = _span(token, token)
        try:
            return Literal(decode_string(token), span=span)
        except LiteralError as exc:
            self._error(
                "HK104", exc.message, Span(span.start + exc.start, span.start + exc.end), exc.hint
            )
            return Literal("", span=span)

    def unsupported_literal(self, children: list[Token]) -> Expr:
        (token,) = children
        span = _span(token, token)
        if token.type == "UINT":
            self._error(
                "HK103",
                f"unsigned integer literals like `{token}` are not supported by hookc",
                span,
                f"write a plain int: {str(token)[:-1]}",
            )
        else:
            self._error(
                "HK103",
                "bytes literals are not supported by hookc",
                span,
                "hook contexts hold JSON values; compare with a string literal instead",
            )
        return Literal(None, span=span)

    def true(self, children: list[Token]) -> Expr:
        return Literal(True, span=_span(children[0], children[0]))

    def false(self, children: list[Token]) -> Expr:
        return Literal(False, span=_span(children[0], children[0]))

    def null(self, children: list[Token]) -> Expr:
        return Literal(None, span=_span(children[0], children[0]))

    def paren(self, children: list[Any]) -> Expr:
        left, inner, right = children
        grouped: Expr = dataclasses.replace(inner, span=_span(left, right))
        return grouped

    def list_literal(self, children: list[Any]) -> Expr:
        return List(tuple(_exprs(children)), span=_span(children[0], children[-1]))

    def entry(self, children: list[Expr]) -> tuple[Expr, Expr]:
        key, value = children
        return key, value

    def map_literal(self, children: list[Any]) -> Expr:
        entries = tuple(c for c in children if isinstance(c, tuple))
        return Map(entries, span=_span(children[0], children[-1]))

    def args(self, children: list[Expr]) -> list[Expr]:
        return children

    # -- members and calls -------------------------------------------------------------------

    def select(self, children: list[Any]) -> Expr:
        operand, name = children
        hint = f"write {_text_of(self.source, operand)}['{name}']"
        return Select(operand, self._field(name, hint), span=_span(operand, name))

    def index(self, children: list[Any]) -> Expr:
        operand, key, close = children
        return Index(operand, key, span=_span(operand, close))

    def call(self, children: list[Any]) -> Expr:
        name, args, close = children
        args = args or []
        span = _span(name, close)
        if name == "has":
            return self._has(args, span)
        if str(name) in MACROS:
            self._error(
                "HK111",
                f"`{name}` is a macro and is called as a method: list.{name}(x, ...)",
                span,
            )
        else:
            self._check_call(str(name), len(args), catalog.GLOBAL_FUNCTIONS, span, "function")
            if name == "matches" and len(args) == 2:
                self._check_pattern("matches", args[1])
        return Call(str(name), tuple(args), span=span)

    def method_call(self, children: list[Any]) -> Expr:
        target, name, args, close = children
        args = args or []
        span = _span(target, close)
        if target == Ident("rye") and f"rye.{name}" in catalog.RYE_FUNCTIONS:
            return self._rye_call(f"rye.{name}", args, span)
        if str(name) in MACROS:
            return self._comprehension(str(name), target, args, span)
        self._check_call(str(name), len(args), catalog.METHODS, span, "method")
        call = Call(str(name), tuple(args), target, span=span)
        if name in ("matches", "glob"):
            self._check_pattern(str(name), args[0] if args else None)
        return call

    def _rye_call(self, function: str, args: list[Any], span: Span) -> Expr:
        """hookc's own functions with Rye's meaning (``hookc.runtime.rye``), qualified as CEL
        qualifies extension functions: ``rye.eq(path, value)``, ``rye.interpolate(text, ...)``.
        Their paths are read by Rye's rule, not evaluated, so they must be constant paths."""
        arity = catalog.RYE_FUNCTIONS[function]
        if function == "rye.interpolate":
            fits = bool(args) and isinstance(args[0], Literal) and isinstance(args[0].value, str)
            paths = args[1:]
            usage = "rye.interpolate('text', path, ...)"
        else:
            fits = len(args) == arity
            paths = args[:1]
            usage = f"{function}(path{', value' * (arity == 2)})"
        if not fits or any(path_steps(path) is None for path in paths):
            self._error("HK111", f"`{function}` is called as {usage}", span)
        return Call(function, tuple(args), span=span)

    def _check_call(
        self, name: str, arity: int, known: dict[str, int], span: Span, kind: str
    ) -> None:
        if name not in known:
            guess = catalog.suggest(name, tuple(known))
            self._error(
                "HK110",
                f"unknown {kind} `{name}`",
                span,
                f"did you mean `{guess}`?" if guess else f"known: {', '.join(sorted(known))}",
            )
        elif known[name] != arity:
            self._error(
                "HK110",
                f"`{name}` takes {known[name]} argument{'s' * (known[name] != 1)}, not {arity}",
                span,
            )

    def _check_pattern(self, function: str, pattern: Expr | None) -> None:
        """A constant regex (``matches``) or glob pattern is compiled now, not per event."""
        if not (isinstance(pattern, Literal) and isinstance(pattern.value, str)):
            return
        assert pattern.span is not None
        compiled = (compile_regex if function == "matches" else compile_glob)(pattern.value)
        if isinstance(compiled, CelError):
            self._error("HK112", compiled.message, pattern.span)

    def _has(self, args: list[Expr], span: Span) -> Expr:
        if len(args) == 1 and isinstance(args[0], Ident | Select | Index):
            return Has(args[0], span=span)
        self._error(
            "HK111",
            "has() takes one field path",
            span,
            "for example has(error.headers) or has(error.headers['retry-after'])",
        )
        return Has(args[0] if args else Ident("_", span=span), span=span)

    def _comprehension(self, macro: str, target: Expr, args: list[Expr], span: Span) -> Expr:
        arities = (2, 3) if macro == "map" else (2,)
        if len(args) not in arities or not isinstance(args[0], Ident):
            self._error(
                "HK111",
                f"`{macro}` takes a variable name and "
                + ("an expression" if macro == "map" else "a condition"),
                span,
                f"for example items.{macro}(x, x > 0)",
            )
            return Comprehension(macro, target, "_", Literal(True, span=span), span=span)
        var = args[0].name
        if macro == "map":
            predicate = args[1] if len(args) == 3 else None
            return Comprehension(macro, target, var, predicate, args[-1], span=span)
        return Comprehension(macro, target, var, args[1], span=span)

    # -- operators ---------------------------------------------------------------------------

    def logical_not(self, children: list[Any]) -> Expr:
        bang, operand = children
        return Unary("!", operand, span=_span(bang, operand))

    keyword_not = logical_not

    def negate(self, children: list[Any]) -> Expr:
        minus, operand = children
        span = _span(minus, operand)
        # `-5` is the literal -5, as in CEL (so -9223372036854775808 is a valid int); `-(5)`
        # and `--5` stay negations. A literal written directly starts with a digit or `.`.
        if (
            isinstance(operand, Literal)
            and type(operand.value) in (int, float)
            and self.source.text[_start(operand)] in "0123456789."
        ):
            assert isinstance(operand.value, int | float)
            return Literal(-operand.value, span=span)
        return Unary("-", operand, span=span)

    def binary(self, children: list[Any]) -> Expr:
        left, op, right = children
        span = _span(left, right)
        if op == "in" and isinstance(right, Literal) and isinstance(right.value, str):
            self._error(
                "HK113",
                "`in` tests membership of a list or map, not a substring",
                span,
                _in_string_hint(_text_of(self.source, left), right.value),
            )
        return Binary(str(op), left, right, span=span)

    def and_(self, children: list[Any]) -> Expr:
        operands = _exprs(children)
        return And(tuple(operands), span=_span(operands[0], operands[-1]))

    def or_(self, children: list[Any]) -> Expr:
        operands = _exprs(children)
        return Or(tuple(operands), span=_span(operands[0], operands[-1]))

    def conditional(self, children: list[Expr]) -> Expr:
        condition, then, otherwise = children
        return Conditional(condition, then, otherwise, span=_span(condition, otherwise))


def _in_string_hint(left: str, text: str) -> str:
    words = [word.strip() for word in text.split(",")]
    if len(words) > 1 and all(words):  # 'a, b' reads as a list of choices
        return f"for one of several values write {left} in [{', '.join(map(repr, words))}]"
    return f"for a substring write {printer_literal(text)}.contains({left})"


def _text_of(source: Source, node: Expr) -> str:
    assert node.span is not None
    return source.text[node.span.start : node.span.end]


_GRAMMAR = data_file("grammar", "cel.lark").read_text(encoding="utf-8")
_BUILDER = _Builder()
# cache=True keeps Lark's grammar analysis in the temp directory (keyed by a hash of the
# grammar and Lark's version): 3 ms instead of 40 ms at every start of `hookc check`.
_PARSER = Lark(_GRAMMAR, parser="lalr", lexer="contextual", transformer=_BUILDER, cache=True)


@functools.cache
def _recognizer() -> Lark:
    """A parser that builds plain trees, made on the first syntax error.

    Syntax errors are re-parsed with it so that ``match_examples`` compares parser states
    without running the IR callbacks (and their per-parse state).
    """
    return Lark(_GRAMMAR, parser="lalr", lexer="contextual", cache=True)


# The builder keeps per-parse state (source, diagnostics); one parse at a time uses it.
_LOCK = threading.Lock()


# Hook files repeat expressions (`${tool.name}` in many actions, one condition in several
# hooks); results are immutable, so a repeat costs a lookup instead of a parse.
_PARSE_CACHE_SIZE = 4096


@functools.lru_cache(maxsize=_PARSE_CACHE_SIZE)
def parse(text: str, name: str = "<expr>") -> ParseResult:
    """Parse a `when` expression; every problem is a diagnostic, never an exception."""
    source = Source(name, text)
    if _NOTHING_TO_PARSE.fullmatch(text):
        return ParseResult(
            None, (error("HK107", "the expression is empty", source, Span(0, len(text))),)
        )
    with _LOCK:
        _BUILDER.reset(source)
        try:
            # The builder's callbacks make the parse result an Expr, not a lark Tree.
            expr: Expr | None = _PARSER.parse(text)  # type: ignore[assignment]
        except UnexpectedInput:
            expr = None
        found = list(_BUILDER.diagnostics)
    if expr is None:
        found.extend(syntax_errors(source))
        return ParseResult(None, tuple(sorted(found, key=Diagnostic.sort_key)))
    # Every node spans at least one character of its own, so a text shorter than the depth
    # limit cannot exceed it; and only a long run of digits can overflow int64.
    if len(text) > MAX_DEPTH or _LONG_NUMBER.search(text):
        found.extend(_check_tree(expr, source))
    return ParseResult(expr, tuple(sorted(found, key=Diagnostic.sort_key)))


def _check_tree(expr: Expr, source: Source) -> list[Diagnostic]:
    """Limits that only the whole tree shows: depth, and int literals after negation."""
    found: list[Diagnostic] = []
    for node, depth in walk(expr):
        assert node.span is not None
        if depth > MAX_DEPTH:
            return [
                error(
                    "HK106",
                    f"the expression is nested more than {MAX_DEPTH} levels deep",
                    source,
                    node.span,
                    "split it into simpler conditions",
                )
            ]
        if (
            isinstance(node, Literal)
            and type(node.value) is int
            and not INT64_MIN <= node.value <= INT64_MAX
        ):
            found.append(
                error(
                    "HK105",
                    "integer literal is beyond the int64 range",
                    source,
                    node.span,
                    "write it as a double (with a decimal point) if a float is meant",
                )
            )
    return found


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
    span = _span(opener, opener)
    return error(
        "HK101",
        f"`{opener}` is never closed",
        source,
        span,
        f"add `{_OPENERS[opener.type]}` where the group ends",
    )
