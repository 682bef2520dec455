"""hookc's runtime: what compiled hooks need at run time, and ``load``, which evaluates
canonical YAML without the compiler. Imports only the standard library and pyyaml; never
lark, lxml, jsonschema or a compiler module (a test holds it to that)."""

from hookc.runtime.loader import LoadError, Runtime, load, loads

__all__ = ["LoadError", "Runtime", "load", "loads"]
