"""Expressions to Python source: the translation the Python back end (``python.py``) puts
in a module's functions, and that ``hookc.cel.compile`` runs in process.

Conditions compile in three modes. *True mode* gives a Python expression that is ``True``
exactly when the condition evaluates to CEL ``true``; *false mode*, exactly when it
evaluates to ``false``. Neither ever raises: an error is simply neither true nor false, so
``&&``, ``||`` and ``!`` become Python's ``and``, ``or`` and a swap of modes (De Morgan holds
for both outcomes under CEL's absorption, see ``hookc.reasoning``). *Value mode* gives an
expression whose result is a CEL value or an error value (``CelError``), never raised. The
common leaves (a path against a literal) compile to plain Python comparisons guarded by a
type test, with a call into the shared semantics only for unusual operand types.

Code is emitted only through ``repr()`` of plain values and names hookc makes itself
(``_hk_...``), never from user text.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Index,
    List,
    Literal,
    Map,
    Or,
    Select,
    Unary,
    children,
    path_steps,
)
from hookc.runtime import rye, support
from hookc.runtime.rye import RYE_ARITY, RYE_INTERPOLATE, RYE_LEAF_FUNCTIONS
from hookc.runtime.values import CelError, compile_glob, compile_regex

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Ints compare exactly with doubles up to here; beyond it CEL's int-to-double conversion
# rounds, so such literals take the general path.
EXACT_INTS = 2**53

_ORDERING = {"<", "<=", ">", ">="}


# String methods with a constant argument on a string: plain Python (``{x}`` the string,
# ``{c}`` the constant), a pattern compiled once by the maker named here.
_STRING_TESTS = {
    "startsWith": "{x}.startswith({c})",
    "endsWith": "{x}.endswith({c})",
    "contains": "{c} in {x}",
    "matches": "{c}.search({x}) is not None",
    "glob": "{c}.fullmatch({x}) is not None",
}
_PATTERN_MAKERS = {"matches": "compile_regex", "glob": "compile_glob"}

# The runtime's operators, functions and methods (``hookc.runtime.support``) by the names
# code calls them: a module carries only the definitions its code names.
_BINARY = {op: function.__name__ for op, function in support._hk_BINARY.items()}
_FUNCTIONS = {name: function.__name__ for name, function in support._hk_FUNCTIONS.items()}
_METHODS = {name: function.__name__ for name, function in support._hk_METHODS.items()}


def constant_kind(value: object) -> str | None:
    """What the code of a literal that it names as a constant (``Constants``) depends on:
    ``string``, ``int`` (within ``EXACT_INTS``: compared with doubles exactly), ``big int``
    or ``double`` (finite). None for a literal whose value decides more: a bool, null or a
    double that is not finite, or a string that is not a valid pattern (``valid_pattern``:
    a call with it compiles to other code). Literals of one kind compile to the same code
    but for the constant's name; ``shapes.py`` relies on it, so a new test of a constant's
    value here must make a kind of its own."""
    kind = type(value)
    if kind is str:
        return "string" if plain_string(value) else None  # type: ignore[arg-type]
    if kind is int:
        return "int" if abs(value) <= EXACT_INTS else "big int"  # type: ignore[arg-type]
    if kind is float and math.isfinite(value):  # type: ignore[arg-type]
        return "double"
    return None


# Characters without which a (short) text is both a valid regex and a valid glob.
_PATTERN_SYNTAX = re.compile(r"[()\[\]{}\\*+?]")


def plain_string(value: str) -> bool:
    """Whether a string constant is a valid pattern both for ``matches`` and for ``glob``
    (most are: checked by a scan for the characters that can make one invalid)."""
    if len(value) <= 1000 and _PATTERN_SYNTAX.search(value) is None:
        return True
    return valid_pattern("matches", value) and valid_pattern("glob", value)


def valid_pattern(function: str, pattern: str) -> bool:
    """Whether ``pattern`` compiles for ``matches`` or ``glob``. One that does not makes
    the call a CEL error whatever its target, so its code is the general call's (which
    gives that error), never a method of the compiled pattern: the maker gives an error."""
    maker = compile_regex if function == "matches" else compile_glob
    return not isinstance(maker(pattern), CelError)


def compile_expression(expr: Expr) -> Callable[[Mapping[str, Any]], Any]:
    """A function from bindings to the CEL value of ``expr`` (or a CelError), compiled in
    process against ``hookc.runtime.support``: what ``hookc.cel.compile`` runs."""
    exprs = Expressions()
    body = exprs.value(expr, Scope())
    lines = [f"{name} = {source}" for source, name in exprs.constants.items()]
    lines += ["def _hk_evaluate(context):", f"    return {body}"]
    namespace = {**vars(support), **vars(rye)}
    exec(compile("\n".join(lines), "<hookc expression>", "exec"), namespace)
    function: Callable[[Mapping[str, Any]], Any] = namespace["_hk_evaluate"]
    return function


# -- paths ------------------------------------------------------------------------------------


@dataclass(slots=True)
class Scope:
    """Names visible in an expression: macro variables, the context's hoisted paths, and
    the hook's constants when they are kept apart from its code (``Constants``)."""

    variables: dict[str, str] = field(default_factory=dict)  # CEL name -> Python name
    hoisted: dict[tuple[str, tuple[str | int, ...]], str] | None = None
    depth: int = 0  # enclosing macros: each binds a Python name of its own depth
    constants: Constants | None = None

    def bind(self, name: str) -> tuple[Scope, str]:
        # Named by depth, not by how many CEL names are bound: `y` rebound inside `y`'s
        # macro must not take the name an inner `x` gets.
        python = f"_hk_m{self.depth}"
        bound = {**self.variables, name: python}
        return Scope(bound, self.hoisted, self.depth + 1, self.constants), python


