"""hookc's runtime: what compiled hooks need at run time, and ``load``, which evaluates
canonical YAML without the compiler (``hookc.runtime.loader``).

Imports only the standard library, and pyyaml once ``load`` is used; never lark, lxml,
jsonschema or a compiler module (tests hold it to that). ``load`` and its companions are
imported on first use, so that the compiler's use of ``hookc.runtime.values`` stays light.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from hookc.runtime.loader import LoadError, Runtime, load, loads

__all__ = ["LoadError", "Runtime", "load", "loads"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from hookc.runtime import loader

        return getattr(loader, name)
    raise AttributeError(f"module 'hookc.runtime' has no attribute {name!r}")
