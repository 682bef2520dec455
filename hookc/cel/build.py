"""The expression IR of each construct of the `when` grammar, and the diagnostics it earns.

The parser's callbacks (``hookc.cel.parser``) hand each construct here as Lark reduces it:
its tokens (``Lexeme``) and its finished child nodes, in the order a bottom-up parser
completes them. Each node is made, and checked, here.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from hookc.cel import catalog
from hookc.cel.catalog import CEL_KEYWORDS, RESERVED
from hookc.cel.literals import LiteralError, decode_double, decode_int, decode_string
from hookc.cel.printer import literal_text as printer_literal
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
)
from hookc.runtime.values import CelError, compile_glob, compile_regex
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, warning

_PYTHON_LITERALS = {"True": "true", "False": "false", "None": "null"}
_KEYWORD_VALUES = {"TRUE": True, "FALSE": False, "NULL": None}
_RYE = Ident("rye")


class Lexeme:
    """A token: its terminal's name in grammar/cel.lark, its text and where it stands."""

    __slots__ = ("end", "kind", "start", "text")

    def __init__(self, kind: str, text: str, start: int, end: int) -> None:
        self.kind, self.text, self.start, self.end = kind, text, start, end


def _start(node: Expr) -> int:
    assert node.span is not None
    return node.span.start


def _end(node: Expr) -> int:
    assert node.span is not None
    return node.span.end


def _from_to(first: Expr, last: Expr) -> Span:
    """From where ``first`` starts to where ``last`` ends."""
    assert first.span is not None and last.span is not None
    return Span(first.span.start, last.span.end)


