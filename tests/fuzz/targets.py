"""What the fuzz target runs: every front end (a one-line entry in ``FRONT_ENDS``), the
runtime loader, the expression compiler and evaluation, each on mutated input.

A case passes when every entry answers as documented: the CLI exits 0 or 1 (never 2 with
"internal error"), ``hookc.runtime.loads`` returns or raises ``LoadError``,
``hookc.cel.compile`` returns or raises ``CompileError``, ``Program.evaluate`` returns or
raises ``EvaluationError``, a compiled module's and the runtime's ``evaluate_hooks`` return,
and no case takes longer than the time budget.
"""

from __future__ import annotations

import contextlib
import io
import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

import hookc
import hookc.cel
import hookc.runtime
from hookc.cli import main

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class FrontEnd:
    """A kind of hook file: the file name the CLI is given, and real files to mutate."""

    name: str
    file_name: str
    seeds: tuple[str, ...]


def _examples(*patterns: str) -> tuple[str, ...]:
    found = sorted({path for pattern in patterns for path in EXAMPLES.glob(pattern)})
    return tuple(path.read_text(encoding="utf-8", errors="replace") for path in found)


# A new importer is one line here (its file name and some real files of its format).
FRONT_ENDS: tuple[FrontEnd, ...] = (
    FrontEnd("native YAML", "fuzz.hooks.yaml", _examples("*/*.yaml")),
    FrontEnd("directive XML", "fuzz.xml", _examples("*/*.xml")),
    FrontEnd("Rye Markdown", "fuzz.md", _examples("*/*.md")),
    FrontEnd("canonical YAML", "fuzz.hooks.yaml", _examples("canonical/*.hooks.yaml")),
    FrontEnd(
        "Claude Code",
        "settings.json",
        _examples("claude-code/**/settings.json", "claude-code/**/hooks.json"),
    ),
    FrontEnd("docker-agent", "agent.yaml", _examples("docker-agent/agent.yaml")),
    FrontEnd("Rye YAML", "hook_conditions.yaml", _examples("rye/hook_conditions.yaml")),
    FrontEnd(
        ".system/hooks registry",
        ".system/hooks/fuzz.yaml",
        _examples("registry/.system/hooks/*.yaml"),
    ),
    FrontEnd("A3S", "hooks.yaml", _examples("a3s/hooks.yaml")),
)

# What hookc.runtime.loads is given: canonical YAML that hookc wrote, mutated.
CANONICAL_SEEDS = _examples("*/*.hooks.yaml")

# Pieces an attacker splices in: syntax of every layer, deep nesting, aliases, entities,
# numbers past every range, text no encoder likes, patterns that backtrack.
_TOKENS = [
    "&a ", "*a", "[*a, *a, *a, *a]", "{", "}", "[", "]", ": ", "- ", "\n", "\t", "  ", "#",
    "'", '"', "\\", "${", "${x}", "!!python/object:os.system", "!!binary", "<<: *a",
    "<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]>", "&e;", "<![CDATA[", "]]>",
    "<?xml-stylesheet href='x'?>", "<xi:include href='/etc/passwd'/>", "<hook ", "/>",
    "when: ", "condition: ", "{not: {not: {not: ", "all: [", "op: regex", "value: ",
    "op: {}", "node: call", "function: size", "args: []", "{double: {}}", "template: [",
    "priority: 1.0", "priority: 99999999999999999999999", "1e999", "-0", "NaN", ".inf",
    "(a+)+$", "(a|aa)+$", "(.*a){20}", "a{4294967296}", "(?<=a)", "\\1", "[[:alpha:]]",
    "&&", "||", "!", "size(", ")", "x.y.z", "[0]", "['k']", ".exists(v, ", "has(",
    "9223372036854775808", "0x7fffffffffffffff", "1u", "b'x'", "\x00", "\ud800", "\ufeff",
    "\u2028", "é", "\U0001f600", "{'a': " * 20, "[" * 50, "(" * 50,
]  # fmt: skip
_tokens = st.sampled_from(_TOKENS) | st.text(max_size=6)


