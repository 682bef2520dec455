"""hookc: a compiler and toolchain for the hook rules of AI-agent runtimes.

This package root stays light (no lark, lxml or jsonschema): ``hookc.runtime`` and compiled
modules import through it.
"""

from hookc.errors import CompileError, EvaluationError
from hookc.version import __version__

__all__ = ["CompileError", "EvaluationError", "__version__", "install_importer"]


def install_importer(*names: str) -> None:
    """Let ``import policies`` load ``policies.hooks.yaml`` (or ``.xml``, ``.md``) found on
    ``sys.path``, compiled and cached, for each of ``names`` (``install_importer("policies")``)
    and no other name: a hook file never stands for a module a program probes for. See
    ``hookc.backend.importer``. Imported on call, to keep this package root light."""
    from hookc.backend.importer import install

    install(*names)