class NodeBuilder:
    """Builds the IR of one text, collecting its diagnostics."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []

    def _error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(error(code, message, self.source, span, hint))

    # -- primaries ---------------------------------------------------------------------------
    # Each takes its tokens as a ``Lexeme``; an ``_at`` form takes a token's parts.

    def ident(self, start: int, token: Lexeme) -> Expr:
        """A name, written ``name`` or ``.name`` (``start`` is where the dot stands)."""
        return self.ident_at(start, token.text, token.start, token.end)

    def ident_at(self, start: int, name: str, name_start: int, end: int) -> Expr:
        """``ident`` of the name ``name`` written at ``[name_start, end)``."""
        if name in RESERVED:
            self._error(
                "HK108",
                f"`{name}` is a reserved word in CEL and cannot be used as a name",
                Span(name_start, end),
            )
        span = Span(start, end)
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
        return Ident(name, span)

    def literal(self, token: Lexeme) -> Expr:
        """A literal token (INT, DOUBLE, STRING, UINT, BYTES, TRUE, FALSE or NULL)."""
        return self.literal_at(token.kind, token.text, token.start, token.end)

    def literal_at(self, kind: str, text: str, start: int, end: int) -> Expr:
        """``literal`` of a token of ``kind`` written as ``text`` at ``[start, end)``."""
        span = Span(start, end)
        if kind == "STRING":
            # Most strings are quoted text without escapes: the value is what the quotes hold.
            if text[0] == text[-1] and text[:3] != text[0] * 3 and "\\" not in text:
                return Literal(text[1:-1], span)
            try:
                return Literal(decode_string(text), span=span)
            except LiteralError as exc:
                at = Span(span.start + exc.start, span.start + exc.end)
                self._error("HK104", exc.message, at, exc.hint)
                return Literal("", span=span)
        if kind == "INT":
            return Literal(decode_int(text), span)
        if kind == "DOUBLE":
            value = decode_double(text)
            if math.isinf(value):
                self._error(
                    "HK105", f"`{text}` is beyond the range of a double", span,
                    "write double('inf') if infinity is meant",
                )  # fmt: skip
            return Literal(value, span)
        if kind == "UINT":
            self._error(
                "HK103",
                f"unsigned integer literals like `{text}` are not supported by hookc",
                span,
                f"write a plain int: {text[:-1]}",
            )
            return Literal(None, span=span)
        if kind == "BYTES":
            self._error(
                "HK103",
                "bytes literals are not supported by hookc",
                span,
                "hook contexts hold JSON values; compare with a string literal instead",
            )
            return Literal(None, span=span)
        return Literal(_KEYWORD_VALUES[kind], span=span)

    def paren(self, start: int, inner: Expr, end: int) -> Expr:
        grouped: Expr = dataclasses.replace(inner, span=Span(start, end))
        return grouped

    def list_literal(self, start: int, items: Sequence[Expr], end: int) -> Expr:
        return List(tuple(items), Span(start, end))

    def map_literal(self, start: int, entries: Sequence[tuple[Expr, Expr]], end: int) -> Expr:
        return Map(tuple(entries), span=Span(start, end))

    # -- members and calls -------------------------------------------------------------------

    def select(self, operand: Expr, token: Lexeme) -> Expr:
        """``operand.name``: any identifier but CEL's keywords (reserved words such as
        `as` or `while` are fields, as CEL's grammar and conformance suite have them)."""
        return self.select_at(operand, token.text, token.start, token.end)

    def select_at(self, operand: Expr, name: str, name_start: int, end: int) -> Expr:
        """``select`` of the name ``name`` written at ``[name_start, end)``."""
        if name in CEL_KEYWORDS:
            self._error(
                "HK108",
                f"`{name}` is a keyword in CEL and cannot be used as a field name",
                Span(name_start, end),
                f"write {_text_of(self.source, operand)}['{name}']",
            )
        at = operand.span  # (the span helpers inlined here and below: a node per token)
        assert at is not None
        return Select(operand, name, Span(at.start, end))

    def index(self, operand: Expr, key: Expr, end: int) -> Expr:
        return Index(operand, key, span=Span(_start(operand), end))

    def call(self, token: Lexeme, args: Sequence[Expr], end: int) -> Expr:
        name = token.text
        span = Span(token.start, end)
        if name == "has":
            return self._has(args, span)
        if name in MACROS:
            self._error(
                "HK111",
                f"`{name}` is a macro and is called as a method: list.{name}(x, ...)",
                span,
            )
        else:
            self._check_call(name, len(args), catalog.GLOBAL_FUNCTIONS, span, "function")
            if name == "matches" and len(args) == 2:
                self._check_pattern("matches", args[1])
        return Call(name, tuple(args), span=span)

    def method_call(self, target: Expr, token: Lexeme, args: Sequence[Expr], end: int) -> Expr:
        name = token.text
        span = Span(_start(target), end)
        if target == _RYE and f"rye.{name}" in catalog.RYE_FUNCTIONS:
            return self._rye_call(f"rye.{name}", args, span)
        if name in MACROS:
            return self._comprehension(name, target, args, span)
        self._check_call(name, len(args), catalog.METHODS, span, "method")
        call = Call(name, tuple(args), target, span=span)
        if name in ("matches", "glob"):
            self._check_pattern(name, args[0] if args else None)
        return call

    def _rye_call(self, function: str, args: Sequence[Expr], span: Span) -> Expr:
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

    def _has(self, args: Sequence[Expr], span: Span) -> Expr:
        if len(args) == 1 and isinstance(args[0], Ident | Select | Index):
            return Has(args[0], span=span)
        self._error(
            "HK111",
            "has() takes one field path",
            span,
            "for example has(error.headers) or has(error.headers['retry-after'])",
        )
        return Has(args[0] if args else Ident("_", span=span), span=span)

    def _comprehension(self, macro: str, target: Expr, args: Sequence[Expr], span: Span) -> Expr:
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

    def logical_not(self, start: int, operand: Expr) -> Expr:
        """``!x`` or ``not x`` (``start`` is where the operator stands)."""
        return Unary("!", operand, span=Span(start, _end(operand)))

    def negate(self, start: int, operand: Expr) -> Expr:
        span = Span(start, _end(operand))
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

    def binary(self, left: Expr, op: str, right: Expr) -> Expr:
        first, last = left.span, right.span
        assert first is not None and last is not None
        span = Span(first.start, last.end)
        if op == "in" and isinstance(right, Literal) and isinstance(right.value, str):
            self._error(
                "HK113",
                "`in` tests membership of a list or map, not a substring",
                span,
                _in_string_hint(_text_of(self.source, left), right.value),
            )
        return Binary(op, left, right, span)

    def and_(self, operands: Sequence[Expr]) -> Expr:
        first, last = operands[0].span, operands[-1].span
        assert first is not None and last is not None
        return And(tuple(operands), Span(first.start, last.end))

    def or_(self, operands: Sequence[Expr]) -> Expr:
        first, last = operands[0].span, operands[-1].span
        assert first is not None and last is not None
        return Or(tuple(operands), Span(first.start, last.end))

    def conditional(self, condition: Expr, then: Expr, otherwise: Expr) -> Expr:
        span = _from_to(condition, otherwise)
        return Conditional(condition, then, otherwise, span=span)


def _in_string_hint(left: str, text: str) -> str:
    words = [word.strip() for word in text.split(",")]
    if len(words) > 1 and all(words):  # 'a, b' reads as a list of choices
        return f"for one of several values write {left} in [{', '.join(map(repr, words))}]"
    return f"for a substring write {printer_literal(text)}.contains({left})"


def _text_of(source: Source, node: Expr) -> str:
    assert node.span is not None
    return source.text[node.span.start : node.span.end]
