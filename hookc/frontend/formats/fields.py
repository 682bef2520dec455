"""Reading a record of a hook file (a ``Located`` mapping) field by field: the part the
one-record-per-hook formats (the ``.system/hooks`` registry, A3S hook lists) share.

Each reader returns the value or None, and appends a located diagnostic for a field of
the wrong type or a key the format does not have (with "did you mean"), so that a format
module reads as the list of its fields.
"""

from __future__ import annotations

import difflib
import os
import shlex
from collections.abc import Sequence
from pathlib import Path, PurePath
from typing import Any

from hookc.diagnostics import Diagnostic, error, warning
from hookc.frontend.actions import describe, did_you_mean
from hookc.frontend.located import Located
from hookc.profile import Profile
from hookc.source import Source, Span

# Programs that run the script named after them: the script is the word to look for.
_INTERPRETERS = frozenset("bash sh zsh dash python python3 node ruby perl".split())


class Record:
    """One mapping of a hook file, read field by field; findings go to ``diagnostics``."""

    def __init__(self, node: Located, source: Source, what: str) -> None:
        self.node = node
        self.source = source
        self.what = what  # how messages name the record: "a registry hook", "`matcher`"
        self.diagnostics: list[Diagnostic] = []

    def fail(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(error(code, message, self.source, span, hint))

    def unknown_keys(self, known: Sequence[str], code: str = "HK205") -> None:
        """An error at each key the record may not have, with "did you mean"."""
        for key, item in self.node.items():
            if key not in known:
                self.fail(
                    code,
                    f"{self.what} has no key `{key}`",
                    item.key_span or item.span,
                    did_you_mean(key, tuple(known)) or f"its keys: {', '.join(known)}",
                )

    def get(self, key: str, kind: type | tuple[type, ...], required: bool = False) -> Any:
        """The field's plain value if it has the JSON type ``kind`` (a bool is not an
        int); None, with a diagnostic, if it is missing but required or of another type."""
        item = self.node.get(key)
        if item is None:
            if required:
                self.fail("HK205", f"{self.what} needs `{key}`", self.node.span)
            return None
        value = item.plain()
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
            wanted = " or ".join(_NAMES.get(k, k.__name__) for k in kinds)
            self.fail("HK205", f"`{key}` must be {wanted}, not {describe(value)}", item.span)
            return None
        return value

    def span_of(self, key: str) -> Span:
        item = self.node.get(key)
        return item.span if item is not None else self.node.span


_NAMES = {
    str: "a string",
    int: "an integer",
    float: "a number",
    bool: "a boolean",
    dict: "a mapping",
    list: "a list",
}


def unknown_event(event: str, span: Span, profile: Profile, source: Source) -> Diagnostic | None:
    """HK402 for an event the profile does not know (runtimes add events, so a warning);
    the suggestion keeps the known event's exact spelling."""
    if event in profile.events:
        return None
    by_case = {known.lower(): known for known in profile.events}
    close = by_case.get(event.lower())
    if close is None:
        found = difflib.get_close_matches(event.lower(), list(by_case), n=1, cutoff=0.6)
        close = by_case[found[0]] if found else None
    return warning(
        "HK402",
        f"the `{profile.name}` profile knows no event `{event}`",
        source,
        span,
        f"did you mean `{close}`?" if close else f"its events: {', '.join(profile.events)}",
    )


def missing_script(command: str, root: Path, span: Span, source: Source) -> Diagnostic | None:
    """HK802 (a warning: the file may be made later, or elsewhere) when the script a
    handler command runs is a path that does not exist under ``root``, or is run directly
    but not executable. A bare program name is looked up on PATH by the shell, so it is
    not checked."""
    try:
        words = shlex.split(command)
    except ValueError:
        return None
    interpreted = bool(words) and PurePath(words[0]).name in _INTERPRETERS
    if interpreted:
        words = [word for word in words[1:] if not word.startswith("-")]
    if not words or "/" not in words[0] or "$" in words[0]:
        return None
    script = Path(os.path.expanduser(words[0]))
    place = script if script.is_absolute() else root / script
    where = f"paths are taken from {root}" if str(root) not in ("", ".") else None
    if not place.exists():
        message = f"the handler runs `{words[0]}`, which does not exist"
        return warning("HK802", message, source, span, where)
    if not interpreted and place.is_file() and not os.access(place, os.X_OK):
        message = f"the handler runs `{words[0]}`, which is not executable"
        return warning("HK802", message, source, span, f"chmod +x {words[0]}")
    return None
