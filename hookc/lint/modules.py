"""The rule modules, found by their file names: ``hk<nnn>_<name>.py`` under a group of
``hookc/lint/rules/`` or under ``hookc/hosts/<host>/rules/``.

Listing reads folders only, and this module imports nothing of hookc: ``hookc.source.diagnostics``
asks it whether a code is real for every finding, and no rule's text need load for that.
"""

from __future__ import annotations

import functools
import importlib
import os
import re
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

_LINT = Path(__file__).resolve().parent
_HOSTS = _LINT.parent / "hosts"
_MODULE = re.compile(r"hk(\d{3})_([a-z0-9_]+)\.py")


class RegistryError(ValueError):
    """Two rules with one code or one name, or a module whose RULE disagrees with its name."""


def _rule_folders() -> Iterator[tuple[Path, str]]:
    """Each folder that holds rule modules, with its package's dotted name."""
    for group in sorted(os.listdir(_LINT / "rules")):
        folder = _LINT / "rules" / group
        if (folder / "__init__.py").is_file():
            yield folder, f"hookc.lint.rules.{group}"
    for host in sorted(os.listdir(_HOSTS)):
        folder = _HOSTS / host / "rules"
        if (folder / "__init__.py").is_file():
            yield folder, f"hookc.hosts.{host}.rules"


@functools.cache
def rule_modules() -> dict[str, str]:
    """Every rule module's code and dotted name, from the file names alone."""
    found: dict[str, str] = {}
    for folder, package in _rule_folders():
        for name in sorted(os.listdir(folder)):
            match = _MODULE.fullmatch(name)
            if match is None:
                continue
            code = f"HK{match[1]}"
            if code in found:
                raise RegistryError(f"{code} has two modules: {found[code]} and {package}.{name}")
            found[code] = f"{package}.{name[:-3]}"
    return found


def rule_module(code: str) -> ModuleType:
    """The module of ``code`` (``KeyError`` if it has none)."""
    return importlib.import_module(rule_modules()[code])
