"""``hookc check --fix``: the findings' fixes applied to the text of their files.

A fix (``hookc.source.diagnostics.Fix``) is edits inside its finding's span; everything else of
the file stays byte for byte: comments, key order, indentation, line endings (``\\r\\n``
too: the text is read and written without translating them) and a UTF-8 byte order mark
(read off and put back). Fixes are applied in rounds, as ruff applies them: each round
checks the text as it is now, applies every wanted fix whose edits do not overlap an
earlier one's, and checks again; a fix left out for an overlap gets its turn in the next
round. A round that would add an error (two keys of one name after renaming an event, say)
is not taken whole: its fixes are tried one at a time, and one that adds an error alone is
not applied at all.

Only findings that are reported are fixed: a rule ignored (``--ignore``, per-file or
per-hook ignores, an inline suppression) keeps its findings and their fixes out.
Unsafe fixes are applied only when asked (``--unsafe-fixes``).
"""

from __future__ import annotations

import codecs
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from hookc.check.select import Selection
from hookc.frontend.files import decode_source, read_bytes
from hookc.hosts.profile import Profile
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, Fix, Severity

# Rounds of fixing before giving up on a file: ruff's limit. A fix never undoes another,
# so a real file settles in one or two; the limit only stops a loop if one ever did.
MAX_ROUNDS = 100


@dataclass(frozen=True, slots=True)
class Fixed:
    """One file: its text as read and as fixed (both with the byte order mark it had), the
    bytes read from disk (None: standard input) and how many fixes were applied."""

    path: str
    original: str
    fixed: str
    read: bytes | None
    applied: int

    @property
    def changed(self) -> bool:
        return self.fixed != self.original


def apply_edits(text: str, fixes: Iterable[Fix]) -> tuple[str, int]:
    """``text`` with each fix's edits made, a fix whose edits overlap an earlier one's (by
    position) left out; and the number of fixes made."""
    chosen: list[Fix] = []
    taken: list[tuple[int, int]] = []
    for fix in sorted(fixes, key=lambda f: min(e.span.start for e in f.edits)):
        spans = [(e.span.start, e.span.end) for e in fix.edits]
        if any(s < end and start < e for s, e in spans for start, end in taken):
            continue
        if any(s == e == start == end for s, e in spans for start, end in taken):
            continue  # two insertions at one place: their order would be a guess
        chosen.append(fix)
        taken.extend(spans)
    edits = sorted((e for f in chosen for e in f.edits), key=lambda e: e.span.start)
    parts = []
    at = 0
    for edit in edits:
        parts.append(text[at : edit.span.start])
        parts.append(edit.text)
        at = edit.span.end
    parts.append(text[at:])
    return "".join(parts), len(chosen)


def wanted(diagnostic: Diagnostic, unsafe: bool) -> bool:
    fix = diagnostic.fix
    return fix is not None and (fix.safety == "safe" or unsafe)


def fix_files(
    paths: Sequence[str],
    profile: Profile | None = None,
    selection: Selection | None = None,
    given: Mapping[str, str] | None = None,
    unsafe: bool = False,
) -> list[Fixed]:
    """Each file that can be read, with the fixes of its reported findings applied (not
    written: ``write_fixed`` does that)."""
    found = []
    for path in paths:
        text = (given or {}).get(path)
        data: bytes | None = None
        if text is None:
            data, _ = read_bytes(path)
            source = decode_source(path, data)[0] if data is not None else None
            if source is None:
                continue  # its finding says why; nothing to fix
            bom = "\ufeff" if data is not None and data.startswith(codecs.BOM_UTF8) else ""
        else:
            bom = "\ufeff" if text.startswith("\ufeff") else ""
            source = Source(path, text.removeprefix(bom), bom=bool(bom))
        fixed, applied = fix_source(source, profile, selection, unsafe)
        found.append(Fixed(path, bom + source.text, bom + fixed.text, data, applied))
    return found


def fix_source(
    source: Source,
    profile: Profile | None = None,
    selection: Selection | None = None,
    unsafe: bool = False,
) -> tuple[Source, int]:
    """The source with its findings' fixes applied, round by round, and how many."""
    total = 0
    findings = _findings(source, profile, selection)
    for _ in range(MAX_ROUNDS):
        fixes = [d.fix for d in findings if d.fix is not None and wanted(d, unsafe)]
        if not fixes:
            break
        errors = _errors(findings)
        text, applied = apply_edits(source.text, fixes)
        candidate = _with_text(source, text)
        after = _findings(candidate, profile, selection)
        if _errors(after) > errors:
            # Some fix adds an error: take the first that does not, alone.
            for fix in fixes:
                text, applied = apply_edits(source.text, [fix])
                candidate = _with_text(source, text)
                after = _findings(candidate, profile, selection)
                if _errors(after) <= errors:
                    break
            else:
                break
        if candidate.text == source.text:
            break
        source, findings = candidate, after
        total += applied
    return source, total


def _with_text(source: Source, text: str) -> Source:
    return Source(source.name, text, bom=source.bom)


def _findings(
    source: Source, profile: Profile | None, selection: Selection | None
) -> tuple[Diagnostic, ...]:
    from hookc.check.driver import check_inputs

    checked = check_inputs([source.name], profile, selection, {source.name: source})
    return checked.reports[0].diagnostics


def _errors(findings: Iterable[Diagnostic]) -> int:
    return sum(1 for d in findings if d.severity is Severity.ERROR)


def write_fixed(fixed: Fixed) -> None:
    """Replace the file with its fixed text through ``hookc fmt``'s atomic writer: only if
    it still holds the bytes read (``ChangedMeanwhile`` if not), its permissions kept."""
    import os
    import stat
    from pathlib import Path

    from hookc.backend.driver import write_atomically

    target = Path(os.path.realpath(fixed.path))
    mode = stat.S_IMODE(os.stat(target).st_mode)
    write_atomically(target, fixed.fixed, mode, expected=fixed.read)


def unified_diff(fixed: Fixed) -> str:
    """What ``--fix`` would change in the file, as a unified diff."""
    import difflib

    return "".join(
        difflib.unified_diff(
            fixed.original.splitlines(keepends=True),
            fixed.fixed.splitlines(keepends=True),
            f"{fixed.path}\t(original)",
            f"{fixed.path}\t(fixed)",
        )
    )
