"""Answers of the queries known at a look, without facts, domains or memos: the shortcuts
that keep the commonest condition cheap. Each restates a query of ``Reasoner`` for the
shapes of condition people mostly write (a plain path compared with constants, ``has`` of
a plain path, a ``&&`` of such tests on distinct paths), and names the query it answers:

- ``possible_path`` and ``plainly_possible``: ``never_true`` of such an atom is None;
- ``plain_paths``: ``never_true`` of such a condition is None;
- ``plainly_fallible``: ``always_true`` of such a condition is None.

Hypothesis tests (tests/rules/test_logic.py) hold each to the query it restates.
"""

from __future__ import annotations

from hookc.ir.expr import And, Binary, Expr, Has, Ident, Index, List, Literal, Select
from hookc.reasoning.facts import MIRROR


def is_plain_path(expr: Expr) -> bool:
    """``a.b['c'][0]``: has() of such a path is true or false, never an error."""
    # Type tests, not a match: asked of every path node of every condition.
    while True:
        kind = type(expr)
        if kind is Ident:
            return True
        if kind is Select or (kind is Index and type(expr.index) is Literal):  # type: ignore[union-attr]
            expr = expr.operand  # type: ignore[union-attr]
        else:
            return False


def possible_path(expr: Expr) -> Expr | None:
    """The path that ``expr`` tests, when ``expr`` is a plain atom that can be true on its
    own (so ``never_true`` of it is None): a plain path compared with a constant (either
    side) that is not NaN, and for an ordering a number or a string; a plain path ``in`` a
    list of constants not all NaN; ``has`` of a plain path. Else None.

    The laws say so without facts or memos: such an atom reads a path (so it is no
    constant), is a test (so it may be a bool), and its two facts are on different terms
    (the path, and the atom) and each leaves a value (a constant that equals itself, its
    negation, half a line of numbers or strings, the kinds of some constants, any value but
    null). A Hypothesis test holds it to ``Reasoner.refuted_atom``.
    """
    kind = type(expr)
    if kind is Binary:
        assert isinstance(expr, Binary)
        op, left, right = expr.op, expr.left, expr.right
        if op == "in":
            if type(right) is not List or not is_plain_path(left):
                return None
            # Constants only, one of them not NaN: one loop, no generators (the optimizer and
            # the checks ask this of every atom, several times).
            possible = False
            for item in right.items:
                if type(item) is not Literal:
                    return None
                if not possible and item.value == item.value:
                    possible = True
            return left if possible else None
        if op not in MIRROR:
            return None
        if type(right) is Literal:
            path, constant = left, right
        elif type(left) is Literal:
            path, constant = right, left
        else:
            return None
        value = constant.value
        if not is_plain_path(path) or value != value:  # NaN
            return None
        if op == "==" or op == "!=":
            return path
        return path if type(value) in (int, float, str) else None
    if kind is Has:
        path = expr.path  # type: ignore[union-attr]
        return path if is_plain_path(path) else None
    return None


def plainly_possible(expr: Expr) -> bool:
    """Whether ``expr`` is a plain atom that can be true on its own (``possible_path``):
    then ``never_true(expr)`` is None, known without its memo."""
    return possible_path(expr) is not None


def plain_paths(expr: Expr) -> set[Expr] | None:
    """The paths a *plain* condition tests, the commonest kind (``tool == 'Bash' &&
    cost.spend > 5``): a plainly possible atom (``possible_path``), or a ``&&`` of such
    atoms no two of which test one path. None for any other condition.

    ``never_true`` of a plain condition is None: no two of its atoms constrain one term (a
    fact's term is the path or the atom, and equal atoms test equal paths), so
    ``Reasoner.independent`` holds of the conjunction, whose atoms are each possible. The optimizer
    keeps most plain conditions as they are (``optimize.independent.plainly_kept``).
    """
    if type(expr) is And:
        tested: set[Expr] = set()
        for operand in expr.operands:
            path = possible_path(operand)
            if path is None or path in tested:
                return None
            tested.add(path)
        return tested
    path = possible_path(expr)
    return None if path is None else {path}


def plainly_fallible(expr: Expr) -> bool:
    """Whether ``always_true(expr)`` is None, known at a look: ``expr`` is a comparison or an
    ``in`` of a plain path with constants (``_plainly_fallible``), or a ``&&`` with one among
    its operands. Such an atom is an error where the path is missing, so it is not always
    true, and neither is a ``&&`` it stands in: ``Reasoner.always`` would say so on reaching it,
    after the operands before it."""
    if _plainly_fallible(expr):
        return True
    return type(expr) is And and any(map(_plainly_fallible, expr.operands))


def _plainly_fallible(expr: Expr) -> bool:
    """A comparison or an ``in`` of a plain path with constants (``possible_path``):
    it fails where the path is missing, so it is not total (``is_total``), and ``Reasoner.always``
    finds no reason for it (it is no constant and not total), and returns None on meeting
    it as an operand of a ``&&`` it is asked to prove true. A Hypothesis test holds
    ``always_true`` to the general path."""
    return type(expr) is Binary and possible_path(expr) is not None
