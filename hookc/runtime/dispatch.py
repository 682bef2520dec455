"""Which hooks of an event a context can fire, found by a hash lookup where hooks are told
apart by equality with a string on one path (SPEC §7: 10,000 such hooks cost about what 10
do). The compiled back end does the same in generated code.

A hook's *key* is ``(path, text)`` when its condition is, or is an ``all`` containing, the
leaf ``{path: P, op: eq, value: 'text'}``: it can fire only when the value at ``P`` is that
very string (a string equals only a string in CEL). The path most keyed hooks share is
indexed; every hook is still tested in full, so the index only skips hooks that cannot
fire, and candidates keep the hooks' order.
"""

from __future__ import annotations

import heapq
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from hookc.runtime.closures import parse_path, path_getter
from hookc.runtime.support import _hk_context

MIN_INDEXED = 8  # fewer keyed hooks than this: testing them in turn is as quick
_MAX_PRECOMPUTED = 200_000  # table entries: merge per call beyond this


class Keyed(Protocol):
    @property
    def key(self) -> tuple[str, str] | None: ...


class Firing(Keyed, Protocol):
    """A hook as ``first_action`` runs it."""

    @property
    def predicate(self) -> Callable[[dict[str, Any], Any], Any]: ...
    @property
    def action(self) -> Callable[[dict[str, Any]], dict[str, Any]]: ...
    @property
    def decided(self) -> bool: ...  # its whole condition is its key's equality
    @property
    def ready(self) -> dict[str, Any] | None: ...  # its action, where no template is in it


H = TypeVar("H", bound=Keyed)
F = TypeVar("F", bound=Firing)


def key_of(condition: object) -> tuple[str, str] | None:
    """The ``(path, text)`` a canonical condition tree requires to equal, if any."""
    if isinstance(condition, Mapping):
        items = condition.get("all")
        for leaf in items if isinstance(items, list) and len(condition) == 1 else [condition]:
            if (
                isinstance(leaf, Mapping)
                and leaf.keys() == {"path", "op", "value"}
                and leaf["op"] == "eq"
                and type(leaf["value"]) is str
                and isinstance(leaf["path"], str)
                and not leaf["path"].startswith("@")
            ):
                return leaf["path"], leaf["value"]
    return None


def _indexed_path(hooks: Sequence[Keyed]) -> str | None:
    counts = Counter(hook.key[0] for hook in hooks if hook.key is not None)
    if not counts or counts.most_common(1)[0][1] < MIN_INDEXED:
        return None
    return counts.most_common(1)[0][0]


def candidates(hooks: Sequence[H]) -> Callable[[dict[str, Any]], Iterable[H]]:
    """A function of the context giving the hooks that may fire, in order."""
    everything = tuple(hooks)
    path = _indexed_path(hooks)
    if path is None:
        return lambda context: everything
    position = {id(hook): i for i, hook in enumerate(hooks)}
    rest = tuple(hook for hook in hooks if hook.key is None or hook.key[0] != path)
    keyed: dict[str, list[H]] = {}
    for hook in hooks:
        if hook.key is not None and hook.key[0] == path:
            keyed.setdefault(hook.key[1], []).append(hook)
    if len(keyed) * len(rest) <= _MAX_PRECOMPUTED:
        table = {
            text: tuple(heapq.merge(found, rest, key=lambda hook: position[id(hook)]))
            for text, found in keyed.items()
        }
    else:
        table = {text: tuple(found) for text, found in keyed.items()}
    merged = len(keyed) * len(rest) <= _MAX_PRECOMPUTED or not rest
    root, steps = parse_path(path, ())
    get = path_getter(root, steps, frozenset())

    def select(context: dict[str, Any]) -> Iterable[H]:
        value = get(context, None)
        if type(value) is str:
            found = table.get(value)
            if found is None:
                return rest
            if merged:
                return found
            return heapq.merge(found, rest, key=lambda hook: position[id(hook)])
        if isinstance(value, str):  # a str subclass may define equality its own way
            return everything
        return rest

    return select


# How ``evaluate_hooks`` serves one event: where a string at the context name ``name``
# decides the first hook to try and that hook's whole condition is the equality, that
# hook's action is ``ready[string]`` (to copy) or ``made[string]`` (to make from the
# context); else ``first`` tries the hooks ``select`` gives, in order.
_Plan = tuple[
    str,
    dict[str, dict[str, Any]],
    dict[str, Callable[[dict[str, Any]], dict[str, Any]]],
    Callable[[dict[str, Any]], "dict[str, Any] | None"],
    Callable[[dict[str, Any]], Iterable[Firing]],
]


def evaluate_hooks(
    events: Mapping[str, Sequence[F]],
) -> Callable[[str, Any], dict[str, Any] | None]:
    """``evaluate_hooks`` for hooks listed by event in order: the first matching hook's
    action (a fresh dict), or None. Where a string at a name decides it, the hit costs
    what a hand-written dict index does, and a type test or two."""
    plans = {event: _plan(hooks) for event, hooks in events.items()}

    def evaluate(event: str, context: Any) -> dict[str, Any] | None:
        try:
            plan = plans.get(event)
        except TypeError:  # an unhashable event: none of the hooks' (as compiled modules say)
            return None
        if plan is None:
            return None
        if type(context) is not dict:
            context = _hk_context(context)
        name, ready, made, first, select = plan
        try:
            value = context.get(name)
            if type(value) is str:  # (a list would not hash; a str subclass may differ)
                action = ready.get(value)
                if action is not None:
                    return action.copy()
                make = made.get(value)
                if make is not None:
                    return make(context)
            return first(context)
        except Exception:  # a context no CEL value can be (cyclic, too deep): hook by hook
            for hook in select(context):
                if holds(hook.predicate, context):
                    return hook.action(context)
            return None

    return evaluate


def holds(predicate: Callable[[dict[str, Any], Any], Any], context: dict[str, Any]) -> bool:
    """Whether a condition is true; a context no CEL value can be (cyclic, too deep) makes
    it an error, not an exception."""
    try:
        return predicate(context, None) is True
    except Exception:
        return False


def _plan(hooks: Sequence[F]) -> _Plan:
    select = candidates(hooks)
    path = _indexed_path(hooks)
    ready: dict[str, dict[str, Any]] = {}
    made: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {}
    if path is not None:
        seen = set()
        for hook in hooks:
            if hook.key is None or hook.key[0] != path:
                break  # every key tries this hook: none after it is the first for its key
            if hook.key[1] not in seen:
                seen.add(hook.key[1])
                if hook.decided and hook.ready is not None:
                    ready[hook.key[1]] = hook.ready
                elif hook.decided:
                    made[hook.key[1]] = hook.action

    def first(context: dict[str, Any]) -> dict[str, Any] | None:
        for hook in select(context):
            if hook.predicate(context, None) is True:
                return hook.action(context)
        return None

    if path is None or not (ready or made):
        return "", {}, {}, first, select
    root, steps = parse_path(path, ())
    if not steps:
        return root, ready, made, first, select
    get = path_getter(root, steps, frozenset())

    def first_decided(context: dict[str, Any]) -> dict[str, Any] | None:
        value = get(context, None)
        if type(value) is str:
            action = ready.get(value)
            if action is not None:
                return action.copy()
            make = made.get(value)
            if make is not None:
                return make(context)
        return first(context)

    return "", {}, {}, first_decided, select
