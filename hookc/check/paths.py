"""Paths and types against the event context schema (SPEC §5).

HK501: a condition reads a path the schema does not declare (where the schema lists an
object's properties), with a "did you mean" among its neighbours or at the top level.
HK507: the same for a ``${...}`` template. HK502: an operator meets a path whose declared
type it can never accept (``ordering > 5`` on a string): that operand is an error whenever
the hook is evaluated, so the hook can never fire.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass

from hookc.cel.printer import to_text
from hookc.ir.expr import (
    Binary,
    Call,
    Comprehension,
    Expr,
    Ident,
    Index,
    List,
    Literal,
    Map,
    Select,
    Unary,
    children,
    context_paths,
    path_steps,
)
from hookc.ir.hooks import HookSet, template_exprs
from hookc.optimize.fold_constants import fold_constants
from hookc.optimize.tree import Mode, rewrite
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, error, warning

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeAlias

    Schema: TypeAlias = Mapping[str, Any]  # only annotations name it: Any is typing's
Steps = tuple[str | int, ...]

# CEL kinds of JSON Schema types; integer and number are one kind for comparison purposes.
_KINDS = {
    "string": "string",
    "integer": "number",
    "number": "number",
    "boolean": "bool",
    "object": "map",
    "array": "list",
    "null": "null",
}
_ORDERING = ("<", "<=", ">", ">=")
_ARITHMETIC = ("+", "-", "*", "/", "%")
# The operators ``_mismatch`` looks at: others (`==`, `!=`) accept operands of every kind.
_CHECKED_OPERATORS = frozenset({*_ORDERING, *_ARITHMETIC, "in"})
_CONVERSIONS = {"int": "number", "double": "number", "size": "number", "string": "string"}
# The kinds each method accepts as its receiver (contains: strings, and lists in hookc).
_RECEIVERS = {
    "startsWith": {"string"},
    "endsWith": {"string"},
    "matches": {"string"},
    "glob": {"string"},
    "contains": {"string", "list"},
    "size": {"string", "list", "map"},
}


# Names the parser has already flagged as Python spellings of literals (HK150).
_NOT_PATHS = frozenset({"True", "False", "None"})


@dataclass(frozen=True, slots=True)
class _Resolved:
    schema: Schema | None  # the schema at the path, None where the schema says nothing
    unknown_at: int | None = None  # index of the first step the schema does not declare
    suggestion: str | None = None
    declared: tuple[str, ...] = ()  # what the schema declares where the path left it


def path_diagnostics(hookset: HookSet, schema: Schema) -> list[Diagnostic]:
    if not schema:
        return []
    found: list[Diagnostic] = []
    resolve = _resolver(schema)
    for hook in hookset.hooks:
        source = hook.source
        if source is None:
            continue
        if hook.condition is not None:
            _condition(hook.condition, resolve, source, found)
        for expr in template_exprs(hook.action.params):
            _template_paths(expr, resolve, source, found)
    return found


def _resolver(root: Schema) -> Callable[[Steps], _Resolved]:
    """``_resolve`` against ``root``, each path's answer kept: a file's hooks read the same
    few paths again and again, and an unknown one costs a "did you mean" search."""
    known: dict[Steps, _Resolved] = {}

    def resolve(steps: Steps) -> _Resolved:
        found = known.get(steps)
        if found is None:
            found = known[steps] = _resolve(root, steps)
        return found

    return resolve


def _condition(
    condition: Expr, resolve: Callable[[Steps], _Resolved], source: Source,
    found: list[Diagnostic],
) -> None:  # fmt: skip
    """HK501 for each path ``condition`` reads that the schema does not declare, in source
    order, then HK502 for each operator that meets an operand it never accepts."""
    paths: list[tuple[Expr, Steps]] = []
    mismatches: list[Diagnostic] = []
    _walk(condition, resolve, source, frozenset(), paths, mismatches)
    for path, steps in reversed(paths):  # the walk meets them last first
        resolved = resolve(steps)
        if resolved.unknown_at is not None:
            found.append(_unknown("HK501", path, steps, resolved, source, template=False))
    found.extend(mismatches)


def _template_paths(
    expr: Expr, resolve: Callable[[Steps], _Resolved], source: Source,
    found: list[Diagnostic],
) -> None:  # fmt: skip
    """HK507 for each path a template's hole ``expr`` reads that the schema does not
    declare, in order."""
    for path, steps in _paths(expr):
        resolved = resolve(steps)
        if resolved.unknown_at is not None:
            found.append(_unknown("HK507", path, steps, resolved, source, template=True))


def _unknown(
    code: str, path: Expr, steps: Steps, resolved: _Resolved, source: Source,
    template: bool,
) -> Diagnostic:  # fmt: skip
    assert resolved.unknown_at is not None and path.span is not None
    message, hint = _wording(
        steps, resolved.unknown_at, resolved.suggestion, resolved.declared, template
    )
    return warning(code, message, source, path.span, hint)


# A file's hooks read the same few unknown paths again and again: each is worded once.
@functools.lru_cache(maxsize=1024)
def _wording(
    steps: Steps, unknown_at: int, suggestion: str | None, declared: tuple[str, ...],
    template: bool,
) -> tuple[str, str | None]:  # fmt: skip
    """The message and the hint of HK501 (HK507 for a template) for an unknown path."""
    shown = _dotted(steps[: unknown_at + 1])
    what = "the template reads" if template else "the condition reads"
    if suggestion:
        hint: str | None = f"did you mean `{suggestion}`?"
    else:
        where = f"`{_dotted(steps[:unknown_at])}`" if unknown_at else "it"
        names = ", ".join(declared[:10])
        hint = f"{where} declares {names}" + (", ..." if len(declared) > 10 else "")
    message = f"{what} `{shown}`, which the event context schema does not declare"
    return message, hint


def _paths(expr: Expr) -> Iterator[tuple[Expr, Steps]]:
    """Each maximal path (a name followed by fields and constant indexes) over the context,
    skipping macro variables and Python's spellings of literals (HK150 speaks of those)."""
    for node, (name, keys) in context_paths(expr):
        if name not in _NOT_PATHS:
            yield node, (name, *keys)


