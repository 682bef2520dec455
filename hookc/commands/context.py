"""The event context ``hookc eval``, ``run`` and ``expr`` read: a JSON object in a file, or
on standard input."""

from __future__ import annotations

import json
from typing import Any

from hookc.commands import UsageError, read_standard_input


def read_context(path: str) -> dict[str, Any]:
    try:
        if path == "-":
            text = read_standard_input()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read the context {path}: {exc}") from None
    try:
        context = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(
            f"{path}:{exc.lineno}:{exc.colno}: the context is not valid JSON: {exc.msg}"
        ) from None
    except RecursionError:
        raise UsageError(f"{path}: the context nests too deeply to read") from None
    if not isinstance(context, dict):
        raise UsageError(f"{path}: the context must be a JSON object, not {type(context).__name__}")
    return context
