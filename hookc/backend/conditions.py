"""Each hook's condition as code, made once and shared by its predicate (``predicates.py``)
and its event's dispatch (``dispatch.py``): the tests of the operands of its top ``&&`` or
``||`` (``expressions.py``'s true mode), over the context paths as its event's function loads
and names them, with the hook's constants named apart from its code (``Constants``), so
that hooks that differ only in constants share the code. What hooks of one shape
(``shapes.py``) have in common is found once for the shape.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field

from hookc.backend import shapes
from hookc.backend.expressions import Constants, Expressions, Scope, functions_called
from hookc.backend.loads import Steps, needed_objects
from hookc.backend.shapes import fill_text, filled, filler, shape, stand_in, text_template, texter
from hookc.cel.printer import to_text
from hookc.ir.expr import And, Expr, Or, context_paths
from hookc.ir.hooks import Hook, HookSet


@dataclass(slots=True)
class _Code:
    """The code of the conditions of one shape over one naming of their paths: the tests
    of their operands and whether they read the context itself
    (``Expressions.reads_context``). Made from the first such condition; the constants
    the tests name for a stand-in of the shape (``shapes.stand_in``) are made when a second
    one needs its own filled in."""

    number: int  # apart from every other shape's and naming's
    tests: list[str]
    reads_context: bool
    stand_in_constants: Constants | None = None
    uses: int = 0  # how many conditions' constants are filled in
    # Their constants from their slot values, once many are (``shapes.filler``).
    filled: Callable[[tuple[object, ...]], Constants] | None = None
    # The whole test, as ``Conditions.shared_test`` joins the tests (made when first asked).
    joined: str | None = None


@dataclass(slots=True)
class _Shape:
    """What the conditions of one shape share: found from the first of them, their code
    made from the shape's stand-in (``shapes.stand_in``)."""

    condition: Expr  # the first condition of the shape
    # The context paths each operand of the top ``&&`` or ``||`` reads, in source order.
    operand_paths: list[list[Steps]]
    paths: list[Steps]  # every path read, sorted
    needs: list[dict[Steps, bool]]  # each operand's ``needed_objects``
    calls: frozenset[str]  # the functions called
    # The code, by the paths as the event of a hook of this shape names them.
    code: dict[tuple[tuple[Steps, str], ...], _Code] = field(default_factory=dict)
    # By event (None: a hook in no event's code), the paths as named there and their code:
    # what every hook of the shape and event shares, found once for all of them.
    own: dict[str | None, dict[Steps, str]] = field(default_factory=dict)
    code_in: dict[str | None, _Code] = field(default_factory=dict)
    # The text of its conditions (``shapes.text_template``), made for the second of them.
    texts: int = 0  # how many of its conditions' texts are made
    text: tuple[str | int, ...] | None = None
    # Their texts from their slot values, once many are made (``shapes.texter``).
    texted: Callable[[tuple[object, ...]], str] | None = None


