"""What every rule shares: the modes a sub-expression is rewritten in, and a bottom-up walk.

A rule may replace a node by another only if nothing that can observe the difference
does. What can observe it depends on where the node stands, its *mode*:

- ``VALUE``: its value is used (an operand of ``==``, an argument, a conditional's
  condition). The replacement must evaluate to the same value in every context, or to an
  error wherever the original does (which error may differ: CEL's ``&&``/``||`` already
  leave that open).
- ``TRUTH``: only whether it is ``true`` matters. A hook's condition stands here (a hook
  fires iff its condition is true, SPEC §2), and so do the operands of a ``&&`` or ``||``
  that does: ``a && b`` is true iff both are true, ``a || b`` iff one is. Here ``false``
  and an error are interchangeable, so ``x > 5 && x < 3`` may become ``false``.
- ``FALSITY``: only whether it is ``false`` matters: the operand of ``!`` in ``TRUTH``
  mode (``!a`` is true iff ``a`` is false), and the operands of a ``&&``/``||`` there.

``!`` swaps ``TRUTH`` and ``FALSITY``; ``!err`` is an error, so this is exact. Everything
else passes ``VALUE`` down: a rule never needs to ask what encloses a node beyond its mode.

A value that is a path (``a.b['c']``) or a list of constants is the same in every form a
rule could give it: in ``VALUE`` mode the walk leaves it alone (a property test holds every
rule to that), which spares it a third of the nodes of a typical condition.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from operator import is_not

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

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.reasoning import Reasoner


class Mode(enum.Enum):
    VALUE = "value"
    TRUTH = "truth"
    FALSITY = "falsity"


# A rule: ``(node, mode, reasoner) -> node``. The reasoner is the run's (``hookc.optimize.
# Optimizer`` holds it), asked by the rules that reason about what a condition means
# (``complement``, ``ranges``); it is every rule's third parameter, so that all are asked alike.
Rule = Callable[[Expr, Mode, "Reasoner"], Expr]
# What ``rewrite`` applies at each node: a rule with the reasoner given, or all of them.
Visit = Callable[[Expr, Mode], Expr]

_SWAPPED = {Mode.TRUTH: Mode.FALSITY, Mode.FALSITY: Mode.TRUTH, Mode.VALUE: Mode.VALUE}


def rewrite(expr: Expr, mode: Mode, rule: Visit) -> Expr:
    """``expr`` with ``rule`` applied to every node, children first, each in its mode.

    Returns ``expr`` itself (not a copy) where nothing changed, so callers can compare by
    identity. Recursive: parsed trees are depth-limited (``hookc.cel.parser.MAX_DEPTH``).
    """
    # Type tests, not a match: every node of every condition passes here each round.
    kind = type(expr)
    if kind is And or kind is Or:
        operands = expr.operands  # type: ignore[union-attr]
        inner = tuple([rewrite(o, mode, rule) for o in operands])
        if _changed(inner, operands):
            expr = kind(inner, expr.span)
    elif kind is Binary:
        # The commonest operator: its operands are values (see `_rewrite_values`).
        assert isinstance(expr, Binary)
        left, right = expr.left, expr.right
        new_left, new_right = _value(left, rule), _value(right, rule)
        if new_left is not left or new_right is not right:
            expr = Binary(expr.op, new_left, new_right, expr.span)
    elif kind is Unary and expr.op == "!":  # type: ignore[union-attr]
        operand = expr.operand  # type: ignore[union-attr]
        inner_operand = rewrite(operand, _SWAPPED[mode], rule)
        if inner_operand is not operand:
            expr = Unary("!", inner_operand, expr.span)
    elif kind is Conditional:
        assert isinstance(expr, Conditional)
        condition, then, otherwise = expr.condition, expr.then, expr.otherwise
        parts = (
            rewrite(condition, Mode.VALUE, rule),
            rewrite(then, mode, rule),
            rewrite(otherwise, mode, rule),
        )
        if _changed(parts, (condition, then, otherwise)):
            expr = Conditional(*parts, expr.span)
    elif kind is not Literal and kind is not Ident:  # no children: nothing to rewrite
        expr = _rewrite_values(expr, rule)
    return rule(expr, mode)


def _value(child: Expr, rule: Visit) -> Expr:
    """A child whose value is used, rewritten in ``VALUE`` mode (a settled one as it is)."""
    return child if is_settled(child) else rewrite(child, Mode.VALUE, rule)


def _rewrite_values(expr: Expr, rule: Visit) -> Expr:
    """Children whose values are used: all rewritten in ``VALUE`` mode."""
    match expr:
        case Select(operand=operand, field=name):
            new = _value(operand, rule)
            return expr if new is operand else Select(new, name, expr.span)
        case Index(operand=operand, index=index):
            parts = (_value(operand, rule), _value(index, rule))
            return expr if not _changed(parts, (operand, index)) else Index(*parts, expr.span)
        case Unary(op=op, operand=operand):
            new = _value(operand, rule)
            return expr if new is operand else Unary(op, new, expr.span)
        case Call(function=function, args=args, target=target):
            new_args = tuple([_value(arg, rule) for arg in args])
            new_target = None if target is None else _value(target, rule)
            if new_target is target and not _changed(new_args, args):
                return expr
            return Call(function, new_args, new_target, expr.span)
        case List(items=items):
            new_items = tuple([_value(item, rule) for item in items])
            return List(new_items, expr.span) if _changed(new_items, items) else expr
        case Map(entries=entries):
            new_entries = tuple((_value(k, rule), _value(v, rule)) for k, v in entries)
            changed = any(
                a is not b
                for new, old in zip(new_entries, entries, strict=True)
                for a, b in zip(new, old, strict=True)
            )
            return Map(new_entries, expr.span) if changed else expr
        case Has():
            return expr  # has()'s operand is a path to resolve, not a value to compute
        case Comprehension(macro=macro, target=target, var=var, predicate=p, transform=t):
            new_target = _value(target, rule)
            new_p = None if p is None else _value(p, rule)
            new_t = None if t is None else _value(t, rule)
            if new_target is target and new_p is p and new_t is t:
                return expr
            return Comprehension(macro, new_target, var, new_p, new_t, expr.span)
    return expr


def is_settled(expr: Expr) -> bool:
    """A constant, a path or a list of constants: a value no rule rewrites (see above)."""
    kind = type(expr)
    if kind is Literal or kind is Ident:
        return True
    if kind is List:
        return all(type(item) is Literal for item in expr.items)  # type: ignore[union-attr]
    return (kind is Select or kind is Index) and path_steps(expr) is not None


def _changed(new: tuple[object, ...], old: tuple[object, ...]) -> bool:
    """Whether some element of ``new`` is not the one at its place in ``old`` (same length)."""
    return any(map(is_not, new, old))


# -- shared facts about expressions ---------------------------------------------------------------

_BOOLEAN_METHODS = frozenset({"contains", "startsWith", "endsWith", "matches", "glob"})


def is_boolean(expr: Expr) -> bool:
    """Whether ``expr`` evaluates to a bool or an error, never to another kind of value.

    Where this holds, ``a && a`` is ``a`` even in ``VALUE`` mode; where it does not
    (``x && x`` with ``x`` the int 5 is an error, ``x`` is 5), such a rewrite needs a mode
    in which an error and a non-bool look the same.
    """
    match expr:
        case Literal(value=value):
            return isinstance(value, bool)
        case And() | Or() | Has():
            return True
        case Unary(op="!"):
            return True
        case Binary(op="==" | "!=" | "<" | "<=" | ">" | ">=" | "in"):
            return True
        case Call(function=function, target=target):
            return (target is not None and function in _BOOLEAN_METHODS) or function == "matches"
        case Comprehension(macro="all" | "exists" | "exists_one"):
            return True
        case Conditional(then=then, otherwise=otherwise):
            return is_boolean(then) and is_boolean(otherwise)
    return False


def join(like: And | Or, operands: tuple[Expr, ...], mode: Mode) -> Expr:
    """``like``'s operator over ``operands``; a single operand stands alone where that
    means the same (``&&`` of one non-bool value is an error, the value is not), and where
    it does not, ``like`` stays as it was: a chain of one gains nothing."""
    if len(operands) == 1:
        return operands[0] if mode is not Mode.VALUE or is_boolean(operands[0]) else like
    if not operands:  # every operand was the identity: `true` for `&&`, `false` for `||`
        return Literal(isinstance(like, And), like.span)
    return type(like)(operands, like.span)


def splice(like: And | Or, merged: dict[int, Expr], dropped: set[int], mode: Mode) -> Expr:
    """``like`` with the operand at each position of ``merged`` replaced (a test standing
    for a group of operands) and those at the positions in ``dropped`` left out."""
    if not merged and not dropped:
        return like
    operands = tuple(
        merged.get(position, operand)
        for position, operand in enumerate(like.operands)
        if position not in dropped
    )
    return join(like, operands, mode)
