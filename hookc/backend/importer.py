"""Import hook files as modules: after ``install("policies")``, ``import policies`` compiles
``policies.hooks.yaml`` (or ``.hooks.yml``, ``policies.xml``, ``policies.md``) found on
``sys.path`` and loads the result, as if ``hookc compile`` had written ``policies.py``.

Only the names given to ``install`` are ever hook modules. A program probes for optional
modules (``try: import simplejson except ImportError: import json``); had any name a hook
file stood for been one, a ``simplejson.hooks.yaml`` in the current folder would turn that
probe into a hook module without ``dumps``, and an AttributeError far from its cause. The
program that installs the finder says which names are its hook files; every other name is
left to the ordinary finders, and is not found where they find nothing.

Only a registered top-level name that no ordinary finder knows reaches this finder: it is
appended at the end of ``sys.meta_path``, so a ``policies.py`` (or package) anywhere on
``sys.path`` wins. In each ``sys.path`` entry, in order, it looks for ``NAME.hooks.yaml``,
``NAME.hooks.yml``, ``NAME.xml``, ``NAME.md`` (an ``.xml`` or ``.md`` only if it holds
``<hooks>``: ``import README`` is not ``README.md``); the first file found is the module.

The compiled module is cached next to the hook file, where Python keeps its own caches:
``__pycache__/hookc/NAME.py`` with its checked-hash bytecode in that folder's
``__pycache__``, both written atomically. The module's first line records the hook file's
name, its ``SOURCE_SHA256`` and the hookc version; an import reads that line and the hook
file, and compiles again only when one of them differs. Where the cache cannot be written
(a read-only folder, ``PYTHONDONTWRITEBYTECODE``), the module is compiled in memory.

A hook file with errors makes the import raise ``ImportError`` with the diagnostics.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import keyword
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import CodeType, ModuleType

import hookc.version
from hookc.backend.driver import (
    OutputError,
    generate_module,
    refuse_to_overwrite,
    source_digest_of_files,
    write_module,
)

# SPEC §7's order: the native format first.
HOOK_FILE_ENDINGS = (".hooks.yaml", ".hooks.yml", ".xml", ".md")
CACHE_FOLDER = Path("__pycache__", "hookc")
CACHE_MARK = "# hookc import cache: "


def install(*names: str) -> None:
    """Let ``import NAME`` load the hook file ``NAME.hooks.yaml`` (or its kin) for each of
    ``names``, and for no other name; calling it again adds names. ``TypeError`` without a
    name, ``ValueError`` for one that is not a top-level module name."""
    if not names:
        raise TypeError(
            "name the modules hook files stand for, e.g. install_importer('policies'): "
            "any other name is left to Python's own finders, so that a hook file never "
            "stands for a module a program probes for"
        )
    for name in names:
        if not isinstance(name, str) or not name.isidentifier() or keyword.iskeyword(name):
            raise ValueError(f"{name!r} is not a top-level module name (letters, digits, _)")
    finder = next((f for f in sys.meta_path if isinstance(f, HookFileFinder)), None)
    if finder is None:
        finder = HookFileFinder()
        sys.meta_path.append(finder)
    finder.names.update(names)


def uninstall() -> None:
    """Undo ``install`` (modules already imported stay imported)."""
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, HookFileFinder)]


class HookFileFinder(importlib.abc.MetaPathFinder):
    """Finds ``NAME.hooks.yaml`` and its kin on ``sys.path`` for a top-level ``NAME`` that
    was registered (``names``)."""

    def __init__(self) -> None:
        self.names: set[str] = set()

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if path is not None or fullname not in self.names:
            return None  # a submodule, or a name no hook file may stand for
        hook_file = find_hook_file(fullname, sys.path)
        if hook_file is None:
            return None
        loader = HookFileLoader(fullname, hook_file)
        return importlib.util.spec_from_file_location(fullname, hook_file, loader=loader)


def find_hook_file(name: str, entries: Sequence[object]) -> Path | None:
    """The first ``NAME.<ending>`` file in the folders ``entries``, in order."""
    for entry in entries:
        if not isinstance(entry, str):
            continue  # bytes and other exotic entries are for other finders
        folder = entry or os.getcwd()
        for ending in HOOK_FILE_ENDINGS:
            candidate = os.path.join(folder, name + ending)
            if os.path.isfile(candidate) and _is_module(candidate):
                return Path(os.path.abspath(candidate))
    return None


def _is_module(candidate: str) -> bool:
    """README.md is no module: an .xml or .md file counts only if it holds <hooks> (asked of
    the one place that recognises hook files, only then: a cached import of a
    .hooks.yaml module loads no front end)."""
    if not candidate.endswith((".xml", ".md")):
        return True
    from hookc.frontend.discover import is_hook_module_file

    return is_hook_module_file(candidate)


class HookFileLoader(importlib.abc.Loader):
    """Runs the module compiled from one hook file, compiling it when its cache is stale."""

    def __init__(self, fullname: str, hook_file: Path) -> None:
        self.name = fullname
        self.hook_file = hook_file

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return None  # the default module object

    def exec_module(self, module: ModuleType) -> None:
        exec(self.get_code(module.__name__), module.__dict__)

    def get_code(self, fullname: str) -> CodeType:
        cache = self.hook_file.parent / CACHE_FOLDER / f"{fullname}.py"
        try:
            digest = source_digest_of_files([self.hook_file])
        except OSError as exc:
            raise ImportError(
                f"cannot read {self.hook_file}: {exc.strerror or exc}", name=fullname
            ) from None
        if _first_line(cache) == _header(self.hook_file.name, digest):
            return _code_of(fullname, cache)
        return self._compile(fullname, cache)

    def _compile(self, fullname: str, cache: Path) -> CodeType:
        from hookc.check.reporters import TextReporter  # only on an error: it loads the checks

        try:
            generated = generate_module([self.hook_file])
        except OutputError as exc:
            raise ImportError(f"cannot import {fullname}: {exc}", name=fullname) from None
        if generated.text is None:
            report = TextReporter().render(generated.reports)
            raise ImportError(
                f"cannot import {fullname}: {self.hook_file} has errors\n\n{report}",
                name=fullname,
                path=str(self.hook_file),
            )
        text = _header(self.hook_file.name, generated.source_sha256) + generated.text
        if not sys.dont_write_bytecode:
            try:
                # A cache file hookc did not write is left alone (compiled in memory instead).
                refuse_to_overwrite(cache, [self.hook_file], CACHE_MARK)
                cache.parent.mkdir(parents=True, exist_ok=True)
                return _code_of(fullname, write_module(cache.parent, fullname, text))
            except (OSError, OutputError):
                pass  # a folder we may not write in: compile in memory instead
        return compile(text, f"<hookc module {fullname} from {self.hook_file}>", "exec")


def _header(hook_file_name: str, digest: str) -> str:
    """The first line of a cached module: what it was compiled from, and by which hookc."""
    version = hookc.version.__version__
    return f"{CACHE_MARK}{hook_file_name} sha256={digest} hookc={version}\n"


def _first_line(path: Path) -> str | None:
    """The first line of a file, read without reading the rest; None if there is none."""
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            return handle.readline()
    except OSError:
        return None


def _code_of(fullname: str, module_path: Path) -> CodeType:
    """The module's code, through its ``.pyc`` when that matches the source (the loader
    checks the hash, and compiles the source when it does not match)."""
    code = importlib.machinery.SourceFileLoader(fullname, str(module_path)).get_code(fullname)
    assert code is not None  # a source file always gives code
    return code
