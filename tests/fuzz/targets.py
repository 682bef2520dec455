"""What the fuzz target runs: every front end (a one-line entry in ``FRONT_ENDS``), the
runtime loader, the expression compiler and evaluation, each on mutated input; documents
that aliases make large (long strings repeated, regex leaves multiplied, flat lists);
contexts with long texts for the patterns to search; and every host's handler protocol
(``handlers.run``) on hostile answers.

A case passes when every entry answers as documented: the CLI exits 0 or 1 (never 2 with
"internal error"), ``hookc.runtime.loads`` returns or raises ``LoadError``,
``hookc.cel.compile`` returns or raises ``CompileError``, ``Program.evaluate`` returns or
raises ``EvaluationError``, a compiled module's and the runtime's ``evaluate_hooks`` return,
``handlers.run`` returns a decision that prints as JSON, and no step of a case takes
longer than the time budget (each is timed: a slow one is a finding).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import shlex
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
from hookc import handlers
from hookc.cli import main
from hookc.handlers.protocols import PROTOCOLS
from hookc.hosts import by_name
from hookc.hosts.profile import load_profile

ROOT = Path(__file__).resolve().parent.parent.parent
EXAMPLES = ROOT / "examples"


@dataclass(frozen=True)
class FrontEnd:
    """A kind of hook file: the host that reads it, the file name the CLI is given, and
    files of that kind to mutate."""

    name: str
    host: str
    file_name: str
    seeds: tuple[str, ...]


def _examples(*patterns: str) -> tuple[str, ...]:
    found = sorted({path for pattern in patterns for path in EXAMPLES.glob(pattern)})
    return tuple(path.read_text(encoding="utf-8", errors="replace") for path in found)


# Hooks in Markdown front matter, which no example folder holds as a file of its own.
_SKILL = """---
name: format-on-save
description: Formats what the agent edits.
hooks:
  PostToolUse:
    - matcher: "Edit|Write"
      hooks:
        - type: command
          command: ./scripts/format.sh
---
Run the formatter after every edit.
"""
_AGENT = """---
name: reviewer
hooks:
  PostToolUse:
    - type: command
      command: ./scripts/lint.sh
      timeout: 30
