"""``hookc fmt``: lay YAML hook files out one way, keeping everything their author wrote.

fmt changes the layout, never the content: keys in a fixed order (a hook's `id`, `event`,
`priority`, `enabled`, `description`, `when`/`condition`, `action`; an action's `type`
first; a leaf's `path`, `op`, `value`), two spaces an indentation level with list items
indented under their key, comments at the indentation of what they precede, two spaces
before an end-of-line comment, at most one blank line in a row. A `when:` text stays text,
quotes stay as written, no default or derived id is written in.

The file is read with ruamel.yaml's round-trip loader, which keeps scalars as written; its
comments are found with the same scanner that loads hook files, each tied to the key or list
item it belongs to (an end-of-line comment to what ends on its line, a comment line to what
follows it), and put back beside that key or item wherever the layout moves it. Before the
file is replaced, the new text is read back: it must give the same hooks and the same other
sections, and hold every comment; if not, the file is left as it is and fmt says why (HK602).
"""

from __future__ import annotations

import bisect
import codecs
import io
import os
import re
import secrets
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from hookc.frontend.comments import Comment, comments_between_scalars, scalar_spans
from hookc.frontend.files import decode_source, read_bytes
from hookc.frontend.load import load_source
from hookc.frontend.yaml_file import LOADER
from hookc.hosts.profile import Profile
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error

YAML_SUFFIXES = (".yaml", ".yml")

# Key orders; keys not named keep their order after the named ones.
_ROOT_ORDER = (
    "schema_version",
    "profile",
    "ordering",
    "hooks",
    "builtin_hooks",
    "action_types",
    "event_context_schema",
    "operators",
    "combinators",
    "return_schema",
)
_HOOK_ORDER = ("id", "event", "priority", "enabled", "description", "when", "condition", "action")
_LEAF_ORDER = ("path", "op", "value", "where")
_CONDITION_KEYS = frozenset(("all", "any", "not", "when", *_LEAF_ORDER))

Path_ = tuple[str | int, ...]


@dataclass(frozen=True, slots=True)
class Formatted:
    """One file: its formatted text (None when it cannot be given) and why not. A file fmt
    does not lay out (another format's, directive XML) is left as it is: its ``canonical``
    is its ``text``, and ``note`` says why."""

    path: str
    text: str | None
    canonical: str | None
    diagnostics: tuple[Diagnostic, ...] = ()
    note: str | None = None
    read: bytes | None = None  # the bytes read from disk: ``write`` replaces only those

    @property
    def changed(self) -> bool:
        return self.canonical is not None and self.canonical != self.text


def format_file(path: str, profile: Profile | None, text: str | None = None) -> Formatted:
    """``path`` formatted (``text``: its content when it is not read from disk). Without a
    profile, the file is read with the one it declares, as ``hookc check`` reads it.

    The layout is made with ``\\n`` line breaks and no byte order mark; the file's own are
    put back (``\\r\\n`` throughout where its first line ends so, and its BOM), so that a
    Windows file is not rewritten, nor failed by ``--check``, for its line endings alone."""
    if text is None:
        data, found = read_bytes(path)
        source, found = decode_source(path, data) if data is not None else (None, found)
        if source is None:
            return Formatted(path, None, None, tuple(found))
        bom = "\ufeff" if data is not None and data.startswith(codecs.BOM_UTF8) else ""
    else:
        data = None  # standard input: nothing on disk to replace
        bom = "\ufeff" if text.startswith("\ufeff") else ""
        source = Source(path, text.removeprefix(bom))
    original = bom + source.text
    kind = _kind(source, profile)
    if kind is not None:
        # Not an error: pre-commit's hookc-fmt meets every Rye hook_conditions.yaml, and
        # fmt's layout (or canonical YAML) would not be that runtime's file any more.
        note = f"left as it is: hookc fmt lays out native YAML hook files only, not {kind} (HK601)"
        return Formatted(path, original, original, (), note)
    loaded = load_source(source, profile)
    if loaded.has_errors or loaded.hookset is None:
        return Formatted(path, original, None, loaded.diagnostics)
    crlf = _ends_lines_with_crlf(source.text)
    unix = source.text.replace("\r\n", "\n")
    formatted, problem = format_text(unix)
    if formatted is None:
        assert problem is not None
        at = problem[1]
        return _refused(
            source,
            "HK602",
            f"not rewritten: {problem[0]}",
            Span(_in_original(source.text, at.start), _in_original(source.text, at.end)),
            "fmt leaves a file it cannot rewrite faithfully as it is",
        )
    again = load_source(Source(path, formatted), profile)
    if (
        has_error(again.diagnostics)
        or again.hookset != loaded.hookset
        or again.sections != loaded.sections
    ):
        return _refused(
            source,
            "HK602",
            "not rewritten: the laid-out text would not read back to the same hooks",
            Span(0, 0),
            "please report this file to hookc",
        )
    laid_out = bom + (formatted.replace("\n", "\r\n") if crlf else formatted)
    return Formatted(path, original, laid_out, read=data)


