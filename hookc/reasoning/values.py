"""What an expression's value is without a context: its constant value where it reads no
variable, the paths it reads, whether it always evaluates to a bool (``is_total``) or is
never one; and ``Terms``, the first layer of ``Reasoner``: these answers and the other
pieces the queries are made of (requirements, facts), each kept in the reasoner's memos.
"""

from __future__ import annotations

from collections.abc import Iterable

from hookc.cel.catalog import GLOBAL_FUNCTIONS, METHODS
from hookc.cel.evaluator import evaluate
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
    children,
    path_steps,
)
from hookc.reasoning.facts import Fact, atom_facts
from hookc.reasoning.glance import is_plain_path
from hookc.reasoning.requirements import Atom, Item, requirements
from hookc.runtime.values import CelError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# "Not a constant": a value shared between callers (none of them changes it).
UNKNOWN: Any = object()
_NON_BOOL_FUNCTIONS = frozenset({"size", "int", "double", "string"})
_ARITHMETIC = frozenset({"+", "-", "*", "/", "%"})


def evaluate_constant(expr: Expr) -> Any:
    """The value of an expression that reads no path, or ``UNKNOWN`` where it reads a name
    or calls what the reference evaluator should not run here (a pattern, an unknown
    function, a macro)."""
    stack = [expr]
    while stack:  # in any order: one variable, macro or unknown call anywhere decides
        node = stack.pop()
        kind = type(node)
        if kind is Ident or kind is Comprehension:
            return UNKNOWN
        if kind is Call:
            assert isinstance(node, Call)
            known = GLOBAL_FUNCTIONS if node.target is None else METHODS
            if node.function in ("matches", "glob") or known.get(node.function) != len(node.args):
                return UNKNOWN
        stack.extend(children(node))
    return evaluate(expr, {})


def never_bool(expr: Expr) -> bool:
    """Expressions whose value is never a bool: arithmetic, lists, maps, ``size``, ``int``,
    ``double``, ``string``, ``filter`` and ``map`` (each gives its own kind or an error)."""
    kind = type(expr)
    if kind is Binary:
        return expr.op in _ARITHMETIC  # type: ignore[union-attr]
    if kind is Unary:
        return expr.op == "-"  # type: ignore[union-attr]
    if kind is Call:
        return expr.function in _NON_BOOL_FUNCTIONS  # type: ignore[union-attr]
    if kind is Comprehension:
        return expr.macro in ("filter", "map")  # type: ignore[union-attr]
    return kind is List or kind is Map


class Terms:
    """The pieces every query is made of. ``Reasoner`` keeps the answers of the methods
    it names in its memos (``requirements``, ``facts``, ``evaluated``, ``is_total``,
    ``paths_read``); the methods here are what each works out when first asked."""

    def requirements(self, expr: Expr, positive: bool) -> tuple[Item, ...]:
        """``requirements.requirements``, kept."""
        return requirements(expr, positive)

    def facts(self, atom: Atom) -> tuple[Fact, ...]:
        """``facts.atom_facts``, kept: the shadow check asks about the same atoms once per
        candidate pair."""
        return atom_facts(atom)

    def evaluated(self, expr: Expr) -> Any:
        """``evaluate_constant``, kept: asked of every constant atom in every proof."""
        return evaluate_constant(expr)

    def expand(self, atoms: Iterable[Atom]) -> tuple[Item, ...]:
        """The requirements of each of ``atoms``, as one conjunction."""
        requirements = self.requirements
        return tuple(item for atom in atoms for item in requirements(atom.expr, atom.positive))

    def facts_by_term(self, atoms: Iterable[Atom]) -> dict[Expr, list[Fact]]:
        """The facts of ``atoms``, gathered by the term each is on."""
        found: dict[Expr, list[Fact]] = {}
        facts = self.facts
        for atom in atoms:
            for fact in facts(atom):
                found.setdefault(fact.term, []).append(fact)
        return found

    def constant_value(self, expr: Expr) -> Any:
        """The value of an expression that reads no variable, or ``UNKNOWN`` (a value shared
        between callers: none of them changes it).

        Evaluated with the reference evaluator, so constant atoms mean exactly what they mean
        at run time. Patterns are left alone (matching is linear, but a constant text may be
        long), and so is anything the evaluator does not know.
        """
        if self.paths_read(expr):
            # It reads a name (every path starts at one): `evaluated` would find it. Asked
            # first, and of `paths_read`'s memo alone, since the optimizer and the shadow check
            # ask for the same paths anyway.
            return UNKNOWN
        return self.evaluated(expr)

    def is_total(self, expr: Expr) -> bool:
        """Whether ``expr`` always evaluates to a bool, never to an error."""
        # Type tests, not a match: asked of every operand of every condition.
        kind = type(expr)
        if kind is Literal:
            return isinstance(expr.value, bool)  # type: ignore[union-attr]
        if kind is Has:
            return is_plain_path(expr.path)  # type: ignore[union-attr]
        if kind is And or kind is Or:
            return all(map(self.is_total, expr.operands))  # type: ignore[union-attr]
        if kind is Unary and expr.op == "!":  # type: ignore[union-attr]
            return self.is_total(expr.operand)  # type: ignore[union-attr]
        if kind is Binary:
            assert isinstance(expr, Binary)
            if expr.op == "==" or expr.op == "!=":
                return self.never_fails(expr.left) and self.never_fails(expr.right)
            right = expr.right
            if expr.op == "in" and type(right) is List:
                return self.never_fails(expr.left) and all(map(self.never_fails, right.items))
        if kind is Conditional:
            assert isinstance(expr, Conditional)
            return (
                self.is_total(expr.condition)
                and self.is_total(expr.then)
                and self.is_total(expr.otherwise)
            )
        return type(self.constant_value(expr)) is bool

    def never_fails(self, expr: Expr) -> bool:
        """Whether ``expr`` never evaluates to an error (of any kind)."""
        kind = type(expr)
        if kind is Literal:
            return True
        if kind is List:
            return all(map(self.never_fails, expr.items))  # type: ignore[union-attr]
        if path_steps(expr) is not None:
            return False  # it reads a variable: an error in a context without it
        if self.is_total(expr):
            return True
        value = self.constant_value(expr)
        return value is not UNKNOWN and not isinstance(value, CelError)

    def paths_read(self, condition: Expr | None) -> frozenset[Expr]:
        """The maximal field paths a condition reads (spans aside, as IR values)."""
        if condition is None:
            return frozenset()
        if isinstance(condition, And | Or):
            # The optimizer has asked about each operand already (``ranges``): join theirs.
            return frozenset().union(*map(self.paths_read, condition.operands))
        if is_plain_path(condition):
            return frozenset((condition,))
        found: set[Expr] = set()
        stack: list[Expr] = [condition]
        while stack:
            # Children read where they stand: constants and paths (most nodes) are not stacked.
            for child in children(stack.pop()):
                kind = type(child)
                if kind is Literal:
                    continue  # no path, no children
                if (kind is Ident or kind is Select or kind is Index) and is_plain_path(child):
                    found.add(child)
                else:
                    stack.append(child)
        return frozenset(found)
