"""The expression IR: a closed set of immutable nodes for `when` expressions.

Every node is a frozen, slotted dataclass with its children in fields or tuples; its
``span`` (where it came from) takes no part in equality or hashing, so two parses of the
same expression from different places are equal. Each class declares its span with a
``field()`` of its own: a dataclass names the ``Field`` it is given, so none can be shared.
``&&`` and ``||`` chains are n-ary (``And``, ``Or``) so that a long chain of conditions is a
wide node, not a deep one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from dataclasses import field as _field  # `field` is a field of Select

from hookc.source import Span

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

Value: TypeAlias = "int | float | str | bool | None"


class _Node:
    """What every node shares: room for its hash, computed on first use and kept.

    Hashing a frozen record hashes its fields, so an uncached hash costs the size of the
    tree, and the reasoning and the optimizer key their memos by whole conditions: with the
    hash kept, a lookup costs a node's own fields (its children's hashes are kept too).
    """

    # Not a field: it takes no part in `fields`, `replace` or `__init__`, and stays empty
    # until the first `__hash__` fills it.
    __slots__ = ("_hash",)
    _hash: int


_set_hash = vars(_Node)["_hash"].__set__


@dataclass(frozen=True, slots=True, eq=False)
class Literal(_Node):
    """A constant: int, float (CEL double), str, bool or None (CEL null).

    Equality is by CEL type and value, not Python's: ``Literal(1) != Literal(True)``,
    ``Literal(1) != Literal(1.0)``, ``Literal(-0.0) != Literal(0.0)`` and a NaN literal
    equals itself, so that rewrites and round trips compare exactly.
    """

    value: int | float | str | bool | None
    span: Span | None = _field(default=None, compare=False, repr=False)

    def _key(self) -> tuple[str, object]:
        value = self.value
        return type(value).__name__, repr(value) if isinstance(value, float) else value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Literal):
            return False
        value, other_value = self.value, other.value
        # What the keys would say, without making them: one exact type, then the value; two
        # doubles print alike iff they are equal with one sign (0.0, -0.0) or both NaN.
        if type(value) is type(other_value):
            if not isinstance(value, float):
                return value == other_value
            if type(value) is float:
                if value == other_value:
                    return value != 0.0 or repr(value) == repr(other_value)
                return value != value and other_value != other_value
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(frozen=True, slots=True)
class Ident(_Node):
    """A variable: a top-level key of the context, or a macro's iteration variable."""

    name: str
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Select(_Node):
    """``operand.field``: a map lookup by a constant string key."""

    operand: Expr
    field: str
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Index(_Node):
    """``operand[index]``: a list position or a map key."""

    operand: Expr
    index: Expr
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Call(_Node):
    """``function(args)``, or ``target.function(args)`` for a method call."""

    function: str
    args: tuple[Expr, ...]
    target: Expr | None = None
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Unary(_Node):
    """``!operand`` (also written ``not``) or ``-operand``."""

    op: str
    operand: Expr
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Binary(_Node):
    """Arithmetic (``+ - * / %``), comparison (``== != < <= > >=``) or ``in``."""

    op: str
    left: Expr
    right: Expr
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class And(_Node):
    """``a && b && ...`` (also ``and``): false if any operand is false, else error if any is."""

    operands: tuple[Expr, ...]
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Or(_Node):
    """``a || b || ...`` (also ``or``): true if any operand is true, else error if any is."""

    operands: tuple[Expr, ...]
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Conditional(_Node):
    """``condition ? then : otherwise``."""

    condition: Expr
    then: Expr
    otherwise: Expr
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class List(_Node):
    items: tuple[Expr, ...]
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Map(_Node):
    entries: tuple[tuple[Expr, Expr], ...]
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Has(_Node):
    """``has(path)``: true iff the whole path resolves to a non-null value (SPEC §2)."""

    path: Expr
    span: Span | None = _field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Comprehension(_Node):
    """A macro over a list's elements or a map's keys, bound to ``var`` in turn.

    ``exists``, ``all``, ``exists_one`` and ``filter`` have a ``predicate``; ``map`` has a
    ``transform`` and, in its three-argument form, a ``predicate`` too.
    """

    macro: str
    target: Expr
    var: str
    predicate: Expr | None
    transform: Expr | None = None
    span: Span | None = _field(default=None, compare=False, repr=False)


