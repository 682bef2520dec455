"""The SQL back end: a policy's conditions as SQL predicates over recorded events, exact
under CEL's semantics (``translate``), one class per engine (``duckdb``, ``spark``), the
regex printers (``regex_print``), the fragment it covers (``fragment``) and the statements
``hookc compile --target sql`` writes (``script``). No engine is imported here."""
