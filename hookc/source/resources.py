"""Where the grammar and the schemas live: inside the wheel, or at the top of a checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent  # hookc/, above hookc/source/


def data_file(*parts: str) -> Path:
    """A file of the top-level ``grammar/`` or ``schemas/`` folder.

    A wheel carries them as ``hookc/_data/...`` (pyproject's force-include); a source
    checkout has them beside the package.
    """
    for base in (_PACKAGE / "_data", _PACKAGE.parent):
        candidate = base.joinpath(*parts)
        if candidate.is_file():
            return candidate
    raise FileNotFoundError(f"hookc data file {'/'.join(parts)} is missing from the install")


def package_file(*parts: str) -> Path:
    """A file of the hookc package itself (the code generator copies the runtime's
    value semantics into every compiled module)."""
    return _PACKAGE.joinpath(*parts)