Expr: TypeAlias = (
    Literal
    | Ident
    | Select
    | Index
    | Call
    | Unary
    | Binary
    | And
    | Or
    | Conditional
    | List
    | Map
    | Has
    | Comprehension
)

MACROS = ("all", "exists", "exists_one", "filter", "map")


def children(node: Expr) -> tuple[Expr, ...]:
    """The direct sub-expressions of a node, in source order."""
    try:
        return _CHILDREN[type(node)](node)
    except KeyError:
        raise TypeError(f"not an expression node: {node!r}") from None


def _call_children(node: Call) -> tuple[Expr, ...]:
    return node.args if node.target is None else (node.target, *node.args)


def _comprehension_children(node: Comprehension) -> tuple[Expr, ...]:
    parts = (node.target, node.predicate, node.transform)
    return tuple(part for part in parts if part is not None)


# Per node type, its children: every walk over every condition asks, a dict lookup is
# cheaper than trying each case of a match in turn.
_CHILDREN: dict[type, Callable[[Any], tuple[Expr, ...]]] = {
    Literal: lambda node: (),
    Ident: lambda node: (),
    Select: lambda node: (node.operand,),
    Unary: lambda node: (node.operand,),
    Index: lambda node: (node.operand, node.index),
    Call: _call_children,
    Binary: lambda node: (node.left, node.right),
    And: lambda node: node.operands,
    Or: lambda node: node.operands,
    Conditional: lambda node: (node.condition, node.then, node.otherwise),
    List: lambda node: node.items,
    Map: lambda node: tuple(part for entry in node.entries for part in entry),
    Has: lambda node: (node.path,),
    Comprehension: _comprehension_children,
}


def walk(node: Expr) -> Iterator[tuple[Expr, int]]:
    """Every node with its depth (the root is 1), pre-order, without recursion.

    Iterative on purpose: it is what measures a freshly parsed tree before anything
    recursive is allowed to touch it.
    """
    stack = [(node, 1)]
    while stack:
        current, depth = stack.pop()
        yield current, depth
        stack.extend((child, depth + 1) for child in reversed(children(current)))


def path_steps(expr: Expr) -> tuple[str, tuple[str | int, ...]] | None:
    """A name followed by constant keys (``a.b['c'][0]``) as (name, keys), else None."""
    # Asked of nearly every node by the checks and the back end: type tests, not a match,
    # and the commonest answers (a bare name; no path at all) before any list is made.
    kind = type(expr)
    if kind is Ident:
        return expr.name, ()  # type: ignore[union-attr]
    if kind is not Select and kind is not Index and not isinstance(expr, Select | Index):
        return None
    keys: list[str | int] = []
    while True:
        if isinstance(expr, Select):
            keys.append(expr.field)
            expr = expr.operand
        elif isinstance(expr, Index):
            key = expr.index.value if isinstance(expr.index, Literal) else None
            if not isinstance(key, str | int) or isinstance(key, bool):
                return None  # a computed key, or a bool, double or null one
            keys.append(key)
            expr = expr.operand
        elif isinstance(expr, Ident):
            return expr.name, tuple(reversed(keys))
        else:
            return None


def context_paths(expr: Expr) -> Iterator[tuple[Expr, tuple[str, tuple[str | int, ...]]]]:
    """Each longest constant-key path (``a.b['c'][0]``) the expression reads from the
    context, with its ``path_steps``, in source order; a path rooted at a variable a macro
    binds reads that variable, not the context, and is skipped."""
    return _context_paths(expr, _NONE_BOUND)


