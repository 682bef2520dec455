"""A hook file's content with the place of every value: what each front end produces.

YAML and directive XML both become a tree of ``Located`` values in the shape of the native
YAML format (SPEC §3.1); ``hookc.frontend.lower`` turns that tree into the hook IR, so the
rules of hooks and actions are written once for every format.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from hookc.frontend.embedded import OffsetMap
from hookc.source import Span

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


@dataclass(frozen=True, slots=True)
class Located:
    """A scalar, ``list[Located]`` or ``dict[str, Located]``, with where it was written.

    ``offsets`` places each character of a string (for expressions and templates inside it);
    ``key_span`` is where the key of a mapping entry was written; ``text`` marks a scalar
    that came from untyped text (an XML attribute) and is to be read by its declared type.
    """

    value: Any
    span: Span
    offsets: OffsetMap | None = None
    key_span: Span | None = None
    text: bool = False

    def plain(self) -> Any:
        """The value without positions, for JSON Schema validation."""
        if isinstance(self.value, list):
            return [item.plain() for item in self.value]
        if isinstance(self.value, dict):
            return {key: item.plain() for key, item in self.value.items()}
        return self.value

    def get(self, key: str) -> Located | None:
        return self.value.get(key) if isinstance(self.value, dict) else None

    def items(self) -> Iterator[tuple[str, Located]]:
        if isinstance(self.value, dict):
            yield from self.value.items()

    def at(self, path: tuple[str | int, ...]) -> Located:
        """The deepest node along a JSON path (as far as the path exists)."""
        node = self
        for step in path:
            child: Located | None = None
            if isinstance(node.value, dict) and isinstance(step, str):
                child = node.value.get(step)
            elif isinstance(node.value, list) and isinstance(step, int):
                child = node.value[step] if 0 <= step < len(node.value) else None
            if child is None:
                break
            node = child
        return node