class Conditions:
    """The hooks' tests and the paths they read, found once per hook (by its place in the
    hook set: ``number``), per shape of condition and per event."""

    def __init__(self, hookset: HookSet) -> None:
        self.hookset = hookset
        self.exprs = Expressions()
        # Each event's hooks in evaluation order (disabled hooks are in none).
        self.events: dict[str, list[Hook]] = {}
        for hook in hookset.in_evaluation_order():
            self.events.setdefault(hook.event, []).append(hook)
        self.position = {id(hook): i for i, hook in enumerate(hookset.hooks)}
        self.with_condition = sum(hook.condition is not None for hook in hookset.hooks)
        # Each hook's constants, named as the code made for it first uses them.
        self.constants = [_NO_CONSTANTS] * len(hookset.hooks)
        self.shapes: dict[Hashable, _Shape] = {}
        self.codes = 0  # how many codes are made
        # By hook number: its shape and the values of its slots, its code, its paths.
        self.shape_of: dict[int, tuple[_Shape, tuple[object, ...]]] = {}
        self.code_of: dict[int, _Code] = {}
        self.hoisted: dict[str, dict[Steps, str]] = {}  # by event

    def number(self, hook: Hook) -> int:
        return self.position[id(hook)]

    def shaped(self, hook: Hook) -> tuple[_Shape, tuple[object, ...]]:
        """The hook's shape (what it shares with the conditions of that shape) and the
        values of its slots (``shapes.shape``)."""
        number = self.position[id(hook)]
        shaped = self.shape_of.get(number)
        if shaped is None:
            assert hook.condition is not None
            key, values = shape(hook.condition)
            found = self.shapes.get(key)
            if found is None:
                found = self.shapes[key] = _new_shape(hook.condition)
            shaped = self.shape_of[number] = found, values
        return shaped

    def code(self, hook: Hook) -> _Code:
        """The code of the hook's shape over its paths as its event names them, made from
        the first hook of that shape and naming; the constants of the others filled in
        (``shapes.filled``): a file of distinct conditions pays no stand-in."""
        number = self.position[id(hook)]
        made = self.code_of.get(number)
        if made is not None:
            return made
        assert hook.condition is not None
        found, values = self.shaped(hook)
        event = self._named_in(hook)
        code = found.code_in.get(event)
        if code is None:
            hoisted = self.own_paths(hook)
            key = tuple(hoisted.items())
            code = found.code.get(key)
            if code is None:
                constants = self.constants[number] = Constants()
                tests, reads_context = self._translate(hook.condition, hoisted, constants)
                code = found.code[key] = found.code_in[event] = _Code(
                    self.codes, tests, reads_context
                )
                self.codes += 1
                self.code_of[number] = code
                return code
            found.code_in[event] = code
        if code.stand_in_constants is None:
            # The same tests (tests/backends/test_differential.py holds it).
            constants = code.stand_in_constants = Constants()
            self._translate(stand_in(found.condition), self.own_paths(hook), constants)
        code.uses += 1
        if code.uses == shapes.COMPILED_FROM:
            code.filled = filler(code.stand_in_constants)
        self.constants[number] = (
            filled(code.stand_in_constants, values) if code.filled is None else code.filled(values)
        )
        self.code_of[number] = code
        return code

    def _named_in(self, hook: Hook) -> str | None:
        """The event whose code names the hook's paths (None: a disabled hook, in no
        event's code, names its own)."""
        return hook.event if hook.enabled and hook.event in self.events else None

    def _translate(
        self, condition: Expr, hoisted: dict[Steps, str], constants: Constants
    ) -> tuple[list[str], bool]:
        """True mode of each operand of the condition (``operands``), its constants named
        in ``constants``; and whether they read the context itself."""
        scope = Scope(hoisted=hoisted, constants=constants)
        self.exprs.reads_context = False
        tests = [self.exprs.true(part, scope) for part in operands(condition)]
        return tests, self.exprs.reads_context

    def code_number(self, hook: Hook) -> int:
        """Hooks with a condition whose numbers are equal have the same tests, paths and
        needs (they differ only in their constants)."""
        return self.code(hook).number

    # the tests -----------------------------------------------------------------------------

    def shared_test(self, hook: Hook) -> str:
        """The hook's test with its constants named, over the paths as its event names
        them: the same text in its predicate and its event's function, made once (of the
        tests of its operands, as ``Expressions.true`` joins them)."""
        if hook.condition is None:
            return "True"
        code = self.code(hook)
        if code.joined is None:
            parts = code.tests
            if isinstance(hook.condition, And | Or):
                joiner = " and " if isinstance(hook.condition, And) else " or "
                code.joined = "(" + joiner.join(parts) + ")"
            else:
                code.joined = parts[0]
        return code.joined

    def part_tests(self, hook: Hook) -> list[str]:
        """True mode of each operand of the hook's top ``&&`` or ``||`` (of the condition,
        if it is neither), constants named in the order the whole test names them."""
        return self.code(hook).tests

    def constants_of(self, hook: Hook) -> Constants:
        """The constants the hook's test names (none without a condition)."""
        if hook.condition is not None:
            self.code(hook)
        return self.constants[self.position[id(hook)]]

    def reads_rye(self, hook: Hook) -> bool:
        """Whether the hook's test reads the context itself (a function of Rye's does), not
        only through its loaded paths."""
        return hook.condition is not None and self.code(hook).reads_context

    def every_code(self) -> list[_Code]:
        """The code of every hook with a condition, each code once (a code is made for the
        hooks that have it, and shared by them)."""
        if len(self.code_of) < self.with_condition:
            for hook in self.hookset.hooks:
                if hook.condition is not None:
                    self.code(hook)
        return [code for found in self.shapes.values() for code in found.code.values()]

    def calls_any(self, functions: Iterable[str]) -> bool:
        """Whether some hook's condition calls one of ``functions``: asked of each shape
        (``every_code`` shapes every hook), not of each hook."""
        self.every_code()
        return any(not found.calls.isdisjoint(functions) for found in self.shapes.values())

    def needs(self, hook: Hook) -> list[dict[Steps, bool]]:
        """Each operand's ``needed_objects``."""
        return self.shaped(hook)[0].needs

    def test(self, hook: Hook, hoisted: dict[Steps, str], constants: Constants | None) -> str:
        """True mode of the hook's condition over the loaded paths; no condition is True.
        With ``constants``, the hook's constants are named in the code, not written."""
        if hook.condition is None:
            return "True"
        return self.exprs.true(hook.condition, Scope(hoisted=hoisted, constants=constants))

    def when_text(self, hook: Hook) -> str | None:
        """``to_text`` of the hook's condition (None: none), made for the second and later
        hooks of a shape from the shape's text (``shapes.text_template``)."""
        if hook.condition is None:
            return None
        found, values = self.shaped(hook)
        found.texts += 1
        if found.texts == 2:
            found.text = text_template(found.condition)
        if found.text is None:
            return to_text(hook.condition)
        if found.texts == shapes.COMPILED_FROM:
            found.texted = texter(found.text)
        if found.texted is None:
            return fill_text(found.text, values)
        return found.texted(values)

    # the paths -----------------------------------------------------------------------------

    def event_paths(self, event: str) -> dict[Steps, str]:
        """The paths an event's function loads, named as ``hoist`` names them."""
        if event not in self.hoisted:
            self.hoisted[event] = self.hoist(self.events[event])
        return self.hoisted[event]

    def own_paths(self, hook: Hook) -> dict[Steps, str]:
        """The paths a hook's predicate loads, named as its event names them (a disabled
        hook, in no event, names its own): its test then reads the same in both. The same
        for every hook of one shape and event, found once for them."""
        if hook.condition is None:
            return {}
        found = self.shaped(hook)[0]
        event = self._named_in(hook)
        own = found.own.get(event)
        if own is None:
            own = found.own[event] = self.hoist_paths(found.paths)
            if event is not None:
                names = self.event_paths(event)
                own = found.own[event] = {steps: names[steps] for steps in own}
        return own

    def hoist(self, hooks: list[Hook]) -> dict[Steps, str]:
        """Every context path the conditions read (and each prefix of it), in the order the
        loads are emitted: each is loaded once per call."""
        return self.hoist_paths(steps for hook in hooks for steps in self.paths(hook))

    @staticmethod
    def hoist_paths(paths: Iterable[Steps]) -> dict[Steps, str]:
        """``hoist`` of the paths read, in order."""
        found: dict[Steps, str] = {}

        def load(steps: Steps) -> None:
            if steps not in found:
                if steps[1]:
                    load((steps[0], steps[1][:-1]))
                found[steps] = f"v{len(found)}"

        for steps in paths:
            load(steps)
        return found

    def paths(self, hook: Hook) -> list[Steps]:
        """The context paths the hook's condition reads, sorted."""
        return [] if hook.condition is None else self.shaped(hook)[0].paths

    def operand_paths(self, hook: Hook) -> list[list[Steps]]:
        """The context paths each operand of the condition's top ``&&`` or ``||`` reads
        (``operands``), in source order."""
        return [] if hook.condition is None else self.shaped(hook)[0].operand_paths


# The constants of a hook without a condition (never added to: a hook's own are made anew).
_NO_CONSTANTS = Constants()


def _new_shape(condition: Expr) -> _Shape:
    """What the conditions of ``condition``'s shape share, found from it: a path's keys
    are part of the shape, and what reads it and whether it must be present depend only
    on the tree's form."""
    parts = operands(condition)
    operand_paths = [[steps for _, steps in context_paths(part)] for part in parts]
    every = sorted((steps for paths in operand_paths for steps in paths), key=repr)
    needs = [needed_objects(part) for part in parts]
    return _Shape(condition, operand_paths, every, needs, functions_called(condition))


def operands(condition: Expr) -> tuple[Expr, ...]:
    """The operands of a top ``&&`` or ``||``; else the condition alone."""
    return condition.operands if isinstance(condition, And | Or) else (condition,)
