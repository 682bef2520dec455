"""HK508: a template that reads, under another name, a path the hook's own condition reads.

Rye's own builtin compaction hook tests ``pressure_ratio`` and passes
``${event.pressure_ratio}``: one of the two is misnamed, since a path and the same path under
an extra (or a missing) prefix are not both in one context as the same thing. A template
path that ends with the condition's path, or whose end the condition's path is, with the
same last key, is reported where the template is.
"""

from __future__ import annotations

from hookc.ir.expr import context_paths
from hookc.ir.hooks import HookSet, template_exprs
from hookc.source.diagnostics import Diagnostic, warning

Steps = tuple[str | int, ...]


def name_diagnostics(hookset: HookSet) -> list[Diagnostic]:
    found: list[Diagnostic] = []
    for hook in hookset.hooks:
        if hook.condition is None or hook.source is None:
            continue
        written = [
            (node, (name, *keys))
            for expr in template_exprs(hook.action.params)
            for node, (name, keys) in context_paths(expr)
        ]
        if not written:  # most hooks: no template, nothing to compare
            continue
        read = {(name, *keys) for _, (name, keys) in context_paths(hook.condition)}
        reported: set[Steps] = set()
        for node, steps in written:
            other = _renamed(steps, read)
            if other is None or steps in reported or node.span is None:
                continue
            reported.add(steps)
            found.append(
                warning(
                    "HK508",
                    f"the template reads `{_dotted(steps)}` where the hook's condition "
                    f"reads `{_dotted(other)}`: one of them is likely misnamed",
                    hook.source,
                    node.span,
                    "read the same path in both, as the event's context has it",
                )
            )
    return found


def _renamed(steps: Steps, read: set[Steps]) -> Steps | None:
    """The condition's path that ``steps`` is a longer or shorter spelling of, if any."""
    if steps in read:
        return None
    for other in sorted(read, key=repr):
        shorter, longer = sorted((steps, other), key=len)
        if len(shorter) < len(longer) and longer[len(longer) - len(shorter) :] == shorter:
            return other
    return None


def _dotted(steps: Steps) -> str:
    return "".join(
        f"[{step}]" if isinstance(step, int) else (f".{step}" if i else str(step))
        for i, step in enumerate(steps)
    )
