"""``hookc compile``: hook files in, one standalone Python module and its bytecode out.

Every input is loaded and checked exactly as ``hookc check`` does; any error and nothing is
written. Otherwise the hook sets are joined in the order the inputs were given, the Python
back end writes the module, and the module and its ``.pyc`` are each written atomically.

The import hook (``hookc.backend.importer``) shares these pieces, and on its warm path uses only
``source_digest``: so this module imports the front ends and checks lazily, inside the
functions that need them, and a cached ``import policies`` never loads lark or lxml.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import keyword
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hookc.source.diagnostics import Diagnostic, has_error

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from hookc.check.driver import FileReport
    from hookc.check.select import Selection
    from hookc.hosts.profile import Profile
    from hookc.ir.hooks import Hook
    from hookc.optimize import Optimized

# A module's name comes from its first input's file name without these endings, longest
# first: `policies.hooks.yaml` and `policies.xml` both give `policies`.
_HOOK_FILE_ENDINGS = (".hooks.yaml", ".hooks.yml", ".hooks.xml", ".yaml", ".yml", ".xml", ".md")


# The profile whose hooks `--target registration` writes out (seed 001's registry).
REGISTRATION_PROFILE = "registry"


class OutputError(Exception):
    """The compile cannot be carried out as asked: an unusable module name or output
    directory, or a write that failed. The CLI reports it as a usage error (exit 2)."""


class ChangedMeanwhile(OutputError):
    """The file to be replaced no longer holds what was read from it: someone saved it
    in the meantime, and replacing it would lose their edit."""


@dataclass(frozen=True, slots=True)
class CompileResult:
    """What ``compile_files`` did: the module it wrote (None when the input had an error)
    and the findings, one report per input file as ``hookc check`` prints them."""

    module_path: Path | None
    reports: tuple[FileReport, ...]
    hook_count: int = 0
    # Each hook with a condition, and what the optimizer made of it (for --explain).
    optimized: tuple[tuple[Hook, Optimized], ...] = ()
    # What the target says about the hooks (--target sql: each hook outside its fragment).
    notes: tuple[str, ...] = ()

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return tuple(d for report in self.reports for d in report.diagnostics)

    @property
    def has_errors(self) -> bool:
        return has_error(self.diagnostics)


@dataclass(frozen=True, slots=True)
class Generated:
    """A module's text, made but not yet written; ``text`` is None when there were errors.
    ``source_sha256`` is the digest of the inputs it was made from (its SOURCE_SHA256)."""

    text: str | None
    reports: tuple[FileReport, ...]
    hook_count: int
    source_sha256: str
    optimized: tuple[tuple[Hook, Optimized], ...] = ()
    notes: tuple[str, ...] = ()


def compile_files(
    paths: Sequence[str | Path],
    out_dir: str | Path,
    name: str | None = None,
    profile: Profile | None = None,
    level: int = 1,
    target: str = "python",
    selection: Selection | None = None,
    given: Mapping[str, str] | None = None,
    dialect: str = "duckdb",
) -> CompileResult:
    """Compile hook files into ``out_dir/<name>.py`` and its bytecode, or, for the ``yaml``
    target, into canonical YAML, ``out_dir/<name>.hooks.yaml``, or, for ``registration``, into
    the registry's registration JSON, ``out_dir/<name>.json``.

    ``name`` defaults to one derived from the first input's file name. Raises
    ``OutputError`` for a bad name or output directory; an error in the input is a
    diagnostic in the result, and then nothing at all is written (not even ``out_dir``).
    ``level`` is the optimization level (``hookc.optimize.LEVELS``). ``given`` holds the
    text of inputs not read from disk (standard input, under the name it is reported by).
    """
    if not paths:
        raise OutputError("no input files")
    module_name = check_module_name(name) if name is not None else module_name_for(paths[0])
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise OutputError(f"the output {out} exists and is not a directory")
    if target == "registration":
        written = out / f"{module_name}.json"
        refuse_to_overwrite(written, paths, REGISTRATION_MARK)
    elif target == "yaml":
        written = out / f"{module_name}.hooks.yaml"
        refuse_to_overwrite(written, paths, CANONICAL_MARK)
    elif target == "sql":
        written = out / f"{module_name}.sql"
        refuse_to_overwrite(written, paths, SQL_MARK)
    else:
        written = out / f"{module_name}.py"
        refuse_to_overwrite(written, paths, MODULE_MARK)
    generated = generate_module(paths, profile, level, target, selection, given, dialect)
    if generated.text is None:
        return CompileResult(None, generated.reports)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create the output directory {out}: {_reason(exc)}") from None
    if target in ("yaml", "registration", "sql"):
        module_path = write_atomically(written, generated.text)
    else:
        module_path = write_module(out, module_name, generated.text)
    return CompileResult(
        module_path, generated.reports, generated.hook_count, generated.optimized, generated.notes
    )


def generate_module(
    paths: Sequence[str | Path],
    profile: Profile | None = None,
    level: int = 1,
    target: str = "python",
    selection: Selection | None = None,
    given: Mapping[str, str] | None = None,
    dialect: str = "duckdb",
) -> Generated:
    """Load and check every input, optimize the conditions at ``level``, then generate the
    text of the ``target`` (``python``: the module; ``yaml``: canonical YAML) if nothing is
    wrong.

    A file named twice is read once (as ``hookc check`` does), at its first place.
    """
    from hookc.backend.python import generate
    from hookc.check.driver import check_inputs
    from hookc.frontend.load import unsettled
    from hookc.hosts.profile import load_profile
    from hookc.ir.hooks import HookSet
    from hookc.optimize import Optimizer

    given = given or {}
    # A folder given through the API: its files (a text given is no folder's).
    unique = [*dict.fromkeys(p for path in paths for p in _expanded(path, given))]
    digest = _digest_if_readable(unique, given)
    # One optimizer (and reasoner) for the run: the logic checks optimize every condition,
    # and the back end then finds its results kept.
    optimizer = Optimizer()
    checked = check_inputs(unique, profile, selection, given, optimizer=optimizer)
    reports = checked.reports
    for loaded in checked.loaded.values():
        problem = unsettled(loaded)
        if problem is not None:  # each candidate host would run it its own way
            raise OutputError(problem)
    read_with: dict[str, Profile] = {}  # profile name -> the profile a file was read with
    for loaded in checked.loaded.values():
        if loaded.hookset is not None:
            read_with.setdefault(loaded.hookset.profile, loaded.profile)
    if len(read_with) > 1:
        raise OutputError(
            f"the inputs are read with different profiles ({', '.join(sorted(read_with))}); "
            "compile each kind of file into its own module"
        )
    profile = profile or next(iter(read_with.values()), None) or load_profile()
    if checked.has_errors:
        return Generated(None, reports, 0, "")
    hooksets = {p: f.hookset for p, f in checked.loaded.items() if f.hookset is not None}
    sections = {p: f.sections for p, f in checked.loaded.items() if f.hookset is not None}
    # The front ends read each file themselves; a file saved between that read and the
    # digest's would give a module whose SOURCE_SHA256 is not that of its hooks.
    if digest is None or _digest_if_readable(unique, given) != digest:
        raise OutputError("an input file changed while it was being compiled; run again")
    hooks, optimized = optimizer.optimize_hooks(
        tuple(hook for hookset in hooksets.values() for hook in hookset.hooks), level
    )
    # Every input was loaded with the same profile, and a file can extend its catalog and
    # context schema but not its ordering: the profile's ordering is every input's.
    merged = HookSet(hooks, ordering=profile.ordering, profile=profile.name)
    notes: tuple[str, ...] = ()
    if target == "registration":
        from hookc.backend.registration import registration_json

        if profile.name != REGISTRATION_PROFILE:
            raise OutputError(
                "--target registration writes the `.system/hooks` registry's JSON; these "
                f"hooks are read with the profile `{profile.name}`"
            )
        text = registration_json(merged, profile)
    elif target == "sql":
        from hookc.backend.sql.script import outside, script, sql_plan

        built = sql_plan(merged.in_evaluation_order(), dialect)
        text = script(built)
        notes = tuple(outside(built))
    elif target == "yaml":
        import hookc.version
        from hookc.backend.canonical import canonical_yaml, source_header

        # The inputs' own catalog and context schema go along, so that the canonical file
        # is a hook file that hookc reads back as it read the inputs.
        extras = _joined_sections(sections.values())
        text = canonical_yaml(merged, extras, source_header(digest, hookc.version.__version__))
    else:
        text = generate(merged, source_sha256=digest, sources=tuple(unique))
    return Generated(text, reports, len(hooks), digest, optimized, notes)


def _joined_sections(sections: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The inputs' ``action_types`` and ``event_context_schema`` as one file would hold
    them; an action type defined differently by two inputs cannot be, and is refused."""
    from hookc.hosts.profile import merge_schemas

    catalog: dict[str, Any] = {}
    schema: dict[str, Any] | None = None
    for found in sections:
        for name, entry in (found.get("action_types") or {}).items():
            if catalog.setdefault(name, entry) != entry:
                raise OutputError(
                    f"the inputs define the action type `{name}` differently; canonical YAML "
                    "holds one catalog"
                )
        if "event_context_schema" in found:
            extra = found["event_context_schema"]
            schema = extra if schema is None else merge_schemas(schema, extra)
    joined: dict[str, Any] = {}
    if catalog:
        joined["action_types"] = catalog
    if schema is not None:
        joined["event_context_schema"] = schema
    return joined


