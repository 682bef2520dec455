"""The bounds on what hookc reads, shared by the front end and ``hookc.runtime.load``: a
hostile file is a diagnostic (or a ``LoadError``) in bounded time and memory, never an
exhausted machine or a Python exception. Standard library and pyyaml's node classes only.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

import yaml

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_NODES = 1_000_000  # YAML nodes after alias expansion
# What aliases may add to what a file writes: values, and characters of text (a file's own
# are bounded by its size; an alias repeats a value wherever it is used).
MAX_ALIASED_NODES = 100_000
MAX_ALIASED_CHARS = 4 * 1024 * 1024
# YAML nesting: what canonical YAML writes for the deepest expression hookc accepts (the
# parser's 128 levels; a map literal's node form takes 3 YAML levels a level), and more.
MAX_NESTING = 400

# Python frames a YAML level may take where a walk recurses (pyyaml's representer takes 3).
_FRAMES_PER_LEVEL = 8


@contextlib.contextmanager
def recursion_room() -> Iterator[None]:
    """Room on Python's stack for a document ``MAX_NESTING`` levels deep, for the walks
    that recurse (pyyaml's representer, the runtime's closure builder, the front end's
    reading of node forms): the limit is raised, never lowered, and restored after."""
    before = sys.getrecursionlimit()
    sys.setrecursionlimit(max(before, _FRAMES_PER_LEVEL * MAX_NESTING + 1000))
    try:
        yield
    finally:
        sys.setrecursionlimit(before)


def yaml_graph_problem(root: Any, aliases: bool = True) -> tuple[Any, str] | None:
    """The node and the reason when a composed YAML document is too large to read: an
    alias inside its own anchor, more than ``MAX_NODES`` nodes once aliases are expanded,
    nesting deeper than ``MAX_NESTING``, or aliases that add more than ``MAX_ALIASED_NODES``
    values or ``MAX_ALIASED_CHARS`` characters to what the file writes (``alias_growth``).
    Each distinct node is visited once (an anchor's size and depth are reused wherever it
    is aliased), so a billion-laughs document is refused in milliseconds; the walk uses no
    recursion.

    ``aliases=False`` says the text has no alias (no ``*``): no node is shared, the graph
    is a tree, and one plain count of its nodes and levels decides; only a tree out of
    bounds is walked again, to name the node. (The full walk keeps a size and a depth for
    every node: a 10,000-hook canonical file has 440,000, and the walk cost as much as
    composing and constructing the document together.)"""
    if not aliases and _tree_within_bounds(root):
        return None
    sizes: dict[int, int] = {}
    chars: dict[int, int] = {}
    depths: dict[int, int] = {}
    on_path: set[int] = set()
    stack: list[tuple[Any, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            children = _children(node)
            sizes[key] = 1 + sum(sizes[id(child)] for child in children)
            chars[key] = (
                sum(chars[id(child)] for child in children) if children else _text_size(node)
            )
            depths[key] = 1 + max((depths[id(child)] for child in children), default=0)
            if sizes[key] > MAX_NODES:
                # More than the distinct nodes met so far: aliases repeat some of them.
                return node, (
                    f"this value expands to more than {MAX_NODES:,} nodes through aliases"
                    if sizes[key] > len(sizes)
                    else f"the YAML holds more than {MAX_NODES:,} values"
                )
            if depths[key] > MAX_NESTING:
                return node, f"the YAML nests more than {MAX_NESTING} levels deep"
            continue
        if key in sizes:
            continue
        if key in on_path:
            return node, "an alias refers to a value that contains it"
        on_path.add(key)
        stack.append((node, True))
        stack.extend((child, False) for child in _children(node) if id(child) not in sizes)
    return alias_growth(root, sizes, chars) if aliases else None


def alias_growth(root: Any, sizes: dict[int, int], chars: dict[int, int]) -> tuple[Any, str] | None:
    """The node and the reason when aliases add more than ``MAX_ALIASED_NODES`` values or
    ``MAX_ALIASED_CHARS`` characters of text to what the file writes, given each distinct
    node's expanded size and characters (keyed by ``id``). The node named is the smallest
    value that is too large on its own: the anchor that multiplies.

    What a file writes is bounded by its size; what aliases add is not, and work follows
    expanded values: 950 bytes that aliases made 100,000 regex leaves took 25 s to load and
    14 s an evaluation, 200 strings of 40 KB aliased 4,000 times ran out of memory."""
    written_nodes = len(sizes)
    written_chars = sum(_text_size(node) for node in _distinct_scalars(root))
    for measure, written, limit, what in (
        (sizes, written_nodes, MAX_ALIASED_NODES, "values"),
        (chars, written_chars, MAX_ALIASED_CHARS, "characters of text"),
    ):
        total = measure[id(root)]
        if total - written <= limit:
            continue
        culprit = root
        while True:
            children = _children(culprit)
            largest = max(children, key=lambda child: measure[id(child)], default=None)
            if largest is None or measure[id(largest)] - written <= limit:
                break
            culprit = largest
        return culprit, (
            f"through aliases, this value is {measure[id(culprit)]:,} {what}: aliases may "
            f"add at most {limit:,} to what the file writes"
        )
    return None


def _text_size(node: Any) -> int:
    value = node.value
    return len(value) if isinstance(value, str) else 0


def _distinct_scalars(root: Any) -> list[Any]:
    seen: set[int] = set()
    found = []
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        children = _children(node)
        if not children and isinstance(node.value, str):
            found.append(node)
        stack.extend(children)
    return found


def count_problem(text: str, loader: type[Any]) -> tuple[Any, str] | None:
    """The place and the reason when the YAML text writes more than ``MAX_NODES`` values,
    found from the parser's events before any node is made, reading no further than the
    value past the limit: an 8 MB flat list composed 4 million nodes (1.9 GB, a minute)
    before the count was made. Only a text of more than ``MAX_NODES`` characters can (a
    value takes a character at least, but for a few that take none), so a smaller one is
    not read twice."""
    if len(text) <= MAX_NODES:
        return None
    counted = (yaml.ScalarEvent, yaml.SequenceStartEvent, yaml.MappingStartEvent, yaml.AliasEvent)
    parser = loader(text)
    try:
        count = 0
        while parser.check_event():
            event = parser.get_event()
            if isinstance(event, counted):
                count += 1
                if count > MAX_NODES:
                    return event.start_mark, f"the YAML holds more than {MAX_NODES:,} values"
    except yaml.YAMLError:
        return None  # the reading proper reports it, in its words
    finally:
        parser.dispose()
    return None


def _tree_within_bounds(root: Any) -> bool:
    """Whether a tree of nodes has at most ``MAX_NODES`` nodes and ``MAX_NESTING`` levels:
    then no subtree of it is larger or deeper, and ``yaml_graph_problem`` finds nothing."""
    count = 0
    stack = [(root, 1)]
    while stack:
        node, level = stack.pop()
        count += 1
        if count > MAX_NODES or level > MAX_NESTING:
            return False
        value = node.value
        if type(value) is list:  # a sequence's nodes, or a mapping's (key, value) pairs
            level += 1
            for item in value:
                if type(item) is tuple:
                    stack.append((item[0], level))
                    stack.append((item[1], level))
                else:
                    stack.append((item, level))
    return True


def _children(node: Any) -> list[Any]:
    value = node.value
    if not isinstance(value, list):
        return []
    found: list[Any] = []
    for item in value:
        if isinstance(item, tuple):
            found.extend(item)
        else:
            found.append(item)
    return found


def too_deep_for_parser(problem: str | None) -> bool:
    """Whether a YAML parser refused the text for its nesting (PyYAML 6.0.4 and later stop
    at 1,000 levels, past hookc's own limit): hookc reports it as its own limit, the same
    whichever PyYAML is installed."""
    return problem is not None and "maximum nesting depth" in problem
