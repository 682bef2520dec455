"""Native hook YAML (SPEC §3.1) to a ``Located`` tree, keeping every node's position.

PyYAML's composer gives the node graph with marks (libyaml's when available: a 1,000-hook
file composes in a fraction of the pure-Python time). Aliases are followed with a budget,
so a file whose anchors expand to millions of nodes is a diagnostic, not an exhausted
machine; duplicate keys, which YAML loaders silently collapse, are reported.
"""

from __future__ import annotations

import re

import yaml

from hookc.frontend.embedded import AlignedWhenAsked, OffsetMap
from hookc.frontend.located import Located
from hookc.runtime.limits import (
    MAX_NESTING,
    MAX_NODES,
    alias_growth,
    count_problem,
    too_deep_for_parser,
)
from hookc.runtime.yaml_merge import MERGE_TAG, MergeError, merged_pairs
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Something that may be an alias (`*name` where a value starts): only then can the document
# expand beyond its text, and only then is its expanded size counted before it is read.
# Compiled (and cached by `re`) for the first text with a `*`.
_ALIAS = r"(?m)(?:^|[\s\[\]{},:-])\*[^\s\[\]{},]"

_FEWER_VALUES = "split the file, or write lists of values as fewer, longer texts"

_SafeLoader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SCALAR, _MAPPING, _SEQUENCE = yaml.ScalarNode, yaml.MappingNode, yaml.SequenceNode


class _Loader(_SafeLoader):  # type: ignore[misc]
    """The safe loader, resolving each plain scalar's text to its tag once per document.

    The composer asks the resolver for every node, and the resolver tries its regular
    expressions on every plain scalar; a hook file repeats most of its texts (every hook's
    keys, its event, its action's type). Without path resolvers (the safe loader has none)
    the tag of a plain scalar depends on its text alone, and every other node's on its kind
    alone (the resolver's defaults), so the resolver's own answer is remembered, and the
    steps of the composer's path are not followed; with path resolvers, every node is asked
    as before.
    """

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._plain_tags: dict[str, str] = {}
        self._tag_of_kind: dict[type[yaml.Node], str] = {
            _SCALAR: self.DEFAULT_SCALAR_TAG,
            _SEQUENCE: self.DEFAULT_SEQUENCE_TAG,
            _MAPPING: self.DEFAULT_MAPPING_TAG,
        }
        if self.yaml_path_resolvers:
            self.resolve = super().resolve  # type: ignore[method-assign]
            self.descend_resolver = super().descend_resolver  # type: ignore[method-assign]
            self.ascend_resolver = super().ascend_resolver  # type: ignore[method-assign]

    # The composer tells the resolver of every step into and out of a collection, which
    # only path resolvers need.
    def descend_resolver(self, current_node: Any, current_index: Any) -> None:
        pass

    def ascend_resolver(self) -> None:
        pass

    def resolve(self, kind: type[yaml.Node], value: Any, implicit: Any) -> str:
        # The composer passes a scalar's text and whether it was plain; None and a flag
        # for a sequence or a mapping.
        if kind is _SCALAR and implicit[0]:
            found = self._plain_tags.get(value)
            if found is None:
                found = self._plain_tags[value] = super().resolve(kind, value, implicit)
            return found
        return self._tag_of_kind[kind]


# The loader every reader of a hook file's YAML uses (the comment finder too), so that they
# agree on what the text says.
LOADER = _Loader
# Timestamps and binary stay the text they were written as: hook values are JSON values.
_AS_TEXT = {"tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:binary"}
_STR = "tag:yaml.org,2002:str"


# The commonest typed scalars, read without the constructor (which costs three times as
# much): a decimal integer, a decimal fraction, a boolean, null, each as the safe
# constructor reads it (it also takes `1_000`, `0x1F`, `017` octal, `1:30`, `.inf`, which it
# still reads). tests/frontend/test_yaml.py holds the two together.
_PLAIN_SCALARS: dict[str, tuple[re.Pattern[str], Any]] = {
    "tag:yaml.org,2002:int": (re.compile(r"[-+]?(?:0|[1-9][0-9]*)"), int),
    "tag:yaml.org,2002:float": (re.compile(r"[-+]?[0-9]+\.[0-9]+"), float),
    "tag:yaml.org,2002:bool": (re.compile(r".+"), lambda text: _BOOLEANS[text.lower()]),
    "tag:yaml.org,2002:null": (re.compile(r".*"), lambda text: None),
}
_BOOLEANS: dict[str, bool] = yaml.constructor.SafeConstructor.bool_values