# -- Names ------------------------------------------------------------------------------


def module_name_for(path: str | Path) -> str:
    """The module name a hook file gives: its name without the hook-file ending, with
    `-`, `.` and spaces made `_` (`my-hooks.yaml` → `my_hooks`)."""
    file_name = Path(path).name
    stem = file_name
    for ending in _HOOK_FILE_ENDINGS:
        if file_name.lower().endswith(ending) and len(file_name) > len(ending):
            stem = file_name[: -len(ending)]
            break
    candidate = stem.replace("-", "_").replace(".", "_").replace(" ", "_")
    problem = _name_problem(candidate)
    if problem:
        raise OutputError(
            f"cannot name the module after {file_name}: {candidate!r} {problem}; "
            "give a name with --name"
        )
    return candidate


def check_module_name(name: str) -> str:
    """``name`` if ``import name`` can load it, else ``OutputError`` saying why."""
    problem = _name_problem(name)
    if problem:
        raise OutputError(f"invalid module name {name!r}: it {problem}")
    return name


def _name_problem(name: str) -> str | None:
    if not name.isidentifier():
        return "is not a Python identifier (letters, digits and _, not starting with a digit)"
    if keyword.iskeyword(name):
        return "is a Python keyword"
    # `import ﬁle` looks for `file`: Python normalizes identifiers (NFKC), not file names.
    # An ASCII name is its own normal form, and needs no unicodedata (1.6 ms to import).
    if not name.isascii():
        import unicodedata

        normal = unicodedata.normalize("NFKC", name)
        if normal != name:
            return f"is not in normal form (`import {name}` would look for {normal!r})"
    return None


