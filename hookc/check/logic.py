"""What conditions mean, checked: never true (HK503), always true (HK504), shadowed (HK505).

The reasoning is ``hookc.reasoning``'s; this module turns its verdicts into diagnostics.
The run's ``Optimizer`` (given by the check driver; a new one when none is) holds the
reasoner, which the optimizer's rules ask too, so that the two share their answers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from hookc.cel.printer import to_text
from hookc.ir.expr import And, Expr, Literal
from hookc.ir.hooks import Hook, HookSet
from hookc.optimize import Optimizer
from hookc.reasoning import EarlierConditions, Reasoner, plainly_fallible
from hookc.source import Span
from hookc.source.diagnostics import Diagnostic, warning


def logic_diagnostics(
    hookset: HookSet, optimizer: Optimizer | None = None, read: Sequence[Diagnostic] = ()
) -> list[Diagnostic]:
    """HK503 and HK504 for every hook with a condition; HK505 under first-match. A hook
    whose condition hookc cannot decide (``Hook.undecidable``: its `false` only stands in)
    gets none of them; its front end has said why (HK712). Nor does a constant `false` in
    place of a part the front end could not read and has reported (``read``, its
    findings: an unknown operator, a Kiro hook with no tools): "never true" there would say
    it twice. ``optimizer`` is the run's (a new one when none is given)."""
    optimizer = Optimizer() if optimizer is None else optimizer
    reported = [d.span for d in read]
    verdicts = {
        id(hook): _verdict(hook.condition, optimizer)
        for hook in hookset.hooks
        if hook.source is not None and hook.condition is not None and hook.undecidable is None
    }
    impossible = {key: never for key, (never, _) in verdicts.items()}
    found: list[Diagnostic] = []
    for hook in hookset.hooks:
        never, always = verdicts.get(id(hook), (None, None))
        false_part = _false_part(hook)
        if (
            never is not None
            and false_part is not None
            and any(
                false_part.start <= span.start and span.end <= false_part.end for span in reported
            )
        ):
            never = None  # the front end's finding inside the stand-in says why
        if never is not None or always is not None:
            found.extend(_condition_diagnostics(hook, never, always))
    if hookset.ordering.first_match:
        found.extend(_shadowed(hookset, impossible, optimizer.reasoner))
    return sorted(found, key=Diagnostic.sort_key)


def _where(hook: Hook) -> Span:
    if hook.condition is not None and hook.condition.span is not None:
        return hook.condition.span
    return hook.span if hook.span is not None else Span(0, 0)


def _false_part(hook: Hook) -> Span | None:
    """The place of a part of the hook's condition (itself, or one of the conditions it
    requires) that is the constant false: the never-true finding points at it, as its
    reason names no text."""
    condition = hook.condition
    parts = condition.operands if isinstance(condition, And) else (condition,)
    for part in parts:
        if isinstance(part, Literal) and part.value is False and part.span is not None:
            return part.span
    return None


def _verdict(condition: Expr, optimizer: Optimizer) -> tuple[str | None, str | None]:
    """Why ``condition`` is never true, or else why it is always true (either may be None).

    The reasoning's laws decide first, since they name a cause; then the optimizer
    (``hookc.optimize``), whose rules build on them: a condition it reduces to ``false`` in
    ``TRUTH`` mode is true in no context, one it reduces to ``true`` in every context.
    """
    if optimizer.is_plainly_kept(condition) and plainly_fallible(condition):
        # Most conditions, known at a look, without a memo (which would hash them whole):
        # plain, so `never_true` is None (see `reasoning.plain_paths`), fallible, so
        # `always_true` is None, and the optimizer keeps them as they are.
        return None, None
    reasoner = optimizer.reasoner
    never = reasoner.never_true(condition)
    if never is not None:
        return never, None
    always = reasoner.always_true(condition)
    if always is not None:
        return None, always
    result = optimizer.optimize(condition)
    if isinstance(result.after, Literal) and type(result.after.value) is bool:
        reason = f"it simplifies to `{to_text(result.after)}` ({', '.join(result.fired)})"
        return (None, reason) if result.after.value else (reason, None)
    return None, None


def _condition_diagnostics(
    hook: Hook, impossible: str | None, always: str | None
) -> Iterator[Diagnostic]:
    if hook.source is None or hook.condition is None:
        return
    if impossible is not None:
        yield warning(
            "HK503",
            f"condition can never be true: {impossible}",
            hook.source,
            _false_part(hook) or _where(hook),
            f"hook `{hook.id}` never fires",
        )
    else:
        reason = always
        if reason is not None:
            yield warning(
                "HK504",
                f"condition is always true: {reason}",
                hook.source,
                _where(hook),
                "leave the condition out if the hook should always fire",
            )


def _shadowed(
    hookset: HookSet, impossible: dict[int, str | None], reasoner: Reasoner
) -> Iterator[Diagnostic]:
    """A hook is shadowed when an earlier enabled hook of its event matches whenever it
    does: under first-match only the earlier one runs. Hooks that can never fire at all
    are HK503's, not this check's."""
    by_event: dict[str, list[Hook]] = {}
    for hook in hookset.in_evaluation_order():
        by_event.setdefault(hook.event, []).append(hook)
    for hooks in by_event.values():
        index = EarlierConditions(reasoner)
        for hook in hooks:
            if hook.undecidable is not None:
                continue  # when it matches is unknown: it neither shadows nor is shadowed
            if hook.source is not None and impossible.get(id(hook)) is None:
                for earlier in index.candidates(hook.condition):
                    if reasoner.implies(hook.condition, earlier.condition):
                        yield warning(
                            "HK505",
                            f"hook `{hook.id}` can never fire: the earlier hook "
                            f"`{earlier.id}`{_line_of(earlier, hook)} matches whenever it does",
                            hook.source,
                            _where(hook),
                            "under first-match ordering only the first matching hook runs; "
                            f"order `{hook.id}` before `{earlier.id}` or narrow the "
                            "earlier condition",
                        )
                        break
            index.add(hook)


def _line_of(hook: Hook, seen_from: Hook) -> str:
    if hook.source is None or hook.span is None:
        return ""
    line = hook.source.position(hook.span.start)[0]
    if seen_from.source is not None and seen_from.source.name == hook.source.name:
        return f" (line {line})"
    return f" ({hook.source.name}:{line})"
