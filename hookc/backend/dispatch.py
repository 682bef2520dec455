"""``evaluate_hooks`` and ``evaluate_all``: each event's code, which tries its hooks' tests
in evaluation order over the context paths it loads once, and the public functions that
find an event's code. An event's code takes one of three forms by what runs fastest for
the cost of compiling it (``emit_event``): a hash index where equality with strings tells
the hooks apart, each hook's test written out in turn, or one loop per shape of test.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hookc.backend.conditions import Conditions
from hookc.backend.expressions import Constants
from hookc.backend.loads import Loads, Steps
from hookc.backend.writer import Writer
from hookc.ir.expr import And, Binary, Expr, Literal, path_steps
from hookc.ir.hooks import Hook

# Event dispatch uses a hash index on a path once this many hooks test it for equality with
# a string (below it, a chain of tests is as fast).
_INDEX_FROM = 8
# ...and only when few other hooks of the event must be tried for every key.
_INDEX_OTHERS_AT_MOST = 16
# An event's function tries each hook's test written out in turn up to this many hooks
# (fastest); beyond, one loop per shape of test (``_Dispatch.emit_event``).
_INLINE_AT_MOST = 256
# The public functions find an event by a chain of tests up to this many events (``emit_dispatch``).
_CHAINED_EVENTS_AT_MOST = 8


def emit_dispatch(out: Writer, conditions: Conditions, actions: Sequence[int]) -> None:
    """The public functions over each event's code (``_Dispatch.emit``). ``actions``: each
    hook's place in ``_hk_ACTIONS``, by its number (``Conditions.number``)."""
    _Dispatch(conditions, actions).emit(out)