class _TooLarge(Exception):
    def __init__(self, node: yaml.Node, message: str, code: str) -> None:
        super().__init__(message)
        self.node, self.message, self.code = node, message, code


def load_yaml(source: Source) -> tuple[Located | None, list[Diagnostic]]:
    """The document as a ``Located`` tree (None for an empty file), or why it is not one."""
    counted = count_problem(source.text, _Loader)  # before a node is made
    if counted is not None:
        mark, message = counted
        at = _offset(source, mark)
        return None, [error("HK220", message, source, Span(at, at), _FEWER_VALUES)]
    try:
        root = yaml.compose(source.text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        at = _offset(source, mark)
        problem = exc.problem or exc.context or "invalid YAML"
        if too_deep_for_parser(exc.problem):
            message = f"the YAML nests more than {MAX_NESTING} levels deep"
            return None, [error("HK205", message, source, Span(at, at))]
        return None, [
            error(
                "HK202",
                f"YAML syntax error: {problem}",
                source,
                Span(at, at),
                _hint(problem, source.text[at : at + 1]),
            )
        ]
    except yaml.YAMLError as exc:
        return None, [error("HK202", f"YAML error: {exc}", source, Span(0, 0))]
    except RecursionError:
        return None, [
            error("HK202", "YAML nested too deeply to read", source, Span(0, len(source.text)))
        ]
    if root is None:
        return None, []
    if "*" in source.text and re.search(_ALIAS, source.text):  # the search reads every line
        too_large = _expansion_problem(root, source)
        if too_large is not None:
            return None, [too_large]
    converter = _Converter(source)
    try:
        return converter.convert(root, depth=0), converter.diagnostics
    except _TooLarge as exc:
        at = exc.node.start_mark.index
        return None, [*converter.diagnostics, error(exc.code, exc.message, source, Span(at, at))]


def _hint(problem: str, at: str) -> str | None:
    if at == "\t":
        return "YAML indents with spaces only; replace the tab"
    if "expected key" in problem or "block end" in problem or "not allowed here" in problem:
        return (
            "check this line's indentation against the lines above; a value holding "
            "`: ` or `#` needs quotes"
        )
    return None


def _expansion_problem(root: yaml.Node, source: Source) -> Diagnostic | None:
    """HK207 when aliases would expand the document past ``MAX_NODES``, found by counting
    each distinct node once (an anchor's size is reused wherever it is aliased), so a
    billion-laughs file is refused in milliseconds."""
    sizes: dict[int, int] = {}
    chars: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            chars[key] = (
                sum(chars[id(child)] for child in children)
                if children
                else (len(node.value) if isinstance(node.value, str) else 0)
            )
            continue
        if key in sizes:
            continue
        if key in on_path:  # an alias inside its own anchor
            at = node.start_mark.index
            return error(
                "HK207", "an alias refers to a value that contains it", source, Span(at, at)
            )
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in sizes)
    if sizes[id(root)] <= MAX_NODES:
        grown = alias_growth(root, sizes, chars)
        if grown is None:
            return None
        node, message = grown
        at = node.start_mark.index
        return error(
            "HK207",
            message,
            source,
            Span(at, max(at, node.end_mark.index)),
            "repeat less through anchors and aliases",
        )
    # The smallest value that is too large on its own: the anchor that multiplies.
    culprit = root
    while True:
        largest = max(_children(culprit), key=lambda child: sizes[id(child)], default=None)
        if largest is None or sizes[id(largest)] <= MAX_NODES:
            break
        culprit = largest
    at = culprit.start_mark.index
    return error(
        "HK207",
        f"this value expands to {sizes[id(culprit)]:,} nodes through aliases "
        f"(hookc reads at most {MAX_NODES:,})",
        source,
        Span(at, max(at, culprit.end_mark.index)),
        "repeat less through anchors and aliases",
    )


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def _offset(source: Source, mark: Any) -> int:
    if mark is None:
        return 0
    index = getattr(mark, "index", None)
    if isinstance(index, int):
        return min(index, len(source.text))
    line_start = sum(len(line) + 1 for line in source.text.split("\n")[: mark.line])
    return min(line_start + int(mark.column), len(source.text))


