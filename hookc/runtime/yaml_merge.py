"""YAML's merge key (``<<: *base``) as its specification says, for the front end and
``hookc.runtime`` alike, so that ``hookc check`` and ``hookc.runtime.load`` read a hook file
the same way.

https://yaml.org/type/merge.html: the mappings a ``<<`` names (one, or a list) are merged
into the mapping that holds it; its own keys override merged ones, and in a list a mapping
earlier in the list overrides one later. A merged mapping's own merges are applied first.

pyyaml's loader does not do quite that: since 6.0.2 it keeps the first of two merged
entries whose key strings are the same object, so the answer depends on which strings
Python interns (``{<<: [*a, *b]}`` takes `x` from ``a`` but `delay` from ``b``, and a
mapping merging one that overrides a key gets the overridden value). ``flatten_mapping``
here replaces pyyaml's in the runtime's loaders.

Keys come in the order pyyaml gives where it is right: the merged keys by first appearance
(in the order the mappings are named), then the mapping's own. Standard library and pyyaml
only, as the rest of ``hookc.runtime``.
"""

from __future__ import annotations

import yaml

from hookc.runtime.limits import MAX_NESTING

TYPE_CHECKING = False
if TYPE_CHECKING:  # a run imports no typing
    from typing import Any, TypeAlias

    Pair: TypeAlias = tuple[yaml.Node, yaml.Node]

MERGE_TAG = "tag:yaml.org,2002:merge"


class MergeError(ValueError):
    """A merge key with something else than mappings to merge, or merges nested too deep;
    ``node`` is where."""

    def __init__(self, node: yaml.Node, message: str) -> None:
        super().__init__(message)
        self.node, self.message = node, message


def has_merge(node: yaml.Node) -> bool:
    """Whether the mapping ``node`` holds a ``<<`` key."""
    return isinstance(node, yaml.MappingNode) and any(key.tag == MERGE_TAG for key, _ in node.value)


def merged_pairs(node: yaml.MappingNode, depth: int = 0) -> tuple[list[Pair], list[Pair]]:
    """The entries a mapping's merge keys bring (each key once, the one that wins), and its
    own entries (as written); the nodes are not changed. ``MergeError`` for a merge of
    anything but mappings."""
    if depth > MAX_NESTING:
        raise MergeError(node, f"the YAML nests more than {MAX_NESTING} levels deep")
    sources: list[yaml.MappingNode] = []
    own: list[Pair] = []
    for key, value in node.value:
        if key.tag != MERGE_TAG:
            own.append((key, value))
            continue
        items = value.value if isinstance(value, yaml.SequenceNode) else [value]
        for item in items:
            if not isinstance(item, yaml.MappingNode):
                raise MergeError(
                    item,
                    "a merge key `<<` takes a mapping or a list of mappings "
                    "(`<<: *base`, `<<: [*a, *b]`)",
                )
            sources.append(item)
    winners: dict[Any, Pair] = {}
    for source in sources:
        # The source's entries as it reads (a key written twice: the last; pyyaml's
        # flatten_mapping may have made its merges into such entries already).
        for pair in _overridden(*merged_pairs(source, depth + 1)):
            winners.setdefault(_identity(pair[0]), pair)  # an earlier mapping wins
    return list(winners.values()), own


def _overridden(brought: list[Pair], own: list[Pair]) -> list[Pair]:
    """A mapping's entries once its merges are applied: its own override what they bring,
    in the place the brought key had."""
    entries = {_identity(key): (key, value) for key, value in brought}
    for key, value in own:
        entries[_identity(key)] = (key, value)
    return list(entries.values())


def _identity(key: yaml.Node) -> Any:
    """What makes two keys the same key: a scalar's tag and text; any other key is itself."""
    return (key.tag, key.value) if isinstance(key, yaml.ScalarNode) else id(key)


def flatten_mapping(constructor: Any, node: yaml.MappingNode) -> None:
    """pyyaml's ``SafeConstructor.flatten_mapping``, as the specification says: the node's
    entries become the merged ones, then its own (its constructor then keeps the last of
    each key, its own over a merged one). Like pyyaml's, it changes the node."""
    if not has_merge(node):
        return
    try:
        brought, own = merged_pairs(node)
    except MergeError as exc:
        raise yaml.constructor.ConstructorError(
            "while constructing a mapping", node.start_mark, exc.message, exc.node.start_mark
        ) from None
    node.value = [*brought, *own]
