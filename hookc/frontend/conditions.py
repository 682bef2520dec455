"""Condition trees (``{path, op, value}``, ``all``, ``any``, ``not``, ``when``, quantifiers) to
expression IR, so that a tree and the ``when`` text saying the same thing are the same IR.

    {path: p, op: eq, value: v}        p == v        (ne gt gte lt lte: != > >= < <=)
    {path: p, op: in, value: [..]}     p in [..]
    {path: p, op: contains, value: v}  p.contains(v)  (substring, or list membership)
    starts_with / ends_with / regex / glob    p.startsWith(v) / endsWith / matches / glob
    {path: p, op: exists}              has(p)
    {path: p, op: matches, value: S}   S, a JSON Schema, lowered to ordinary conditions
    {path: p, op: some|every, where: C}   p.exists(e, C) / p.all(e, C), `@` in C being e
    {node: ...}                        the IR's node form, as canonical YAML writes the rest
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hookc.frontend.embedded import OffsetMap, parse_embedded
from hookc.frontend.located import Located
from hookc.frontend.node_form import read_node
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
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
from hookc.runtime.tree_form import COMPARISONS, METHODS, element_variable
from hookc.runtime.values import INT64_MAX, INT64_MIN, CelError, compile_glob, compile_regex
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error


def literal_value(node: Located, fail: Callable[[str, Span], None]) -> Expr | None:
    """A YAML value as an IR constant (lists and maps of constants too), or None after
    ``fail`` has said why it cannot be one (an integer past int64, a value of no CEL type)."""
    value = node.value
    if isinstance(value, list):
        items = [literal_value(item, fail) for item in value]
        if any(item is None for item in items):
            return None
        return List(tuple(i for i in items if i is not None), span=node.span)
    if isinstance(value, dict):
        entries = []
        for key, item in value.items():
            lowered = literal_value(item, fail)
            if lowered is None:
                return None
            entries.append((Literal(key, span=item.key_span or item.span), lowered))
        return Map(tuple(entries), span=node.span)
    if isinstance(value, int) and not isinstance(value, bool):
        if not INT64_MIN <= value <= INT64_MAX:
            fail("this integer is beyond the int64 range", node.span)
            return None
    elif not (value is None or isinstance(value, bool | float | str)):
        fail(f"unsupported value {value!r}", node.span)
        return None
    return Literal(value, span=node.span)


class _Lowering:
    def __init__(self, source: Source) -> None:
        self.source = source
        self.diagnostics: list[Diagnostic] = []

    def fail(self, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(error("HK210", message, self.source, span, hint))

    def condition(self, node: Located, depth: int) -> Expr | None:
        if not isinstance(node.value, dict):
            self.fail("a condition must be a mapping", node.span)
            return None
        if (items := node.get("all")) is not None:
            return self.combine(items, depth, And, Literal(True, span=node.span))
        if (items := node.get("any")) is not None:
            return self.combine(items, depth, Or, Literal(False, span=node.span))
        if (inner := node.get("not")) is not None:
            operand = self.condition(inner, depth)
            return None if operand is None else Unary("!", operand, span=node.span)
        if (when := node.get("when")) is not None and node.get("path") is None:
            return self.expression(when)
        if node.get("node") is not None:
            expr, found = read_node(node, self.source)
            self.diagnostics.extend(found)
            return expr
        return self.leaf(node, depth)

    def combine(
        self, items: Located, depth: int, kind: Callable[..., Expr], empty: Expr
    ) -> Expr | None:
        if not isinstance(items.value, list):
            self.fail("`all` and `any` take a list of conditions", items.span)
            return None
        operands = [self.condition(item, depth) for item in items.value]
        if any(operand is None for operand in operands):
            return None
        if not operands:
            return empty
        if len(operands) == 1:
            return operands[0]
        return kind(tuple(operands), span=items.span)

    def expression(self, node: Located) -> Expr | None:
        if not isinstance(node.value, str):
            self.fail("`when` must be a string holding an expression", node.span)
            return None
        expr, found = parse_embedded(node.value, self.source, _offsets(node))
        self.diagnostics.extend(found)
        return expr

    def leaf(self, node: Located, depth: int) -> Expr | None:
        path_node, op_node = node.get("path"), node.get("op")
        if path_node is None or op_node is None or not isinstance(op_node.value, str):
            self.fail(
                "a condition needs `path` and `op` (or `all`, `any`, `not`, `when`)", node.span
            )
            return None
        path = self.path(path_node, depth)
        if path is None:
            return None
        op = op_node.value
        value_node = node.get("value")
        span = node.span
        if op == "exists":
            return Has(path, span=span)
        if op in ("some", "every"):
            return self.quantifier(node, path, op, depth)
        if value_node is None:
            self.fail(f"`{op}` needs a `value`", op_node.span)
            return None
        if op == "matches":
            return self.schema(path, value_node, span)
        value = self.literal(value_node)
        if value is None:
            return None
        if op in COMPARISONS:
            return Binary(COMPARISONS[op], path, value, span=span)
        if op == "in":
            if not isinstance(value, List):
                self.fail("`in` needs a list as its `value`", value_node.span)
                return None
            return Binary("in", path, value, span=span)
        if op in METHODS:
            method = METHODS[op]
            if method in ("matches", "glob"):
                self.check_pattern(method, value_node)
            return Call(method, (value,), path, span=span)
        self.fail(f"unknown operator `{op}`", op_node.span)
        return None

    def path(self, node: Located, depth: int) -> Expr | None:
        """A field path such as ``error.headers['retry-after']``; ``@`` is the element of the
        innermost quantifier."""
        if not isinstance(node.value, str):
            self.fail("`path` must be a string", node.span)
            return None
        text, offsets = node.value, _offsets(node)
        if text.startswith("@"):
            if depth == 0:
                self.fail("`@` names a list element only inside `where`", node.span)
                return None
            var = element_variable(depth)
            # Every character of the variable's name stands where the `@` stood.
            at = offsets.span(Span(0, 1))
            rest = offsets.sub(1, len(text))
            text = var + text[1:]
            offsets = OffsetMap([at.start] * len(var) + [rest.span(Span(i, i + 1)).start
                                 for i in range(len(text) - len(var))], at.end)  # fmt: skip
        expr, found = parse_embedded(text, self.source, offsets)
        self.diagnostics.extend(found)
        if expr is not None and not _is_path(expr):
            self.fail(
                f"`{node.value}` is not a field path",
                node.span,
                "write a path such as error.headers['retry-after'], or use `when:` for "
                "an expression",
            )
            return None
        return expr

    def quantifier(self, node: Located, path: Expr, op: str, depth: int) -> Expr | None:
        where = node.get("where")
        if where is None:
            self.fail(f"`{op}` needs a `where` condition for the elements", node.span)
            return None
        predicate = self.condition(where, depth + 1)
        if predicate is None:
            return None
        macro = "exists" if op == "some" else "all"
        return Comprehension(macro, path, element_variable(depth + 1), predicate, span=node.span)

    def literal(self, node: Located) -> Expr | None:
        return literal_value(node, self.fail)

    def check_pattern(self, method: str, node: Located) -> None:
        if not isinstance(node.value, str):
            return
        compiled = (compile_regex if method == "matches" else compile_glob)(node.value)
        if isinstance(compiled, CelError):
            self.diagnostics.append(error("HK112", compiled.message, self.source, node.span))

    def schema(self, path: Expr, node: Located, span: Span) -> Expr | None:
        """``op: matches``: the JSON Schema keywords that have a CEL equivalent."""
        if not isinstance(node.value, dict):
            self.fail("`matches` takes a JSON Schema (a mapping) as its `value`", node.span)
            return None
        return _SchemaLowering(self, span).lower(path, node)


class _SchemaLowering:
    """JSON Schema keywords as conditions on the value at a path."""

    def __init__(self, outer: _Lowering, span: Span) -> None:
        self.outer = outer
        self.span = span

    def lower(self, path: Expr, node: Located) -> Expr | None:
        terms: list[Expr] = []
        for keyword, value in node.items():
            term = self.keyword(path, keyword, value)
            if term is None:
                return None
            terms.append(term)
        if not terms:
            return Literal(True, span=self.span)
        return terms[0] if len(terms) == 1 else And(tuple(terms), span=self.span)

    def keyword(self, path: Expr, keyword: str, node: Located) -> Expr | None:
        span, value = self.span, node.value
        bounds = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">",
                  "exclusiveMaximum": "<"}  # fmt: skip
        if keyword == "const":
            literal = self.outer.literal(node)
            return None if literal is None else Binary("==", path, literal, span=span)
        if keyword == "enum":
            literal = self.outer.literal(node)
            return None if literal is None else Binary("in", path, literal, span=span)
        if keyword in bounds and isinstance(value, int | float) and not isinstance(value, bool):
            return Binary(bounds[keyword], path, Literal(value, span=node.span), span=span)
        if keyword in ("minLength", "maxLength") and isinstance(value, int):
            op = ">=" if keyword == "minLength" else "<="
            size = Call("size", (path,), span=span)
            return Binary(op, size, Literal(value, span=node.span), span=span)
        if keyword == "pattern" and isinstance(value, str):
            self.outer.check_pattern("matches", node)
            return Call("matches", (Literal(value, span=node.span),), path, span=span)
        if keyword == "type" and isinstance(value, str) and value in _TYPE_TESTS:
            return _TYPE_TESTS[value](path, span)
        if keyword == "required" and isinstance(value, list):
            return self.all([Has(Select(path, str(k.value), span=span), span=span)
                             for k in value])  # fmt: skip
        if keyword == "properties" and isinstance(value, dict):
            terms = []
            for name, sub in node.items():
                field = Select(path, name, span=span)
                lowered = self.lower(field, sub)
                if lowered is None:
                    return None
                # A property constrains the value only where it is present.
                terms.append(Or((Unary("!", Has(field, span=span), span=span), lowered),
                                span=span))  # fmt: skip
            return self.all(terms)
        if keyword in ("description", "title", "$comment"):
            return Literal(True, span=span)
        self.outer.fail(
            f"the JSON Schema keyword `{keyword}` has no condition equivalent here",
            node.key_span or node.span,
            "supported: const, enum, minimum, maximum, exclusiveMinimum, exclusiveMaximum, "
            "minLength, maxLength, pattern, type (string, number, integer, boolean, null), "
            "required, properties",
        )
        return None

    def all(self, terms: Sequence[Expr]) -> Expr:
        if not terms:
            return Literal(True, span=self.span)
        return terms[0] if len(terms) == 1 else And(tuple(terms), span=self.span)


def _type_test(conversion: str) -> Callable[[Expr, Span], Expr]:
    # `conversion(x) == x` holds exactly for values of that type: other types convert to a
    # value of another type (unequal, CEL's equality being typed) or fail (an error).
    def test(path: Expr, span: Span) -> Expr:
        return Binary("==", Call(conversion, (path,), span=span), path, span=span)

    return test


_TYPE_TESTS: dict[str, Callable[[Expr, Span], Expr]] = {
    "string": _type_test("string"),
    "number": _type_test("double"),
    "integer": _type_test("int"),
    "boolean": _type_test("bool"),
    "null": lambda path, span: Binary("==", path, Literal(None, span=span), span=span),
}


def _offsets(node: Located) -> OffsetMap:
    return node.offsets or OffsetMap.contiguous(node.span.start, len(str(node.value)))


def _is_path(expr: Expr) -> bool:
    while isinstance(expr, Select | Index):
        expr = expr.operand
    return isinstance(expr, Ident)


def lower_condition(node: Located, source: Source) -> tuple[Expr | None, list[Diagnostic]]:
    """A ``condition:`` tree as an expression, or the diagnostics saying why it is not one."""
    lowering = _Lowering(source)
    expr = lowering.condition(node, depth=0)
    return (None if lowering.diagnostics and expr is None else expr), lowering.diagnostics


def lower_when(node: Located, source: Source) -> tuple[Expr | None, list[Diagnostic]]:
    """A ``when:`` string as an expression."""
    if not isinstance(node.value, str):
        lowering = _Lowering(source)
        return lowering.expression(node), lowering.diagnostics
    return parse_embedded(node.value, source, _offsets(node))