def _ends_lines_with_crlf(text: str) -> bool:
    """Whether the text's first line break is ``\\r\\n`` (the file's style: a file of mixed
    endings is written with its first one throughout)."""
    first = text.find("\n")
    return first > 0 and text[first - 1] == "\r"


def _in_original(text: str, at: int) -> int:
    """The offset in ``text`` of offset ``at`` in ``text`` with its ``\\r\\n`` made ``\\n``."""
    index = shift = 0
    while (found := text.find("\r\n", index)) != -1 and found - shift < at:
        shift += 1
        index = found + 2
    return at + shift


def _kind(source: Source, profile: Profile | None) -> str | None:
    """None for a file read as native hook YAML (the format fmt's layout is made for), else
    what it is, in words."""
    from hookc.hosts import detect, for_profile

    found = for_profile(profile.name) if profile is not None else detect(source.name, source.text)
    if found is None:
        return "a file of no kind hookc reads"
    if found.name != "native":
        return f"a {found.name} file"
    if not source.name.lower().endswith(YAML_SUFFIXES):
        return "directive XML or Markdown"
    return None


def _refused(source: Source, code: str, message: str, span: Span, hint: str) -> Formatted:
    return Formatted(source.name, source.text, None, (error(code, message, source, span, hint),))


def write(formatted: Formatted) -> None:
    """Replace the file with its formatted text, atomically, keeping its permissions; a
    symbolic link stays a link and the file it points to is rewritten
    (``OutputError`` if it cannot be written). Only if the file still holds the bytes
    ``format_file`` read (``ChangedMeanwhile`` if not): an edit saved while fmt ran is kept."""
    from hookc.backend.driver import write_atomically

    assert formatted.canonical is not None
    target = Path(os.path.realpath(formatted.path))
    mode = stat.S_IMODE(os.stat(target).st_mode)
    write_atomically(target, formatted.canonical, mode, expected=formatted.read)


# -- laying out -------------------------------------------------------------------------------


