"""Facts about each term: what an atom says of the value of one sub-expression, its
*term*, as a constraint of the abstract domain (``hookc.reasoning.domain``).

``x > 5`` constrains ``x``; ``x in ['a', 'b']`` and ``['a', 'b'].contains(x)`` pin it;
``has(p)`` says ``p`` is a value other than null, ``!has(p)`` that it is an error or null;
and every atom also pins its own value to the bool it must be, under one spelling for atoms
that are true together (``canonical``: ``a != b`` is ``!(a == b)``, ``a > b`` is ``b <
a``). Evaluation is deterministic and every atom of a conjunction sees the same context,
so a term has one value throughout, and facts on one term can be met together.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from hookc.cel.printer import to_text
from hookc.ir.expr import Binary, Call, Expr, Has, List, Literal, path_steps
from hookc.reasoning.domain import (
    NOT_NULL,
    UNIVERSE,
    Compare,
    Constraint,
    ErrorOrNull,
    KindIn,
    NoneOf,
    OneOf,
    Scalar,
    is_nan,
    is_safe,
    kind_of,
)
from hookc.reasoning.requirements import Atom

MIRROR = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}
_OPPOSITE = {"<": ">=", "<=": ">", ">": "<=", ">=": "<"}


@dataclass(frozen=True, slots=True)
class Fact:
    """A constraint on ``term`` that ``atom`` implies; ``exact`` if it implies the atom too."""

    term: Expr
    constraint: Constraint
    atom: Atom
    exact: bool


def literal_values(items: Iterable[Expr]) -> tuple[Scalar, ...] | None:
    values: list[Scalar] = []
    for item in items:
        if not isinstance(item, Literal):
            return None
        values.append(item.value)
    return tuple(values)


def atom_facts(atom: Atom) -> tuple[Fact, ...]:
    """Constraints ``atom`` puts on terms: on the compared sub-expression where the atom is
    a comparison with a constant, ``in``, ``contains`` or ``has``, and always on the atom's
    own value (``e`` is true means ``e`` equals ``true``). Evaluation is deterministic and
    every atom of a conjunction sees the same context, so a term has one value throughout.
    ``Reasoner.facts`` keeps them by atom: the shadow check asks about the same atoms once
    per candidate pair. (Its index of earlier conditions reads each hook's atoms once,
    without the memo: see ``candidates``.)
    """
    fact = _term_fact(atom)
    key, positive = canonical(atom.expr, atom.positive)
    if isinstance(key, Literal):
        return () if fact is None else (fact,)
    own = Fact(key, _IS_TRUE if positive else _IS_FALSE, atom, exact=True)
    return (own,) if fact is None else (fact, own)


def fact_terms(expr: Expr) -> tuple[Expr, Expr] | None:
    """Where one look tells them, the terms the facts of the atom ``expr`` (either outcome)
    can be on: a non-constant compared with a constant on its right (not ``!=``), or ``in``
    anything, tests its left operand; ``has`` tests its path; and each is its own canonical
    spelling. Else None. A Hypothesis test holds it to ``atom_facts``."""
    kind = type(expr)
    if kind is Binary:
        assert isinstance(expr, Binary)
        op = expr.op
        if type(expr.left) is not Literal and (
            op == "in" or (op in _SPELLED_AS_WRITTEN and type(expr.right) is Literal)
        ):
            return expr.left, expr
    elif kind is Has:
        return expr.path, expr  # type: ignore[union-attr]
    return None


_SPELLED_AS_WRITTEN = frozenset({"==", "<", "<=", ">", ">="})


# What every atom says of its own value (one of each, shared: constraints are immutable).
_IS_TRUE = OneOf((True,))
_IS_FALSE = OneOf((False,))


def _term_fact(atom: Atom) -> Fact | None:
    """The constraint ``atom`` puts on the sub-expression it tests, if it tests one."""
    # Type tests, not a match: every atom of every condition is read here once.
    expr = atom.expr
    kind = type(expr)
    if kind is Binary:
        assert isinstance(expr, Binary)
        op, left, right = expr.op, expr.left, expr.right
        if op in MIRROR:
            if type(right) is Literal and type(left) is not Literal:
                return _relation_fact(left, op, right.value, atom)
            if type(left) is Literal and type(right) is not Literal:
                return _relation_fact(right, MIRROR[op], left.value, atom)
        elif op == "in" and type(right) is List and type(left) is not Literal:
            values = literal_values(right.items)
            if values is not None:
                return _membership_fact(left, values, atom)
    elif kind is Call:
        assert isinstance(expr, Call)
        target, args = expr.target, expr.args
        if (
            expr.function == "contains"
            and type(target) is List
            and len(args) == 1
            and type(args[0]) is not Literal
        ):
            values = literal_values(target.items)
            if values is not None:
                return _membership_fact(args[0], values, atom)
    elif kind is Has:
        assert isinstance(expr, Has)
        # has(p) is true iff p evaluates to a value that is not null (has() resolves a
        # path exactly as evaluation does, with "missing" for an error), false iff p is
        # an error or null.
        constraint = KindIn(NOT_NULL) if atom.positive else ErrorOrNull()
        return Fact(expr.path, constraint, atom, exact=True)
    return None


def _relation_fact(term: Expr, op: str, value: Scalar, atom: Atom) -> Fact:
    """``term op value`` evaluating to ``atom.positive``, as a constraint on ``term``.

    ``==``/``!=`` never fail on values, so false means "not an error and not equal".
    An ordering is false only for comparable operands (else it is an error), and for a NaN
    term: hence ``nan_ok`` on the negated form. Ordering with null is always an error.
    """
    if op in ("==", "!="):
        equal = (op == "==") is atom.positive
        if is_nan(value):  # nothing equals NaN: `x == NaN` is false, `x != NaN` true
            return Fact(term, OneOf(()) if equal else KindIn(UNIVERSE), atom, exact=True)
        if not is_safe(value):
            kinds = frozenset({kind_of(value)}) if equal else UNIVERSE
            return Fact(term, KindIn(kinds), atom, exact=False)
        constraint: Constraint = OneOf((value,)) if equal else NoneOf((value,))
        return Fact(term, constraint, atom, exact=True)
    kind = kind_of(value)
    if kind == "null":
        return Fact(term, KindIn(frozenset()), atom, exact=True)
    if is_nan(value):  # every number compares false with NaN; other kinds are errors
        kinds = frozenset() if atom.positive else frozenset({"number"})
        return Fact(term, KindIn(kinds), atom, exact=True)
    if not is_safe(value):
        return Fact(term, KindIn(frozenset({kind})), atom, exact=False)
    order = op if atom.positive else _OPPOSITE[op]
    return Fact(term, Compare(order, value, nan_ok=not atom.positive), atom, exact=True)


def _membership_fact(term: Expr, values: tuple[Scalar, ...], atom: Atom) -> Fact:
    """``term in [c1, c2]``: membership is CEL equality with some element (a list literal
    of constants never fails). NaN elements equal nothing, so dropping them is exact."""
    values = tuple(value for value in values if not is_nan(value))
    if all(is_safe(value) for value in values):
        constraint: Constraint = OneOf(values) if atom.positive else NoneOf(values)
        return Fact(term, constraint, atom, exact=True)
    if atom.positive:
        return Fact(term, KindIn(frozenset(map(kind_of, values))), atom, exact=False)
    safe = tuple(value for value in values if is_safe(value))
    return Fact(term, NoneOf(safe), atom, exact=False)


def canonical(expr: Expr, positive: bool) -> tuple[Expr, bool]:
    """One spelling for atoms that are true together: ``a != b`` is true iff ``a == b`` is
    false (both fail exactly when an operand does), ``a > b`` is ``b < a``, and ``==`` is
    symmetric. Errors are errors whichever operand raised them.

    The spelling is the one most atoms are written in, so that most are their own and no
    node is made for them: a constant compared with anything else goes on the right
    (``tool == 'Bash'``, ``cost > 5``); otherwise ``==`` puts the operand that prints first
    first, and ``>``, ``>=`` become ``<``, ``<=``.
    """
    if type(expr) is not Binary:
        return expr, positive
    assert isinstance(expr, Binary)
    op, left, right = expr.op, expr.left, expr.right
    if op == "!=":
        op, positive = "==", not positive
    elif op not in MIRROR:
        return expr, positive
    constant_left = type(left) is Literal
    if constant_left is not (type(right) is Literal):
        swap = constant_left
    elif op == "==":
        swap = prints_before(right, left)
    else:
        swap = op == ">" or op == ">="
    if swap:
        return Binary(MIRROR[op], right, left), positive
    return (expr if op == expr.op else Binary(op, left, right)), positive


def prints_before(first: Expr, second: Expr) -> bool:
    """``to_text(first) < to_text(second)``, read off the first characters where they differ
    and are known without printing (``tool == 'Bash'``: a name against a quote)."""
    a, b = _first_character(first), _first_character(second)
    if a and b and a != b:
        return a < b
    return to_text(first) < to_text(second)


def _first_character(expr: Expr) -> str:
    """The first character of ``to_text(expr)`` for a string constant (a quote) or a path
    (its name's), else ``''`` (not known without printing)."""
    if type(expr) is Literal:
        return "'" if type(expr.value) is str else ""
    steps = path_steps(expr)
    return "" if steps is None else steps[0][:1]
