"""The Python back end: a hook set as a standalone module of compiled predicates (SPEC §7).

Each condition's code comes from ``expressions.py`` (the three modes), the statements that
load its context paths (and stop where an object it needs is missing) from ``loads.py``;
this module lays out the module around them: the tables of hooks, actions and constants,
predicates that share code where hooks differ only in constants, and per-event dispatch (a
hash index where equality with strings tells the hooks apart).

The module carries the value semantics of ``hookc/runtime/values.py`` verbatim (standard
library only), so compiled code and the reference evaluator share one definition of
equality, arithmetic and conversions. Code is emitted only through ``repr()`` of plain
values and names hookc makes itself (``_hk_...``), never from user text, and the output
is byte-identical for identical input.
"""

from __future__ import annotations

import json
from collections.abc import Container, Iterable, Iterator
from dataclasses import dataclass, field

import hookc.version
from hookc.backend.expressions import Constants, Expressions, Scope, python_source
from hookc.backend.loads import Loads, Steps, needed_objects
from hookc.cel.printer import to_text
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Comprehension,
    Expr,
    Literal,
    Or,
    children,
    context_paths,
    path_steps,
    walk,
)
from hookc.ir.hooks import Hook, HookSet, Params, ParamValue, Template
from hookc.resources import package_file
from hookc.runtime.rye import RYE_ARITY

# Event dispatch uses a hash index on a path once this many hooks test it for equality with
# a string (below it, a chain of tests is as fast).
_INDEX_FROM = 8
# ...and only when few other hooks of the event must be tried for every key.
_INDEX_OTHERS_AT_MOST = 16
# An event's function tries each hook's test written out in turn up to this many hooks
# (fastest); beyond, one loop per shape of test (``_Module.emit_event``).
_INLINE_AT_MOST = 256
# The public functions find an event by a chain of tests up to this many events (``emit_dispatch``).
_CHAINED_EVENTS_AT_MOST = 8


def generate(hookset: HookSet, *, source_sha256: str, sources: tuple[str, ...]) -> str:
    """The text of a standalone module exposing HOOKS, evaluate_hooks, evaluate_all,
    predicates, SOURCE_SHA256 and HOOKC_VERSION."""
    return _Module(hookset, source_sha256, sources).text()


def _json(value: object) -> str:
    """A plain value (tuples as lists) as compact JSON text. JSON keeps ints and floats
    apart (``1`` and ``1.0``), and Python's reader takes ``NaN`` and ``Infinity``."""
    return _JSON.encode(value)


# One encoder for every row (json.dumps with options would make one a row).
_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


# -- the module -------------------------------------------------------------------------------


@dataclass
class _Writer:
    lines: list[str] = field(default_factory=list)
    depth: int = 0

    def line(self, text: str = "") -> None:
        self.lines.append("    " * self.depth + text if text else "")

    def indent(self) -> _Writer:
        self.depth += 1
        return self

    def dedent(self) -> None:
        self.depth -= 1

    def indented(self, lines: list[str]) -> list[str]:
        """``lines`` (written at depth 0) at this depth."""
        margin = "    " * self.depth
        return [margin + line if line else "" for line in lines]

    def table(self, rows: Iterable[object], head: str, tail: str = "") -> None:
        """``head`` + ``json.loads(...)`` of a list of plain values + ``tail``, one row a line.

        The module's per-hook tables: a literal of 10,000 tuples costs Python's compiler
        a tenth of a second (an AST node for every value); the same rows as JSON are one
        string literal a line, compiled in milliseconds and read at import in one call.
        """
        texts = [_json(row) for row in rows]
        self.line(f"{head}json.loads(")
        self.indent()
        self.line(repr("["))
        for i, text in enumerate(texts):
            self.line(repr(text + ("," if i < len(texts) - 1 else "")))
        self.line(repr("]"))
        self.dedent()
        self.line(f"){tail}")