def format_text(text: str) -> tuple[str | None, tuple[str, Span] | None]:
    """``text`` laid out, or None and (what went wrong, where)."""
    from ruamel.yaml.error import YAMLError as RuamelError

    scalars = scalar_spans(text)
    if scalars is None:
        return None, ("the file does not scan as YAML", Span(0, 0))
    comments = comments_between_scalars(text, scalars)
    stripped = _without_comments(text, comments)
    kept: list[_Verbatim] = []
    token = "hookcverbatim" + secrets.token_hex(4)
    while token in text:  # a placeholder must not occur in the text it stands in
        token = "hookcverbatim" + secrets.token_hex(4)
    reader = _ruamel(stripped, kept, token)
    try:
        document = reader.load(stripped)
    except (RuamelError, ValueError) as exc:
        # libyaml, which reads hook files, accepts a little more than ruamel.yaml's scanner
        # (a tab before `:`, say): the file is valid, but fmt cannot rewrite it.
        mark = getattr(exc, "problem_mark", None)
        at = min(getattr(mark, "index", 0) or 0, len(text))
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        return None, (
            f"ruamel.yaml, which fmt writes with, cannot read this line as hookc does: {problem}",
            Span(at, at),
        )
    _clear_comments(document)
    _reorder(document, ())
    out = io.StringIO()
    reader.dump(document, out)
    laid_out = _restore(out.getvalue(), token, kept)
    before = _places(stripped)
    after = _places(laid_out)
    if before is None or after is None:
        return None, ("the laid-out text does not read back", Span(0, 0))
    result = _with_comments(text, scalars, comments, before, after, laid_out)
    if sorted(
        c.text.rstrip() for c in comments_between_scalars(result, scalar_spans(result) or [])
    ) != sorted(c.text.rstrip() for c in comments):
        lost = comments[0].span if comments else Span(0, 0)
        return None, ("fmt could not keep every comment in its place", lost)
    return result, None


class _Verbatim(str):
    """A scalar kept as the text its author wrote (its quotes, escapes and digits), equal to
    its value as text so that keys still sort by name. ruamel.yaml would respell some of
    them (an escape, a double's digits, `yes`, which it reads as YAML 1.2 where hook files
    are read as YAML 1.1); it writes a placeholder instead, replaced by the text after.
    The text includes the scalar's anchor and tag, if it has them."""

    text: str
    number: int


_ANCHOR = re.compile(r"&(\S+)")


def _restore(laid_out: str, token: str, kept: list[_Verbatim]) -> str:
    """The placeholders replaced by the scalars' own text. A scalar that is written again
    where the source had an alias of it is written as that alias (`*name`)."""
    seen: set[int] = set()

    def text(match: re.Match[str]) -> str:
        number = int(match.group(1))
        value = kept[number]
        if number in seen and (anchor := _ANCHOR.match(value.text)):
            return f"*{anchor.group(1)}"
        seen.add(number)
        return value.text

    return re.sub(f"{token}(\\d+)z", text, laid_out)


def _ruamel(source: str, kept: list[_Verbatim], token: str) -> Any:
    from ruamel.yaml import YAML
    from ruamel.yaml.constructor import RoundTripConstructor
    from ruamel.yaml.representer import RoundTripRepresenter

    class Constructor(RoundTripConstructor):
        pass

    class Representer(RoundTripRepresenter):
        pass

    def verbatim(constructor: Any, node: Any) -> Any:
        if node.style in ("|", ">"):  # block scalars: ruamel keeps them as written
            return RoundTripConstructor.construct_yaml_str(constructor, node)
        value = _Verbatim(node.value)
        value.text = source[node.start_mark.index : node.end_mark.index]
        value.number = len(kept)
        kept.append(value)
        return value

    for kind in ("str", "int", "float", "bool", "null", "timestamp"):
        Constructor.add_constructor(f"tag:yaml.org,2002:{kind}", verbatim)
    Representer.add_representer(
        _Verbatim,
        lambda representer, value: representer.represent_scalar(
            "tag:yaml.org,2002:str", f"{token}{value.number}z"
        ),
    )
    reader = YAML()  # round trip: quotes, block scalars, anchors and flow style kept
    reader.Constructor = Constructor
    reader.Representer = Representer
    reader.preserve_quotes = True
    reader.indent(mapping=2, sequence=4, offset=2)
    reader.width = 4096  # never fold a long line: the text is the author's
    return reader


def _without_comments(text: str, comments: list[Comment]) -> str:
    """``text`` with every comment blanked out, lines kept where they were."""
    pieces, position = [], 0
    for comment in comments:
        start = comment.span.start
        while start > position and text[start - 1] in " \t\ufeff":
            start -= 1
        pieces.append(text[position:start])
        position = comment.span.end
    pieces.append(text[position:])
    return "".join(pieces)


