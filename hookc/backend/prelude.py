"""The runtime a compiled module carries verbatim: hookc/runtime's value semantics (and the
pattern engine, Rye's leaves, the rollouts glue where the module needs them), read from the
package's own files so that compiled code and the reference evaluator share one definition.

A module carries only the definitions its code reaches (``prelude``'s ``used``): most use a
third of the value semantics, and Python compiles every line a module carries.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Set

from hookc.ir.hooks import HookSet
from hookc.source.resources import package_file

# What values.py takes of the pattern engine, in a module whose hooks match no pattern: the
# engine is half a module's text and half its byte-compile time (5 of 10 ms), for nothing.
_NO_PATTERN_ENGINE = [
    "from __future__ import annotations",
    "",
    "",
    "class RegexSyntaxError(ValueError):",
    '    """Never raised: no hook of this module matches a pattern."""',
    "",
    "",
    "def compile_re2(pattern, *, whole=False):",
    '    raise RegexSyntaxError("this module was compiled without the pattern engine")',
]


def prelude(rye: bool = False, patterns: bool = True, used: Set[str] | None = None) -> list[str]:
    """The runtime a module needs, verbatim: hookc/runtime/regex.py (where a hook matches a
    pattern), values.py, then support.py (and rye.py for Rye's leaves), without their
    docstrings, a second `from __future__` (the module has it once, first) or their imports
    of each other (embedded just before). With ``used`` (the names the rest of the module
    reads: ``names_read``), only the top-level definitions those names reach, in order."""
    if used is None:
        return list(_whole(rye, patterns))
    kept: list[str] = []
    for definition in _reached(_definitions(rye, patterns), used):
        kept.extend(definition.lines)
    return kept


@functools.cache
def _whole(rye: bool, patterns: bool) -> tuple[str, ...]:
    lines: list[str] = [] if patterns else [*_NO_PATTERN_ENGINE, ""]
    for name in (*(("regex.py",) if patterns else ()), "values.py", "support.py"):
        lines.extend([*_embedded(name, first=not lines), ""])
    if rye:
        lines.extend([*_embedded("rye.py", first=False), ""])
    return tuple(lines)


# -- What a module's code reaches ----------------------------------------------------------

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# What a top-level statement binds: `def f`, `class C`, `x =`, `x: T =`, `a, b =`.
_BINDS = re.compile(
    r"(?:async\s+def|def|class)\s+([A-Za-z_]\w*)"
    r"|([A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)*)\s*(?::|=(?!=))"
)


class Definition:
    """A top-level statement of the prelude with the comments and decorators before it: the
    names it binds, and every name its code mentions (``names_read``)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        statement = next((line for line in lines if line[:1] not in ("#", "@", "")), "")
        self.binds = _binds(statement, lines)
        # A statement that binds no name (a call, an import from __future__) is always kept.
        self.always = not self.binds or statement.startswith("from __future__")

    @functools.cached_property
    def mentions(self) -> frozenset[str]:
        """Read only of the definitions a module keeps: most modules keep half of them."""
        return frozenset(names_read(self.lines))


def _binds(statement: str, lines: list[str]) -> frozenset[str]:
    if statement.startswith(("import ", "from ")):
        text = "\n".join(lines)
        imported = text.partition(" import ")[2] if statement.startswith("from ") else text[7:]
        names = imported.replace("(", " ").replace(")", " ").replace("\n", " ").split(",")
        # `import a.b` binds `a`; `x as y` binds `y`.
        return frozenset(name.split()[-1].partition(".")[0] for name in names if name.strip())
    found = _BINDS.match(statement)
    if found is None:
        return frozenset()
    if found.group(1):
        return frozenset((found.group(1),))
    return frozenset(name.strip() for name in found.group(2).split(","))


def split_definitions(lines: Iterable[str]) -> list[Definition]:
    """The prelude's lines as its top-level statements: one starts at each line that begins
    at the margin with a name, a decorator or a comment, unless comments and decorators
    just before it lead into it (closing brackets and indented lines go on a statement)."""
    definitions: list[list[str]] = []
    leading = False  # the current lines are comments and decorators so far
    for line in lines:
        first = line[:1]
        starts = first.isalpha() or first in ("_", "@", "#")
        if starts and not leading:
            definitions.append([])
        if not definitions:
            definitions.append([])
        definitions[-1].append(line)
        if starts:
            leading = first in ("@", "#")
    return [Definition(lines) for lines in definitions]


@functools.cache
def _definitions(rye: bool, patterns: bool) -> tuple[Definition, ...]:
    return tuple(split_definitions(_whole(rye, patterns)))


def _reached(definitions: tuple[Definition, ...], used: Set[str]) -> list[Definition]:
    """The definitions that bind a name ``used`` reads, and all they mention in turn, in
    their order (and those always kept)."""
    binding: dict[str, list[int]] = {}
    for number, definition in enumerate(definitions):
        for name in definition.binds:
            binding.setdefault(name, []).append(number)
    keep: set[int] = set()
    todo = [number for number, definition in enumerate(definitions) if definition.always]
    todo.extend(number for name in used & binding.keys() for number in binding[name])
    while todo:
        number = todo.pop()
        if number not in keep:
            keep.add(number)
            mentions = definitions[number].mentions
            todo.extend(n for name in mentions & binding.keys() for n in binding[name])
    return [definitions[number] for number in sorted(keep)]


def names_read(lines: Iterable[str]) -> set[str]:
    """Every name the lines of Python mention, but in comments and in lines that are a
    string (raw or not) and nothing else (docstrings, ``Writer.table``'s rows of data): a
    superset of the names the code reads. ``tests/backends/test_prelude.py`` holds it to ``ast``'s
    reading of the prelude, and of modules of every shape."""
    code: list[str] = []
    closing = ""  # the quotes that end a docstring begun on a line above
    for line in lines:
        stripped = line.strip()
        if closing:
            if closing in stripped:
                closing = ""
            continue
        first = stripped[:1]
        if first == "#":
            continue
        if first == "r" and stripped[1:2] in _QUOTES and stripped[-1] in _QUOTES:
            continue  # a raw string and nothing else (``Writer.table``'s rows)
        if first in _QUOTES:
            quotes = stripped[:3]
            if quotes in ('"""', "'''") and stripped.count(quotes) == 1:
                closing = quotes  # a docstring's first line
                continue
            if stripped[-1] in _QUOTES:
                continue
        code.append(line)
    return set(_NAME.findall("\n".join(code)))


_QUOTES = ("'", '"')


def rollouts_register(hookset: HookSet) -> list[str]:
    """A module of the ``rollouts`` profile is a rollouts hook file: hookc/runtime/rollouts.py
    verbatim (without its docstring and its ``from __future__``) and ``register(hooks)``."""
    text = package_file("runtime", "rollouts.py").read_text(encoding="utf-8")
    body = _embeddable(text[text.index('"""', 3) + 3 :].strip("\n").splitlines())
    events = tuple(sorted({hook.event for hook in hookset.hooks if hook.enabled}))
    return [
        "",
        *body,
        "",
        "",
        "def register(hooks):",
        '    """Subscribe one handler per rollouts event these hooks listen to (seed 003)."""',
        f"    register_handlers(hooks, evaluate_hooks, {events!r})",
    ]


def _embedded(name: str, first: bool) -> list[str]:
    text = package_file("runtime", name).read_text(encoding="utf-8")
    body = text[text.index('"""', 3) + 3 :].strip("\n").splitlines()
    return body if first else _embeddable(body)


def _embeddable(lines: list[str]) -> list[str]:
    """support.py's lines without `from __future__` and its marked import of values."""
    kept: list[str] = []
    skipping = False
    for line in lines:
        if "# hookc: begin not embedded" in line:
            skipping = True
        if not skipping and line != "from __future__ import annotations":
            kept.append(line)
        if "# hookc: end not embedded" in line:
            skipping = False
    return kept