class _Module:
    def __init__(self, hookset: HookSet, source_sha256: str, sources: tuple[str, ...]) -> None:
        self.hookset = hookset
        self.sha = source_sha256
        self.sources = sources
        self.exprs = Expressions()
        self.ordered = hookset.in_evaluation_order()
        # Each event's hooks in evaluation order (disabled hooks are in none).
        self.events: dict[str, list[Hook]] = {}
        for hook in self.ordered:
            self.events.setdefault(hook.event, []).append(hook)
        self.position = {id(hook): i for i, hook in enumerate(hookset.hooks)}
        self.action_numbers: dict[int, int] = {}  # hook number -> its place in _hk_ACTIONS
        self.plain_actions: list[bool] = []  # by place in _hk_ACTIONS: no template, flat
        # Each hook's constants, named as the code made for it first uses them.
        self.constants = [Constants() for _ in hookset.hooks]
        self.paths_read: dict[int, list[tuple[str, tuple[str | int, ...]]]] = {}
        self.hoisted: dict[str, dict[tuple[str, tuple[str | int, ...]], str]] = {}
        self.tests: dict[int, list[str]] = {}
        self.paths_by_operand: dict[int, list[list[Steps]]] = {}
        self.discriminating: dict[int, list[tuple[Steps, str]]] = {}
        self.rye: dict[int, bool] = {}
        self.own: dict[int, dict[tuple[str, tuple[str | int, ...]], str]] = {}

    def text(self) -> str:
        body = _Writer()
        self.emit_hooks(body)
        body.lines.extend(_CONSTANTS)
        self.emit_actions(body)
        code = _Writer()
        self.emit_predicates(code)
        self.emit_dispatch(code)
        self.emit_constants(body)  # complete now that every hook's code is made
        body.lines.extend(code.lines)
        if self.hookset.profile == "rollouts":
            body.lines.extend(_rollouts_register(self.hookset))
        head = _Writer()
        head.line(
            f"# Generated by hookc {hookc.version.__version__} from {', '.join(self.sources)!r}."
        )
        head.line("# Do not edit: recompile the hook files instead.")
        head.line('"""Compiled hooks: evaluate_hooks(event, context) returns the first matching')
        head.line("action, evaluate_all(event, context) every match, predicates[id](context)")
        head.line('whether one hook\'s condition holds."""')
        head.line()
        head.lines.extend(_prelude(rye=self.uses_rye(), patterns=self.uses_patterns()))
        head.line()
        head.line(f"HOOKC_VERSION = {hookc.version.__version__!r}")
        head.line(f"SOURCE_SHA256 = {self.sha!r}")
        ordering = self.hookset.ordering
        head.line(
            f"ORDERING = {{'higher_priority_first': {ordering.higher_priority_first!r}, "
            f"'first_match': {ordering.first_match!r}}}"
        )
        for source, name in self.exprs.constants.items():
            head.line(f"{name} = {source}")
        head.line()
        return "\n".join(head.lines + body.lines) + "\n"

    def uses_rye(self) -> bool:
        """Whether the module needs Rye's semantics (``hookc.runtime.rye``): a hook set of
        the `rye` profile, or a condition or template calling a ``rye.*`` function. Other
        modules are as they were without it, byte for byte."""
        if self.hookset.profile == "rye":
            return True
        for hook in self.hookset.hooks:
            if self.reads_rye(hook) or any(map(_uses_rye, _template_parts(hook.action.params))):
                return True
        return False

    def uses_patterns(self) -> bool:
        """Whether a condition or template calls ``matches`` or ``glob``: only then does the
        module carry the pattern engine (hookc/runtime/regex.py)."""
        for hook in self.hookset.hooks:
            parts = [*_template_parts(hook.action.params)]
            if hook.condition is not None:
                parts.append(hook.condition)
            if any(_uses_patterns(part) for part in parts):
                return True
        return False

    def number(self, hook: Hook) -> int:
        return self.position[id(hook)]

    # HOOKS and actions ---------------------------------------------------------------------

    def emit_hooks(self, out: _Writer) -> None:
        # One row of values per hook, made into dicts at import.
        out.line(f"_hk_HOOK_FIELDS = {_HOOK_FIELDS!r}")
        rows = (
            (
                hook.id,
                hook.event,
                hook.priority,
                hook.enabled,
                hook.builtin,
                hook.description,
                hook.action.type,
                None if hook.condition is None else to_text(hook.condition),
            )
            for hook in self.hookset.hooks
        )
        out.table(rows, "HOOKS = tuple(dict(zip(_hk_HOOK_FIELDS, row)) for row in ", ")")
        out.line()

    def emit_actions(self, out: _Writer) -> None:
        """``_hk_ACTIONS``: each distinct action's function, made by the factory of its code
        (actions that differ only in constants share one) from its constants. Hooks whose
        actions are equal share the function; each call makes a fresh dict."""
        shapes: dict[tuple[str, str], int] = {}
        distinct: dict[tuple[int, str], int] = {}
        rows: list[tuple[int, Constants]] = []
        for hook in self.hookset.hooks:
            constants = Constants()
            items = [("type", hook.action.type), *hook.action.params.items]
            body = ", ".join(f"{k!r}: {self.param(v, constants)}" for k, v in items)
            code = ["    def _hk_act(context):", f"        return {{{body}}}"]
            shape = (constants.makers, "\n".join(code))
            if shape not in shapes:
                shapes[shape] = len(shapes)
                self.emit_factory(out, f"_hk_action{shapes[shape]}", constants, "_hk_act", code)
            # The source of the values tells 1, 1.0 and True apart, as equality does not.
            action = (shapes[shape], python_source(tuple(constants.values)))
            if action not in distinct:
                distinct[action] = len(rows)
                rows.append((shapes[shape], constants))
                self.plain_actions.append(_plain(hook.action.params.items))
            self.action_numbers[self.number(hook)] = distinct[action]
        factories = "".join(f"_hk_action{n}, " for n in shapes.values())
        out.line(f"_hk_ACTION_FACTORIES = ({factories})")
        out.line("_hk_ACTIONS = tuple(")
        out.indent()
        out.line("_hk_ACTION_FACTORIES[shape](*constants) for shape, constants in zip(")
        out.indent()
        out.line(f"{tuple(shape for shape, _ in rows)!r},")
        self.emit_constants_table(out, [constants for _, constants in rows], tail=",")
        out.dedent()
        out.line(")")
        out.dedent()
        out.line(")")
        # A plain action (no template, no nested value) is made once; a hit copies it.
        out.line("_hk_READY = tuple(")
        out.indent().line("action(None) if plain else action for action, plain in zip(")
        out.indent().line(f"_hk_ACTIONS, {tuple(self.plain_actions)!r}")
        out.dedent()
        out.line(")")
        out.dedent()
        out.line(")")
        out.line()

    def param(self, value: ParamValue, constants: Constants) -> str:
        scope = Scope(constants=constants)
        match value:
            case Template(parts=parts) if len(parts) == 1 and not isinstance(parts[0], str):
                return f"_hk_exact({self.hole(parts[0], scope)})"
            case Template(parts=parts):
                pieces = [
                    self.exprs.literal(p, scope)
                    if isinstance(p, str)
                    else f"_hk_text({self.hole(p, scope)})"
                    for p in parts
                ]
                return "''.join((" + "".join(p + ", " for p in pieces) + "))"
            case Params(items=items):
                return "{" + ", ".join(f"{k!r}: {self.param(v, constants)}" for k, v in items) + "}"
            case tuple():
                return "[" + ", ".join(self.param(v, constants) for v in value) + "]"
        return self.exprs.literal(value, scope)

    def hole(self, expr: Expr, scope: Scope) -> str:
        """A template hole's value. One that compares or searches values (``==``, ``in``,
        macros) is evaluated through ``_hk_safely``: a cyclic or too deep value in the
        context makes it an error value there, not an exception out of evaluate_hooks."""
        code = self.exprs.value(expr, scope)
        if any(_walks_values(node) for node, _ in walk(expr)):
            return f"_hk_safely(lambda: {code})"
        return code

    # constants -----------------------------------------------------------------------------

    def emit_constants(self, out: _Writer) -> None:
        """``_hk_K``: each hook's constants, in hook order."""
        self.emit_constants_table(out, self.constants, head="_hk_K = ")
        out.line()

    def emit_constants_table(
        self, out: _Writer, rows: list[Constants], head: str = "", tail: str = ""
    ) -> None:
        """Rows of constants written as plain values, made what the code needs at import
        (``_CONSTANTS``: patterns compiled, sets made)."""
        rows_of_values = ((constants.makers, constants.values) for constants in rows)
        out.table(rows_of_values, f"{head}_hk_constants(", f"){tail}")

    # predicates ----------------------------------------------------------------------------

    def emit_predicates(self, out: _Writer) -> None:
        """``predicates``: each hook's function, made by the factory of its code (hooks
        whose code differs only in constants share one) from the hook's constants."""
        shapes: dict[tuple[str, str], int] = {}
        made: dict[tuple[object, ...], tuple[list[str], str]] = {}
        rows = []
        for hook in self.hookset.hooks:
            constants = self.constants[self.number(hook)]
            self.shared_test(hook)  # names the constants in the order the event's code does
            lines, text = self.predicate(hook, made)
            # Hooks whose code differs only in constants share it.
            shape = (constants.makers, text)
            if shape not in shapes:
                shapes[shape] = len(shapes)
                self.emit_factory(
                    out, f"_hk_predicate{shapes[shape]}", constants, "_hk_predicate", lines
                )
            rows.append((hook.id, shapes[shape]))
        out.line(f"_hk_PREDICATES = ({''.join(f'_hk_predicate{n}, ' for n in shapes.values())})")
        out.line("predicates = {")
        out.indent()
        out.line("hook_id: _hk_PREDICATES[shape](*constants)")
        out.table(rows, "for (hook_id, shape), constants in zip(", ", _hk_K)")
        out.dedent()
        out.line("}")
        out.line()

    def predicate(
        self, hook: Hook, made: dict[tuple[object, ...], tuple[list[str], str]]
    ) -> tuple[list[str], str]:
        """The lines of the hook's ``def _hk_predicate`` (constants named), and their text.

        Hooks of one shape (``tool == 'a'``, ``tool == 'b'``) make the same lines: they are
        made once per key of everything they are made of (``made``), the rest looked up."""
        hoisted = self.own_paths(hook)
        if hoisted:
            assert hook.condition is not None
            needs = [needed_objects(part) for part in _operands(hook.condition)]
            key: tuple[object, ...] = (
                tuple(hoisted.items()),
                self.reads_rye(hook),
                isinstance(hook.condition, Or),
                tuple(self.part_tests(hook)),
                tuple(tuple(paths) for paths in self.operand_paths(hook)),
                tuple(tuple(need.items()) for need in needs),
            )
        else:
            key = (self.shared_test(hook),)
        if key in made:
            return made[key]
        code = _Writer(depth=1)
        code.line("def _hk_predicate(context):")
        code.indent()
        code.line("try:")  # free until something raises (Python 3.11)
        code.indent()
        if hoisted:
            # `dict.get(context, ...)` raises for a context that is not a dict: that one
            # is made a dict below and tested again, and a dict pays no test for it.
            # Rye's functions read the context themselves: it is made a dict first.
            if self.reads_rye(hook):
                code.line("if type(context) is not dict:")
                code.indent().line("context = _hk_context(context)")
                code.dedent()
            leaves = frozenset(self.paths(hook))
            loads = Loads(hoisted, leaves, "_hk_get(context, ")
            self.emit_lazy_test(code, hook, loads, needs)
        else:
            code.line(f"return {self.shared_test(hook)}")
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

    def emit_lazy_test(
        self, code: _Writer, hook: Hook, loads: Loads, objects: list[dict[Steps, bool]]
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
        operands = zip(self.operand_paths(hook), self.part_tests(hook), objects, strict=True)
        for paths, test, need in operands:
            needed = {(root, keys[:end]) for root, keys in paths for end in range(len(keys) + 1)}
            new = [steps for steps in loads.names if steps in needed and steps not in loaded]
            if new and tests:
                self.emit_group(code, loads, conjunction, group, tests, needs, loaded, False)
                group, tests, needs = [], [], []
                new = [steps for steps in loads.names if steps in needed and steps not in loaded]
            group.extend(new)
            loaded.update(new)
            tests.append(test)
            needs.append(need)
        self.emit_group(code, loads, conjunction, group, tests, needs, loaded, True)

    def emit_group(
        self,
        code: _Writer,
        loads: Loads,
        conjunction: bool,
        group: list[Steps],
        tests: list[str],
        needs: list[dict[Steps, bool]],
        loaded: set[Steps],
        last: bool,
    ) -> None:
        """One group of ``emit_lazy_test``: operands tested together once their paths are
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

    def emit_factory(
        self, out: _Writer, name: str, constants: Constants, inner: str, function: list[str]
    ) -> None:
        """``def name(k0, k1, ...)``: a factory that binds a hook's constants in
        ``function`` (the lines of a ``def``, nested in it, of ``inner``) and returns it."""
        out.line(f"def {name}({constants.parameters()}):")
        out.lines.extend(function)
        out.indent().line(f"return {inner}")
        out.dedent()
        out.line()

    def event_paths(self, event: str) -> dict[tuple[str, tuple[str | int, ...]], str]:
        """The paths an event's function loads, named as ``hoist`` names them."""
        if event not in self.hoisted:
            self.hoisted[event] = self.hoist(self.events[event])
        return self.hoisted[event]

    def own_paths(self, hook: Hook) -> dict[tuple[str, tuple[str | int, ...]], str]:
        """The paths a hook's predicate loads, named as its event names them (a disabled
        hook, in no event, names its own): its test then reads the same in both."""
        number = self.number(hook)
        if number not in self.own:
            own = self.hoist([hook])
            if hook.enabled and hook.event in self.events:
                names = self.event_paths(hook.event)
                own = {steps: names[steps] for steps in own}
            self.own[number] = own
        return self.own[number]

    def shared_test(self, hook: Hook) -> str:
        """The hook's test with its constants named, over the paths as its event names
        them: the same text in its predicate and its event's function, made once (of the
        tests of its operands, as ``Expressions.true`` joins them)."""
        if hook.condition is None:
            return "True"
        parts = self.part_tests(hook)
        if isinstance(hook.condition, And | Or):
            return "(" + (" and " if isinstance(hook.condition, And) else " or ").join(parts) + ")"
        return parts[0]

    def part_tests(self, hook: Hook) -> list[str]:
        """True mode of each operand of the hook's top ``&&`` or ``||`` (of the condition,
        if it is neither), constants named in the order the whole test names them."""
        number = self.number(hook)
        if number not in self.tests:
            assert hook.condition is not None
            scope = Scope(hoisted=self.own_paths(hook), constants=self.constants[number])
            self.exprs.reads_context = False
            self.tests[number] = [self.exprs.true(p, scope) for p in _operands(hook.condition)]
            self.rye[number] = self.exprs.reads_context
        return self.tests[number]

    def reads_rye(self, hook: Hook) -> bool:
        """Whether the hook's test reads the context itself (a function of Rye's does), not
        only through its loaded paths: known once its test is made."""
        if hook.condition is None:
            return False
        self.part_tests(hook)
        return self.rye[self.number(hook)]

    def test(
        self,
        hook: Hook,
        hoisted: dict[tuple[str, tuple[str | int, ...]], str],
        constants: Constants | None,
    ) -> str:
        """True mode of the hook's condition over the loaded paths; no condition is True.
        With ``constants``, the hook's constants are named in the code, not written."""
        if hook.condition is None:
            return "True"
        return self.exprs.true(hook.condition, Scope(hoisted=hoisted, constants=constants))

    # dispatch ------------------------------------------------------------------------------

    def emit_dispatch(self, out: _Writer) -> None:
        """The public functions over each event's code: ``evaluate_hooks`` runs code that
        makes the first matching hook's action (or None) and stops there, ``evaluate_all``
        code that makes every matching hook's ``(id, action)`` in order.

        Up to ``_CHAINED_EVENTS_AT_MOST`` events, each public function tests the event in
        a chain of ``==`` and runs its code in place: a call fewer, a third of the cost of
        a hit in the index. Beyond, each event's code is a function of its own, found in a
        dict by the event (``_PUBLIC_FUNCTIONS``)."""
        events = sorted(self.events)
        bodies = [
            self.emit_event(out, number, self.events[event]) for number, event in enumerate(events)
        ]
        # Each event's hooks in order, for the slow path taken when a hostile context
        # makes the event's code raise: hook by hook, each through its predicate.
        out.line("_hk_ORDER = {")
        out.indent()
        for event in events:
            pairs = "".join(
                f"({hook.id!r}, {self.action_numbers[self.number(hook)]}), "
                for hook in self.events[event]
            )
            out.line(f"{event!r}: ({pairs}),")
        out.dedent()
        out.line("}")
        out.line()
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
        if self.hookset.profile == "rye":
            out.lines.extend(_RYE_FUNCTIONS)

    def emit_guarded_body(self, out: _Writer, kind: str, event: str, body: list[str]) -> None:
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

    def emit_event(self, out: _Writer, number: int, hooks: list[Hook]) -> dict[str, list[str]]:
        """The tables of the event's code; returns that code, for ``evaluate_hooks`` and
        for ``evaluate_all`` (``emit_dispatch``), each ending in a ``return``.

        Three forms, by what runs fastest for the cost of compiling it: a hash index when
        equality on one path tells the hooks apart (``index``); else each hook's test
        written out in turn, up to ``_INLINE_AT_MOST`` hooks; else one loop per shape of
        test over the rows of constants of the hooks that share it (written once instead
        of thousands of times, and a loop runs its test at about half the speed of
        written-out code, where a call per hook would cost ten times as much)."""
        hoisted = self.event_paths(hooks[0].event)
        leaves = frozenset(steps for hook in hooks for steps in self.paths(hook))
        loads = Loads(hoisted, leaves)
        index = self.index(hooks)
        prefix = f"_hk_e{number}"
        if index is not None:
            self.emit_index_tables(out, prefix, hooks, index, hoisted)
        elif len(hooks) > _INLINE_AT_MOST:
            groups = self.emit_groups(out, prefix, hooks, hoisted)
        bodies = {}
        for kind in ("evaluate_hooks", "evaluate_all"):
            first = kind == "evaluate_hooks"
            body = _Writer()
            if index is not None:
                self.emit_indexed_loop(body, prefix, index, loads, first)
            else:
                self.emit_loads(body, loads)
                if not first:
                    body.line("found = []")
                if len(hooks) > _INLINE_AT_MOST:
                    self.emit_group_loops(body, prefix, groups, first)
                else:
                    for hook in hooks:
                        body.line(f"if {self.test(hook, hoisted, None)}:")
                        action = self.action_numbers[self.number(hook)]
                        body.indent().line(
                            f"return _hk_ACTIONS[{action}](context)"
                            if first
                            else f"found.append(({hook.id!r}, _hk_ACTIONS[{action}](context)))"
                        )
                        body.dedent()
                    body.line("return None" if first else "return found")
            bodies[kind] = body.lines
        return bodies

    def emit_hook_table(self, out: _Writer, prefix: str, hooks: list[Hook]) -> None:
        """``<prefix>_hooks``: each hook's ``(id, action)``, by its place in the event."""
        rows = ((hook.id, self.action_numbers[self.number(hook)]) for hook in hooks)
        head = f"{prefix}_hooks = tuple((hook_id, _hk_ACTIONS[action]) for hook_id, action in "
        out.table(rows, head, ")")

    def emit_groups(
        self,
        out: _Writer,
        prefix: str,
        hooks: list[Hook],
        hoisted: dict[tuple[str, tuple[str | int, ...]], str],
    ) -> list[tuple[str, Constants]]:
        """``<prefix>_group<g>``: per shape of test, the constants of its hooks and their
        places, in evaluation order; returns each group's test and constants' names."""
        self.emit_hook_table(out, prefix, hooks)
        shapes: dict[tuple[str, str], list[tuple[int, int]]] = {}
        named: list[tuple[str, Constants]] = []
        for place, hook in enumerate(hooks):
            constants = self.constants[self.number(hook)]
            shape = (constants.makers, self.shared_test(hook))
            if shape not in shapes:
                shapes[shape] = []
                named.append((shape[1], constants))
            shapes[shape].append((self.number(hook), place))
        for group, rows in enumerate(shapes.values()):
            out.table(rows, f"{prefix}_group{group} = tuple((*_hk_K[n], i) for n, i in ", ")")
        out.line()
        return named

    def emit_group_loops(
        self, out: _Writer, prefix: str, groups: list[tuple[str, Constants]], first: bool
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

    def hoist(self, hooks: list[Hook]) -> dict[tuple[str, tuple[str | int, ...]], str]:
        """Every context path the conditions read (and each prefix of it), in the order the
        loads are emitted: each is loaded once per call."""
        found: dict[tuple[str, tuple[str | int, ...]], str] = {}

        def load(steps: tuple[str, tuple[str | int, ...]]) -> None:
            if steps not in found:
                if steps[1]:
                    load((steps[0], steps[1][:-1]))
                found[steps] = f"v{len(found)}"

        for hook in hooks:
            for steps in self.paths(hook):
                load(steps)
        return found

    def paths(self, hook: Hook) -> list[tuple[str, tuple[str | int, ...]]]:
        """The context paths the hook's condition reads, sorted; asked for its predicate
        and again for its event, so found once."""
        number = self.number(hook)
        if number not in self.paths_read:
            found = (steps for paths in self.operand_paths(hook) for steps in paths)
            self.paths_read[number] = sorted(found, key=repr)
        return self.paths_read[number]

    def operand_paths(self, hook: Hook) -> list[list[Steps]]:
        """The context paths each operand of the condition's top ``&&`` or ``||`` reads
        (``_operands``), in source order: found once, for its predicate and its event."""
        number = self.number(hook)
        if number not in self.paths_by_operand:
            operands = () if hook.condition is None else _operands(hook.condition)
            self.paths_by_operand[number] = [
                [steps for _, steps in context_paths(operand)] for operand in operands
            ]
        return self.paths_by_operand[number]

    def emit_loads(self, out: _Writer, loads: Loads, only: Iterable[Steps] | None = None) -> None:
        """One statement per path (``Loads.statement``): a dict's ``get`` in the ordinary
        case (no exception, no call into the runtime), the runtime's ``_hk_key`` for
        anything else. ``context`` is a dict by now (the functions that take it from the
        caller normalize it). With ``only``, just those paths (their parents loaded
        before)."""
        for steps in loads.names if only is None else only:
            out.line(loads.statement(steps))

    def discriminators(self, hook: Hook) -> list[tuple[Steps, str]]:
        """``_discriminators`` of the hook's condition, asked of every hook several times
        while its event is indexed: found once."""
        number = self.number(hook)
        if number not in self.discriminating:
            self.discriminating[number] = list(_discriminators(hook.condition))
        return self.discriminating[number]

    def keys_of(self, hook: Hook, steps: Steps) -> set[str]:
        """The strings the hook's condition requires the path to equal (empty: it does not
        say). Two different ones cannot both hold; indexing the hook under each is still
        correct, since its own test decides wherever it is tried."""
        return {key for found, key in self.discriminators(hook) if found == steps}

    def index(self, hooks: list[Hook]) -> tuple[str, tuple[str | int, ...]] | None:
        """The path to index the event's hooks by, if enough of them test it for equality
        with a string and few others must be tried for every key."""
        counts: dict[tuple[str, tuple[str | int, ...]], int] = {}
        for hook in hooks:
            for steps, _ in self.discriminators(hook):
                counts[steps] = counts.get(steps, 0) + 1
        if not counts:
            return None
        steps, count = max(sorted(counts.items(), key=repr), key=lambda item: item[1])
        others = sum(1 for hook in hooks if not self.keys_of(hook, steps))
        if count < _INDEX_FROM or others > _INDEX_OTHERS_AT_MOST:
            return None
        return steps

    def emit_index_tables(
        self,
        out: _Writer,
        prefix: str,
        hooks: list[Hook],
        steps: tuple[str, tuple[str | int, ...]],
        hoisted: dict[tuple[str, tuple[str | int, ...]], str],
    ) -> None:
        """For each string the path may hold, the hooks to try, in evaluation order: those
        requiring that string, merged with those that do not test the path (a hook's own
        test still decides, so the index only saves the tests that must fail). Each hook's
        test is a function of the loaded paths, made by the factory of its shape."""
        others = [i for i, hook in enumerate(hooks) if not self.keys_of(hook, steps)]
        by_key: dict[str, list[int]] = {}
        for i, hook in enumerate(hooks):
            for key in sorted(self.keys_of(hook, steps)):
                by_key.setdefault(key, []).append(i)
        shapes: dict[tuple[str, str], int] = {}
        rows = []
        for hook in hooks:
            constants = self.constants[self.number(hook)]
            # The function's text is its test's: the same loaded paths for every hook.
            shape = (constants.makers, self.shared_test(hook))
            if shape not in shapes:
                shapes[shape] = len(shapes)
                code = _Writer(depth=1)
                code.line(f"def _hk_check({', '.join(hoisted.values())}):")
                code.indent().line(f"return {shape[1]}")
                self.emit_factory(
                    out, f"{prefix}_check{shapes[shape]}", constants, "_hk_check", code.lines
                )
            rows.append((shapes[shape], self.number(hook)))
        out.line(f"{prefix}_CHECKS = ({''.join(f'{prefix}_check{n}, ' for n in shapes.values())})")
        head = f"{prefix}_checks = tuple({prefix}_CHECKS[shape](*_hk_K[n]) for shape, n in "
        out.table(rows, head, ")")
        self.emit_hook_table(out, prefix, hooks)
        entries = (
            (key, tuple(sorted(set(positions) | set(others))))
            for key, positions in sorted(by_key.items())
        )
        # Keys are strings (only equality with a string is indexed); positions, tuples.
        out.table(entries, f"{prefix}_table = {{key: tuple(positions) for key, positions in ", "}")
        out.line(f"{prefix}_default = {tuple(others)!r}")
        # Keys whose first hook to try is decided by the key alone (its whole condition is
        # `path == key`): the first match without a test, its action ready to make.
        decided = (
            (key, self.action_numbers[self.number(hooks[first])])
            for key, first in (
                (key, min([*positions, *others])) for key, positions in sorted(by_key.items())
            )
            if _decided(hooks[first].condition, steps) == key
        )
        out.table(decided, f"{prefix}_decided = {{key: _hk_READY[action] for key, action in ", "}")
        out.line()

    def emit_indexed_loop(
        self,
        out: _Writer,
        prefix: str,
        index: Steps,
        loads: Loads,
        first: bool,
    ) -> None:
        hoisted = loads.names
        variable = hoisted[index]
        if first:
            # The indexed path first (its prefixes come before it in ``hoisted``): a key
            # that decides the first match needs no other path.
            chain = list(hoisted)[: list(hoisted).index(index) + 1]
            self.emit_loads(out, loads, chain)
            out.line(f"if type({variable}) is str:")
            out.indent().line(f"hit = {prefix}_decided.get({variable})")
            out.line("if hit is not None:")
            out.indent().line("return hit.copy() if type(hit) is dict else hit(context)")
            out.dedent()
            out.dedent()
            self.emit_loads(out, loads, [steps for steps in hoisted if steps not in chain])
        else:
            self.emit_loads(out, loads)
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


def _operands(condition: Expr) -> tuple[Expr, ...]:
    """The operands of a top ``&&`` or ``||``; else the condition alone."""
    return condition.operands if isinstance(condition, And | Or) else (condition,)


def _uses_patterns(expr: Expr) -> bool:
    return _calls(expr, ("matches", "glob"))


def _uses_rye(expr: Expr) -> bool:
    return _calls(expr, RYE_ARITY)


def _calls(expr: Expr, functions: Container[str]) -> bool:
    """Whether the expression calls one of ``functions``. Asked of every condition: no
    depths (``walk``), and constants (a third of the nodes) passed over without a call."""
    stack = [expr]
    while stack:
        node = stack.pop()
        if type(node) is Literal:
            continue
        if isinstance(node, Call) and node.function in functions:
            return True
        stack.extend(children(node))
    return False


def _walks_values(node: Expr) -> bool:
    """Whether evaluating the node may walk a list or map of the context (and so raise
    ValueTooDeep on a hostile one)."""
    match node:
        case Binary(op="==" | "!=" | "in"):
            return True
        case Call(function="contains") | Comprehension():
            return True
    return False


# `when` is the condition as compiled (after the optimizer), as text: for `hookc eval
# --explain` and for people reading HOOKS.
_HOOK_FIELDS = ("id", "event", "priority", "enabled", "builtin", "description", "action", "when")

# Made at import from the table of plain values: each hook's constants as its code uses them.
_CONSTANTS = """\
def _hk_constants(rows):
    make = {'v': lambda value: value, 'r': compile_regex, 'g': compile_glob, 's': frozenset}
    return tuple(
        tuple([make[maker](value) for maker, value in zip(makers, values)])
        for makers, values in rows
    )

# How a predicate reads the context: a context of another type than dict raises, and is
# made a dict (``_hk_again``); a dict pays no test for it.
_hk_get = dict.get


def _hk_again(predicate, context):
    \"\"\"A predicate's answer where it raised: for a context that is not a dict, its answer
    for the dict of the context's items (an empty one for what is not a mapping); else
    False (a value no CEL value can be: an error).\"\"\"
    if type(context) is dict:
        return False
    try:
        context = _hk_context(context)
    except Exception:
        return False
    return predicate(context)
""".splitlines()

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


# Rye's decision rule (hookc.runtime.rye.rye_control), in modules of the `rye` profile.
_RYE_FUNCTIONS = """\

def control_result(fired, results):
    \"\"\"Given evaluate_all's [(hook_id, action), ...] and what dispatching each action
    returned, in order: the result that controls the thread (Rye's rule), or None.\"\"\"
    layers = {row['id']: row['priority'] for row in HOOKS}
    pairs = zip(fired, results, strict=True)
    return rye_control([(layers[i], action, result) for (i, action), result in pairs])
""".splitlines()


def _discriminators(
    condition: Expr | None,
) -> Iterator[tuple[tuple[str, tuple[str | int, ...]], str]]:
    """Top-level conjuncts ``path == 'string'`` (or ``'string' == path``): if the condition
    is true, the path holds exactly that string."""
    if condition is None:
        return
    conjuncts = condition.operands if isinstance(condition, And) else (condition,)
    for conjunct in conjuncts:
        if isinstance(conjunct, Binary) and conjunct.op == "==":
            for path, other in ((conjunct.left, conjunct.right), (conjunct.right, conjunct.left)):
                steps = path_steps(path)
                if (
                    steps is not None
                    and isinstance(other, Literal)
                    and isinstance(other.value, str)
                ):
                    yield steps, other.value


def _decided(condition: Expr | None, steps: tuple[str, tuple[str | int, ...]]) -> str | None:
    """The string a condition is exactly ``path == 'string'`` (either way round) with, for
    that path: where the path holds that very string (a ``str``), the condition is true."""
    if isinstance(condition, Binary) and condition.op == "==":
        found = list(_discriminators(condition))
        if len(found) == 1 and found[0][0] == steps:
            return found[0][1]
    return None


def _plain(items: tuple[tuple[str, ParamValue], ...]) -> bool:
    """Whether an action's parameters are all plain scalars: its dict can be made once and
    copied (shallowly) for each call."""
    return all(type(value) in (str, int, float, bool, type(None)) for _, value in items)


def _embeddable(lines: list[str]) -> list[str]:
    """support.py's lines without `from __future__` and its marked import of values."""
    kept: list[str] = []
    skipping = False
    for line in lines:
        if "# hookc: begin not embedded" in line:
            skipping = True
        if not skipping and line != "from __future__ import annotations":
            kept.append(line)
        if "# hookc: end not embedded" in line:
            skipping = False
    return kept


def _rollouts_register(hookset: HookSet) -> list[str]:
    """A module of the ``rollouts`` profile is a rollouts hook file: hookc/runtime/rollouts.py
    verbatim (without its docstring and its ``from __future__``) and ``register(hooks)``."""
    text = package_file("runtime", "rollouts.py").read_text(encoding="utf-8")
    body = _embeddable(text[text.index('"""', 3) + 3 :].strip("\n").splitlines())
    events = tuple(sorted({hook.event for hook in hookset.hooks if hook.enabled}))
    return [
        "",
        *body,
        "",
        "",
        "def register(hooks):",
        '    """Subscribe one handler per rollouts event these hooks listen to (seed 003)."""',
        f"    register_handlers(hooks, evaluate_hooks, {events!r})",
    ]


def _template_parts(value: ParamValue) -> Iterator[Expr]:
    if isinstance(value, Template):
        yield from (part for part in value.parts if not isinstance(part, str))
    elif isinstance(value, Params):
        for _, item in value.items:
            yield from _template_parts(item)
    elif isinstance(value, tuple):
        for item in value:
            yield from _template_parts(item)


# What values.py takes of the pattern engine, in a module whose hooks match no pattern: the
# engine is half a module's text and half its byte-compile time (5 of 10 ms), for nothing.
_NO_PATTERN_ENGINE = [
    "from __future__ import annotations",
    "",
    "",
    "class RegexSyntaxError(ValueError):",
    '    """Never raised: no hook of this module matches a pattern."""',
    "",
    "",
    "def compile_re2(pattern, *, whole=False):",
    '    raise RegexSyntaxError("this module was compiled without the pattern engine")',
]


def _prelude(rye: bool = False, patterns: bool = True) -> list[str]:
    """The runtime a module needs, verbatim: hookc/runtime/regex.py (where a hook matches a
    pattern), values.py, then support.py (and rye.py for Rye's leaves), without their
    docstrings, a second `from __future__` (the module has it once, first) or their imports
    of each other (embedded just before)."""
    lines: list[str] = [] if patterns else [*_NO_PATTERN_ENGINE, ""]
    for name in (*(("regex.py",) if patterns else ()), "values.py", "support.py"):
        lines.extend([*_embedded(name, first=not lines), ""])
    if rye:
        lines.extend([*_embedded("rye.py", first=False), ""])
    return lines


def _embedded(name: str, first: bool) -> list[str]:
    text = package_file("runtime", name).read_text(encoding="utf-8")
    body = text[text.index('"""', 3) + 3 :].strip("\n").splitlines()
    return body if first else _embeddable(body)