def _clear_comments(node: Any) -> None:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(node, CommentedMap | CommentedSeq):
        node.ca.comment = None
        node.ca.items.clear()
        node.ca.end = None
        for child in node.values() if isinstance(node, CommentedMap) else node:
            _clear_comments(child)


def _reorder(node: Any, path: Path_) -> None:
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(node, CommentedSeq):
        for index, item in enumerate(node):
            _reorder(item, (*path, index))
        return
    if not isinstance(node, CommentedMap):
        return
    order = _order_for(node, path)
    for key in [k for k in order if k in node] + [k for k in list(node) if k not in order]:
        node.move_to_end(key)
    if len(path) >= 1 and path[0] in _ROOT_ORDER[5:]:
        return  # a catalog or schema: data, laid out but not reordered inside
    for key, value in node.items():
        _reorder(value, (*path, key))


def _order_for(node: Any, path: Path_) -> tuple[str, ...]:
    if not path:
        # `x-` keys hold the anchors that hooks merge in or alias: they stay first, before
        # what uses them (moved after it, the anchor would move to its first use).
        return (
            *(key for key in node if isinstance(key, str) and key.startswith("x-")),
            *_ROOT_ORDER,
        )
    if len(path) == 2 and path[0] in ("hooks", "builtin_hooks"):
        return _HOOK_ORDER
    if len(path) == 3 and path[2] == "action":
        return ("type",)
    if "condition" in path and set(node) <= _CONDITION_KEYS:
        return _LEAF_ORDER
    return ()


# -- where each key and item is ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Place:
    start: tuple[int, int]  # (line, column), 0-based, of the key or the item
    end_line: int  # the line its value ends on (a scalar's or flow collection's last line)
    inline_end: bool  # the value is a scalar or a flow collection


def _places(text: str) -> dict[Path_, _Place] | None:
    """Where each mapping entry and list item of a YAML text is, by its path."""
    try:
        root = yaml.compose(text, Loader=LOADER)
    except yaml.YAMLError:
        return None
    places: dict[Path_, _Place] = {}
    if root is not None:
        places[()] = _place(root, root)
        _walk(root, (), places)
    return places


def _place(start: yaml.Node, value: yaml.Node) -> _Place:
    inline = not isinstance(value, yaml.CollectionNode) or bool(value.flow_style)
    end = value.end_mark
    end_line = end.line if inline else start.start_mark.line
    return _Place((start.start_mark.line, start.start_mark.column), end_line, inline)


def _walk(node: yaml.Node, path: Path_, places: dict[Path_, _Place]) -> None:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = (*path, str(key.value))
            places[child] = _place(key, value)
            _walk(value, child, places)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            child = (*path, index)
            places[child] = _place(item, item)
            _walk(item, child, places)


def _with_comments(
    text: str,
    scalars: list[tuple[int, int]],
    comments: list[Comment],
    before: dict[Path_, _Place],
    after: dict[Path_, _Place],
    laid_out: str,
) -> str:
    """``laid_out`` with the comments (and single blank lines) of ``text`` put back beside
    the keys and items they belong to."""
    source = Source("", text)
    lines = laid_out.splitlines()
    above: dict[int, list[str]] = {}
    trailing: dict[int, list[str]] = {}
    at_end: list[str] = []
    anchors = _Anchors(before)
    for group_start, group in _gaps(source, scalars, comments):
        anchor = anchors.first_from(group_start)
        target = after.get(anchor) if anchor is not None else None
        if target is None:
            at_end.extend(group)
            continue
        above.setdefault(target.start[0], []).extend(group)
    for comment in comments:
        line = source.position(comment.span.start)[0] - 1
        if _alone_on_its_line(source, comment):
            continue  # a comment line: placed with its gap
        anchor = anchors.at_end_of(line)
        target = after.get(anchor) if anchor is not None else None
        out_line = target.end_line if target is not None and target.inline_end else None
        if target is not None and out_line is None:
            out_line = target.start[0]
        trailing.setdefault(out_line if out_line is not None else len(lines) - 1, []).append(
            "#" + comment.text
        )
    result: list[str] = []
    for number, row in enumerate(lines):
        if number in above:
            indent = len(row) - len(row.lstrip(" "))
            result.extend(_indented(above[number], indent, first=not result))
        extra = trailing.get(number)
        result.append(row.rstrip(" \t") + ("  " + "  ".join(extra) if extra else ""))
    result.extend(_indented(at_end, 0, first=False))
    while result and result[-1] == "":
        result.pop()
    return "\n".join(result) + "\n"


