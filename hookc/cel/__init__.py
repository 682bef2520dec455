"""The `when` language: CEL core with hookc's additions (SPEC §2), from text to value.

    >>> import hookc.cel
    >>> hookc.cel.compile("1 + 2").evaluate({})
    3

``compile`` raises ``hookc.CompileError`` (with diagnostics) for text that does not parse;
``Program.evaluate`` raises ``hookc.EvaluationError`` where CEL gives an error value.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from hookc.cel.evaluator import evaluate
from hookc.cel.parser import MAX_DEPTH, parse
from hookc.cel.printer import to_text
from hookc.errors import CompileError, EvaluationError
from hookc.ir.expr import Expr
from hookc.runtime.values import CelError
from hookc.source.diagnostics import Diagnostic, has_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["MAX_DEPTH", "Program", "compile", "parse", "to_text"]


@dataclass(frozen=True, slots=True)
class Program:
    """A compiled expression: Python code made by the Python back end. ``warnings`` holds
    what compiled but looks like a mistake."""

    text: str
    expr: Expr
    warnings: tuple[Diagnostic, ...] = ()
    function: Callable[[Mapping[str, Any]], Any] = field(repr=False, compare=False, default=None)  # type: ignore[assignment]

    def evaluate(self, bindings: Mapping[str, Any] | None = None) -> Any:
        """The expression's value as a plain Python value (int, float, bool, str, None,
        list, dict), with ``bindings`` as its variables."""
        if bindings is None:
            bindings = {}
        if not isinstance(bindings, Mapping):
            raise TypeError(f"bindings must be a mapping, not {type(bindings).__name__}")
        try:
            result = self.function(bindings)
        except (CelError, RecursionError, ValueError, TypeError) as exc:
            # A binding no CEL value can be (cyclic, nested past MAX_VALUE_DEPTH): an error.
            result = exc if isinstance(exc, CelError) else CelError(str(exc))
        if isinstance(result, CelError):
            # The compiled code knows that it failed; the reference evaluator (which agrees
            # on every input, see the differential tests) says why, naming the key or types.
            reason = evaluate(self.expr, bindings)
            raise EvaluationError(
                reason.message if isinstance(reason, CelError) else result.message
            )
        return result


def compile(text: str, name: str = "<expr>") -> Program:
    """Parse and check ``text``; raise ``CompileError`` if it has any error."""
    if not isinstance(text, str):
        raise TypeError(f"expression text must be a str, not {type(text).__name__}")
    # The Python back end, imported here: a run that only parses or prints expressions
    # (hookc check, through hookc.cel.printer) has no use for it.
    from hookc.backend.expressions import compile_expression

    result = parse(text, name)
    if result.expr is None or has_error(result.diagnostics):
        raise CompileError(result.diagnostics)
    return Program(text, result.expr, result.diagnostics, compile_expression(result.expr))