def _context_paths(
    expr: Expr, bound: frozenset[str]
) -> Iterator[tuple[Expr, tuple[str, tuple[str | int, ...]]]]:
    # The checks, the back end and `explain` each walk every condition with it: constants
    # (a third of the nodes) are passed over without a call, and only the three kinds of
    # node a path is made of are asked for their steps. A macro's parts are walked at once,
    # its body with its variable bound, so the stack holds nodes alone.
    stack: list[Expr] = [expr]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is Literal:
            continue
        if kind is Ident or kind is Select or kind is Index:
            steps = path_steps(node)
            if steps is not None:
                if steps[0] not in bound:
                    yield node, steps
                continue
        if kind is Comprehension:
            assert isinstance(node, Comprehension)
            yield from _context_paths(node.target, bound)
            inner = bound | {node.var}
            for part in (node.predicate, node.transform):
                if part is not None:
                    yield from _context_paths(part, inner)
            continue
        stack.extend(reversed(_CHILDREN[kind](node)))


_NONE_BOUND: frozenset[str] = frozenset()


def map_spans(node: Expr, move: Callable[[Span], Span]) -> Expr:
    """The same tree with every span passed through ``move``.

    Front ends parse an embedded expression on its own and then move its spans to where the
    expression stands in the file. Recursive: parsed trees are depth-limited.
    """
    rebuilt = []
    for name, role in _FIELD_ROLES[type(node)]:
        value = getattr(node, name)
        if value is not None:
            if role == "span":
                value = move(value)
            elif role == "node":
                value = map_spans(value, move)
            elif role == "items":
                value = tuple(_map_item(part, move) for part in value)
        rebuilt.append(value)
    return type(node)(*rebuilt)


def _map_item(item: object, move: Callable[[Span], Span]) -> object:
    if isinstance(item, NODE_TYPES):
        return map_spans(item, move)
    if isinstance(item, tuple):  # a map entry
        return tuple(_map_item(part, move) for part in item)
    return item


def _role(name: str, annotation: object) -> str:
    """What ``map_spans`` does with a field: move it, recurse into it, or keep it."""
    text = str(annotation)
    if name == "span":
        return "span"
    if text.startswith("tuple["):
        return "items"
    return "node" if "Expr" in text else "keep"


NODE_TYPES = (
    Literal, Ident, Select, Index, Call, Unary, Binary, And, Or, Conditional, List, Map, Has,
    Comprehension,
)  # fmt: skip


def _keeping_hash(node_type: type) -> Callable[[_Node], int]:
    """A ``__hash__`` for ``node_type`` that works out the hash the first time and keeps it.

    The hash is the record's (its compared fields as a tuple; ``Literal``'s key), written
    out here rather than called: a first hash then costs one frame a node, not two, and
    every condition's nodes are all hashed once by the memos of the checks.
    """
    if node_type is Literal:
        # `self._key()` written out: a third of the nodes are constants.
        computed = (
            "hash((type(self.value).__name__, "
            "repr(self.value) if isinstance(self.value, float) else self.value))"
        )
    else:
        names = [item.name for item in fields(node_type) if _hashed(item)]
        computed = "hash((" + "".join(f"self.{name}, " for name in names) + "))"
    namespace: dict[str, Any] = {"_set_hash": _set_hash}
    exec(
        "def __hash__(self):\n"
        "    try:\n"
        "        return self._hash\n"
        "    except AttributeError:  # the first time: the slot is still empty\n"
        f"        value = {computed}\n"
        "        _set_hash(self, value)  # not a field: the node stays as it was\n"
        "        return value\n",
        namespace,
    )
    function: Callable[[_Node], int] = namespace["__hash__"]
    function.__qualname__ = f"{node_type.__qualname__}.__hash__"
    return function


def _hashed(item: Any) -> bool:
    """Whether a field takes part in the hash, as ``dataclass`` decides."""
    return bool(item.compare if item.hash is None else item.hash)


for _node_type in NODE_TYPES:
    _node_type.__hash__ = _keeping_hash(_node_type)  # type: ignore[method-assign, assignment]

# Per node type, its fields in order with their role, read once from the annotations.
_FIELD_ROLES = {
    node_type: tuple((item.name, _role(item.name, item.type)) for item in fields(node_type))
    for node_type in NODE_TYPES
}