class _Placed(Located):
    """A mapping or a list read from YAML, whose key's place (``key_span``) is read off the
    key's node when asked: most never are (a hook's keys; a key is placed for a diagnostic).
    Its own span is made at once: a hook's, an action's and a condition's are read."""

    __slots__ = ("_key", "_node", "_text")
    # Where the value was written: its node, its key's node (if any), the file's text.
    _node: yaml.Node
    _key: yaml.Node | None
    _text: str

    # A value is made for every node of the file, and a frozen record's refusing
    # __setattr__ stands in front of every store (each then a call of the slot's setter
    # through a method wrapper): with object's own (both: they share the type's one slot)
    # a store is the interpreter's own. A value is still a frozen record to mypy, which
    # refuses an assignment to its fields anywhere but in ``__init__``; nothing changes one.
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def __init__(self, value: Any, node: yaml.Node, key: yaml.Node | None, text: str) -> None:
        self.value = value  # type: ignore[misc]
        self.span = _span_of(node)  # type: ignore[misc]
        self._node = node
        self._key = key
        self._text = text

    @property
    def key_span(self) -> Span | None:
        return None if self._key is None else _span_of(self._key)

    @property
    def offsets(self) -> OffsetMap | None:
        value = self.value
        if not isinstance(value, str):
            return None
        node = self._node
        start = node.start_mark.index
        return AlignedWhenAsked(self._text, start, max(start, node.end_mark.index), value)

    @property
    def text(self) -> bool:
        return False  # (a YAML scalar is typed by YAML)


class _PlacedScalar(_Placed):
    """A scalar read from YAML, whose places are all read off the composer's nodes when
    asked: ``span`` too (most scalars, a hook's id and event, an action's type, are never
    placed), and ``offsets``, a string's offset map, from its node's span and the text.
    Made at once, they were most of a file's objects (13 spans for a hook of four keys)."""

    __slots__ = ()

    def __init__(self, value: Any, node: yaml.Node, key: yaml.Node | None, text: str) -> None:
        self.value = value  # type: ignore[misc]
        self._node = node
        self._key = key
        self._text = text

    @property
    def span(self) -> Span:
        return _span_of(self._node)


def _span_of(node: yaml.Node) -> Span:
    start = node.start_mark.index
    end = node.end_mark.index
    return Span(start, end if end > start else start)


