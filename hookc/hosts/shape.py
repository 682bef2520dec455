"""Claude Code's file shape, which other hosts copied: how each of them claims such a file
by its content, and which of them a file that several claim can still be.

Codex, Qwen Code, Factory and Augment write ``{"hooks": {"PreToolUse": [{"matcher": ...,
"hooks": [handler, ...]}]}}`` as Claude Code does, with Claude Code's event names, and give
it each its own meaning (tool names, matcher rule, timeouts). Where a file lies says whose it
is (``.codex/hooks.json``, ``.qwen/settings.json``, ...). Where its path says nothing, each
of those hosts claims it by its shape alone (``Claim.SHAPE``), and what the content names
settles what it can: an event or a handler type only some of them have (``TodoCreated`` is
Qwen Code's, ``PostToolUseFailure`` Claude Code's and Qwen Code's, ``"type": "prompt"`` none
of Factory's, Augment's or Codex's) leaves only the hosts that have it. A file that more than
one host can still be is unsettled: ``hookc check`` reads it as the shape's origin (Claude
Code) and says so (HK770); ``eval``, ``compile`` and ``run`` refuse it until ``--host``
names its host.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import PurePath

from hookc.hosts.host import Claim, Host

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.hosts.profile import Profile

# Folders that say which host a file is for, whatever it holds (a file under `.factory/` is
# not Codex's, even where no host reads that file name).
HOST_FOLDERS = frozenset(
    {".claude", ".claude-plugin", ".codex", ".codex-plugin", ".gemini", ".qwen", ".tabnine",
     ".factory", ".augment", ".cursor", ".windsurf", ".github", ".copilot", ".kiro"}
)  # fmt: skip
_HOOKS_OBJECT = r'"hooks"\s*:\s*\{'
_HANDLER_LIST = r'"hooks"\s*:\s*\['


def shape_claim(name: str, text: str, own: Iterable[str], events: Iterable[str]) -> Claim:
    """How a host whose files are Claude Code's shape claims a JSON file by its content: a
    ``hooks`` object keyed by one of the host's ``events`` (in any case: a misspelt event
    is still the host's, and gets its own finding), whose groups hold ``hooks`` lists. In a
    folder of the host's own (``own``) that is the host's (``OWN``); in another host's
    folder, nobody's here (``NONE``); elsewhere a claim by shape (``SHAPE``)."""
    path = PurePath(name)
    if path.suffix.lower() != ".json" or re.search(_HOOKS_OBJECT, text) is None:
        return Claim.NONE
    if re.search(_HANDLER_LIST, text) is None:
        return Claim.NONE
    keys = "|".join(re.escape(event) for event in events)
    if re.search(f'"(?:{keys})"\\s*:', text, re.IGNORECASE) is None:
        return Claim.NONE
    return folder_claim(path, own, Claim.SHAPE)


def folder_claim(path: PurePath, own: Iterable[str], claim: Claim) -> Claim:
    """``claim`` raised to ``OWN`` in a folder of the host's own, dropped in another
    host's."""
    folders = set(path.parts[:-1]) & HOST_FOLDERS
    if folders & set(own):
        return max(claim, Claim.OWN)
    return Claim.NONE if folders else claim


def narrow(candidates: Sequence[Host], text: str) -> tuple[Host, ...]:
    """The hosts among ``candidates`` (each claiming the file by its shape) that the
    file's content leaves: those that know every event and handler type it names that any
    of them knows (a name none knows, a misspelling, decides nothing). All of them where no
    one knows everything the file names (its content mixes hosts), and the shape's origin
    alone where the file is not JSON (its syntax error is the finding, whoever reads it)."""
    import json

    try:
        document = json.loads(text)
    except ValueError:
        return _origin_first(candidates)[:1]
    named = _named(document)
    known = {host.name: host.module("files").vocabulary() for host in candidates}
    anyone = set().union(*known.values())
    relevant = named & anyone
    left = tuple(host for host in candidates if relevant <= known[host.name])
    return _origin_first(left or tuple(candidates))


def _named(document: object) -> set[tuple[str, str]]:
    """The events and handler types a Claude-shaped document names."""
    hooks = document.get("hooks") if isinstance(document, dict) else None
    if not isinstance(hooks, dict):
        return set()
    named = {("event", str(event)) for event in hooks}
    for groups in hooks.values():
        for group in groups if isinstance(groups, list) else ():
            handlers = group.get("hooks") if isinstance(group, dict) else None
            for handler in handlers if isinstance(handlers, list) else ():
                if isinstance(handler, dict) and isinstance(handler.get("type"), str):
                    named.add(("type", handler["type"]))
    return named


def vocabulary(profile: Profile) -> frozenset[tuple[str, str]]:
    """The events and handler types of a host's profile (its ``files.vocabulary()``, which
    ``narrow`` asks of each candidate)."""
    types = profile.details.get("action_types") or {}
    events = {("event", event) for event in profile.events}
    return frozenset(events | {("type", str(kind)) for kind in types})


def _origin_first(candidates: Sequence[Host]) -> tuple[Host, ...]:
    """The candidates, the host whose shape the others copied first (the one a file is
    read as while its host is unsettled), then the rest in the registry's order."""
    origins = {host.shape_of for host in candidates if host.shape_of}
    first = [host for host in candidates if host.name in origins]
    return (*first, *(host for host in candidates if host.name not in origins))