class _Dispatch:
    def __init__(self, conditions: Conditions, actions: Sequence[int]) -> None:
        self.conditions = conditions
        self.actions = actions
        self.discriminating: dict[int, list[tuple[Steps, str]]] = {}
        # By shape (``Conditions.shaped``): where its conditions' discriminators are.
        self.places: dict[int, list[_Place]] = {}

    def action(self, hook: Hook) -> int:
        return self.actions[self.conditions.number(hook)]

    def emit(self, out: Writer) -> None:
        """The public functions over each event's code: ``evaluate_hooks`` runs code that
        makes the first matching hook's action (or None) and stops there, ``evaluate_all``
        code that makes every matching hook's ``(id, action)`` in order.

        Up to ``_CHAINED_EVENTS_AT_MOST`` events, each public function tests the event in
        a chain of ``==`` and runs its code in place: a call fewer, a third of the cost of
        a hit in the index. Beyond, each event's code is a function of its own, found in a
        dict by the event (``_PUBLIC_FUNCTIONS``)."""
        events = sorted(self.conditions.events)
        # Each event's hooks in order, ``(hook_id, action)``: for the slow path taken when
        # a hostile context makes the event's code raise (hook by hook, each through its
        # predicate), and for the event's own tables. A table, not a literal: Python
        # compiles a literal of 10,000 pairs for 25 ms.
        orders = (
            (
                event,
                [hook.id for hook in self.conditions.events[event]],
                [self.action(hook) for hook in self.conditions.events[event]],
            )
            for event in events
        )
        head = "_hk_ORDER = {event: tuple(zip(hook_ids, actions)) for event, hook_ids, actions in "
        out.table(orders, head, "}")
        out.line()
        bodies = [
            self.emit_event(out, number, event, self.conditions.events[event])
            for number, event in enumerate(events)
        ]
        if len(events) <= _CHAINED_EVENTS_AT_MOST:
            for kind, docstring in _PUBLIC:
                if kind == "evaluate_all":
                    out.line()
                out.line(f"def {kind}(event, context):")
                out.indent().line(docstring)
                for event, body in zip(events, bodies, strict=True):
                    out.line(f"if event == {event!r}:")
                    out.indent()
                    self.emit_guarded_body(out, kind, event, body[kind])
                    out.dedent()
                out.line("return None" if kind == "evaluate_hooks" else "return []")
                out.dedent()
        else:
            for number, body in enumerate(bodies):
                for kind, prefix in (("evaluate_hooks", "first"), ("evaluate_all", "all")):
                    out.line(f"def _hk_{prefix}{number}(context):")
                    out.indent()
                    out.lines.extend(out.indented(body[kind]))
                    out.dedent()
                    out.line()
            for name, prefix in (("FIRST", "first"), ("ALL", "all")):
                out.line(f"_hk_{name} = {{")
                out.indent()
                for number, event in enumerate(events):
                    out.line(f"{event!r}: _hk_{prefix}{number},")
                out.dedent()
                out.line("}")
            out.line()
            out.lines.extend(_PUBLIC_FUNCTIONS)
        out.lines.extend(_SLOW_FUNCTIONS)

    def emit_guarded_body(self, out: Writer, kind: str, event: str, body: list[str]) -> None:
        """An event's code in a public function: the context made a dict first, and hook by
        hook (``_SLOW_FUNCTIONS``) where the code raises."""
        out.line("if type(context) is not dict:")
        out.indent().line("context = _hk_context(context)")
        out.dedent()
        out.line("try:")
        out.indent()
        out.lines.extend(out.indented(body))
        out.dedent()
        out.line("except Exception:")
        slowly = "_hk_first_slowly" if kind == "evaluate_hooks" else "_hk_all_slowly"
        out.indent().line(f"return {slowly}({event!r}, context)")
        out.dedent()

    def emit_event(
        self, out: Writer, number: int, event: str, hooks: list[Hook]
    ) -> dict[str, list[str]]:
        """The tables of the event's code; returns that code, for ``evaluate_hooks`` and
        for ``evaluate_all`` (``emit``), each ending in a ``return``.

        Three forms, by what runs fastest for the cost of compiling it: a hash index when
        equality on one path tells the hooks apart (``index``); else each hook's test
        written out in turn, up to ``_INLINE_AT_MOST`` hooks; else one loop per shape of
        test over the rows of constants of the hooks that share it (written once instead
        of thousands of times, and a loop runs its test at about half the speed of
        written-out code, where a call per hook would cost ten times as much)."""
        conditions = self.conditions
        hoisted = conditions.event_paths(event)
        # The paths the tests read as values: each shape's (the same list for its hooks).
        paths = {id(found): found for found in map(conditions.paths, hooks)}
        leaves = frozenset(steps for found in paths.values() for steps in found)
        loads = Loads(hoisted, leaves)
        indexed = self.index(hooks)
        index = None if indexed is None else indexed[0]
        prefix = f"_hk_e{number}"
        if indexed is not None:
            self.emit_index_tables(out, prefix, event, hooks, indexed, hoisted)
        elif len(hooks) > _INLINE_AT_MOST:
            groups = self.emit_groups(out, prefix, event, hooks)
        else:  # each hook's test written out, the same in both functions: made once
            tests = [conditions.test(hook, hoisted, None) for hook in hooks]
        bodies = {}
        for kind in ("evaluate_hooks", "evaluate_all"):
            first = kind == "evaluate_hooks"
            body = Writer()
            if index is not None:
                self.emit_indexed_loop(body, prefix, index, loads, first)
            else:
                _emit_loads(body, loads)
                if not first:
                    body.line("found = []")
                if len(hooks) > _INLINE_AT_MOST:
                    _emit_group_loops(body, prefix, groups, first)
                else:
                    for hook, test in zip(hooks, tests, strict=True):
                        body.line(f"if {test}:")
                        action = self.action(hook)
                        body.indent().line(
                            f"return _hk_ACTIONS[{action}](context)"
                            if first
                            else f"found.append(({hook.id!r}, _hk_ACTIONS[{action}](context)))"
                        )
                        body.dedent()
                    body.line("return None" if first else "return found")
            bodies[kind] = body.lines
        return bodies

    def emit_hook_table(self, out: Writer, prefix: str, event: str) -> None:
        """``<prefix>_hooks``: each hook's ``(id, action)``, by its place in the event."""
        out.line(
            f"{prefix}_hooks = tuple((hook_id, _hk_ACTIONS[action]) "
            f"for hook_id, action in _hk_ORDER[{event!r}])"
        )

    def emit_groups(
        self, out: Writer, prefix: str, event: str, hooks: list[Hook]
    ) -> list[tuple[str, Constants]]:
        """``<prefix>_group<g>``: per shape of test, the constants of its hooks and their
        places, in evaluation order; returns each group's test and constants' names."""
        conditions = self.conditions
        self.emit_hook_table(out, prefix, event)
        shapes: dict[tuple[str, str], list[tuple[int, int]]] = {}
        named: list[tuple[str, Constants]] = []
        for place, hook in enumerate(hooks):
            constants = conditions.constants_of(hook)
            shape = (constants.makers, conditions.shared_test(hook))
            if shape not in shapes:
                shapes[shape] = []
                named.append((shape[1], constants))
            shapes[shape].append((conditions.number(hook), place))
        for group, rows in enumerate(shapes.values()):
            out.table(rows, f"{prefix}_group{group} = tuple((*_hk_K[n], i) for n, i in ", ")")
        out.line()
        return named

    # the hash index ------------------------------------------------------------------------

    def discriminators(self, hook: Hook) -> list[tuple[Steps, str]]:
        """The hook's top-level conjuncts ``path == 'string'`` (or ``'string' == path``) as
        ``(path_steps, string)``: if the condition is true, the path holds exactly that
        string. Asked of every hook several times while its event is indexed: found once,
        where the first condition of its shape has them (conditions of one shape differ
        only in their literals, and a string literal's place holds one in each)."""
        number = self.conditions.number(hook)
        found = self.discriminating.get(number)
        if found is None:
            condition = hook.condition
            if condition is None:
                found = []
            else:
                shape = self.conditions.shaped(hook)[0]
                places = self.places.get(id(shape))
                if places is None:
                    places = self.places[id(shape)] = _discriminating_places(shape.condition)
                conjuncts = condition.operands if isinstance(condition, And) else (condition,)
                found = [(steps, getattr(conjuncts[i], side).value) for i, side, steps in places]
            self.discriminating[number] = found
        return found

    def decided(self, hook: Hook, steps: Steps) -> str | None:
        """The string the hook's condition is exactly ``path == 'string'`` (either way
        round) with, for that path: where the path holds that very string (a ``str``), the
        condition is true."""
        condition = hook.condition
        if isinstance(condition, Binary) and condition.op == "==":
            found = self.discriminators(hook)
            if len(found) == 1 and found[0][0] == steps:
                return found[0][1]
        return None

    def index(self, hooks: list[Hook]) -> tuple[Steps, list[set[str]]] | None:
        """The path to index the event's hooks by, if enough of them test it for equality
        with a string and few others must be tried for every key; and each hook's keys."""
        found = [self.discriminators(hook) for hook in hooks]
        counts: dict[Steps, int] = {}
        for discriminators in found:
            for steps, _ in discriminators:
                counts[steps] = counts.get(steps, 0) + 1
        if not counts:
            return None
        steps, count = max(sorted(counts.items(), key=repr), key=lambda item: item[1])
        # A hook's keys: the strings its condition requires the path to equal (none: it
        # does not say). Two different ones cannot both hold; indexing the hook under each
        # is still correct, since its own test decides wherever it is tried.
        keys = [{key for path, key in discriminators if path == steps} for discriminators in found]
        others = sum(1 for strings in keys if not strings)
        if count < _INDEX_FROM or others > _INDEX_OTHERS_AT_MOST:
            return None
        return steps, keys

    def emit_index_tables(
        self,
        out: Writer,
        prefix: str,
        event: str,
        hooks: list[Hook],
        indexed: tuple[Steps, list[set[str]]],
        hoisted: dict[Steps, str],
    ) -> None:
        """For each string the path may hold, the hooks to try, in evaluation order: those
        requiring that string, merged with those that do not test the path (a hook's own
        test still decides, so the index only saves the tests that must fail). Each hook's
        test is a function of the loaded paths, made by the factory of its shape."""
        conditions = self.conditions
        steps, keys = indexed
        others = [i for i, found in enumerate(keys) if not found]
        by_key: dict[str, list[int]] = {}
        for i, found in enumerate(keys):
            for key in found if len(found) < 2 else sorted(found):  # most hooks: one key
                by_key.setdefault(key, []).append(i)
        shapes: dict[tuple[str, str], int] = {}
        rows = []
        for hook in hooks:
            number = conditions.number(hook)
            test = conditions.shared_test(hook)
            constants = conditions.constants[number]
            # The function's text is its test's: the same loaded paths for every hook.
            shape = (constants.makers, test)
            check = shapes.get(shape)
            if check is None:
                check = shapes[shape] = len(shapes)
                code = Writer(depth=1)
                code.line(f"def _hk_check({', '.join(hoisted.values())}):")
                code.indent().line(f"return {test}")
                out.factory(f"{prefix}_check{check}", constants, "_hk_check", code.lines)
            rows.append((check, number))
        out.line(f"{prefix}_CHECKS = ({''.join(f'{prefix}_check{n}, ' for n in shapes.values())})")
        head = f"{prefix}_checks = tuple({prefix}_CHECKS[shape](*_hk_K[n]) for shape, n in "
        out.table(rows, head, ")")
        self.emit_hook_table(out, prefix, event)
        # A key's positions are in order, and apart from ``others`` (hooks with no key).
        keyed = sorted(by_key.items())
        entries = (
            (key, tuple(sorted([*positions, *others]) if others else positions))
            for key, positions in keyed
        )
        # Keys are strings (only equality with a string is indexed); positions, tuples.
        out.table(entries, f"{prefix}_table = {{key: tuple(positions) for key, positions in ", "}")
        out.line(f"{prefix}_default = {tuple(others)!r}")
        # Keys whose first hook to try is decided by the key alone (its whole condition is
        # `path == key`): the first match without a test, its action ready to make.
        decided = (
            (key, self.action(hooks[first]))
            for key, first in (
                (key, min(positions[0], others[0]) if others else positions[0])
                for key, positions in keyed
            )
            if self.decided(hooks[first], steps) == key
        )
        out.table(decided, f"{prefix}_decided = {{key: _hk_READY[action] for key, action in ", "}")
        out.line()

    def emit_indexed_loop(
        self, out: Writer, prefix: str, index: Steps, loads: Loads, first: bool
    ) -> None:
        hoisted = loads.names
        variable = hoisted[index]
        if first:
            # The indexed path first (its prefixes come before it in ``hoisted``): a key
            # that decides the first match needs no other path.
            chain = list(hoisted)[: list(hoisted).index(index) + 1]
            _emit_loads(out, loads, chain)
            out.line(f"if type({variable}) is str:")
            out.indent().line(f"hit = {prefix}_decided.get({variable})")
            out.line("if hit is not None:")
            out.indent().line("return hit.copy() if type(hit) is dict else hit(context)")
            out.dedent()
            out.dedent()
            _emit_loads(out, loads, [steps for steps in hoisted if steps not in chain])
        else:
            _emit_loads(out, loads)
            out.line("found = []")
        arguments = ", ".join(hoisted.values())
        # isinstance, not type(): a str subclass's hash and equality are its string's.
        out.line(
            f"for i in ({prefix}_table.get({variable}, {prefix}_default) "
            f"if isinstance({variable}, str) else {prefix}_default):"
        )
        out.indent()
        out.line(f"if {prefix}_checks[i]({arguments}):")
        out.indent()
        if first:
            out.line(f"return {prefix}_hooks[i][1](context)")
        else:
            out.line(f"hook_id, action = {prefix}_hooks[i]")
            out.line("found.append((hook_id, action(context)))")
        out.dedent()
        out.dedent()
        out.line("return None" if first else "return found")


