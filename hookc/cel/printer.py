"""Expression IR back to `when` text, with the fewest parentheses that keep its structure.

The law (tested with Hypothesis): ``parse(to_text(e)) == e`` for every expression the
parser can produce. Where the parser folds (``-5`` is the literal -5), the printer writes
what parses back to the same node (``-(5)`` for a negation of 5).
"""

from __future__ import annotations

import math
import re

from hookc.cel.catalog import CEL_KEYWORDS
from hookc.ir.expr import (
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
)

# Binding strength, loosest first, as in grammar/cel.lark.
_CONDITIONAL, _OR, _AND, _RELATION, _ADDITION, _MULTIPLICATION, _UNARY, _MEMBER = range(1, 9)
_LEVEL = {
    "==": _RELATION, "!=": _RELATION, "<": _RELATION, "<=": _RELATION, ">": _RELATION,
    ">=": _RELATION, "in": _RELATION, "+": _ADDITION, "-": _ADDITION,
    "*": _MULTIPLICATION, "/": _MULTIPLICATION, "%": _MULTIPLICATION,
}  # fmt: skip

_IDENTIFIER = re.compile(r"[_a-zA-Z][_a-zA-Z0-9]*")


def to_text(expr: Expr) -> str:
    return _print(expr)[0]


def _wrap(expr: Expr, weakest: int) -> str:
    """``expr``'s text, parenthesised if it binds more loosely than ``weakest`` allows."""
    text, level = _print(expr)
    return text if level >= weakest else f"({text})"


def _print(expr: Expr) -> tuple[str, int]:
    match expr:
        case Literal(value=value):
            text = literal_text(value)
            return text, _UNARY if text.startswith("-") else _MEMBER
        case Ident(name=name):
            return name, _MEMBER
        case Select(operand=operand, field=field):
            if _IDENTIFIER.fullmatch(field) and field not in CEL_KEYWORDS:
                return f"{_wrap(operand, _MEMBER)}.{field}", _MEMBER
            return f"{_wrap(operand, _MEMBER)}[{literal_text(field)}]", _MEMBER
        case Index(operand=operand, index=index):
            return f"{_wrap(operand, _MEMBER)}[{to_text(index)}]", _MEMBER
        case Call(function=function, args=args, target=target):
            arguments = ", ".join(to_text(a) for a in args)
            if target is None:
                return f"{function}({arguments})", _MEMBER
            return f"{_wrap(target, _MEMBER)}.{function}({arguments})", _MEMBER
        case Has(path=path):
            return f"has({to_text(path)})", _MEMBER
        case Comprehension(macro=macro, target=target, var=var, predicate=p, transform=t):
            arguments = ", ".join([var, *(to_text(e) for e in (p, t) if e is not None)])
            return f"{_wrap(target, _MEMBER)}.{macro}({arguments})", _MEMBER
        case List(items=items):
            return "[" + ", ".join(to_text(i) for i in items) + "]", _MEMBER
        case Map(entries=entries):
            pairs = ", ".join(f"{to_text(k)}: {to_text(v)}" for k, v in entries)
            return "{" + pairs + "}", _MEMBER
        case Unary(op=op, operand=operand):
            inner = _wrap(operand, _UNARY)
            # `-5` would parse as the literal -5, not as a negation of 5.
            if op == "-" and isinstance(operand, Literal) and not inner.startswith("-"):
                inner = f"({inner})"
            return f"{op}{inner}", _UNARY
        case Binary(op=op, left=left, right=right):
            level = _LEVEL[op]
            return f"{_wrap(left, level)} {op} {_wrap(right, level + 1)}", level
        case And(operands=operands):
            return " && ".join(_wrap(o, _AND + 1) for o in operands), _AND
        case Or(operands=operands):
            return " || ".join(_wrap(o, _OR + 1) for o in operands), _OR
        case Conditional(condition=condition, then=then, otherwise=otherwise):
            text = (
                f"{_wrap(condition, _OR)} ? {_wrap(then, _OR)} : {_wrap(otherwise, _CONDITIONAL)}"
            )
            return text, _CONDITIONAL
    raise TypeError(f"not an expression node: {expr!r}")


def literal_text(value: object) -> str:
    """CEL source text for a constant."""
    if type(value) is str:  # the commonest
        return _string_text(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return 'double("NaN")'
        if math.isinf(value):
            # No literal is infinite (1e999 is rejected, as in CEL), so it is a conversion.
            return "double('inf')" if value > 0 else "double('-inf')"
        return repr(value)  # '1.5', '1e+16', '-0.0': all valid CEL double literals
    if isinstance(value, str):
        return _string_text(value)
    raise TypeError(f"no literal for {value!r}")


_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _string_text(value: str) -> str:
    # Most strings have nothing to escape: written as they are (``escaped_text`` would
    # write the same; tests/cel/test_printer.py holds it).
    if value.isprintable() and "'" not in value and "\\" not in value:
        return f"'{value}'"
    return escaped_text(value)


def escaped_text(value: str) -> str:
    """A string's CEL source text, character by character."""
    out = []
    for char in value:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif char.isprintable():
            out.append(char)
        elif ord(char) <= 0xFFFF:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(f"\\U{ord(char):08x}")
    return "'" + "".join(out) + "'"
