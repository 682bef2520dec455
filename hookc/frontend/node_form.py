"""The IR's node form (``{node: binary, op: '+', ...}``) inside a hook file, as canonical YAML
writes what the seed's leaves cannot say (``hookc.backend.canonical``).

A node written by hand passes the same checks as an expression written as text: its shape
is read by ``hookc.ir.serialize`` (which names the place of a wrong key), then its text, as
the printer writes it, goes through the parser, which rejects what text would be rejected
for (an unknown function, a bad regex, nesting too deep). Every diagnostic points at the
node in the file.
"""

from __future__ import annotations

import dataclasses
from dataclasses import replace

from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.frontend.located import Located
from hookc.ir.expr import NODE_TYPES, Expr
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def read_node(node: Located, source: Source) -> tuple[Expr | None, list[Diagnostic]]:
    """The expression a node-form mapping holds, placed at the node's span."""
    from hookc.ir.serialize import expr_from_json  # the IR's node form: rare in hook files

    try:
        expr = expr_from_json(node.plain())
    except (ValueError, TypeError) as exc:
        pointer, _, problem = str(exc).partition(": ")
        where = "" if pointer == "/" else f" (at {pointer})"
        at = node.at(_steps(pointer))
        message = f"not an expression node{where}: {problem}"
        return None, [error("HK212", message, source, at.span)]
    text = to_text(expr)
    found = [
        replace(d, source=source, span=node.span, message=f"in `{text}`: {d.message}")
        for d in parse(text).diagnostics
    ]
    if has_error(found):
        return None, found
    return _placed(expr, node.span), found


def _placed(value: Any, span: Span) -> Any:
    """``value`` with every node's span set to ``span`` (the reader sets none)."""
    if isinstance(value, tuple):
        return tuple(_placed(item, span) for item in value)
    if not isinstance(value, NODE_TYPES):
        return value
    fields = {f.name: _placed(getattr(value, f.name), span) for f in dataclasses.fields(value)}
    return type(value)(**(fields | {"span": span}))


def _steps(pointer: str) -> tuple[str | int, ...]:
    """A JSON Pointer into the node as steps."""
    return tuple(
        int(step) if step.isdigit() else step.replace("~1", "/").replace("~0", "~")
        for step in pointer.strip("/").split("/")
        if step
    )
