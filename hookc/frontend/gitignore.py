"""A reader of ``.gitignore`` patterns, for a folder search to skip what git ignores (as
ruff's does). Standard library only; a pattern is turned into one regular expression.

What is supported, as gitignore(5) says:

- blank lines and ``#`` comments; ``\\#`` and ``\\!`` for a leading ``#`` or ``!``; trailing
  spaces dropped unless escaped with ``\\``; ``\\`` escaping any character;
- ``!`` re-including what an earlier pattern excluded (the last matching pattern wins, a
  deeper ``.gitignore`` after a shallower one), except that nothing under an ignored folder
  comes back (a search never enters it, as git never does);
- a trailing ``/`` matching folders only;
- a ``/`` at the start or in the middle anchoring the pattern to its ``.gitignore``'s
  folder; without one, the pattern matches a name at any depth below it;
- ``*`` (any run of characters but ``/``), ``?`` (one character but ``/``), ``[...]``
  classes (``[!...]`` and ``[^...]`` negated, ranges), and ``**`` as a whole segment: a
  leading ``**/`` (any folder), a trailing ``/**`` (everything inside), ``/**/`` (zero or
  more folders); any other ``**`` is a ``*``.

The files read: ``.gitignore`` in every folder from the repository's root (the nearest
folder above with a ``.git``; without one, the searched folder) down, and the repository's
``.git/info/exclude``. Not read: ``core.excludesFile`` (a user's global ignores, which need
git's configuration) and ``.gitattributes``; a pattern that does not compile is skipped.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Pattern:
    """One line of an ignore file, read: its expression over a path relative to ``base``
    (``/``-separated), whether it re-includes, and whether it matches folders only."""

    base: str  # the folder whose ignore file holds it, absolute
    regex: re.Pattern[str]
    negated: bool
    folders_only: bool


def read_patterns(text: str, base: str) -> tuple[Pattern, ...]:
    """The patterns of an ignore file's text, ``base`` being the folder they apply to."""
    patterns = []
    for line in text.splitlines():
        pattern = _pattern(line, base)
        if pattern is not None:
            patterns.append(pattern)
    return tuple(patterns)


def glob_regex(pattern: str) -> re.Pattern[str]:
    """One glob read as a ``.gitignore`` line reads it (no ``!``, no trailing ``/``), as a
    regular expression matched whole against a ``/``-separated relative path: anchored where
    a ``/`` stands at its start or in its middle, else a name at any depth. ``re.error``
    for a pattern that does not compile."""
    anchored = "/" in pattern
    body = _translate(pattern.removeprefix("/"))
    return re.compile(body if anchored else f"(?:.*/)?{body}", re.DOTALL)


def _pattern(line: str, base: str) -> Pattern | None:
    if not line or line.startswith("#"):
        return None
    line = _strip_trailing_spaces(line)
    negated = line.startswith("!")
    if negated:
        line = line[1:]
    folders_only = line.endswith("/") and not line.endswith("\\/")
    line = line.rstrip("/") if folders_only else line
    if not line:
        return None
    try:  # (the trailing `/` is gone: one left is at the start or in the middle)
        regex = glob_regex(line)
    except re.error:
        return None
    return Pattern(base, regex, negated, folders_only)


def _strip_trailing_spaces(line: str) -> str:
    stripped = line.rstrip(" ")
    # An escaped space (`a\ `) stays: the backslash before the run of spaces keeps one.
    if stripped.endswith("\\") and len(stripped) < len(line) and not stripped.endswith("\\\\"):
        return stripped + " "
    return stripped


def _translate(pattern: str) -> str:
    """The regular expression (matched whole) of a pattern without its `!`, its leading and
    its trailing `/`."""
    segments = pattern.split("/")
    parts: list[str] = []
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment == "**":
            if last:
                parts.append(".*")  # `a/**`: everything inside (and `**` alone: everything)
            else:
                parts.append("(?:.*/)?")  # `**/`: zero or more folders
            continue
        parts.append(_segment(segment) + ("" if last else "/"))
    return "".join(parts)


def _segment(segment: str) -> str:
    """One path segment's glob as a regular expression (no `/` inside)."""
    out: list[str] = []
    index = 0
    while index < len(segment):
        char = segment[index]
        index += 1
        if char == "\\" and index < len(segment):
            out.append(re.escape(segment[index]))
            index += 1
        elif char == "*":
            while index < len(segment) and segment[index] == "*":
                index += 1  # `**` inside a segment is a `*`
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[":
            end = _class_end(segment, index)
            if end is None:
                out.append(re.escape(char))
                continue
            body = segment[index:end]
            index = end + 1
            negate = body[:1] in ("!", "^")
            body = body[1:] if negate else body
            body = body.replace("\\", "\\\\").replace("[", "\\[")
            # A class never matches the `/` between segments.
            out.append(f"[^/{body}]" if negate else f"(?!/)[{body}]")
        else:
            out.append(re.escape(char))
    return "".join(out)


def _class_end(segment: str, start: int) -> int | None:
    """The index of the `]` closing a class opened before ``start``, or None."""
    index = start
    if index < len(segment) and segment[index] in "!^":
        index += 1
    if index < len(segment) and segment[index] == "]":
        index += 1  # a `]` first in the class is a member
    while index < len(segment):
        if segment[index] == "]":
            return index
        index += 1
    return None


def ignored(path: str, is_folder: bool, patterns: Sequence[Pattern]) -> bool:
    """Whether the last of ``patterns`` (in the order read) that matches ``path`` ignores it."""
    absolute = os.path.abspath(path)
    verdict = False
    for pattern in patterns:
        if pattern.folders_only and not is_folder:
            continue
        relative = os.path.relpath(absolute, pattern.base)
        if relative.startswith(".."):
            continue
        if pattern.regex.fullmatch(Path(relative).as_posix()):
            verdict = not pattern.negated
    return verdict


def repository_root(folder: str) -> str | None:
    """The nearest folder at or above ``folder`` that holds a ``.git`` (folder or file)."""
    current = Path(os.path.abspath(folder))
    for candidate in (current, *current.parents):
        if os.path.lexists(candidate / ".git"):
            return str(candidate)
    return None


def read_file(path: str, base: str) -> tuple[Pattern, ...]:
    """The patterns of the ignore file ``path`` (none where it cannot be read)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return read_patterns(handle.read(), base)
    except OSError:
        return ()


def patterns_above(folder: str) -> tuple[Pattern, ...]:
    """The patterns that apply inside ``folder`` from the folders above it: the repository's
    ``.git/info/exclude``, and the ``.gitignore`` of each folder from the repository's root
    down to ``folder``'s parent (``folder``'s own is read by the search, as it enters it)."""
    folder = os.path.abspath(folder)
    root = repository_root(folder)
    if root is None:
        return ()
    found = list(read_file(os.path.join(root, ".git", "info", "exclude"), root))
    above: list[str] = []
    current = Path(folder)
    while str(current) != root:  # `root` is `folder` or one of its parents
        current = current.parent
        above.append(str(current))
    for name in reversed(above):
        found.extend(read_file(os.path.join(name, ".gitignore"), name))
    return tuple(found)
