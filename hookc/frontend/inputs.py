"""The inputs of ``hookc check`` and ``hookc compile`` as files: a folder given among them
stands for the hook files directly in it, read together as one hook set (seed 001's
registry is a folder, ``.system/hooks/``, of one file per hook); and the check that no
two of those files give a hook the same id.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping

from hookc.diagnostics import Diagnostic, error
from hookc.ir.hooks import Hook, HookSet
from hookc.source import Span

# What a folder contributes: the files `register_hooks.py` scans (`.system/hooks/*.yaml`).
FOLDER_ENDINGS = (".yaml", ".yml")


def expand_folders(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """The inputs with each folder replaced by its YAML files, sorted by name (not its
    subfolders); a folder without any stays, for the front end to report."""
    found: list[str] = []
    for path in map(str, paths):
        if not os.path.isdir(path):
            found.append(path)
            continue
        names = sorted(
            name
            for name in os.listdir(path)
            if name.lower().endswith(FOLDER_ENDINGS) and os.path.isfile(os.path.join(path, name))
        )
        if names:
            found.extend(os.path.join(path, name) for name in names)
        else:
            found.append(path)
    return list(dict.fromkeys(found))


def duplicate_ids_across(hooksets: Mapping[str, HookSet]) -> list[tuple[str, Diagnostic]]:
    """HK401, with the input it belongs to, for each hook whose id an earlier input used
    (the front end reports the duplicates inside one file); the message names the first
    place, the diagnostic points at the second."""
    first: dict[str, tuple[str, Hook]] = {}
    found = []
    for path, hookset in hooksets.items():
        for hook in hookset.hooks:
            if hook.id not in first:
                first[hook.id] = (path, hook)
                continue
            earlier_path, earlier = first[hook.id]
            if earlier_path == path or hook.source is None:
                continue  # reported by the front end
            message = f"duplicate hook id `{hook.id}` (first used in {_place(earlier)})"
            span = hook.span or Span(0, 0)
            found.append(
                (path, error("HK401", message, hook.source, span, "give each hook its own id"))
            )
    return found


def _place(hook: Hook) -> str:
    if hook.source is None:
        return "another file"
    line = hook.source.position(hook.span.start)[0] if hook.span else 1
    return f"{hook.source.name} on line {line}"
