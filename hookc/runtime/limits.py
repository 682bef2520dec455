"""The bounds on what hookc reads, shared by the front end and ``hookc.runtime.load``: a
hostile file is a diagnostic (or a ``LoadError``) in bounded time and memory, never an
exhausted machine or a Python exception. Standard library and pyyaml's node classes only.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_NODES = 1_000_000  # YAML nodes after alias expansion
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
    or nesting deeper than ``MAX_NESTING``. Each distinct node is visited once (an anchor's
    size and depth are reused wherever it is aliased), so a billion-laughs document is
    refused in milliseconds; the walk uses no recursion.

    ``aliases=False`` says the text has no alias (no ``*``): no node is shared, the graph
    is a tree, and one plain count of its nodes and levels decides; only a tree out of
    bounds is walked again, to name the node. (The full walk keeps a size and a depth for
    every node: a 10,000-hook canonical file has 440,000, and the walk cost as much as
    composing and constructing the document together.)"""
    if not aliases and _tree_within_bounds(root):
        return None
    sizes: dict[int, int] = {}
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
            depths[key] = 1 + max((depths[id(child)] for child in children), default=0)
            if sizes[key] > MAX_NODES:
                return node, (
                    f"this value expands to more than {MAX_NODES:,} nodes through aliases"
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