@st.composite
def mutated(draw: st.DrawFn, seeds: tuple[str, ...]) -> str:
    """A seed with a few edits: pieces inserted, spans deleted or repeated."""
    text = draw(st.sampled_from(seeds)) if seeds else ""
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        match draw(st.sampled_from(["insert", "delete", "repeat", "insert"])):
            case "insert":
                text = text[:at] + draw(_tokens) + text[at:]
            case "delete":
                text = text[:at] + text[at + draw(st.integers(0, 40)) :]
            case "repeat":
                piece = text[at : at + draw(st.integers(1, 30))]
                text = text[:at] + piece * draw(st.integers(2, 200)) + text[at:]
    return text


_expression_seeds = (
    "tool.name == 'Bash' && tool.input.command.matches('rm\\\\s+-rf')",
    "cost.spend > budget * 0.8 || limit_code in ['a', 'b']",
    "error.headers['retry-after'].exists(h, int(h) > 10)",
    "string(x) + '${y}' == 'a' ? [1, 2.0, {'k': null}] : size(z)",
)
expressions = mutated(_expression_seeds)
_json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=20,
)
contexts = st.dictionaries(
    st.sampled_from(["x", "y", "z", "tool", "cost", "error", "limit_code", "budget"]),
    _json_values,
)


class Finding(AssertionError):
    """An undocumented exception or a case over the time budget."""


def _timed(budget: float, what: str, run: Callable[..., Any], *args: Any) -> Any:
    start = time.perf_counter()
    result = run(*args)
    spent = time.perf_counter() - start
    if spent > budget:
        raise Finding(f"{what} took {spent:.1f} s (budget {budget} s)")
    return result


def _cli(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    if status not in (0, 1) or "internal error" in err.getvalue():
        raise Finding(f"hookc {' '.join(argv[:1])}: exit {status}: {err.getvalue()[:500]}")
    return status, out.getvalue()


def file_case(front_end: FrontEnd, text: str, context: dict[str, Any], budget: float) -> None:
    """One mutated file through ``check``, ``compile`` (both targets), ``fmt --check`` and
    ``eval``, and its compiled module and canonical YAML evaluated."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / front_end.file_name
        path.parent.mkdir(parents=True, exist_ok=True)  # the registry's .system/hooks
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        (Path(folder) / "context.json").write_text(json.dumps(context), encoding="utf-8")
        _timed(budget, f"{front_end.name} check", _cli, "check", str(path))
        out = str(Path(folder) / "out")
        status, _ = _timed(budget, "compile", _cli, "compile", str(path), "-o", out, "--name", "m")
        if status == 0:
            yaml_target = ("-o", out, "--name", "m", "--target", "yaml")
            _timed(budget, "compile yaml", _cli, "compile", str(path), *yaml_target)
            canonical = (Path(out) / "m.hooks.yaml").read_text(encoding="utf-8")
            _evaluate_file(canonical, context, budget)
        _timed(budget, "fmt --check", _cli, "fmt", "--check", str(path))
        context_file = str(Path(folder) / "context.json")
        for event in ("error", "limit", "pre_tool_use"):
            evaluation = ("--event", event, "--context", context_file, "--all")
            _timed(budget, "eval", _cli, "eval", str(path), *evaluation)


def _evaluate_file(canonical: str, context: dict[str, Any], budget: float) -> None:
    loaded = _timed(budget, "runtime.loads", hookc.runtime.loads, canonical)
    for event in ("error", "limit", "pre_tool_use"):
        _timed(budget, "evaluate_all", loaded.evaluate_all, event, context)


def runtime_case(text: str, context: dict[str, Any], budget: float) -> None:
    """Mutated canonical YAML straight into ``hookc.runtime.loads``."""
    try:
        loaded = _timed(budget, "runtime.loads", hookc.runtime.loads, text)
    except hookc.runtime.LoadError:
        return
    for event in ("error", "limit", "pre_tool_use"):
        _timed(budget, "evaluate_hooks", loaded.evaluate_hooks, event, context)


def expression_case(text: str, context: dict[str, Any], budget: float) -> None:
    """A mutated expression through ``hookc.cel`` and ``hookc expr``."""
    try:
        program = _timed(budget, "cel.compile", hookc.cel.compile, text)
    except hookc.CompileError:
        return
    with contextlib.suppress(hookc.EvaluationError):
        _timed(budget, "evaluate", program.evaluate, context)
    _timed(budget, "hookc expr", _cli, "expr", text)
