"""The reference evaluator: the meaning of the `when` language, written to be read.

It walks the IR directly and returns a value or a ``CelError`` *value*; the back ends are
tested against it. Value semantics (equality, arithmetic, conversions) live in
``hookc.runtime.values`` so that every back end shares one definition of them; this module
adds the evaluation order and CEL's error absorption.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

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
    path_steps,
)
from hookc.runtime import rye
from hookc.runtime import values as v
from hookc.runtime.rye import RYE_ARITY, RYE_INTERPOLATE, RYE_LEAF_FUNCTIONS
from hookc.runtime.values import CelError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    "==": v.equals,
    "!=": lambda a, b: not v.equals(a, b),
    "<": lambda a, b: v.compare("<", a, b),
    "<=": lambda a, b: v.compare("<=", a, b),
    ">": lambda a, b: v.compare(">", a, b),
    ">=": lambda a, b: v.compare(">=", a, b),
    "in": lambda a, b: v.contains_element(b, a),
    "+": v.add,
    "-": v.subtract,
    "*": v.multiply,
    "/": v.divide,
    "%": v.modulo,
}

_FUNCTIONS: dict[str, Callable[..., Any]] = {
    "size": v.size,
    "int": v.to_int,
    "double": v.to_double,
    "string": v.to_string,
    "bool": v.to_bool,
    "dyn": lambda value: value,
    "matches": v.matches,
}

_METHODS: dict[str, Callable[..., Any]] = {
    "size": v.size,
    "contains": v.string_contains,
    "startsWith": v.starts_with,
    "endsWith": v.ends_with,
    "matches": v.matches,
    "glob": v.glob,
}

_MISSING = v._MISSING


def evaluate(expr: Expr, bindings: Mapping[str, Any]) -> Any:
    """The value of ``expr`` with ``bindings`` as its variables, or a ``CelError``."""
    try:
        return _Evaluation(bindings).eval(expr, {})
    except v.ValueTooDeep as exc:  # a cyclic or too deep value in the bindings
        return exc
    except (RecursionError, ValueError, TypeError) as exc:
        return CelError(f"a value in the context hookc cannot evaluate: {exc}")


class _Evaluation:
    def __init__(self, bindings: Mapping[str, Any]) -> None:
        self.bindings = bindings

    def eval(self, node: Expr, scope: dict[str, Any]) -> Any:
        match node:
            case Literal(value=value):
                return value
            case Ident(name=name):
                return self.lookup(name, scope)
            case Select(operand=operand, field=field):
                base = self.eval(operand, scope)
                return base if isinstance(base, CelError) else v.select(base, field)
            case Index(operand=operand, index=index):
                return self.strict(v.index, (operand, index), scope)
            case Unary(op="!", operand=operand):
                return self.strict(v.logical_not, (operand,), scope)
            case Unary(op="-", operand=operand):
                return self.strict(v.negate, (operand,), scope)
            case Binary(op=op, left=left, right=right):
                return self.strict(_BINARY[op], (left, right), scope)
            case And(operands=operands):
                return self.logical(operands, scope, absorbing=False)
            case Or(operands=operands):
                return self.logical(operands, scope, absorbing=True)
            case Conditional(condition=condition, then=then, otherwise=otherwise):
                chosen = self.eval(condition, scope)
                if isinstance(chosen, CelError):
                    return chosen
                if type(chosen) is not bool:
                    return v.no_overload("_?_:_", chosen)
                return self.eval(then if chosen else otherwise, scope)
            case List(items=items):
                return self.strict(lambda *elements: list(elements), items, scope)
            case Map(entries=entries):
                return self.map_literal(entries, scope)
            case Has(path=path):
                found = self.resolve(path, scope)
                return found if isinstance(found, CelError) else found not in (_MISSING, None)
            case Call(function=function, args=args, target=None) if function in RYE_ARITY:
                return self.rye(function, args, scope)
            case Call(function=function, args=args, target=None):
                return self.strict(_FUNCTIONS[function], args, scope)
            case Call(function=function, args=args, target=target):
                assert target is not None
                return self.strict(_METHODS[function], (target, *args), scope)
            case Comprehension():
                return self.comprehension(node, scope)
        raise TypeError(f"not an expression node: {node!r}")

    def lookup(self, name: str, scope: dict[str, Any]) -> Any:
        if name in scope:
            return scope[name]
        if name in self.bindings:
            return self.bindings[name]
        return CelError(f"no such key: '{name}' is not in the context")

    def rye(self, function: str, args: tuple[Expr, ...], scope: dict[str, Any]) -> Any:
        """hookc's functions with Rye's meaning: paths are read from the whole context by
        Rye's rule (a missing path is None), never evaluated as CEL (``hookc.runtime.rye``)."""
        context = dict(self.bindings)
        if function == RYE_INTERPOLATE:
            text = args[0]
            assert isinstance(text, Literal) and isinstance(text.value, str)
            return rye.rye_interpolate(text.value, context)
        steps = path_steps(args[0])
        if steps is None:
            return CelError(f"`{function}` reads a constant path")
        expected = self.eval(args[1], scope) if len(args) > 1 else None
        if isinstance(expected, CelError):
            return expected
        return rye.rye_leaf(RYE_LEAF_FUNCTIONS[function], context, (steps[0], *steps[1]), expected)

    def strict(
        self, function: Callable[..., Any], operands: tuple[Expr, ...], scope: dict[str, Any]
    ) -> Any:
        """Apply ``function`` to the operands' values; the first error among them wins."""
        evaluated = []
        for operand in operands:
            value = self.eval(operand, scope)
            if isinstance(value, CelError):
                return value
            evaluated.append(value)
        return function(*evaluated)

    def logical(self, operands: tuple[Expr, ...], scope: dict[str, Any], absorbing: bool) -> Any:
        """``&&`` (absorbing=False) and ``||`` (absorbing=True) in CEL's commutative form.

        One operand equal to ``absorbing`` decides the result whatever the others are,
        errors included (``false && err`` is false, ``err || true`` is true); otherwise the
        first error (or non-bool operand) is the result; otherwise ``not absorbing``.
        """
        failure: CelError | None = None
        for operand in operands:
            value = self.eval(operand, scope)
            if type(value) is bool:
                if value is absorbing:
                    return absorbing
            elif failure is None:
                failure = (
                    value
                    if isinstance(value, CelError)
                    else v.no_overload("_||_" if absorbing else "_&&_", value)
                )
        return failure if failure is not None else not absorbing

    def map_literal(self, entries: tuple[tuple[Expr, Expr], ...], scope: dict[str, Any]) -> Any:
        result: dict[Any, Any] = {}
        for key_node, value_node in entries:
            key = self.eval(key_node, scope)
            if isinstance(key, CelError):
                return key
            if v.kind(key) not in ("int", "string", "bool"):
                return CelError(f"unsupported map key type {v.kind(key)}")
            value = self.eval(value_node, scope)
            if isinstance(value, CelError):
                return value
            # Python's dict would merge the keys 1 and true; CEL keeps them apart, so such a
            # map is reported as an error rather than silently losing an entry.
            if v.map_get(result, key) is not _MISSING or key in result:
                return CelError(f"repeated map key {v.format_value(key)}")
            result[key] = value
        return result

    def resolve(self, path: Expr, scope: dict[str, Any]) -> Any:
        """The value a ``has()`` path leads to, ``_MISSING`` where it leads nowhere."""
        match path:
            case Ident(name=name):
                if name in scope:
                    return scope[name]
                return self.bindings.get(name, _MISSING)
            case Select(operand=operand, field=field):
                base = self.resolve(operand, scope)
                if isinstance(base, CelError) or v.kind(base) != "map":
                    return base if isinstance(base, CelError) else _MISSING
                return v.map_get(base, field)
            case Index(operand=operand, index=index):
                base = self.resolve(operand, scope)
                if isinstance(base, CelError) or base is _MISSING:
                    return base
                key = self.eval(index, scope)
                if isinstance(key, CelError):
                    return key
                found = v.index(base, key)
                return _MISSING if isinstance(found, CelError) else found
        # The root of a path may be any expression: has({'a': 1}.a) is CEL too.
        return self.eval(path, scope)

    def comprehension(self, node: Comprehension, scope: dict[str, Any]) -> Any:
        target = self.eval(node.target, scope)
        if isinstance(target, CelError):
            return target
        elements = v.iteration_range(target)
        if isinstance(elements, CelError):
            return elements
        macro = node.macro
        if macro in ("all", "exists"):
            assert node.predicate is not None
            absorbing = macro == "exists"
            failure: CelError | None = None
            for element in elements:
                value = self.eval(node.predicate, {**scope, node.var: element})
                if type(value) is bool:
                    if value is absorbing:
                        return absorbing
                elif failure is None:
                    failure = value if isinstance(value, CelError) else v.no_overload(macro, value)
            return failure if failure is not None else not absorbing
        selected: list[Any] = []
        for element in elements:
            inner = {**scope, node.var: element}
            if node.predicate is not None:
                keep = self.eval(node.predicate, inner)
                if isinstance(keep, CelError):
                    return keep
                if type(keep) is not bool:
                    return v.no_overload(macro, keep)
                if not keep:
                    continue
            if node.transform is not None:
                element = self.eval(node.transform, inner)
                if isinstance(element, CelError):
                    return element
            selected.append(element)
        if macro == "exists_one":
            return len(selected) == 1
        return selected
