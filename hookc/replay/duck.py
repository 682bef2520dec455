"""DuckDB, imported only when a command needs it (an extra: ``pip install 'hookc[replay]'``);
a missing one is an ``EngineMissing`` whose message says how to install it."""

from __future__ import annotations

from typing import Any


class EngineMissing(Exception):
    """The engine's package is not installed: the message says how to install it."""


def import_duckdb() -> Any:
    try:
        import duckdb
    except ImportError:
        raise EngineMissing(
            "the duckdb engine needs DuckDB: pip install 'hookc[replay]' (or use --engine python)"
        ) from None
    return duckdb
