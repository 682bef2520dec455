"""The inputs of ``hookc check`` and ``hookc compile`` as files: a folder given among them
stands for the hook files directly in it, read together as one hook set (seed 001's
registry is a folder, ``.system/hooks/``, of one file per hook); and the check that no
two of those files give a hook the same id.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from hookc.frontend.load import load_file
from hookc.frontend.lower import Loaded
from hookc.hosts.profile import Profile, load_profile
from hookc.ir.hooks import Hook, HookSet
from hookc.source import Span
from hookc.source.diagnostics import Diagnostic, error

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
    """HK401, with the input it belongs to, for each hook whose id an earlier input read
    with the same profile used: files given together are one set of hooks, as compile joins
    them (the front end reports the duplicates inside one file). Files of different runtimes
    (a Claude Code settings file beside native YAML) are never joined, so their ids do not
    meet."""
    first: dict[tuple[str, str], tuple[str, Hook]] = {}
    found = []
    for path, hookset in hooksets.items():
        for hook in hookset.hooks:
            key = (hookset.profile, hook.id)
            if key not in first:
                first[key] = (path, hook)
                continue
            earlier_path, earlier = first[key]
            if earlier_path == path or hook.source is None:
                continue  # reported by the front end
            message = f"duplicate hook id `{hook.id}` (first used in {_place(earlier)})"
            span = hook.id_span or hook.span or Span(0, 0)  # the caret under the id
            found.append(
                (path, error("HK401", message, hook.source, span, "give each hook its own id"))
            )
    return found


def _place(hook: Hook) -> str:
    if hook.source is None:
        return "another file"
    line = hook.source.position(hook.span.start)[0] if hook.span else 1
    return f"{hook.source.name} on line {line}"


def load_hook_set(path: str | Path, profile: Profile | None = None) -> Loaded:
    """One input as one hook set (for ``hookc eval`` and ``hookc run``): a file as its format
    reads it; a folder as its files joined in name order, with HK401 for an id two of them
    use. A folder with no YAML file in it (Claude Code's ``.claude/``) stands for the hook
    files ``hookc check`` finds in it (``.claude/settings.json``, ``settings.local.json``)."""
    files = expand_folders([path])
    if files == [str(path)] and os.path.isdir(path):
        from hookc.frontend.discover import expand

        found = expand([str(path)])
        if len(found) == 1:
            return load_file(found[0], profile)
        files = found or files
    if files == [str(path)]:
        return load_file(path, profile)
    loaded = {name: load_file(name, profile) for name in files}
    hooksets = {name: found.hookset for name, found in loaded.items() if found.hookset}
    diagnostics = [d for found in loaded.values() for d in found.diagnostics]
    diagnostics += [d for _, d in duplicate_ids_across(hooksets)]
    read_with = {found.profile.name: found.profile for found in loaded.values() if found.hookset}
    if len(read_with) != 1:
        return Loaded(None, None, profile or load_profile(), tuple(diagnostics))
    (used,) = read_with.values()
    hooks = tuple(hook for hookset in hooksets.values() for hook in hookset.hooks)
    merged = HookSet(hooks, ordering=used.ordering, profile=used.name)
    return Loaded(None, merged, used, tuple(diagnostics))
