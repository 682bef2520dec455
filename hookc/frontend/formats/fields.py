"""Reading a record of a hook file (a ``Located`` mapping) field by field: the part the
one-record-per-hook formats (the ``.system/hooks`` registry, A3S hook lists) share. (What
they share with Claude Code and docker-agent, events and scripts, is in ``groups``.)

Each reader returns the value or None, and appends a located diagnostic for a field of
the wrong type or a key the format does not have (with "did you mean"), so that a format
module reads as the list of its fields.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hookc.frontend.actions import describe, did_you_mean
from hookc.frontend.located import Located
from hookc.hosts.profile import Profile
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error


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

    def get(
        self,
        key: str,
        kind: type | tuple[type, ...],
        required: bool = False,
        hint: str | None = None,
    ) -> Any:
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
            message = f"`{key}` must be {wanted}, not {describe(value)}"
            self.fail("HK205", message, item.span, hint)
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


def events_carrying(profile: Profile, field: str) -> tuple[str, ...]:
    """The profile's events whose context has ``field`` (its ``common_context`` or the
    event's own ``context``), in the profile's order."""
    if field in (profile.details.get("common_context") or {}):
        return profile.events
    return tuple(
        event
        for event in profile.events
        if field in (profile.event_details(event).get("context") or {})
    )
