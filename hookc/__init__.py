"""hookc: a compiler and toolchain for the hook rules of AI-agent runtimes.

This package root stays light (no lark, lxml or jsonschema): ``hookc.runtime`` and compiled
modules import through it.
"""

from hookc.errors import CompileError, EvaluationError

__version__ = "0.1.0"

__all__ = ["CompileError", "EvaluationError", "__version__"]
