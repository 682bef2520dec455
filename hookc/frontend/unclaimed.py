"""Why a JSON hook file is not what it was meant to be: the precise finding for a file no
host claims, and for a claimed file whose hooks sit where no host looks.

"Unknown kind of hook file" sends an author looking in the wrong place when the file is a
hook file with one mistake: JSON that does not parse (HK214, at its line and column), events
written at the top level without the ``hooks`` object that holds them (HK230), the
``hooks`` key misspelt (HK231, ``"hook"``, ``"Hooks"``), or events no host has (HK402,
with the nearest event of any host). ``unclaimed`` says that of a file no host claims;
``misplaced`` says the second and third of a file a host did claim (a settings file, where
no ``hooks`` key is no finding by itself: a ``"hook"`` key beside it is).
"""

from __future__ import annotations

import functools
import re
from pathlib import PurePath

from hookc.frontend.json_file import load_json
from hookc.frontend.located import Located
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, Edit, Fix, error

# A top-level key that is `hooks` misspelt: a letter off, doubled, dropped, or in
# another case. Only looked for in a file with no `hooks` key.
_NEAR_HOOKS = re.compile(r"(?i)h+o+k+s*|hooks?[_:. -]*|hoks|hokos|hooke?s")


@functools.cache
def _events() -> dict[str, tuple[str, ...]]:
    """Every event of every host hookc reads, with the hosts it belongs to."""
    from hookc.hosts import hosts
    from hookc.hosts.profile import load_profile

    found: dict[str, list[str]] = {}
    for host in hosts():
        if host.reads_files:
            for event in load_profile(host.profile).events:
                found.setdefault(event, []).append(host.name)
    return {event: tuple(names) for event, names in found.items()}


def _is_event(name: str, events: tuple[str, ...]) -> bool:
    lowered = name.lower()
    return any(event.lower() == lowered for event in events)


def unclaimed(source: Source) -> list[Diagnostic] | None:
    """The precise findings for a JSON file no host claims, or None where there is nothing
    more precise to say than that hookc does not know the kind of file."""
    if PurePath(source.name).suffix.lower() != ".json":
        return None
    root, problems = load_json(source)
    if root is None:
        return [p for p in problems if p.code == "HK214"] or None
    if not isinstance(root.value, dict):
        return None
    events = tuple(_events())
    misplaced_found = misplaced(source, root, events)
    if misplaced_found:
        return misplaced_found
    hooks = root.get("hooks")
    if hooks is None or not isinstance(hooks.value, dict) or not hooks.value:
        return None
    if any(_is_event(key, events) for key in hooks.value):
        return None  # some host's events in a shape none claims: the kind is what's unknown
    return [_unknown_event(source, key, node, events) for key, node in hooks.items()]


def misplaced(
    source: Source, root: Located, events: tuple[str, ...] | None = None
) -> list[Diagnostic]:
    """HK231 for a misspelt ``hooks`` key, HK230 for events at the top level, in a JSON
    object that has no ``hooks`` key (``events``: the events that count, every host's by
    default)."""
    if not isinstance(root.value, dict) or "hooks" in root.value:
        return []
    events = events if events is not None else tuple(_events())
    found = []
    for key, node in root.items():
        span = node.key_span
        if span is None:
            continue
        if _NEAR_HOOKS.fullmatch(key) and isinstance(node.value, (dict, list)):
            written = source.text[span.start : span.end]
            fix = Fix((Edit(span, '"hooks"'),), "unsafe", "write `hooks`")
            found.append(
                error(
                    "HK231",
                    f"`{key}` is not a key hook files have: `hooks` holds the hooks",
                    source,
                    span,
                    f'write `"hooks"` for {written}: no host reads hooks under `{key}`',
                    fix=fix,
                )
            )
    if found:
        return found
    top = [(key, node) for key, node in root.items() if _is_event(key, events)]
    if top:
        key, node = top[0]
        span = node.key_span or node.span
        names = ", ".join(f"`{name}`" for name, _ in top)
        return [
            error(
                "HK230",
                f"the events {names} are at the top level: hook files hold them under `hooks`"
                if len(top) > 1
                else f"the event `{key}` is at the top level: hook files hold it under `hooks`",
                source,
                span,
                'wrap the events in {"hooks": {...}}',
            )
        ]
    return []


def _unknown_event(source: Source, key: str, node: Located, events: tuple[str, ...]) -> Diagnostic:
    import difflib  # only for a hint: a run that meets no unknown event never imports it

    span = node.key_span or node.span
    close = difflib.get_close_matches(key, events, n=1, cutoff=0.6)
    if not close:
        by_lower = {event.lower(): event for event in events}
        close = [by_lower[c] for c in difflib.get_close_matches(key.lower(), by_lower, n=1)]
    if close:
        hosts = ", ".join(_events()[close[0]])
        hint = f"did you mean `{close[0]}` ({hosts})?"
    else:
        hint = "name one of a host's events, or the host with --profile"
    return error(
        "HK402",
        f"no host hookc reads has the event `{key}`, so no host claims this file",
        source,
        span,
        hint,
    )
