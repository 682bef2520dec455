"""CEL conditions (the optimized IR) to SQL predicates, exactly.

The mapping (docs/replay.md; the study in the project's research notes): a CEL *error* is SQL
NULL, and CEL's ``&&``, ``||``, ``!`` over {true, false, error} are SQL's ``AND``, ``OR``,
``NOT`` over {TRUE, FALSE, NULL} (Kleene's logic), so the connectives translate one for one
and a hook fires iff its predicate ``IS TRUE``. All the care is in the atoms, which must be
NULL exactly where CEL gives an error:

- every path is read as two columns, its type tag ``t`` and its text ``s``
  (``hookc.backend.sql.dialect``), so a CEL ``null`` (tag ``'NULL'``) never becomes SQL NULL;
- every atom tests the tag first, in a ``CASE`` (never behind ``AND``: an engine may
  evaluate both operands of ``AND``, and a failed cast aborts the whole query);
- a sub-expression that reads no path is evaluated here, by the reference evaluator, and
  becomes a constant.

What is outside the translated fragment (``hookc.backend.sql.fragment.FRAGMENT``) raises
``Unsupported`` with the node and the reason; the caller reports it and has the hook
evaluated by the Python back end instead. Nothing is ever dropped.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from hookc.backend.sql.dialect import LONG_INT, Dialect
from hookc.backend.sql.regex_print import JavaRegexRefused
from hookc.cel.evaluator import evaluate
from hookc.cel.printer import to_text
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
    Conditional,
    Expr,
    Has,
    Literal,
    Or,
    Unary,
    context_paths,
    path_steps,
)
from hookc.runtime import regex
from hookc.runtime import values as v
from hookc.runtime.values import CelError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


@dataclass(frozen=True, slots=True)
class Path:
    """A path the policy reads from the context: a top-level name and constant keys."""

    root: str
    keys: tuple[str | int, ...] = ()

    def text(self) -> str:
        out = self.root
        for key in self.keys:
            out += f"[{key}]" if isinstance(key, int) else f".{key}"
        return out


class Unsupported(Exception):
    """A construct outside the SQL fragment: ``node`` (with its span) and why."""

    def __init__(self, node: Expr, reason: str) -> None:
        super().__init__(reason)
        self.node = node
        self.reason = reason


@dataclass(frozen=True, slots=True)
class _Const:
    value: Any  # a CEL value or a CelError


@dataclass(frozen=True, slots=True)
class _PathTerm:
    index: int


@dataclass(frozen=True, slots=True)
class _Int:
    """An int-valued SQL expression, NULL where CEL gives an error (``size``)."""

    sql: str


_Term = _Const | _PathTerm | _Int

# A typed NULL: Spark refuses an untyped NULL (VOID) in a CASE of booleans.
_NULL = "CAST(NULL AS BOOLEAN)"

_FLIPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
_SQL_OP = {"==": "=", "!=": "<>", "<": "<", "<=": "<=", ">": ">", ">=": ">="}
_STRING_METHODS = {"startsWith", "endsWith", "contains", "matches", "glob"}


class Translator:
    """Translates conditions for one dialect; the paths they read are gathered in
    ``paths`` (shared by every hook of a policy, so each path is read once an event)."""

    def __init__(self, dialect: Dialect) -> None:
        self.dialect = dialect
        self.paths: list[Path] = []
        self._index: dict[Path, int] = {}

    def tag(self, index: int) -> str:
        return f"t{index}"

    def text(self, index: int) -> str:
        return f"s{index}"

    def condition(self, expr: Expr | None) -> str:
        """The SQL predicate: TRUE where CEL gives true, FALSE where false, NULL where an
        error or a value that is not a bool. Raises ``Unsupported``. Paths are registered
        only when the whole condition translates."""
        if expr is None:
            return "TRUE"
        saved = (list(self.paths), dict(self._index))
        try:
            return self._bool(expr)
        except Unsupported:
            self.paths, self._index = saved
            raise

    # -- booleans -----------------------------------------------------------------------

    def _bool(self, node: Expr) -> str:
        if _reads_nothing(node):
            return _truth(_fold(node))
        if isinstance(node, And | Or):
            joiner = " AND " if isinstance(node, And) else " OR "
            return "(" + joiner.join(self._bool(operand) for operand in node.operands) + ")"
        if isinstance(node, Unary) and node.op == "!":
            return f"(NOT {self._bool(node.operand)})"
        if isinstance(node, Conditional):
            test = self._bool(node.condition)
            then, otherwise = self._bool(node.then), self._bool(node.otherwise)
            return (
                f"(CASE WHEN {test} IS NULL THEN {_NULL} WHEN {test} THEN {then} "
                f"ELSE {otherwise} END)"
            )
        if isinstance(node, Has):
            return self._has(node)
        if isinstance(node, Binary) and node.op in _SQL_OP:
            return self._compare(node, node.op, self._term(node.left), self._term(node.right))
        if isinstance(node, Binary) and node.op == "in":
            return self._membership(node, self._term(node.left), self._term(node.right))
        if isinstance(node, Call):
            return self._call(node)
        term = self._term(node)
        if isinstance(term, _Const):  # a path that is an error whatever the event
            return _truth(term.value)
        if isinstance(term, _PathTerm):  # a bool read from the context
            t, s = self.tag(term.index), self.text(term.index)
            return f"(CASE WHEN {t} = 'BOOLEAN' THEN {s} = 'true' END)"
        raise Unsupported(node, f"`{to_text(node)}` is not a boolean the SQL back end can test")

    def _has(self, node: Has) -> str:
        steps = path_steps(node.path)
        if steps is None:
            raise Unsupported(node, "`has()` of a computed path")
        index = self._path(node.path, steps)
        if index is None:  # a path that can never resolve (a negative list index)
            return "FALSE"
        t = self.tag(index)
        return f"coalesce({t} <> 'NULL', FALSE)"

    # -- terms --------------------------------------------------------------------------

    def _term(self, node: Expr) -> _Term:
        if _reads_nothing(node):
            return _Const(_fold(node))
        steps = path_steps(node)
        if steps is not None:
            index = self._path(node, steps)
            if index is None:
                return _Const(CelError("a negative list index"))
            return _PathTerm(index)
        if isinstance(node, Call) and node.function == "size":
            args = node.args if node.target is None else (node.target, *node.args)
            if len(args) == 1:
                inner = self._term(args[0])
                if _failed(inner):
                    return inner
                if isinstance(inner, _PathTerm):
                    t, s = self.tag(inner.index), self.text(inner.index)
                    d = self.dialect
                    return _Int(
                        f"(CASE {t} WHEN 'VARCHAR' THEN {d.code_points(s)} "
                        f"WHEN 'ARRAY' THEN {d.array_size(s)} "
                        f"WHEN 'OBJECT' THEN {d.object_size(s)} END)"
                    )
        if isinstance(node, Comprehension):
            raise Unsupported(node, f"the macro `{node.macro}()` (a comprehension)")
        raise Unsupported(node, f"`{to_text(node)}`: {_kind_name(node)}")

    def _path(self, node: Expr, steps: tuple[str, tuple[str | int, ...]]) -> int | None:
        root, keys = steps
        if any(isinstance(key, int) and key < 0 for key in keys):
            return None
        path = Path(root, keys)
        if self.dialect.json_path(path) is None:
            raise Unsupported(node, f"the key of `{path.text()}` cannot be written as a JSON path")
        found = self._index.get(path)
        if found is None:
            found = self._index[path] = len(self.paths)
            self.paths.append(path)
        return found

    # -- comparisons --------------------------------------------------------------------

    def _compare(self, node: Expr, op: str, left: _Term, right: _Term) -> str:
        if _failed(left) or _failed(right):
            return _NULL  # strict: an operand's error is the comparison's
        if isinstance(left, _Const) and not isinstance(right, _Const):
            return self._compare(node, _FLIPPED[op], right, left)
        if not isinstance(right, _Const):
            raise Unsupported(node, "a comparison of two values read from the context")
        value = right.value
        if isinstance(value, CelError):
            return _NULL
        if isinstance(left, _Int):
            return self._compare_int(node, op, left.sql, value)
        assert isinstance(left, _PathTerm)
        t, s = self.tag(left.index), self.text(left.index)
        if op in ("==", "!="):
            inner = self._equal(node, t, s, value)
            equal = f"(CASE WHEN {t} IS NULL THEN {_NULL} ELSE {inner} END)"
            return equal if op == "==" else f"(NOT {equal})"
        return self._order(op, t, s, value)

    def _equal(self, node: Expr, t: str, s: str, value: Any) -> str:
        """TRUE or FALSE (never NULL) for a present path: CEL's equality never fails."""
        d = self.dialect
        kind = v.kind(value)
        if kind == "null":
            return f"({t} = 'NULL')"
        if kind == "bool":
            return f"({t} = 'BOOLEAN' AND {s} = '{'true' if value else 'false'}')"
        if kind == "string":
            return f"({t} = 'VARCHAR' AND {s} = {d.string(value)})"
        if kind == "int":
            return (
                f"(CASE {t} WHEN 'INT' THEN {self._int_relation(s, '==', value)} "
                f"WHEN 'DOUBLE' THEN {d.as_double(s)} = {d.double(v.as_double(value))} "
                "ELSE FALSE END)"
            )
        if kind == "double":
            if math.isnan(value):
                return "FALSE"
            return (
                f"(CASE WHEN {t} IN ('INT', 'DOUBLE') THEN {d.as_double(s)} = "
                f"{d.double(value)} ELSE FALSE END)"
            )
        raise Unsupported(node, f"equality with a {kind} constant")

    def _order(self, op: str, t: str, s: str, value: Any) -> str:
        """``< <= > >=``: NULL (an error) unless both sides are numbers, strings or bools."""
        d = self.dialect
        kind = v.kind(value)
        sql_op = _SQL_OP[op]
        if kind == "int":
            return (
                f"(CASE {t} WHEN 'INT' THEN {self._int_relation(s, op, value)} "
                f"WHEN 'DOUBLE' THEN {d.as_double(s)} {sql_op} {d.double(v.as_double(value))} END)"
            )
        if kind == "double":
            if math.isnan(value):
                return f"(CASE WHEN {t} IN ('INT', 'DOUBLE') THEN FALSE END)"
            return (
                f"(CASE WHEN {t} IN ('INT', 'DOUBLE') THEN {d.as_double(s)} {sql_op} "
                f"{d.double(value)} END)"
            )
        if kind == "string":
            return f"(CASE WHEN {t} = 'VARCHAR' THEN {s} {sql_op} {d.string(value)} END)"
        if kind == "bool":
            return (
                f"(CASE WHEN {t} = 'BOOLEAN' THEN ({s} = 'true') {sql_op} "
                f"{'TRUE' if value else 'FALSE'} END)"
            )
        return _NULL  # null, lists and maps have no order: always an error

    def _int_relation(self, s: str, op: str, value: int) -> str:
        """An exact comparison of a JSON integer's text with an int64 constant. Past
        ``LONG_INT`` characters the integer is beyond every int64: its sign decides."""
        d = self.dialect
        if op == "==":
            huge = "FALSE"
        elif op in ("<", "<="):
            huge = d.starts_with(s, "'-'")
        else:
            huge = "(NOT " + d.starts_with(s, "'-'") + ")"
        return (
            f"(CASE WHEN length({s}) > {LONG_INT} THEN {huge} "
            f"ELSE {d.exact_int(s)} {_SQL_OP[op]} {value} END)"
        )

    def _compare_int(self, node: Expr, op: str, sql: str, value: Any) -> str:
        kind = v.kind(value)
        d = self.dialect
        if kind == "int":
            return f"({sql} {_SQL_OP[op]} {value})"
        if kind == "double" and not math.isnan(value):
            return f"(CAST({sql} AS DOUBLE) {_SQL_OP[op]} {d.double(value)})"
        if kind == "double" or op in ("==", "!="):
            # NaN, or equality with a value of another type: false (true for !=), unless
            # the size itself is an error.
            answer = "TRUE" if op == "!=" else "FALSE"
            return f"(CASE WHEN {sql} IS NULL THEN {_NULL} ELSE {answer} END)"
        return _NULL

    def _membership(self, node: Expr, element: _Term, container: _Term) -> str:
        d = self.dialect
        if _failed(element) or _failed(container):
            return _NULL
        if isinstance(element, _PathTerm) and isinstance(container, _Const):
            items = container.value
            if isinstance(items, CelError):
                return _NULL
            kind = v.kind(items)
            if kind == "map" and all(isinstance(key, str) for key in items):
                items = list(items)  # a string-keyed map: the same test as its key list
            elif kind == "map":
                raise Unsupported(node, "membership in a map with keys that are not strings")
            elif kind != "list":
                return _NULL  # `in` a string, a number, a bool or null: no overload
            t, s = self.tag(element.index), self.text(element.index)
            tests = [self._equal(node, t, s, item) for item in items]
            if any(v.kind(item) in ("list", "map") for item in items):
                raise Unsupported(node, "membership in a list holding lists or maps")
            body = " OR ".join(tests) if tests else "FALSE"
            return f"(CASE WHEN {t} IS NULL THEN {_NULL} ELSE ({body}) END)"
        if isinstance(container, _PathTerm) and isinstance(element, _Const):
            value = element.value
            if isinstance(value, CelError):
                return _NULL
            if not isinstance(value, str):
                raise Unsupported(node, "membership of a constant that is not a string")
            t, s = self.tag(container.index), self.text(container.index)
            literal = d.string(value)
            return (
                f"(CASE {t} WHEN 'ARRAY' THEN {d.array_has_string(s, literal)} "
                f"WHEN 'OBJECT' THEN {d.object_has_key(s, literal)} END)"
            )
        raise Unsupported(node, "`in` between two values read from the context")

    # -- calls --------------------------------------------------------------------------

    def _call(self, node: Call) -> str:
        name = node.function
        if name == "matches" and node.target is None and len(node.args) == 2:
            target, args = node.args[0], node.args[1:]
        elif node.target is not None and name in _STRING_METHODS and len(node.args) == 1:
            target, args = node.target, node.args
        else:
            raise Unsupported(node, f"the function `{name}` (outside the SQL fragment)")
        term = self._term(target)
        argument = self._term(args[0])
        if _failed(term) or _failed(argument):
            return _NULL
        if not isinstance(term, _PathTerm) or not isinstance(argument, _Const):
            raise Unsupported(node, f"`{name}` with an argument read from the context")
        constant = argument.value
        if isinstance(constant, CelError):
            return _NULL
        t, s = self.tag(term.index), self.text(term.index)
        d = self.dialect
        if name == "contains":
            if not isinstance(constant, str):
                raise Unsupported(node, "`contains` of a constant that is not a string")
            literal = d.string(constant)
            return (
                f"(CASE {t} WHEN 'VARCHAR' THEN {d.contains(s, literal)} "
                f"WHEN 'ARRAY' THEN {d.array_has_string(s, literal)} END)"
            )
        if not isinstance(constant, str):
            return _NULL  # no overload: an error whatever the target
        try:
            test = self._string_test(name, s, constant)
        except JavaRegexRefused as exc:
            raise Unsupported(node, f"the pattern of `{name}`: {exc}") from None
        if test == _NULL:
            return _NULL
        return f"(CASE WHEN {t} = 'VARCHAR' THEN {test} END)"

    def _string_test(self, name: str, s: str, constant: str) -> str:
        d = self.dialect
        if name in ("startsWith", "endsWith"):
            make: Callable[[str, str], str] = d.starts_with if name == "startsWith" else d.ends_with
            return make(s, d.string(constant))
        if name == "matches":
            if isinstance(v.compile_regex(constant), CelError):
                return _NULL  # an invalid pattern: an error for every target
            return d.search(s, constant, regex.parse(constant))
        if isinstance(v.compile_glob(constant), CelError):
            return _NULL
        return d.full_match(s, regex.parse("(?s)" + v.glob_to_regex(constant)))


def _failed(term: _Term) -> bool:
    """A term that is an error whatever the event (a negative list index)."""
    return isinstance(term, _Const) and isinstance(term.value, CelError)


def _reads_nothing(node: Expr) -> bool:
    """Whether the node reads no context path (its value is the same for every event)."""
    return next(context_paths(node), None) is None


def _fold(node: Expr) -> Any:
    return evaluate(node, {})


def _truth(value: Any) -> str:
    if value is True:
        return "TRUE"
    if value is False:
        return "FALSE"
    return _NULL


def _kind_name(node: Expr) -> str:
    if isinstance(node, Binary):
        return f"the operator `{node.op}` on values read from the context"
    if isinstance(node, Call):
        return f"the function `{node.function}` on values read from the context"
    if isinstance(node, Literal):
        return "a constant"
    return f"a {type(node).__name__.lower()} expression outside the SQL fragment"
