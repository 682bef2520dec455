"""The two exceptions of the public API. Standard library only: the runtime may raise them."""

from __future__ import annotations

from collections.abc import Sequence

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hookc.source.diagnostics import Diagnostic


class CompileError(Exception):
    """Text that does not compile; ``diagnostics`` says where and why."""

    def __init__(self, diagnostics: Sequence[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(d.render() for d in self.diagnostics))


class EvaluationError(Exception):
    """A CEL error value (missing key, no matching overload, overflow, ...) as an exception."""