def _indented(group: list[str], indent: int, first: bool) -> Iterator[str]:
    """A gap's lines: comments at ``indent``, runs of blank lines made one (none at the top
    of the file)."""
    previous_blank = first
    for entry in group:
        if entry == "":
            if not previous_blank:
                yield ""
            previous_blank = True
        else:
            yield " " * indent + entry
            previous_blank = False


def _gaps(
    source: Source, scalars: list[tuple[int, int]], comments: list[Comment]
) -> Iterator[tuple[int, list[str]]]:
    """Runs of blank and comment-only lines outside scalars: (the 0-based line after the
    run, the run's lines: "" for a blank one, the comment with its `#` otherwise)."""
    comment_at = {source.position(c.span.start)[0] - 1: c for c in comments}
    in_scalar: set[int] = set()
    for start, end in scalars:
        first, last = source.position(start)[0] - 1, source.position(end)[0] - 1
        in_scalar.update(range(first + 1, last + (1 if end > start else 0)))
    run: list[str] = []
    total = len(source.text.splitlines())
    for number in range(total):
        line = source.line_text(number + 1)
        comment = comment_at.get(number)
        if number in in_scalar:
            pass
        elif line.strip(" \t\r") == "":
            run.append("")
            continue
        elif comment is not None and _alone_on_its_line(source, comment):
            run.append("#" + comment.text.rstrip())
            continue
        if run:
            yield number, run
            run = []
    if run:
        yield total, run


def _alone_on_its_line(source: Source, comment: Comment) -> bool:
    line, column = source.position(comment.span.start)
    return source.line_text(line)[: column - 1].strip(" \t\ufeff") == ""


class _Anchors:
    """What a comment belongs to, looked up by line (each lookup a dict access or a binary
    search, so a file of thousands of commented hooks is laid out in linear time)."""

    def __init__(self, places: dict[Path_, _Place]) -> None:
        entries = sorted((place.start, path) for path, place in places.items() if path)
        self.starts = [start for start, _ in entries]
        self.paths = [path for _, path in entries]
        self.ending: dict[int, Path_] = {}
        self.starting: dict[int, Path_] = {}
        for path, place in places.items():
            if not path:
                continue
            if place.inline_end:
                _deepest(self.ending, place.end_line, path)
            _deepest(self.starting, place.start[0], path)

    def first_from(self, line: int) -> Path_ | None:
        """The first entry starting on ``line`` or after it: what a comment line precedes."""
        index = bisect.bisect_left(self.starts, (line, -1))
        return self.paths[index] if index < len(self.paths) else None

    def at_end_of(self, line: int) -> Path_ | None:
        """The entry an end-of-line comment on ``line`` belongs to: the deepest one whose
        value ends on that line, else the deepest that starts on it, else the last before."""
        if line in self.ending:
            return self.ending[line]
        if line in self.starting:
            return self.starting[line]
        index = bisect.bisect_left(self.starts, (line, -1))
        return self.paths[index - 1] if index else None


def _deepest(table: dict[int, Path_], line: int, path: Path_) -> None:
    if line not in table or len(path) > len(table[line]):
        table[line] = path