def _steps(node: Expr) -> Steps | None:
    """A context path as its name followed by its constant keys, or None."""
    found = path_steps(node)
    return None if found is None else (found[0], *found[1])


def _resolve(root: Schema, steps: Steps) -> _Resolved:
    schema: Schema = root
    for index, step in enumerate(steps):
        properties = schema.get("properties")
        if isinstance(step, str) and isinstance(properties, Mapping) and properties:
            if step in properties:
                schema = properties[step]
                continue
            extra = schema.get("additionalProperties")
            if isinstance(extra, Mapping):
                schema = extra
                continue
            suggestion = _suggest(root, steps, index, list(properties))
            return _Resolved(None, index, suggestion, tuple(sorted(properties)))
        items = schema.get("items")
        if isinstance(step, int) and isinstance(items, Mapping):
            schema = items
            continue
        return _Resolved(None)  # the schema leaves this open: nothing to say
    return _Resolved(schema)


def _suggest(root: Schema, steps: Steps, index: int, siblings: list[str]) -> str | None:
    step = str(steps[index])
    import difflib  # only when a suggestion is wanted: keeps start-up light

    close = difflib.get_close_matches(step, siblings, n=1, cutoff=0.6)
    if close:
        return _dotted((*steps[:index], close[0], *steps[index + 1 :]))
    # A field written under the wrong parent, e.g. `event.limit_code` for `limit_code`.
    top = root.get("properties")
    if index > 0 and isinstance(top, Mapping) and step in top:
        return _dotted(steps[index:])
    return None


def _dotted(steps: Steps) -> str:
    out = ""
    for step in steps:
        if isinstance(step, int):
            out += f"[{step}]"
        elif step.isidentifier():
            out += f".{step}" if out else step
        else:
            out += f"[{step!r}]"
    return out


def _kind(expr: Expr, resolve: Callable[[Steps], _Resolved], bound: frozenset[str]) -> str | None:
    """The CEL kind an operand is certain to have, when it has one (else None): an error
    being as good as a mismatch (both make the condition never true), ``-n`` and ``1 + 2``
    are numbers as their folded literals are, so a check finds the same in a condition and
    in what the optimizer writes of it (canonical YAML must check as its source does)."""
    kind = type(expr)
    if kind is Literal:
        return _literal_kind(expr.value)  # type: ignore[union-attr]
    steps = _steps(expr)
    if steps is not None:
        if not isinstance(steps[0], str) or steps[0] in bound:
            return None
        resolved = resolve(steps)
        declared = resolved.schema.get("type") if resolved.schema is not None else None
        return _KINDS.get(declared) if isinstance(declared, str) else None
    if kind is List or kind is Map:
        return None  # a list or a map of any items: folding leaves it one
    # What the optimizer folds to a literal (`''.size()`, `'a' + 'b'`) has that literal's
    # kind here too: canonical YAML holds the folded literal and must check as its source.
    folded = rewrite(expr, Mode.VALUE, fold_constants)
    if isinstance(folded, Literal):
        return _literal_kind(folded.value)
    if isinstance(expr, Unary) and expr.op == "-":
        return "number" if _kind(expr.operand, resolve, bound) == "number" else None
    if isinstance(expr, Call) and expr.target is None and len(expr.args) == 1:
        # A conversion gives its kind or an error: int('7'), double('inf'), string(1).
        return _CONVERSIONS.get(expr.function)
    if isinstance(expr, Binary) and expr.op in _ARITHMETIC:
        kinds = {_kind(expr.left, resolve, bound), _kind(expr.right, resolve, bound)}
        return "number" if kinds == {"number"} else None
    return None