# How a constant is made at import from the value written in the module's table of
# constants, by the maker's name in code: a plain value as it is, a pattern compiled.
_MAKERS = {"": "v", "compile_regex": "r", "compile_glob": "g", "frozenset": "s"}


class Constants:
    """One hook's constants, named ``k0``, ``k1``, ... in the order its code first uses
    them, and kept out of that code.

    Hooks whose conditions differ only in constants (``tool == 'a'``, ``tool == 'b'``) then
    compile to the same text, which the module defines once, as a function of the
    constants; each hook's constants sit in one table of plain values. What decides the
    form of the code (a value's type, a bool or null, a path, an operator) stays in the
    text: equal text means equal code for every row of constants.
    """

    def __init__(self) -> None:
        self.names: dict[tuple[str, str, str], str] = {}
        self.makers = ""  # one letter of _MAKERS per constant
        self.values: list[object] = []

    def name(self, maker: str, value: object) -> str:
        # Keyed by type and repr: 1, 1.0 and True, or 0.0 and -0.0, are different constants.
        key = (maker, type(value).__name__, repr(value))
        if key not in self.names:
            self.names[key] = f"k{len(self.values)}"
            self.makers += _MAKERS[maker]
            self.values.append(value)
        return self.names[key]

    def parameters(self) -> str:
        return "".join(f"k{i}, " for i in range(len(self.values)))


# -- expressions ------------------------------------------------------------------------------


