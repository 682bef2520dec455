"""hookc's version, in a module of its own: generated modules and caches record it, and the
modules that write them import it from here rather than from the package root (which
imports the compiler lazily, so that would be a cycle)."""

__version__ = "0.1.0"