def _emit_group_loops(
    out: Writer, prefix: str, groups: list[tuple[str, Constants]], first: bool
) -> None:
    """A loop per group; each stops at its first match when only the first is asked
    for, and the matches are put back in evaluation order (the tests never fail or
    have effects, so trying some after the first match changes nothing)."""
    if first:
        out.line("found = []")
    for group, (test, constants) in enumerate(groups):
        out.line(f"for {constants.parameters()}i, in {prefix}_group{group}:")
        out.indent()
        out.line(f"if {test}:")
        out.indent()
        out.line("found.append(i)")
        if first:
            out.line("break")
        out.dedent()
        out.dedent()
    if first:
        out.line(f"return {prefix}_hooks[min(found)][1](context) if found else None")
    else:
        hooks = f"({prefix}_hooks[i] for i in sorted(found))"
        out.line(f"return [(hook_id, action(context)) for hook_id, action in {hooks}]")


def _emit_loads(out: Writer, loads: Loads, only: Iterable[Steps] | None = None) -> None:
    """One statement per path (``Loads.statement``): a dict's ``get`` in the ordinary
    case (no exception, no call into the runtime), the runtime's ``_hk_key`` for
    anything else. ``context`` is a dict by now (the functions that take it from the
    caller normalize it). With ``only``, just those paths (their parents loaded
    before)."""
    for steps in loads.names if only is None else only:
        out.line(loads.statement(steps))


