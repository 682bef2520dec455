"""Which files are hook files: the one place that says so, for directories given on the
command line (searched recursively) and for the import hook.

A file is recognised by its name (``hooks.yaml``, ``*.hooks.yaml``, ...), or by its name and
content as the format registry (``hookc.frontend.formats``) claims it. The native format is
the registry's fallback and claims every YAML, XML and Markdown file by its ending, so for it
the content must say "hooks" too: a ``.yaml`` with a top-level ``hooks:`` or
``builtin_hooks:`` key, an ``.xml`` or Rye ``.md`` whose directive holds ``<hooks>``.
"""

from __future__ import annotations

import fnmatch
import os
import re
from collections.abc import Iterable, Sequence
from pathlib import Path, PurePath

# Names that say "hook file" on their own (also the pre-commit hooks' default `files`).
HOOK_FILE_NAMES = (
    "hooks.yaml",
    "hooks.yml",
    "hook_conditions.yaml",
    "hook_conditions.yml",
    "*.hooks.yaml",
    "*.hooks.yml",
    "*.hooks.xml",
)
# Folders a search never enters: tools' caches and environments, version control.
SKIPPED_FOLDERS = frozenset(
    ".git .hg .svn .venv venv .tox .nox __pycache__ node_modules .mypy_cache .ruff_cache "
    ".pytest_cache .hypothesis".split()
)
# The endings a format may claim by content (only these files are opened in a search).
_SNIFFED = frozenset((".yaml", ".yml", ".xml", ".md", ".json"))
# Read this much of a candidate to decide by content (a hook file says so near its top).
_SNIFF_BYTES = 64 * 1024
# Compiled (and cached by `re`) on first use: a run given its files sniffs none.
_YAML_SECTION = r"(?m)^(?:hooks|builtin_hooks)\s*:"
_XML_HOOKS = r"<hooks[\s>/]"


def recognised(path: str | Path, include: Sequence[str] = ()) -> bool:
    """Whether hookc reads ``path`` as a hook file when it meets it in a folder: its name
    matches ``include`` (the configuration's patterns), or by name and content as above."""
    name = PurePath(path).name
    if include:
        return _matches(path, include)
    if any(fnmatch.fnmatchcase(name, pattern) for pattern in HOOK_FILE_NAMES):
        return True
    suffix = PurePath(name).suffix.lower()
    if suffix not in _SNIFFED:
        return False
    from hookc.hosts import detect

    text = _head(path)
    found = detect(str(path), text)
    if found is None:
        return False
    if found.name != "native":
        return True  # claimed by its name and content
    if suffix in (".yaml", ".yml"):
        return bool(re.search(_YAML_SECTION, text))
    if suffix == ".xml":
        return bool(re.search(_XML_HOOKS, text))
    return holds_directive_hooks(text)


def holds_directive_hooks(markdown: str) -> bool:
    """Whether a Markdown text's first ```xml block holds ``<hooks>`` (a Rye directive with
    hooks; any other Markdown file is not a hook file)."""
    # The fence found as `load_xml` finds it (CommonMark's rules), so that a search takes
    # every directive `hookc check file.md` reads, and no other.
    from hookc.frontend.xml_region import xml_region
    from hookc.source import Source

    region = xml_region(Source("directive.md", markdown))
    return region is not None and bool(
        re.compile(_XML_HOOKS).search(markdown, region.start, region.end)
    )


def is_hook_module_file(path: str | Path) -> bool:
    """For the import hook: an ``.xml`` or ``.md`` file is a hook module only if it holds
    ``<hooks>``; YAML files are found by their ``.hooks.yaml`` ending already."""
    suffix = PurePath(path).suffix.lower()
    if suffix == ".md":
        return holds_directive_hooks(_head(path))
    if suffix == ".xml":
        return bool(re.search(_XML_HOOKS, _head(path)))
    return True


def _head(path: str | Path) -> str:
    try:
        with open(path, "rb") as handle:
            return handle.read(_SNIFF_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return ""


def _matches(path: str | Path, patterns: Iterable[str], base: str = ".") -> bool:
    """Whether a pattern matches the path's name, the path as written, or the path relative
    to ``base`` (``**`` crosses folders)."""
    patterns = tuple(patterns)
    if not patterns:
        return False
    forms = {PurePath(path).name, PurePath(path).as_posix()}
    relative = os.path.relpath(os.path.abspath(path), os.path.abspath(base))
    if not relative.startswith(".."):
        forms.add(PurePath(relative).as_posix())
    return any(
        fnmatch.fnmatchcase(form, pattern) or PurePath(form).match(pattern)
        for form in forms
        for pattern in patterns
    )


def expand(
    paths: Sequence[str],
    include: Sequence[str] = (),
    exclude: Sequence[str] = (),
    base: str = ".",
) -> list[str]:
    """The inputs with each folder replaced by the hook files under it (sorted, recursive),
    skipping what ``exclude`` matches. A file named explicitly is always kept."""
    found: list[str] = []
    for path in paths:
        if not os.path.isdir(path):
            found.append(path)
            continue
        for folder, folders, files in os.walk(path):
            folders[:] = sorted(
                name
                for name in folders
                if name not in SKIPPED_FOLDERS
                and not _matches(os.path.join(folder, name), exclude, base)
            )
            for name in sorted(files):
                candidate = os.path.join(folder, name)
                if not _matches(candidate, exclude, base) and recognised(candidate, include):
                    found.append(candidate)
    return list(dict.fromkeys(found))
