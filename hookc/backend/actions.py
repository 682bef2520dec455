"""``_hk_ACTIONS``: the function that makes each distinct action's dict (a fresh one a call),
its templates' holes evaluated on the context (``expressions.py``'s value mode).
"""

from __future__ import annotations

from dataclasses import dataclass

from hookc.backend.expressions import (
    Constants,
    Expressions,
    Scope,
    functions_called,
    python_source,
)
from hookc.backend.writer import Writer
from hookc.ir.expr import Binary, Call, Comprehension, Expr, walk
from hookc.ir.hooks import Action, Hook, Params, ParamValue, Template, template_exprs


@dataclass(frozen=True, slots=True)
class Actions:
    """What ``emit_actions`` made: each hook's place in ``_hk_ACTIONS`` (in the order of
    the hooks), and the functions that the actions' templates call."""

    places: list[int]
    calls: frozenset[str]


def emit_actions(out: Writer, hooks: tuple[Hook, ...], exprs: Expressions) -> Actions:
    """``_hk_ACTIONS``: each distinct action's function, made by the factory of its code
    (actions that differ only in constants share one) from its constants. Hooks whose
    actions are equal share the function; each call makes a fresh dict."""
    shapes: dict[tuple[str, str], int] = {}
    distinct: dict[tuple[int, str], int] = {}
    rows: list[tuple[int, Constants]] = []
    plain_actions: list[bool] = []  # by place in _hk_ACTIONS: no template, flat
    places: list[int] = []
    # Each action's place by what it is made of (``_spelled``): many hooks share an action.
    known: dict[object, int] = {}
    calls: set[str] = set()
    for hook in hooks:
        spelled = _spelled(hook.action)
        if spelled in known:
            places.append(known[spelled])
            continue
        for part in template_exprs(hook.action.params):
            calls |= functions_called(part)
        constants = Constants()
        items = [("type", hook.action.type), *hook.action.params.items]
        body = ", ".join(f"{k!r}: {_param(exprs, v, constants)}" for k, v in items)
        code = ["    def _hk_act(context):", f"        return {{{body}}}"]
        shape = (constants.makers, "\n".join(code))
        if shape not in shapes:
            shapes[shape] = len(shapes)
            out.factory(f"_hk_action{shapes[shape]}", constants, "_hk_act", code)
        # The source of the values tells 1, 1.0 and True apart, as equality does not.
        action = (shapes[shape], python_source(tuple(constants.values)))
        if action not in distinct:
            distinct[action] = len(rows)
            rows.append((shapes[shape], constants))
            plain_actions.append(_plain(hook.action.params.items))
        known[spelled] = distinct[action]
        places.append(distinct[action])
    factories = "".join(f"_hk_action{n}, " for n in shapes.values())
    out.line(f"_hk_ACTION_FACTORIES = ({factories})")
    out.line(f"_hk_ACTION_SHAPES = {tuple(shape for shape, _ in rows)!r}")
    out.line("_hk_ACTIONS = tuple(")
    out.indent()
    out.line("_hk_ACTION_FACTORIES[shape](*constants) for shape, constants in zip(")
    out.indent()
    out.line("_hk_ACTION_SHAPES,")
    makers = [makers for makers, _ in shapes]
    out.constants_table([c for _, c in rows], "_hk_ACTION_SHAPES", makers, tail=",")
    out.dedent()
    out.line(")")
    out.dedent()
    out.line(")")
    # A plain action (no template, no nested value) is made once; a hit copies it.
    out.line("_hk_READY = tuple(")
    out.indent().line("action(None) if plain else action for action, plain in zip(")
    out.indent().line(f"_hk_ACTIONS, {tuple(plain_actions)!r}")
    out.dedent()
    out.line(")")
    out.dedent()
    out.line(")")
    out.line()
    return Actions(places, frozenset(calls))


def _spelled(action: Action) -> object:
    """A key equal for two actions only where their code and constants are: an action's
    are made of its type, its keys and its values' types and reprs (its templates' trees
    included). For one of plain strings, ints, bools and nulls (the commonest), the values
    with their types; else each value's ``_value_key``."""
    items = action.params.items
    kinds = tuple([type(value) for _, value in items])
    if _PLAIN_KINDS.issuperset(kinds):
        # Equal items of the same types: equal reprs (1 and True, equal, are apart here).
        return action.type, items, kinds
    return action.type, _value_key(action.params)


_PLAIN_KINDS = frozenset((str, int, bool, type(None)))


def _value_key(value: ParamValue) -> object:
    """A parameter's value, equal to another's only where their reprs are: a double by its
    repr (0.0 == -0.0), a template by its parts (expression trees are equal only where
    their literals' CEL types and values are, ``Literal``'s equality)."""
    kind = type(value)
    if kind is float:
        return kind, repr(value)
    if isinstance(value, Template):
        return Template, value.parts
    if isinstance(value, Params):
        return Params, tuple([(name, _value_key(item)) for name, item in value.items])
    if isinstance(value, tuple):
        return tuple, tuple([_value_key(item) for item in value])
    return kind, value


def _param(exprs: Expressions, value: ParamValue, constants: Constants) -> str:
    scope = Scope(constants=constants)
    match value:
        case Template(parts=parts) if len(parts) == 1 and not isinstance(parts[0], str):
            return f"_hk_exact({_hole(exprs, parts[0], scope)})"
        case Template(parts=parts):
            pieces = [
                exprs.literal(p, scope)
                if isinstance(p, str)
                else f"_hk_text({_hole(exprs, p, scope)})"
                for p in parts
            ]
            return "''.join((" + "".join(p + ", " for p in pieces) + "))"
        case Params(items=items):
            return "{" + ", ".join(f"{k!r}: {_param(exprs, v, constants)}" for k, v in items) + "}"
        case tuple():
            return "[" + ", ".join(_param(exprs, v, constants) for v in value) + "]"
    return exprs.literal(value, scope)


def _hole(exprs: Expressions, expr: Expr, scope: Scope) -> str:
    """A template hole's value. One that compares or searches values (``==``, ``in``,
    macros) is evaluated through ``_hk_safely``: a cyclic or too deep value in the
    context makes it an error value there, not an exception out of evaluate_hooks."""
    code = exprs.value(expr, scope)
    if any(_walks_values(node) for node, _ in walk(expr)):
        return f"_hk_safely(lambda: {code})"
    return code


def _walks_values(node: Expr) -> bool:
    """Whether evaluating the node may walk a list or map of the context (and so raise
    ValueTooDeep on a hostile one)."""
    match node:
        case Binary(op="==" | "!=" | "in"):
            return True
        case Call(function="contains") | Comprehension():
            return True
    return False


def _plain(items: tuple[tuple[str, ParamValue], ...]) -> bool:
    """Whether an action's parameters are all plain scalars: its dict can be made once and
    copied (shallowly) for each call."""
    return all(type(value) in (str, int, float, bool, type(None)) for _, value in items)