# -- The source digest ------------------------------------------------------------------

# A run hashes its inputs once, a few small files. `hashlib` loads OpenSSL to do it (~6 ms
# to import, a sixteenth of a one-hook compile); CPython's own sha256 (`_sha2` from 3.12,
# `_sha256` before) imports in 0.1 ms. It is a private module, but the one hashlib itself
# falls back to without OpenSSL, and the digest is sha256's whichever computes it
# (tests/cli/test_compile.py holds the two equal). OpenSSL hashes ~5x faster (0.16 against
# 0.9 ms for 170 KB), which repays its import past ~1 MB: hashlib hashes larger inputs, and
# any input where the built-in module is missing (another Python, or a build without it).
_HASHLIB_FROM = 1 << 20


def _builtin_sha256() -> Callable[[], Any] | None:
    # This Python's name first: an import that fails searches every folder of sys.path.
    names = ("_sha2", "_sha256") if sys.version_info >= (3, 12) else ("_sha256", "_sha2")
    for name in names:
        with contextlib.suppress(ImportError):
            constructor: Callable[[], Any] = importlib.import_module(name).sha256
            return constructor
    return None


_BUILTIN_SHA256 = _builtin_sha256()


def _sha256(size: int) -> Any:
    """A new sha256 hash object for ``size`` bytes of input: the built-in one, or for a
    large input (or none built in) hashlib's."""
    if _BUILTIN_SHA256 is not None and size < _HASHLIB_FROM:
        return _BUILTIN_SHA256()
    import hashlib

    return hashlib.sha256()


def source_digest(contents: Sequence[bytes]) -> str:
    """``SOURCE_SHA256`` of a module compiled from files with these contents, in order.

    The sha256 of each file's sha256 hex digest and a newline, one line per file: what
    ``sha256sum a.yaml b.xml | cut -d' ' -f1 | sha256sum`` prints. It depends on the bytes
    of the files and their order, not on their names.
    """
    hexdigests = []
    for content in contents:
        digest = _sha256(len(content))
        digest.update(content)
        hexdigests.append(digest.hexdigest())
    return _combine(hexdigests)