class Expressions:
    """Compiles expressions; collects the module-level constants they need."""

    def __init__(self) -> None:
        self.constants: dict[str, str] = {}  # Python source of a constant -> its name
        # Set where code reads ``context`` itself, not a path loaded from it (Rye's
        # functions, a path not hoisted); the caller resets it.
        self.reads_context = False

    def constant(self, source: str) -> str:
        if source not in self.constants:
            self.constants[source] = f"_hk_c{len(self.constants)}"
        return self.constants[source]

    def made(self, maker: str, value: object, scope: Scope) -> str:
        """The name of ``maker(value)`` (a compiled pattern, a set), made once at import."""
        if scope.constants is not None:
            return scope.constants.name(maker, value)
        return self.constant(f"{maker}({value!r})")

    def literal(self, value: object, scope: Scope) -> str:
        """A constant in code: a string or number by its name where the scope keeps the
        hook's constants apart, else (and for bools and null) as Python source."""
        # isinstance: ``shapes.py``'s stand-ins are of subclasses of these.
        if (
            scope.constants is not None
            and isinstance(value, str | int | float)
            and not isinstance(value, bool)
        ):
            return scope.constants.name("", value)
        return python_source(value)

    # The three modes ---------------------------------------------------------------------

    def true(self, expr: Expr, scope: Scope) -> str:
        return self._bool(expr, scope, True)

    def false(self, expr: Expr, scope: Scope) -> str:
        return self._bool(expr, scope, False)

    def _bool(self, expr: Expr, scope: Scope, want: bool) -> str:
        match expr:
            case Literal(value=bool() as value):
                return "True" if value is want else "False"
            case Literal():
                return "False"  # a non-bool condition is an error: neither true nor false
            case And(operands=operands) | Or(operands=operands):
                # `&&` is true iff all are true, false iff one is false; `||` the dual.
                joiner = " and " if isinstance(expr, And) == want else " or "
                return "(" + joiner.join(self._bool(o, scope, want) for o in operands) + ")"
            case Unary(op="!", operand=operand):
                return self._bool(operand, scope, not want)
            case Conditional(condition=condition, then=then, otherwise=otherwise):
                return (
                    f"({self._bool(then, scope, want)} if {self.true(condition, scope)} "
                    f"else ({self.false(condition, scope)} and "
                    f"{self._bool(otherwise, scope, want)}))"
                )
            case Binary(op="!=", left=left, right=right):
                return self._bool(Binary("==", left, right), scope, not want)
            case Binary(op=op, left=left, right=right) if op == "==" or op in _ORDERING:
                fast = self._comparison(op, left, right, scope, want)
                if fast is not None:
                    return fast
            case Has(path=path):
                found = self._resolve(path, scope)
                if path_steps(path) is not None:
                    # A constant path loads to its value or to _hk_MISSING, nothing else.
                    if want:
                        return f"({found} is not None and {found} is not _hk_MISSING)"
                    return f"({found} is None or {found} is _hk_MISSING)"
                if want:
                    return f"_hk_present({found})"
                return f"(_hk_has({found}) is False)"
            case Call(function=function, args=(Literal(value=str() as c),), target=target) if (
                target is not None
                and path_steps(target) is not None
                and function in _STRING_TESTS
                and (function not in _PATTERN_MAKERS or valid_pattern(function, c))
            ):
                x = self.value(target, scope)
                maker = _PATTERN_MAKERS.get(function)
                constant = self.literal(c, scope) if maker is None else self.made(maker, c, scope)
                fast = _STRING_TESTS[function].format(x=x, c=constant)
                test = fast if want else f"not ({fast})"
                # Missing, null and other non-text values are errors, neither true nor false.
                return (
                    f"(({test}) if type({x}) is str else "
                    f"(type({x}) not in _hk_NOT_TEXT and {self.value(expr, scope)} is {want}))"
                )
            case Binary(op="in", left=left, right=List(items=items)) if (
                path_steps(left) is not None
                and items
                and all(isinstance(i, Literal) and isinstance(i.value, str) for i in items)
            ):
                # Membership in a list of strings: a set lookup for a str; false (not an
                # error) for any other plain value; the general path for the rest.
                x = self.value(left, scope)
                # In the list's order: a condition's constants follow its literals.
                values = dict.fromkeys(i.value for i in items if isinstance(i, Literal))
                choices = self.made("frozenset", tuple(values), scope)
                slow = f"({self.value(expr, scope)} is {want})"
                if want:
                    return (
                        f"(({x} in {choices}) if type({x}) is str "
                        f"else (type({x}) not in _hk_PLAIN_OR_ERROR and {slow}))"
                    )
                return (
                    f"(({x} not in {choices}) if type({x}) is str else "
                    f"({x} is not _hk_MISSING and (type({x}) in _hk_PLAIN or {slow})))"
                )
        return f"({self.value(expr, scope)} is {want})"

    def _comparison(self, op: str, left: Expr, right: Expr, scope: Scope, want: bool) -> str | None:
        """A path against a literal: a plain Python comparison behind a type test."""
        if isinstance(left, Literal) and not isinstance(right, Literal):
            left, right = right, left
            op = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}.get(op, op)
        if not isinstance(right, Literal) or path_steps(left) is None:
            return None
        x = self.value(left, scope)
        c = right.value
        if op == "==":
            k = self.literal(c, scope)
            if isinstance(c, str):
                test = f"{x} == {k}"  # Python's str equality is CEL's, for every operand
            elif isinstance(c, bool) or c is None:
                test = f"{x} is {k}"
            elif isinstance(c, int) and abs(c) <= EXACT_INTS:
                test = f"({x} == {k} and type({x}) is not bool)"
            else:
                test = f"equals({x}, {k})"
            return test if want else f"({x} is not _hk_MISSING and not {test})"
        # Ordering: defined for two numbers, two strings or two bools; else an error.
        if isinstance(c, bool) or c is None:
            return None
        k = self.literal(c, scope)
        if isinstance(c, str):
            guard, fast, errors = f"type({x}) is str", f"{x} {op} {k}", "_hk_NOT_STRINGS"
        elif isinstance(c, int) and abs(c) <= EXACT_INTS:
            guard, fast, errors = f"type({x}) in _hk_NUMBERS", f"{x} {op} {k}", "_hk_NOT_NUMBERS"
        elif isinstance(c, float) and math.isfinite(c):
            guard, fast, errors = f"type({x}) is float", f"{x} {op} {k}", "_hk_NOT_NUMBERS"
        else:
            return None
        outcome = "True" if want else "False"
        # A missing or null operand (or any type with no ordering) is an error: no call.
        slow = f"(type({x}) not in {errors} and compare({op!r}, {x}, {k}) is {outcome})"
        test = fast if want else f"not ({fast})"
        return f"(({test}) if {guard} else {slow})"

    def value(self, expr: Expr, scope: Scope) -> str:
        """A Python expression whose value is the CEL value of ``expr`` or a CelError."""
        steps = path_steps(expr)
        if steps is not None:
            return self._path(steps, scope)
        match expr:
            case Literal(value=value):
                return self.literal(value, scope)
            case Select(operand=operand, field=name):
                return f"_hk_select({self.value(operand, scope)}, {name!r})"
            case Index(operand=operand, index=index):
                return (
                    f"_hk_strict(index, {self.value(operand, scope)}, {self.value(index, scope)})"
                )
            case Unary(op=op, operand=operand):
                function = "logical_not" if op == "!" else "negate"
                return f"_hk_strict({function}, {self.value(operand, scope)})"
            case Binary(op=op, left=left, right=right):
                return (
                    f"_hk_strict({_BINARY[op]}, {self.value(left, scope)}, "
                    f"{self.value(right, scope)})"
                )
            case And() | Or() | Conditional() | Has():
                if isinstance(expr, Conditional):
                    return (
                        f"({self.value(expr.then, scope)} if {self.true(expr.condition, scope)} "
                        f"else {self.value(expr.otherwise, scope)} "
                        f"if {self.false(expr.condition, scope)} "
                        f"else _hk_error_of({self.value(expr.condition, scope)}))"
                    )
                if isinstance(expr, Has):
                    return f"_hk_has({self._resolve(expr.path, scope)})"
                return (
                    f"(True if {self.true(expr, scope)} else False "
                    f"if {self.false(expr, scope)} else _hk_ERROR)"
                )
            case List(items=items):
                return f"_hk_list({''.join(self.value(i, scope) + ', ' for i in items)})"
            case Map(entries=entries):
                pairs = "".join(
                    f"({self.value(k, scope)}, {self.value(v, scope)}), " for k, v in entries
                )
                return f"_hk_map(({pairs}))"
            case Call(function=function, args=args, target=None) if function in RYE_ARITY:
                return self._rye(function, args, scope)
            case Call(function=function, args=args, target=None):
                values = "".join(", " + self.value(a, scope) for a in args)
                return f"_hk_strict({_FUNCTIONS[function]}{values})"
            case Call(function=function, args=args, target=target):
                assert target is not None
                values = "".join(", " + self.value(a, scope) for a in (target, *args))
                return f"_hk_strict({_METHODS[function]}{values})"
            case Comprehension():
                return self._comprehension(expr, scope)
        raise TypeError(f"not an expression node: {expr!r}")

    def _rye(self, function: str, args: tuple[Expr, ...], scope: Scope) -> str:
        """A function with Rye's meaning (``hookc.runtime.rye``): its path is read from the
        whole context by Rye's rule, so it is passed as its parts, not loaded as CEL."""
        self.reads_context = True
        if function == RYE_INTERPOLATE:
            text = args[0]
            assert isinstance(text, Literal)
            return f"rye_interpolate({self.literal(text.value, scope)}, context)"
        steps = path_steps(args[0])
        assert steps is not None  # the parser and the front ends see to it
        parts = self.made("", (steps[0], *steps[1]), scope)
        expected = self.value(args[1], scope) if len(args) > 1 else "None"
        op = RYE_LEAF_FUNCTIONS[function]
        return f"_hk_strict(rye_leaf, {op!r}, context, {parts}, {expected})"

    def _comprehension(self, expr: Comprehension, scope: Scope) -> str:
        inner, var = scope.bind(expr.var)
        target = self.value(expr.target, scope)
        predicate = (
            f"lambda {var}: {self.value(expr.predicate, inner)}"
            if expr.predicate is not None
            else "None"
        )
        transform = (
            f"lambda {var}: {self.value(expr.transform, inner)}"
            if expr.transform is not None
            else "None"
        )
        return f"_hk_comprehension({expr.macro!r}, {target}, {predicate}, {transform})"

    def _path(self, steps: tuple[str, tuple[str | int, ...]], scope: Scope) -> str:
        name, keys = steps
        if name in scope.variables:
            base, rest = scope.variables[name], keys
        elif scope.hoisted is not None and (name, keys) in scope.hoisted:
            return scope.hoisted[(name, keys)]
        else:
            self.reads_context = True
            base, rest = f"_hk_top(context, {name!r})", keys
        for key in rest:
            base = f"_hk_key({base}, {key!r})"
        return base

    def _resolve(self, path: Expr, scope: Scope) -> str:
        """``has()``'s view of a path: the value, ``_hk_MISSING`` where it leads nowhere, or
        an error from a computed key."""
        if path_steps(path) is not None:
            return self.value(path, scope)
        match path:
            case Select(operand=operand, field=name):
                return f"_hk_key({self._resolve(operand, scope)}, {name!r})"
            case Index(operand=operand, index=index):
                base = self._resolve(operand, scope)
                key = f"_hk_not_missing({self.value(index, scope)})"
                return f"_hk_resolve_index({base}, {key})"
        return f"_hk_not_missing({self.value(path, scope)})"


def functions_called(expr: Expr) -> frozenset[str]:
    """The functions and methods the expression calls: what decides the runtime its code
    needs (the pattern engine, Rye's functions)."""
    found: set[str] = set()
    stack = [expr]
    while stack:
        node = stack.pop()
        if type(node) is Literal:
            continue
        if isinstance(node, Call):
            found.add(node.function)
        stack.extend(children(node))
    return frozenset(found)


def python_source(value: object) -> str:
    """Python source for a plain value (a tuple of them too): its repr, but for the floats
    that have no literal."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"float({repr(value)!r})"  # 'inf', '-inf', 'nan'
    if isinstance(value, tuple):
        return "(" + "".join(f"{python_source(item)}, " for item in value) + ")"
    return repr(value)
