"""The runtime a compiled module carries verbatim: hookc/runtime's value semantics (and the
pattern engine, Rye's leaves, the rollouts glue where the module needs them), read from the
package's own files so that compiled code and the reference evaluator share one definition.
"""

from __future__ import annotations

from hookc.ir.hooks import HookSet
from hookc.resources import package_file

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


def prelude(rye: bool = False, patterns: bool = True) -> list[str]:
    """The runtime a module needs, verbatim: hookc/runtime/regex.py (where a hook matches a
    pattern), values.py, then support.py (and rye.py for Rye's leaves), without their
    docstrings, a second `from __future__` (the module has it once, first) or their imports
    of each other (embedded just before)."""
    lines: list[str] = [] if patterns else [*_NO_PATTERN_ENGINE, ""]
    for name in (*(("regex.py",) if patterns else ()), "values.py", "support.py"):
        lines.extend([*_embedded(name, first=not lines), ""])
    if rye:
        lines.extend([*_embedded("rye.py", first=False), ""])
    return lines


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