def _combine(hexdigests: Iterable[str]) -> str:
    lines = "".join(hexdigest + "\n" for hexdigest in hexdigests).encode("ascii")
    digest = _sha256(len(lines))
    digest.update(lines)
    return str(digest.hexdigest())


def source_digest_of_files(
    paths: Sequence[str | Path], given: Mapping[str, str] | None = None
) -> str:
    """``source_digest`` of the files' contents, read in chunks (an input may be far too
    large to hold); ``OSError`` if one cannot be read. A path in ``given`` stands for that
    text, in UTF-8 (standard input)."""
    hexdigests = []
    for path in paths:
        if given and str(path) in given:
            content = given[str(path)].encode("utf-8", errors="surrogatepass")
            digest = _sha256(len(content))
            digest.update(content)
            hexdigests.append(digest.hexdigest())
            continue
        with open(path, "rb") as handle:
            digest = _sha256(os.fstat(handle.fileno()).st_size)
            while chunk := handle.read(1 << 18):
                digest.update(chunk)
            hexdigests.append(digest.hexdigest())
    return _combine(hexdigests)


def _digest_if_readable(paths: Sequence[str], given: Mapping[str, str]) -> str | None:
    """None for a file that cannot be read: the front end has a diagnostic for that."""
    try:
        return source_digest_of_files(paths, given)
    except OSError:
        return None


def _expanded(path: str | Path, given: Mapping[str, str]) -> list[str]:
    """``expand_folders`` of one input; a text given under that name is no folder."""
    from hookc.frontend.inputs import expand_folders

    return [str(path)] if str(path) in given else expand_folders([path])


# -- Writing ----------------------------------------------------------------------------

# The first line of every file hookc writes starts with one of these: a file that does not is
# someone else's, and hookc does not write over it.
MODULE_MARK = "# Generated by hookc "
CANONICAL_MARK = "# Canonical hooks written by hookc "
SQL_MARK = "-- Generated by hookc"
# JSON holds no comment: a registration file is one JSON object, its first line `{`.
REGISTRATION_MARK = "{"


def refuse_to_overwrite(target: Path, inputs: Iterable[str | Path], mark: str) -> None:
    """``OutputError`` if writing ``target`` would replace one of ``inputs`` or a file that
    hookc did not write (its first line does not start with ``mark``)."""
    if not os.path.lexists(target):
        return
    for path in inputs:
        with contextlib.suppress(OSError):
            if os.path.samefile(path, target):
                raise OutputError(
                    f"the output {target} is the input {path}: hookc does not write over its "
                    "inputs; choose another -o or --name"
                )
    try:
        with open(target, encoding="utf-8", errors="replace") as handle:
            first = handle.readline()
    except OSError as exc:
        raise OutputError(f"cannot write {target}: {_reason(exc)}") from None
    if not first.startswith(mark):
        raise OutputError(
            f"{target} exists and hookc did not write it: hookc does not write over it; "
            "move it away, or choose another -o or --name"
        )


def write_module(out_dir: Path, name: str, text: str) -> Path:
    """Write ``out_dir/<name>.py`` and its checked-hash ``.pyc``; return the module's path.

    Both are made in temporary files first, flushed to disk, and only then renamed over the
    old ones (``os.replace`` is atomic): a failure before the renames leaves the old module
    and its ``.pyc`` exactly as they were, and a module that does not compile (a back-end
    bug) is refused before anything is replaced. Between the two renames the new source
    sits beside the old ``.pyc``, which is harmless: a checked-hash ``.pyc`` is used only
    if it was compiled from the source next to it.

    The folders are not synced after the renames: a power failure may leave the old module
    or the new one, each whole (the files are), and a sync costs ~4 ms a folder on a
    journaling file system, more while other writes are pending, on every compile.
    """
    target = out_dir / f"{name}.py"
    cfile = Path(importlib.util.cache_from_source(str(target)))
    source = text.encode("utf-8")
    temp_pyc: Path | None = None
    temp = _write_temp(out_dir, f".{name}.py.", source)
    try:
        bytecode = _compile_bytecode(source, target.name)
        cfile.parent.mkdir(parents=True, exist_ok=True)
        temp_pyc = _write_temp(cfile.parent, f"{cfile.name}.", bytecode)
        os.replace(temp, target)
        os.replace(temp_pyc, cfile)
    except BaseException as exc:
        for leftover in (temp, temp_pyc):
            if leftover is not None:
                with contextlib.suppress(OSError):
                    os.unlink(leftover)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {target}: {_reason(exc)}") from None
        raise
    return target


