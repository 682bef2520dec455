"""HK509: under all-match ordering where the first result takes control (a profile's
``control: first_result``, Rye's), two hooks of one event that both take control with the
same condition.

Where every matching hook runs (Rye), shadowing (HK505) does not apply: each hook runs.
What does go wrong is two hooks that would both decide the outcome on exactly the same
contexts: both run, and only the earlier one's result counts (Rye: the first result that is
not a plain success controls). Hooks whose results never control are left out: those of the
layers the profile names (Rye ignores layer 3's), front-matter hooks whose ``result`` is
``discard`` or ``observation``, and hooks of events whose results are collected (Rye's
context events) or where the first match alone runs.
"""

from __future__ import annotations

from collections.abc import Iterable

from hookc.ir.expr import Expr
from hookc.ir.hooks import Hook, HookSet
from hookc.source.diagnostics import Diagnostic, warning

_NOT_CONTROLLING = ("discard", "observation")


def all_match_diagnostics(
    hookset: HookSet, ignored_layers: Iterable[int] = (), collecting: Iterable[str] = ()
) -> list[Diagnostic]:
    """``collecting``: events whose hooks' results are gathered, not one of them chosen
    (Rye's context events), and events where the first match wins (resolve_extends)."""
    if hookset.ordering.first_match:
        return []
    ignored = frozenset(ignored_layers)
    skipped = frozenset(collecting)
    first: dict[tuple[str, Expr | None], Hook] = {}
    found: list[Diagnostic] = []
    for hook in hookset.in_evaluation_order():
        if hook.priority in ignored or hook.action.params.get("result") in _NOT_CONTROLLING:
            continue
        if hook.event in skipped:
            continue
        key = (hook.event, hook.condition)
        earlier = first.setdefault(key, hook)
        if earlier is hook or hook.source is None or hook.span is None:
            continue
        found.append(
            warning(
                "HK509",
                f"`{hook.id}` and `{earlier.id}` both run on every `{hook.event}` with the "
                f"same condition, and only `{earlier.id}`'s result can take control",
                hook.source,
                hook.span,
                "merge the two hooks, or make their conditions tell their cases apart",
            )
        )
    return found
