"""``hookc fmt``: rewrite YAML hook files in canonical form (``hookc.backend.canonical``),
never losing what a person wrote.

What canonical YAML cannot hold is refused, not dropped: a comment anywhere but above the
first line of content (those are kept as they are), or a file hookc cannot read. The file's
own sections besides its hooks (``action_types``, ``event_context_schema``, the seed's
documentation sections) are kept as data. Before a file is replaced, its new text is read
back and must give the same hooks; the replacement is atomic.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from hookc.backend.canonical import canonical_yaml
from hookc.backend.driver import write_atomically
from hookc.diagnostics import Diagnostic, error, has_error
from hookc.frontend.files import read_source
from hookc.frontend.formats import detect
from hookc.frontend.load import load_source
from hookc.frontend.rye import is_rye_document
from hookc.profile import Profile
from hookc.source import Source, Span

YAML_SUFFIXES = (".yaml", ".yml")


@dataclass(frozen=True)
class Formatted:
    """One file: its canonical text (None when it cannot be given) and why not."""

    path: str
    text: str | None
    canonical: str | None
    diagnostics: tuple[Diagnostic, ...] = ()

    @property
    def changed(self) -> bool:
        return self.canonical is not None and self.canonical != self.text


def _foreign_format(source: Source) -> str | None:
    """The name of the other tool whose file this is, or None for hookc's own YAML. Rye's
    format is told by a glance at the text; the document decides (``is_rye_document``)."""
    theirs = detect(source.name, source.text)
    if theirs is None or theirs.name == "native":
        return None
    if theirs.name == "rye":
        try:
            document = yaml.safe_load(source.text)
        except yaml.YAMLError:
            return None  # the load reports it
        return "rye" if is_rye_document(source.text, document) else None
    return theirs.name


def format_file(path: str, profile: Profile | None) -> Formatted:
    source, found = read_source(path)
    if source is None:
        return Formatted(path, None, None, tuple(found))
    if not path.endswith(YAML_SUFFIXES):
        return Formatted(
            path,
            source.text,
            None,
            (
                error(
                    "HK601",
                    "hookc fmt rewrites YAML hook files only",
                    source,
                    Span(0, 0),
                    "`hookc compile --target yaml` writes the canonical YAML of this file",
                ),
            ),
        )
    theirs = _foreign_format(source)
    if theirs is not None:
        # Another tool's file (Rye's own format, say): that tool reads it as written.
        refusal = error(
            "HK601",
            f"hookc fmt rewrites hookc's own hook YAML, not a {theirs} file",
            source,
            Span(0, 0),
            "`hookc compile --target yaml` writes the canonical YAML of this file",
        )
        return Formatted(path, source.text, None, (refusal,))
    loaded = load_source(source, profile)
    if loaded.has_errors or loaded.hookset is None:
        return Formatted(path, source.text, None, loaded.diagnostics)
    leading, comment = _comments(source)
    if comment is not None:
        line = source.position(comment)[0]
        refusal = error(
            "HK602",
            f"not rewritten: canonical YAML cannot keep the comment on line {line}",
            source,
            Span(comment, comment + 1),
            "move it into the hook's `description`, or above the file's first line, where "
            "fmt keeps comments",
        )
        return Formatted(path, source.text, None, (refusal,))
    canonical = leading + canonical_yaml(loaded.hookset, loaded.sections)
    # The new text must read back to the same hooks: nothing a person wrote may be lost.
    again = load_source(Source(path, canonical), profile)
    if again.hookset != loaded.hookset or has_error(again.diagnostics):
        raise AssertionError(f"{path}: canonical form did not read back to the same hooks")
    return Formatted(path, source.text, canonical, ())


def write(formatted: Formatted) -> None:
    """Replace the file with its canonical text (``OutputError`` if it cannot be written)."""
    assert formatted.canonical is not None
    write_atomically(Path(formatted.path), formatted.canonical)


def _comments(source: Source) -> tuple[str, int | None]:
    """The comment lines above the first line of content (kept), and the offset of the
    first comment anywhere else (None if there is none)."""
    text = source.text
    scalars: list[tuple[int, int]] = []
    first_token: int | None = None
    for token in yaml.scan(text, Loader=yaml.SafeLoader):
        if isinstance(token, yaml.StreamStartToken | yaml.StreamEndToken):
            continue
        if first_token is None:
            first_token = token.start_mark.index
        if isinstance(token, yaml.ScalarToken):
            scalars.append((token.start_mark.index, token.end_mark.index))
    start = first_token if first_token is not None else len(text)
    line_start = text.rfind("\n", 0, start) + 1
    leading = text[:line_start]
    inside = iter(sorted(scalars))
    current = next(inside, None)
    position = line_start
    while (position := text.find("#", position)) != -1:
        while current is not None and current[1] <= position:
            current = next(inside, None)
        in_scalar = current is not None and current[0] <= position < current[1]
        if not in_scalar and (position == 0 or text[position - 1] in " \t\n\r"):
            return leading, position
        position += 1
    return leading, None