class _Converter:
    """yaml nodes to ``Located`` values, every node counted against ``MAX_NODES`` (aliases
    make one node many) and ``MAX_NESTING``.

    Written for speed: it runs for every value of the file (7,000 for 1,000 hooks), so the
    common cases take the short way and the rest are asked of the general code (the
    constructor for typed scalars, ``align`` for strings not written verbatim).
    """

    def __init__(self, source: Source) -> None:
        self.source = source
        self.text = source.text
        self.nodes = 0
        self.diagnostics: list[Diagnostic] = []
        self.constructor = _Loader("")

    def convert(self, node: yaml.Node, depth: int, key: yaml.Node | None = None) -> Located:
        """``node`` as a ``Located``; ``key`` is the node of its key, if any."""
        self.nodes += 1
        if self.nodes > MAX_NODES:  # (only through aliases: count_problem counted the rest)
            raise _TooLarge(
                node,
                f"the YAML expands to more than {MAX_NODES:,} nodes (through aliases)",
                "HK207",
            )
        if depth > MAX_NESTING:
            raise _TooLarge(node, f"the YAML nests more than {MAX_NESTING} levels deep", "HK205")
        kind = type(node)
        if kind is _SCALAR:
            tag = node.tag
            if tag == _STR or tag in _AS_TEXT:  # most scalars: no constructor needed
                return _PlacedScalar(str(node.value), node, key, self.text)
            return self.typed_scalar(node, key)
        if kind is _MAPPING:
            entries: dict[str, Located] = {}
            text = self.text
            inline = depth < MAX_NESTING  # (where ``convert`` would take a child)
            pairs = node.value
            written: set[str] = set()  # the keys the mapping itself writes
            merged: frozenset[int] = frozenset()
            if any(key_node.tag == MERGE_TAG for key_node, _ in pairs):
                assert isinstance(node, yaml.MappingNode)
                pairs, merged = self.merged(node, depth)
            for key_node, value_node in pairs:
                if type(key_node) is not _SCALAR:
                    self.diagnostics.append(
                        error(
                            "HK205", "a key must be a plain string", self.source, _span_of(key_node)
                        )
                    )
                    continue
                name = key_node.value
                # A key merged in (`<<: *base`) is overridden by the mapping's own, as
                # YAML's merge key says: a duplicate only where the mapping writes it twice.
                if name in entries and id(key_node) not in merged and name in written:
                    self.diagnostics.append(
                        error(
                            "HK205",
                            f"duplicate key `{name}`: YAML keeps only the last one",
                            self.source,
                            _span_of(key_node),
                            "remove one of them",
                        )
                    )
                if inline and type(value_node) is _SCALAR and self.nodes < MAX_NODES:
                    # Most values are scalars: made here as ``convert`` makes them, without
                    # a call for each (a scalar's value is its text).
                    self.nodes += 1
                    if value_node.tag == _STR:
                        entries[name] = _PlacedScalar(value_node.value, value_node, key_node, text)
                    else:
                        entries[name] = self.typed_scalar(value_node, key_node)
                else:
                    entries[name] = self.convert(value_node, depth + 1, key_node)
                if id(key_node) not in merged:
                    written.add(name)
            return _Placed(entries, node, key, text)
        if kind is _SEQUENCE:
            items = [self.convert(item, depth + 1) for item in node.value]
            return _Placed(items, node, key, self.text)
        return self.typed_scalar(node, key)

    def merged(self, node: yaml.MappingNode, depth: int) -> tuple[list[Any], frozenset[int]]:
        """A mapping's entries with its merge keys (``<<: *base``, ``<<: [*a, *b]``) made
        into the entries they bring, as ``hookc.runtime`` reads them
        (``hookc.runtime.yaml_merge``: YAML's rule, the mapping's own keys last, and winning).
        Also the ids of the key nodes that came from a merge. A merge of anything but
        mappings is reported, and its merges skipped."""
        try:
            brought, own = merged_pairs(node, depth)
        except MergeError as exc:
            if exc.message.startswith("the YAML nests"):
                raise _TooLarge(exc.node, exc.message, "HK205") from None
            self.diagnostics.append(error("HK205", exc.message, self.source, _span_of(exc.node)))
            brought, own = [], [pair for pair in node.value if pair[0].tag != MERGE_TAG]
        return [*brought, *own], frozenset(id(key_node) for key_node, _ in brought)

    def typed_scalar(self, node: yaml.Node, key: yaml.Node | None) -> Located:
        """A scalar the constructor reads (an int, a bool, null...), or that is a string
        after all (a scalar of another tag)."""
        tag = node.tag
        if tag == _STR or tag in _AS_TEXT:
            value: Any = str(node.value)
        elif (plain := _PLAIN_SCALARS.get(tag)) is not None and plain[0].fullmatch(node.value):
            value = plain[1](node.value)
        else:
            try:
                value = self.constructor.construct_object(node, deep=True)
            except yaml.constructor.ConstructorError as exc:
                self.diagnostics.append(
                    error(
                        "HK205",
                        f"unsupported YAML value: {exc.problem}",
                        self.source,
                        _span_of(node),
                    )
                )
                value = str(node.value)
        return _PlacedScalar(value, node, key, self.text)
