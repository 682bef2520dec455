"""A3S's HookEngine hooks (seed 002): how a file of them is recognized; ``a3s_reader``
reads one (imported only then: every file is offered to every format, and most are not
A3S's)."""

from __future__ import annotations

import re

from hookc.frontend.lower import Loaded
from hookc.hosts.host import suffix
from hookc.hosts.profile import Profile, load_profile
from hookc.source import Source

PROFILE = "a3s"
# A document whose root is a list (its first content is an item: `- ...` or a flow `[`),
# whose items say `event_type`: A3S's hooks, whatever key an item starts with. Compiled
# (and cached by `re`) on first use: only a file that says `event_type` is searched.
_LIST_ROOT = r"""\A(?:[ \t]*(?:#[^\n]*)?\r?\n|---[ \t]*\r?\n)*[ \t]*(?:-(?:[ \t]|\r?\n)|\[)"""
_EVENT_TYPE = r"""(?m)^(?:-[ \t]+\{?|[ \t]+|.*[{,][ \t]*)["']?event_type["']?[ \t]*:"""


def claims(name: str, text: str) -> bool:
    ending = suffix(name)
    if ending == ".json":
        return text.lstrip("\ufeff \t\r\n").startswith("[") and '"event_type"' in text
    if ending in (".yaml", ".yml"):
        # The substring test first: it is ten times quicker than the searches it spares.
        return (
            "event_type" in text
            and bool(re.match(_LIST_ROOT, text.lstrip("\ufeff")))
            and bool(re.search(_EVENT_TYPE, text))
        )
    return False


def load(source: Source, profile: Profile | None) -> Loaded:
    from hookc.hosts.a3s.reader import read

    return read(source, profile or load_profile(PROFILE))
