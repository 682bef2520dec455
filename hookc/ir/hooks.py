"""The hook IR (SPEC §4): a ``HookSet`` of ``Hook``s, each an event, a condition, an action.

Every front end (YAML, directive XML, the importers) lowers into these nodes; checks,
optimizer and back ends read only these. Nodes are frozen; spans take no part in equality.
Action parameters are immutable too: objects are ``Params`` (ordered pairs), lists tuples,
and strings holding ``${...}`` are ``Template``s.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from hookc.ir.expr import Expr
from hookc.source import Source, Span

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class Template:
    """A string with ``${expr}`` holes: literal text and expressions, in order.

    A template that is exactly one hole (``"${error.code}"``) takes the value with its type;
    otherwise the values are formatted into the text (SPEC §3.1).
    """

    parts: tuple[str | Expr, ...]
    span: Span | None = field(default=None, compare=False, repr=False)

    @property
    def is_exact(self) -> bool:
        return len(self.parts) == 1 and not isinstance(self.parts[0], str)


@dataclass(frozen=True, slots=True)
class Params:
    """An object of parameters, in the order written (or the catalog's order for defaults)."""

    items: tuple[tuple[str, ParamValue], ...] = ()
    span: Span | None = field(default=None, compare=False, repr=False)

    def get(self, key: str, default: ParamValue = None) -> ParamValue:
        for name, value in self.items:
            if name == key:
                return value
        return default

    def keys(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.items)


ParamValue: TypeAlias = (
    "bool | int | float | str | Template | Params | tuple[ParamValue, ...] | None"
)


def template_exprs(value: ParamValue) -> list[Expr]:
    """The expressions in the holes of every template among action parameters, in order
    (what the path checks, the name checks and the back end each read of an action)."""
    found: list[Expr] = []
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind is str or kind is int or kind is bool or item is None:
            continue  # most parameters: plain values, passed over before any isinstance
        if isinstance(item, Template):
            found.extend(part for part in item.parts if not isinstance(part, str))
        elif isinstance(item, Params):
            stack.extend(reversed([value for _, value in item.items]))
        elif isinstance(item, tuple):
            stack.extend(reversed(item))
    return found


@dataclass(frozen=True, slots=True)
class Action:
    """What a hook does when it fires: a catalog type and its parameters, defaults filled."""

    type: str
    params: Params = Params()
    span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Hook:
    id: str
    event: str
    condition: Expr | None  # None matches always
    action: Action
    priority: int = 0
    enabled: bool = True
    description: str | None = None
    builtin: bool = False  # from `builtin_hooks:`: after `hooks:` of equal priority
    # Why hookc cannot decide when this hook matches (a matcher its tool accepts and hookc's
    # regex engine cannot run: a JavaScript look-ahead); None for every decidable hook. The
    # hook is kept with `false` standing in for its condition, so that it never fires in
    # hookc's evaluation, and `eval`, `run` and the checks say it was not evaluated.
    undecidable: str | None = None
    span: Span | None = field(default=None, compare=False, repr=False)
    source: Source | None = field(default=None, compare=False, hash=False, repr=False)
    # Where the id is written; None where it is derived.
    id_span: Span | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Ordering:
    """How a runtime picks among matching hooks (a profile's choice, SPEC §3.4)."""

    higher_priority_first: bool = True
    first_match: bool = True


@dataclass(frozen=True, slots=True)
class HookSet:
    """Hooks in the order they were written; ``in_evaluation_order`` is the runtime's order."""

    hooks: tuple[Hook, ...]
    ordering: Ordering = Ordering()
    profile: str = "default"

    def in_evaluation_order(self) -> tuple[Hook, ...]:
        """Enabled hooks by priority (the profile's direction), then hooks before builtins,
        then as written: Python's sort is stable, so equal keys keep file order."""
        sign = -1 if self.ordering.higher_priority_first else 1
        enabled = [hook for hook in self.hooks if hook.enabled]
        return tuple(sorted(enabled, key=lambda hook: (sign * hook.priority, hook.builtin)))

    def for_event(self, event: str) -> Iterator[Hook]:
        return (hook for hook in self.in_evaluation_order() if hook.event == event)