def write_atomically(
    target: Path, text: str, mode: int | None = None, expected: bytes | None = None
) -> Path:
    """Write ``text`` to ``target`` through a flushed temporary file and ``os.replace``: a
    reader sees the old file or the new one, never a part. ``mode``: the permissions the
    new file gets (a rewritten file keeps its own). ``expected``: what ``target`` must still
    hold, read again just before the rename (``ChangedMeanwhile`` if not): an edit saved
    while the new text was made is not lost. (Only an edit saved in the microseconds
    between that read and the rename can be: no portable lock keeps an editor out.)"""
    temp = _write_temp(target.parent, f".{target.name}.", text.encode("utf-8"))
    try:
        if mode is not None:
            os.chmod(temp, mode)
        if expected is not None and _content(target) != expected:
            os.unlink(temp)
            raise ChangedMeanwhile(
                f"{target}: not rewritten: the file changed while hookc read it (an edit "
                "was saved); run hookc fmt again"
            )
        os.replace(temp, target)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise OutputError(f"cannot write {target}: {_reason(exc)}") from None
    return target


def _content(path: Path) -> bytes | None:
    """The file's bytes, or None where it cannot be read (it was removed, say)."""
    try:
        return path.read_bytes()
    except OSError:
        return None


# A run killed between writing a temporary file and renaming it leaves the file behind.
# The next write of the same file removes such leftovers once they are older than any
# write takes (a live writer renames its temporary file within seconds).
_STALE_AFTER = 600.0
_TEMP_SUFFIX = r"\.[0-9a-f]{16}\.tmp$"  # compiled (and cached by `re`) for a leftover


def remove_stale_temps(directory: Path, prefix: str) -> list[Path]:
    """Delete ``directory``'s temporary files of ``prefix`` older than ``_STALE_AFTER``
    seconds; return what was deleted."""
    removed: list[Path] = []
    now = time.time()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    for entry in entries:
        if entry.name.startswith(prefix) and re.search(_TEMP_SUFFIX, entry.name):
            with contextlib.suppress(OSError):
                if now - entry.stat(follow_symlinks=False).st_mtime > _STALE_AFTER:
                    os.unlink(entry.path)
                    removed.append(Path(entry.path))
    return removed


def _token() -> str:
    """16 random hex digits for a temporary file's name: ``secrets.token_hex(8)``, whose
    import (with ``random``) a compile need not pay for."""
    return os.urandom(8).hex()


def _write_temp(directory: Path, prefix: str, data: bytes) -> Path:
    """``data`` in a new file of ``directory``, flushed to disk, with the usual permissions
    (``os.open``'s 0o666 less the umask, where ``tempfile`` would give 0o600)."""
    remove_stale_temps(directory, prefix)
    while True:
        temp = directory / f"{prefix}{_token()}.tmp"
        try:
            fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        except FileExistsError:
            continue  # another writer's temporary file; draw another name
        except OSError as exc:
            raise OutputError(f"cannot write in {directory}: {_reason(exc)}") from None
        break
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        if isinstance(exc, OSError):
            raise OutputError(f"cannot write {temp}: {_reason(exc)}") from None
        raise
    return temp


def _compile_bytecode(source: bytes, file_name: str) -> bytes:
    """The checked-hash ``.pyc`` of ``source`` (PEP 552): what ``py_compile`` writes, made
    from the text in hand instead of read back from disk, and without importing it.

    The ``.pyc`` records the module's bare ``file_name``, so that it does not depend on
    where the output folder is (importlib sets the real path when it imports it). A module
    that does not compile is a back-end bug.
    """
    import marshal  # only the Python target writes bytecode

    try:
        code = compile(source, file_name, "exec", dont_inherit=True)
    except (SyntaxError, ValueError) as exc:
        raise RuntimeError(f"the generated module does not compile: {exc}") from None
    flags = 0b11  # hash-based, and checked against the source when imported
    header = importlib.util.MAGIC_NUMBER + flags.to_bytes(4, "little")
    bytecode: bytes = marshal.dumps(code)
    return header + importlib.util.source_hash(source) + bytecode


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc)
