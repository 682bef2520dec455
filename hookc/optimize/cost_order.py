"""Cheap tests first: the operands of ``&&`` and ``||`` in order of what they cost (-O2).

Law: ``a && b`` → ``b && a`` and ``a || b`` → ``b || a``. CEL's ``&&`` and ``||`` are
commutative (SPEC §2): the result is decided by any operand equal to the absorbing value,
wherever it stands, and is otherwise an error if any operand is one. Reordering can change
only *which* error a failing chain reports, never whether it is true, false or an error.
The compiled code short-circuits left to right, so a cheap test that decides saves the
expensive ones after it.

The cost model (``cost``) counts, roughly, the work of the compiled code: a path step 1, a
comparison or membership in a literal set 1 more, ``has`` 1, a string method 4, a regex or
glob 12, ``size`` and arithmetic 2 and their operands, a macro 25 plus 5 times its body.
The sort is stable: equal costs keep the order the author wrote.
"""

from __future__ import annotations

from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
    Expr,
    Has,
    Literal,
    Or,
    children,
    path_steps,
)
from hookc.optimize.tree import Mode
from hookc.reasoning import Reasoner


def cost_order(expr: Expr, mode: Mode, reasoner: Reasoner) -> Expr:
    if isinstance(expr, And | Or):
        ordered = tuple(sorted(expr.operands, key=cost))
        if ordered != expr.operands:
            return type(expr)(ordered, expr.span)
    return expr


def cost(expr: Expr) -> int:
    """The estimated cost of evaluating ``expr`` (see the module docstring)."""
    steps = path_steps(expr)
    if steps is not None:
        return 1 + len(steps[1])
    match expr:
        case Literal():
            return 0
        case Has(path=path):
            return 1 + cost(path)
        case Binary(op="==" | "!=" | "<" | "<=" | ">" | ">=" | "in"):
            return 1 + sum(map(cost, children(expr)))
        case Call(function="matches" | "glob"):
            return 12 + sum(map(cost, children(expr)))
        case Call(function="contains" | "startsWith" | "endsWith"):
            return 4 + sum(map(cost, children(expr)))
        case Comprehension(predicate=predicate, transform=transform, target=target):
            body = sum(cost(part) for part in (predicate, transform) if part is not None)
            return 25 + 5 * body + cost(target)
    return 2 + sum(map(cost, children(expr)))