def _literal_kind(value: object) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int | float):
        return "number"
    return "string" if isinstance(value, str) else "null"


def _walk(
    expr: Expr, resolve: Callable[[Steps], _Resolved], source: Source, bound: frozenset[str],
    paths: list[tuple[Expr, Steps]], mismatches: list[Diagnostic],
) -> None:  # fmt: skip
    """One pass over ``expr``, last operand first, for what both checks need: each context
    path it reads into ``paths`` (as ``_paths`` finds them, in the opposite order: no path
    holds another, so the order of a walk from the right is that of one from the left,
    reversed), and HK502 for each operator that meets an operand it never accepts into
    ``mismatches``. The names in ``bound`` are a macro's variables, not context paths."""
    stack: list[Expr] = [expr]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is Literal:
            continue  # no path, no operator, no children: a third of the nodes
        if kind is Ident or kind is Select or kind is Index:
            steps = path_steps(node)
            if steps is not None:  # a path: names, fields and constant keys, no operator
                name, keys = steps
                if name not in bound and name not in _NOT_PATHS:
                    paths.append((node, (name, *keys)))
                continue
        # Only an operator or a method call can meet an operand it never accepts.
        if kind is Binary:
            checked = node.op in _CHECKED_OPERATORS  # type: ignore[union-attr]
        else:
            checked = kind is Call and node.function in _RECEIVERS  # type: ignore[union-attr]
        problem = _mismatch(node, resolve, bound) if checked else None
        if problem is not None:
            message, culprit, hint = problem
            span = culprit.span or node.span
            assert span is not None
            mismatches.append(error("HK502", message, source, span, hint))
        if isinstance(node, Comprehension):
            # The body in the macro's scope, then the target in this one (the order a
            # single stack of both would give).
            inner = bound | {node.var}
            for part in (node.transform, node.predicate):
                if part is not None:
                    _walk(part, resolve, source, inner, paths, mismatches)
            stack.append(node.target)
        else:
            stack.extend(children(node))


def _mismatch(
    node: Expr, resolve: Callable[[Steps], _Resolved], bound: frozenset[str]
) -> tuple[str, Expr, str | None] | None:
    """What makes ``node`` fail whatever the context holds: (message, operand, hint)."""
    # Type tests, not a match: asked of every operator and method call of every condition.
    if type(node) is Binary:
        assert isinstance(node, Binary)
        op, left, right = node.op, node.left, node.right
        if op in _ORDERING or op in _ARITHMETIC:
            kinds = _kind(left, resolve, bound), _kind(right, resolve, bound)
            if None in kinds or kinds[0] == kinds[1]:
                return None
            if op in _ARITHMETIC and kinds == ("number", "number"):
                return None
            culprit = left if not isinstance(left, Literal) else right
            declared = _kind(culprit, resolve, bound)
            return (
                f"`{op}` cannot apply to a {kinds[0]} and a {kinds[1]}: this is an error "
                "whenever it is evaluated, so the condition is never true",
                culprit,
                f"the context schema declares `{_name(culprit)}` a {declared}",
            )
        if op == "in" and type(right) is not List:  # a list of any items is a list
            kind = _kind(right, resolve, bound)
            if kind in ("string", "number", "bool", "null"):
                hint = None
                if kind == "string":
                    hint = f"for a substring write {_name(right)}.contains(...)"
                return (
                    f"`in` needs a list or a map on its right, and `{_name(right)}` is a {kind}",
                    right,
                    hint,
                )
        return None
    if type(node) is Call:
        assert isinstance(node, Call)
        function, target = node.function, node.target
        if target is not None and function in _RECEIVERS:
            kind = _kind(target, resolve, bound)
            if kind is not None and kind not in _RECEIVERS[function]:
                accepted = " or ".join(sorted(_RECEIVERS[function]))
                return (
                    f"`{function}` applies to a {accepted}, and `{_name(target)}` is a {kind}",
                    target,
                    None,
                )
    return None


def _name(expr: Expr) -> str:
    steps = _steps(expr)
    return to_text(expr) if steps is None else _dotted(steps)
