"""Each hook's condition as code, made once and shared by its predicate (``predicates.py``)
and its event's dispatch (``dispatch.py``): the tests of the operands of its top ``&&`` or
``||`` (``expressions.py``'s true mode), over the context paths as its event's function loads
and names them, with the hook's constants named apart from its code (``Constants``), so
that hooks that differ only in constants share the code.
"""

from __future__ import annotations

from hookc.backend.expressions import Constants, Expressions, Scope
from hookc.backend.loads import Steps
from hookc.ir.expr import And, Expr, Or, context_paths
from hookc.ir.hooks import Hook, HookSet


class Conditions:
    """The hooks' tests and the paths they read, found once per hook (by its place in the
    hook set: ``number``) and per event."""

    def __init__(self, hookset: HookSet) -> None:
        self.hookset = hookset
        self.exprs = Expressions()
        # Each event's hooks in evaluation order (disabled hooks are in none).
        self.events: dict[str, list[Hook]] = {}
        for hook in hookset.in_evaluation_order():
            self.events.setdefault(hook.event, []).append(hook)
        self.position = {id(hook): i for i, hook in enumerate(hookset.hooks)}
        # Each hook's constants, named as the code made for it first uses them.
        self.constants = [Constants() for _ in hookset.hooks]
        self.paths_read: dict[int, list[Steps]] = {}
        self.hoisted: dict[str, dict[Steps, str]] = {}
        self.tests: dict[int, list[str]] = {}
        self.paths_by_operand: dict[int, list[list[Steps]]] = {}
        self.rye: dict[int, bool] = {}
        self.own: dict[int, dict[Steps, str]] = {}

    def number(self, hook: Hook) -> int:
        return self.position[id(hook)]

    # the tests -----------------------------------------------------------------------------

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
            self.tests[number] = [self.exprs.true(p, scope) for p in operands(hook.condition)]
            self.rye[number] = self.exprs.reads_context
        return self.tests[number]

    def reads_rye(self, hook: Hook) -> bool:
        """Whether the hook's test reads the context itself (a function of Rye's does), not
        only through its loaded paths: known once its test is made."""
        if hook.condition is None:
            return False
        self.part_tests(hook)
        return self.rye[self.number(hook)]

    def test(self, hook: Hook, hoisted: dict[Steps, str], constants: Constants | None) -> str:
        """True mode of the hook's condition over the loaded paths; no condition is True.
        With ``constants``, the hook's constants are named in the code, not written."""
        if hook.condition is None:
            return "True"
        return self.exprs.true(hook.condition, Scope(hoisted=hoisted, constants=constants))

    # the paths -----------------------------------------------------------------------------

    def event_paths(self, event: str) -> dict[Steps, str]:
        """The paths an event's function loads, named as ``hoist`` names them."""
        if event not in self.hoisted:
            self.hoisted[event] = self.hoist(self.events[event])
        return self.hoisted[event]

    def own_paths(self, hook: Hook) -> dict[Steps, str]:
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

    def hoist(self, hooks: list[Hook]) -> dict[Steps, str]:
        """Every context path the conditions read (and each prefix of it), in the order the
        loads are emitted: each is loaded once per call."""
        found: dict[Steps, str] = {}

        def load(steps: Steps) -> None:
            if steps not in found:
                if steps[1]:
                    load((steps[0], steps[1][:-1]))
                found[steps] = f"v{len(found)}"

        for hook in hooks:
            for steps in self.paths(hook):
                load(steps)
        return found

    def paths(self, hook: Hook) -> list[Steps]:
        """The context paths the hook's condition reads, sorted; asked for its predicate
        and again for its event, so found once."""
        number = self.number(hook)
        if number not in self.paths_read:
            found = (steps for paths in self.operand_paths(hook) for steps in paths)
            self.paths_read[number] = sorted(found, key=repr)
        return self.paths_read[number]

    def operand_paths(self, hook: Hook) -> list[list[Steps]]:
        """The context paths each operand of the condition's top ``&&`` or ``||`` reads
        (``operands``), in source order: found once, for its predicate and its event."""
        number = self.number(hook)
        if number not in self.paths_by_operand:
            found = () if hook.condition is None else operands(hook.condition)
            self.paths_by_operand[number] = [
                [steps for _, steps in context_paths(operand)] for operand in found
            ]
        return self.paths_by_operand[number]


def operands(condition: Expr) -> tuple[Expr, ...]:
    """The operands of a top ``&&`` or ``||``; else the condition alone."""
    return condition.operands if isinstance(condition, And | Or) else (condition,)
