"""Pieces that several hosts' readers share: matcher groups of handlers (``groups``), handler
fields (``fields``), the regular-expression dialects hosts write and their translation to
RE2 (``regex_dialects``, ``rust_regex``), and the JSON Schemas' common parts (``schemas``).
Each host's own reader lives in its package under ``hookc.hosts``."""