# A discriminator's place: which conjunct, which side of its ``==`` holds the string, and
# the path on the other side.
_Place = tuple[int, str, Steps]


def _discriminating_places(condition: Expr) -> list[_Place]:
    """Where the condition's top-level conjuncts ``path == 'string'`` (or ``'string' ==
    path``) are: if the condition is true, the path holds exactly that string."""
    conjuncts = condition.operands if isinstance(condition, And) else (condition,)
    places = []
    for i, conjunct in enumerate(conjuncts):
        if isinstance(conjunct, Binary) and conjunct.op == "==":
            for path, side in ((conjunct.left, "right"), (conjunct.right, "left")):
                steps = path_steps(path)
                other = getattr(conjunct, side)
                if (
                    steps is not None
                    and isinstance(other, Literal)
                    and isinstance(other.value, str)
                ):
                    places.append((i, side, steps))
    return places


# The public functions' docstrings.
_PUBLIC = (
    ("evaluate_hooks", '"""The first matching hook\'s action (a fresh dict), or None."""'),
    ("evaluate_all", '"""[(hook_id, action), ...] for every matching hook, in order."""'),
)

# The public functions of a module with many events, each event's code a function of its
# own. A context that is not a dict is made one once here; the event's code then reads it
# with plain ``dict.get``.
_PUBLIC_FUNCTIONS = """\
def evaluate_hooks(event, context):
    \"\"\"The first matching hook's action (a fresh dict), or None.\"\"\"
    try:
        first = _hk_FIRST.get(event)
    except TypeError:  # an unhashable event: none of the hooks' (as with fewer events)
        return None
    if first is None:
        return None
    if type(context) is not dict:
        context = _hk_context(context)
    try:
        return first(context)
    except Exception:
        return _hk_first_slowly(event, context)

def evaluate_all(event, context):
    \"\"\"[(hook_id, action), ...] for every matching hook, in order.\"\"\"
    try:
        run = _hk_ALL.get(event)
    except TypeError:  # an unhashable event: none of the hooks' (as with fewer events)
        return []
    if run is None:
        return []
    if type(context) is not dict:
        context = _hk_context(context)
    try:
        return run(context)
    except Exception:
        return _hk_all_slowly(event, context)
""".splitlines()

# Where an event's code raises (a cyclic or too deep value in the context), its hooks are
# tested one by one: a hook whose test raises is in error and does not fire; the others do
# as always.
_SLOW_FUNCTIONS = """\

def _hk_first_slowly(event, context):
    for hook_id, action in _hk_ORDER[event]:
        if predicates[hook_id](context):
            return _hk_ACTIONS[action](context)
    return None

def _hk_all_slowly(event, context):
    return [
        (hook_id, _hk_ACTIONS[action](context))
        for hook_id, action in _hk_ORDER[event]
        if predicates[hook_id](context)
    ]
""".splitlines()