---
Review the change.
"""

# A new host or importer is one line here (its host, file name and files of its format);
# ``tests/fuzz/test_fuzz.py`` checks that every host has one.
FRONT_ENDS: tuple[FrontEnd, ...] = (
    FrontEnd("native YAML", "native", "fuzz.hooks.yaml", _examples("*/*.yaml")),
    FrontEnd("directive XML", "native", "fuzz.xml", _examples("*/*.xml")),
    FrontEnd("Rye Markdown", "rye", "fuzz.md", _examples("*/*.md")),
    FrontEnd("canonical YAML", "native", "fuzz.hooks.yaml", _examples("canonical/*.hooks.yaml")),
    FrontEnd(
        "Claude Code",
        "claude-code",
        ".claude/settings.json",
        _examples("claude-code/**/settings.json", "claude-code/**/hooks.json"),
    ),
    FrontEnd("Claude Code skill", "claude-code", ".claude/skills/f/SKILL.md", (_SKILL,)),
    FrontEnd("docker-agent", "docker-agent", "agent.yaml", _examples("docker-agent/agent.yaml")),
    FrontEnd("Rye YAML", "rye", "hook_conditions.yaml", _examples("rye/hook_conditions.yaml")),
    FrontEnd(
        ".system/hooks registry",
        "registry",
        ".system/hooks/fuzz.yaml",
        _examples("registry/.system/hooks/*.yaml"),
    ),
    FrontEnd("A3S", "a3s", "hooks.yaml", _examples("a3s/hooks.yaml")),
    FrontEnd(
        "Gemini CLI", "gemini-cli", ".gemini/settings.json", _examples("gemini-cli/**/*.json")
    ),
    FrontEnd("Qwen Code", "qwen-code", ".qwen/settings.json", _examples("qwen-code/**/*.json")),
    FrontEnd("Tabnine", "tabnine", ".tabnine/agent/settings.json", _examples("tabnine/**/*.json")),
    FrontEnd("Codex JSON", "codex", ".codex/hooks.json", _examples("codex/**/hooks.json")),
    FrontEnd("Codex TOML", "codex", ".codex/config.toml", _examples("codex/**/config.toml")),
    FrontEnd("Factory", "factory", ".factory/hooks.json", _examples("factory/**/hooks.json")),
    FrontEnd("Augment", "augment", ".augment/settings.json", _examples("augment/**/settings.json")),
    FrontEnd("Cursor", "cursor", ".cursor/hooks.json", _examples("cursor/**/hooks.json")),
    FrontEnd("Windsurf", "windsurf", ".windsurf/hooks.json", _examples("windsurf/**/hooks.json")),
    FrontEnd("Kiro JSON", "kiro", ".kiro/hooks/fuzz.json", _examples("kiro/**/*.json")),
    FrontEnd("Kiro hook", "kiro", "fuzz.kiro.hook", _examples("kiro/**/*.kiro.hook")),
    FrontEnd("Copilot", "copilot", ".github/hooks/fuzz.json", _examples("copilot/**/hooks/*.json")),
    FrontEnd("VS Code agent", "vscode", ".github/agents/fuzz.agent.md", (_AGENT,)),
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
    "[ab]*a[ab]{200}c", "(?:a|b[ab]){300}c",
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
_FIELDS = ["x", "y", "z", "tool", "cost", "error", "limit_code", "budget", "tool_name"]


def _long_text(size: int, seed: int) -> str:
    """A text of ``size`` characters of `a` and `b` (what the patterns above search
    longest), made from a seed: Hypothesis draws two numbers, not the text."""
    chosen = random.Random(seed)
    return "".join(chosen.choice("ab") for _ in range(size))


_long_texts = st.builds(_long_text, st.integers(0, 200_000), st.integers(0, 1 << 16))
contexts = st.dictionaries(st.sampled_from(_FIELDS), _json_values | _long_texts)


# -- documents that aliases make large --------------------------------------------------------

_HEAD = "hooks:\n- id: a\n  event: error\n"
_PATTERNS = ["(ab|cd)+e$", "[ab]*a[ab]{200}c", "(a+)+$", "a", "(?:a|b[ab]){300}c"]


@st.composite
def expanded(draw: st.DrawFn) -> str:
    """Canonical YAML that aliases (or sheer length) make large: a long string repeated
    through aliases, a pyramid of aliased regex leaves, a flat list, many template holes.
    Each must be read, or refused with a ``LoadError`` / diagnostic, within the budget."""
    match draw(st.sampled_from(["strings", "leaves", "flat", "holes"])):
        case "strings":
            size, anchors = draw(st.integers(1, 200_000)), draw(st.integers(1, 20))
            uses = draw(st.integers(1, 20_000 // anchors))
            strings = "".join(f"    s{i}: &s{i} '{'x' * size}'\n" for i in range(anchors))
            aliases = ", ".join(f"*s{i % anchors}" for i in range(anchors * uses))
            return _HEAD + "  action:\n    type: log\n" + strings + f"    copies: [{aliases}]\n"
        case "leaves":
            pattern = draw(st.sampled_from(_PATTERNS))
            width, levels = draw(st.integers(2, 12)), draw(st.integers(1, 7))
            leaf = f"{{path: tool, op: regex, value: '{pattern}'}}"
            lines = [_HEAD, "  condition:\n    any:\n"]
            lines.append(f"    - &l0 {{any: [{', '.join([leaf] * width)}]}}\n")
            for level in range(1, levels):
                above = ", ".join([f"*l{level - 1}"] * width)
                lines.append(f"    - &l{level} {{any: [{above}]}}\n")
            return "".join(lines) + "  action: {type: log}\n"
        case "flat":
            # Within the limit but small, or over it: a list just under the limit loads
            # in 2-5 s, the budget itself, on the project's loaded 2-core machine.
            count = draw(st.integers(1, 200_000) | st.integers(1_000_001, 1_500_000))
            return (
                _HEAD + "  action:\n    type: log\n    items: [" + ",".join(["1"] * count) + "]\n"
            )
        case _:
            holes = draw(st.integers(1, 300_000))
            return _HEAD + "  action:\n    type: log\n    message: '" + "${tool}" * holes + "'\n"


# -- handlers with hostile answers ------------------------------------------------------------

# Fields the protocols read, given values of every type.
_ANSWER_FIELDS = [
    "decision", "reason", "continue", "stopReason", "systemMessage", "suppressOutput",
    "hookSpecificOutput", "permissionDecision", "permissionDecisionReason", "updatedInput",
    "additionalContext", "hookEventName", "hook_specific_output", "permission_decision",
    "updated_input", "messages_to_user", "blocking", "result", "action", "modified",
    "tool_input", "llm_request", "toolConfig", "block", "allow",
]  # fmt: skip
_answer_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=8)
    | st.sampled_from(["deny", "allow", "ask", "block", "approve", "PreToolUse", "BeforeTool"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.sampled_from(_ANSWER_FIELDS) | st.text(max_size=4), inner, max_size=4)
    ),
    max_leaves=12,
)
_answers = st.one_of(
    st.dictionaries(st.sampled_from(_ANSWER_FIELDS), _answer_values, max_size=5).map(
        lambda value: json.dumps(value, allow_nan=True).encode()
    ),
    st.sampled_from(
        [
            b"",
            b"{",
            b"null",
            b"[]",
            b"NaN",
            b'{"a": NaN}',
            b"\xff\xfe{}",
            b"{}\x00",
            b'{"a": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
            b'{"a": ' * 5_000 + b"1" + b"}" * 5_000,
            b'{"decision": "block"}' * 3,
            b"x" * (3 << 20),
            b'{"reason": "' + b"r" * (2 << 20) + b'"}',
            b'{"systemMessage": "\\ud800"}',
            b'{"permissionDecision": ["deny"]}',
        ]
    ),
    st.binary(max_size=64),
)
_protocols = st.sampled_from(sorted(PROTOCOLS))


@st.composite
def handler_runs(draw: st.DrawFn) -> tuple[str, str, list[tuple[bytes, int]]]:
    """A protocol, one of its host's events, and the answers (output and exit status) of
    a few handlers."""
    protocol = draw(_protocols)
    events = sorted(load_profile(by_name(protocol).profile).events)
    event = draw(st.sampled_from(events))
    answers = draw(
        st.lists(st.tuples(_answers, st.sampled_from([0, 0, 1, 2, 3, 127])), min_size=1, max_size=4)
    )
    return protocol, event, answers


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


def expanded_case(text: str, context: dict[str, Any], budget: float) -> None:
    """A document made large (``expanded``) through ``hookc.runtime.loads`` and its
    evaluation, and through ``hookc check``."""
    runtime_case(text, context, budget)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.hooks.yaml"
        path.write_text(text, encoding="utf-8")
        _timed(budget, "check (expanded)", _cli, "check", str(path))


def handler_case(
    protocol: str,
    event: str,
    answers: list[tuple[bytes, int]],
    context: dict[str, Any],
    budget: float,
) -> None:
    """``handlers.run`` for handlers that print ``answers`` (each its bytes and exit
    status): a decision that prints as JSON, within the budget, whatever they answer."""
    with tempfile.TemporaryDirectory() as folder:
        matches = []
        for number, (output, code) in enumerate(answers):
            path = Path(folder) / f"answer{number}"
            path.write_bytes(output)
            command = f"cat {shlex.quote(str(path))}; exit {code}"
            matches.append((f"h{number}", {"type": "command", "command": command}))
        try:
            decision = _timed(budget, f"handlers.run ({protocol})", _run_handlers, protocol,
                              event, context, matches, folder, budget)  # fmt: skip
        except Exception as exc:
            if isinstance(exc, Finding):
                raise
            raise Finding(f"handlers.run ({protocol}, {event}): {exc!r}") from exc
        try:
            json.dumps(decision.to_json())
        except Exception as exc:
            raise Finding(f"a {protocol} decision does not print as JSON: {exc!r}") from exc


def _run_handlers(
    protocol: str, event: str, context: Any, matches: Any, folder: str, budget: float
) -> Any:
    return handlers.run(protocol, event, context, matches, cwd=folder, timeout=budget)


def expression_case(text: str, context: dict[str, Any], budget: float) -> None:
    """A mutated expression through ``hookc.cel`` and ``hookc expr``."""
    try:
        program = _timed(budget, "cel.compile", hookc.cel.compile, text)
    except hookc.CompileError:
        return
    with contextlib.suppress(hookc.EvaluationError):
        _timed(budget, "evaluate", program.evaluate, context)
    _timed(budget, "hookc expr", _cli, "expr", text)
