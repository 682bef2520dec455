"""``predicates``: each hook's own function, ``predicates[id](context)``, which says whether
its condition holds. Each loads the context paths its test reads lazily (``loads.py``), in
the order the operands of its top ``&&`` or ``||`` need them, and stops as soon as the
answer is decided or an object it needs is missing; hooks whose code differs only in
constants share one factory of it.
"""

from __future__ import annotations

from hookc.backend.conditions import Conditions
from hookc.backend.loads import Loads, Steps
from hookc.backend.writer import Writer
from hookc.ir.expr import Or
from hookc.ir.hooks import Hook

# The lines of a hook's ``def _hk_predicate`` and their text, by what they are made of.
Made = dict[int, tuple[list[str], str]]


def emit_predicates(out: Writer, conditions: Conditions) -> tuple[list[int], list[str]]:
    """``predicates``: each hook's function, made by the factory of its code (hooks
    whose code differs only in constants share one) from the hook's constants. Returns
    each hook's factory (``_hk_SHAPES``) and each factory's makers of constants."""
    shapes: dict[tuple[str, str], int] = {}
    made: Made = {}
    factories = []
    for number, hook in enumerate(conditions.hookset.hooks):
        lines, text = predicate(conditions, hook, made)
        constants = conditions.constants[number]  # named by ``predicate``'s code
        # Hooks whose code differs only in constants share it.
        shape = (constants.makers, text)
        factory = shapes.get(shape)
        if factory is None:
            factory = shapes[shape] = len(shapes)
            out.factory(f"_hk_predicate{factory}", constants, "_hk_predicate", lines)
        factories.append(factory)
    out.line(f"_hk_PREDICATES = ({''.join(f'_hk_predicate{n}, ' for n in shapes.values())})")
    out.line("predicates = {")
    out.indent()
    out.line("hook['id']: _hk_PREDICATES[shape](*constants)")
    out.line("for hook, shape, constants in zip(HOOKS, _hk_SHAPES, _hk_K)")
    out.dedent()
    out.line("}")
    out.line()
    return factories, [makers for makers, _ in shapes]


def predicate(conditions: Conditions, hook: Hook, made: Made) -> tuple[list[str], str]:
    """The lines of the hook's ``def _hk_predicate`` (constants named), and their text.

    Hooks of one shape (``tool == 'a'``, ``tool == 'b'``) make the same lines: they are
    made once per ``Conditions.code_number`` (``made``), the rest looked up."""
    key = -1 if hook.condition is None else conditions.code_number(hook)
    if key in made:
        return made[key]
    hoisted = conditions.own_paths(hook)
    code = Writer(depth=1)
    code.line("def _hk_predicate(context):")
    code.indent()
    code.line("try:")  # free until something raises (Python 3.11)
    code.indent()
    if hoisted:
        # `dict.get(context, ...)` raises for a context that is not a dict: that one
        # is made a dict below and tested again, and a dict pays no test for it.
        # Rye's functions read the context themselves: it is made a dict first.
        if conditions.reads_rye(hook):
            code.line("if type(context) is not dict:")
            code.indent().line("context = _hk_context(context)")
            code.dedent()
        leaves = frozenset(conditions.paths(hook))
        loads = Loads(hoisted, leaves, "_hk_get(context, ")
        _emit_lazy_test(code, conditions, hook, loads, conditions.needs(hook))
    else:
        code.line(f"return {conditions.shared_test(hook)}")
    code.dedent()
    if hoisted:
        code.line("except Exception:  # not a dict, or a context no CEL value can be")
        code.indent().line("return _hk_again(_hk_predicate, context)")
    else:
        code.line("except Exception:  # a context no CEL value can be: an error")
        code.indent().line("return False")
    code.dedent()
    made[key] = code.lines, "\n".join(code.lines)
    return made[key]


def _emit_lazy_test(
    code: Writer,
    conditions: Conditions,
    hook: Hook,
    loads: Loads,
    objects: list[dict[Steps, bool]],
) -> None:
    """True mode of the condition, each path loaded only when the test reaches it.

    In truth position ``a && b`` holds iff each operand holds and ``a || b`` iff one
    does, so the operands of the top ``&&`` (``||``) are tested in turn, returning
    False (True) as soon as that is decided, and each path is loaded just before the
    first operand that reads it. An operand of ``&&`` that cannot hold unless an object
    on a path it reads is a map (``classification.category == 'x'`` on a null or
    missing ``classification``) returns False right after loading that object: the
    cost of a missing or null field is then one ``get`` and one test, as by hand.
    ``objects``: each operand's ``needed_objects``."""
    assert hook.condition is not None
    conjunction = not isinstance(hook.condition, Or)
    loaded: set[Steps] = set()
    group: list[Steps] = []  # the group's loads, in order
    tests: list[str] = []
    needs: list[dict[Steps, bool]] = []
    parts = zip(conditions.operand_paths(hook), conditions.part_tests(hook), objects, strict=True)
    for paths, test, need in parts:
        needed = {(root, keys[:end]) for root, keys in paths for end in range(len(keys) + 1)}
        new = [steps for steps in loads.names if steps in needed and steps not in loaded]
        if new and tests:
            _emit_group(code, loads, conjunction, group, tests, needs, loaded, False)
            group, tests, needs = [], [], []
            new = [steps for steps in loads.names if steps in needed and steps not in loaded]
        group.extend(new)
        loaded.update(new)
        tests.append(test)
        needs.append(need)
    _emit_group(code, loads, conjunction, group, tests, needs, loaded, True)


def _emit_group(
    code: Writer,
    loads: Loads,
    conjunction: bool,
    group: list[Steps],
    tests: list[str],
    needs: list[dict[Steps, bool]],
    loaded: set[Steps],
    last: bool,
) -> None:
    """One group of ``_emit_lazy_test``: operands tested together once their paths are
    loaded. Under ``&&`` an object any of them needs, and under ``||`` one all of them
    need, returns False where it leads nowhere (the group of a ``||`` that is not the
    last skips to the next group instead; what it loaded after that object is then
    loaded again where needed)."""
    test = "(" + (" and " if conjunction else " or ").join(tests) + ")"
    if conjunction:
        needed: dict[Steps, bool] = {}
        for need in needs:
            for steps, must_be_map in need.items():
                needed[steps] = needed.get(steps, False) or must_be_map
    else:
        needed = {
            steps: all(need[steps] for need in needs)
            for steps in needs[0]
            if all(steps in need for need in needs)
        }
    depth = code.depth
    inside: list[Steps] = []  # the maps this group's skips made known, here only
    for steps in group:
        code.line(loads.statement(steps))
        if steps not in needed:
            continue
        must_be_map = needed[steps]
        if conjunction or last:
            code.line(f"if {loads.nowhere(steps, must_be_map)}:")
            code.indent().line("return False")
            code.dedent()
        else:
            code.line(f"if {loads.somewhere(steps, must_be_map)}:")
            code.indent()
            loaded.difference_update(group[group.index(steps) + 1 :])
        if must_be_map:
            loads.maps.add(steps)
            if not (conjunction or last):
                inside.append(steps)
    if last:
        code.line(f"return {test}")
    elif conjunction:
        code.line(f"if not {test}:")
        code.indent().line("return False")
        code.dedent()
    else:
        code.line(f"if {test}:")
        code.indent().line("return True")
        code.depth = depth
        loads.maps.difference_update(inside)
