"""Claude Code's ``if`` filter: one permission rule (``Bash(git commit:*)``, ``Edit(src/**)``)
as a condition over the event's context, so that every back end evaluates it alike.

``translate(rule, event)`` gives a ``Filter``: the condition under which the handler runs,
the part of it that is hookc's guess where it cannot decide (``undecided``, for ``eval`` and
``run`` to say so), and findings for ``check``. What is implemented, and from where:

- Claude Code's hooks reference (code.claude.com/docs/en/hooks, "Common fields" and "Bash
  ``if`` matching", read 2026-06 in a public copy): ``if`` holds exactly one permission
  rule, with no ``&&``, ``||`` or list syntax; it is evaluated only on the tool events
  (``TOOL_EVENTS``), and "on other events, a hook with ``if`` set never runs". For Bash,
  leading ``VAR=value`` assignments are stripped, each subcommand of a compound command is
  checked (the handler runs when any matches), and the filter "fails open, running your hook
  regardless of pattern, when the Bash command cannot be parsed"; a pattern that says more
  than the command name also runs the hook on ``$()``, backticks and ``$VAR``.
- The permissions page (code.claude.com/docs/en/permissions): ``Tool`` or ``Tool(specifier)``,
  ``Tool(*)`` and ``Tool()`` being the whole tool; Bash: an exact command, the legacy prefix
  ``cmd:*`` (the command itself, or it followed by a space), ``*`` anywhere matching any run
  of characters (``\\*`` a literal star), and a single trailing `` *`` that also matches the
  bare command (``Bash(ls *)`` matches ``ls`` and ``ls -la``, not ``lsof``); rules compare the
  command's text as written. ``Read``/``Edit`` take gitignore-style paths: ``//p`` from the
  file system's root, ``~/p`` from the home folder, ``/p`` from the project root, ``p`` or
  ``./p`` from the current folder; ``Edit`` rules apply to every tool that edits files and
  ``Read`` rules (best effort) to Grep and Glob too. ``WebFetch(domain:host)``; MCP tools as
  ``mcp__server``, ``mcp__server__*`` (every tool of the server) or ``mcp__server__tool``.

hookc decides exactly what it can model, and guesses the documented way (fail-open: the
handler runs) where it cannot: a Bash command holding ``$``, backticks, backslashes,
parentheses, braces, redirections, a comment, an unclosed quote or a process wrapper
(``timeout``, ``nice``, ...) whose stripping the ``if`` documentation does not describe; a
path or a folder that is not plain (``..``, glob characters in ``cwd``); Grep and Glob under
a ``Read`` rule. Rules it cannot decide for any call (``~/`` and project-root paths, whose
folders the context does not carry; specifiers of other tools; ``Write(...)`` path rules,
which Claude Code's permissions page says it accepts but never consults) run the handler
whenever the tool is called, with an HK714 warning. A rule that names no tool (``git push``,
an unclosed parenthesis) and ``if`` on another event never let the handler run: HK713.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from hookc.ir.expr import And, Binary, Call, Expr, Ident, List, Literal, Or, Select, Unary

# "Only evaluated on tool events: PreToolUse, PostToolUse, PostToolUseFailure,
# PermissionRequest, and PermissionDenied" (hooks reference).
TOOL_EVENTS = frozenset(
    {"PreToolUse", "PostToolUse", "PostToolUseFailure", "PermissionRequest", "PermissionDenied"}
)
# "Edit rules apply to all built-in tools that edit files"; "Read rules also apply best-effort
# to other built-in tools that read files, including Grep and Glob" (permissions page).
EDIT_TOOLS = ("Edit", "Write", "MultiEdit", "NotebookEdit")
READ_BEST_EFFORT = ("Grep", "Glob")
# Tools whose path rules Claude Code accepts but does not consult (permissions page, and
# its start-up warning): what an `if` with one does is not documented.
UNCONSULTED_PATH_TOOLS = ("Write", "MultiEdit", "NotebookEdit", "Glob")
# Process wrappers the permissions page says Bash rules see through; the `if` documentation
# does not say whether it does too, so a subcommand starting with one is not decided.
WRAPPERS = ("timeout", "time", "nice", "nohup", "stdbuf")

FAIL_OPEN = (
    "hookc runs the handler, as Claude Code does when its `if` filter cannot tell (fail-open)"
)

_TOOL_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*")
_MCP = re.compile(r"mcp__(?P<server>[A-Za-z0-9_-]+?)(?:__(?P<tool>[A-Za-z0-9_*-]+))?")


@dataclass(frozen=True, slots=True)
class Finding:
    """A finding about the rule for ``check``: its code (HK713, HK714), what, and a hint."""

    code: str
    message: str
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class Filter:
    """A rule as conditions over the event's context.

    ``condition``: when the handler runs, hookc's guesses included. ``undecided``: when that
    answer is a guess (None: never), and ``why`` in words, for ``eval`` and ``run`` to say.
    """

    condition: Expr
    undecided: Expr | None = None
    why: str | None = None
    findings: tuple[Finding, ...] = ()


def translate(rule: str, event: str) -> Filter:
    """The filter ``if: rule`` sets on a handler of ``event``."""
    if event not in TOOL_EVENTS:
        return Filter(
            Literal(False),
            findings=(
                Finding(
                    "HK713",
                    f"`if` is evaluated on tool events only: on `{event}` a handler with "
                    "`if` never runs",
                    "remove `if`, or move the handler to PreToolUse, PostToolUse, ...",
                ),
            ),
        )
    parsed = _parse(rule)
    if parsed is None:
        return Filter(
            Literal(False),
            findings=(
                Finding(
                    "HK713",
                    f"the `if` rule `{rule}` names no tool: the handler never runs",
                    "write one permission rule: `Tool` or `Tool(specifier)`, "
                    'e.g. "Bash(git commit *)"',
                ),
            ),
        )
    tool, specifier = parsed
    if tool.startswith("mcp__"):
        return _mcp(rule, tool, specifier)
    if specifier is None:
        return Filter(_tool_test(EDIT_TOOLS if tool == "Edit" else (tool,)))
    if tool == "Bash":
        return _bash(rule, specifier)
    if tool in ("Read", "Edit"):
        return _path_rule(rule, tool, specifier)
    if tool == "WebFetch":
        return _web_fetch(rule, specifier)
    if tool in UNCONSULTED_PATH_TOOLS:
        why = (
            f"Claude Code accepts `{tool}(...)` path rules but does not consult them; "
            "`Edit(...)` covers every tool that edits files"
        )
        return _whole_tool(rule, (tool,), why, f"write `Edit({specifier})`")
    return _whole_tool(rule, (tool,), f"hookc does not know what `{tool}` matches its specifier on")


def _parse(rule: str) -> tuple[str, str | None] | None:
    """``Tool`` or ``Tool(specifier)``: the tool and the specifier (None: the whole tool), or
    None for text that names no tool. ``Tool(*)`` and ``Tool()`` are the whole tool."""
    text = rule.strip()
    if "(" not in text and ")" not in text:
        return (text, None) if _TOOL_NAME.fullmatch(text) else None
    open_at = text.find("(")
    tool = text[:open_at]
    if not text.endswith(")") or not _TOOL_NAME.fullmatch(tool):
        return None
    specifier = text[open_at + 1 : -1]
    return tool, None if specifier.strip() in ("", "*") else specifier


def _tool_test(tools: tuple[str, ...]) -> Expr:
    if len(tools) == 1:
        return Binary("==", Ident("tool_name"), Literal(tools[0]))
    return Binary("in", Ident("tool_name"), List(tuple(Literal(t) for t in tools)))


def _whole_tool(rule: str, tools: tuple[str, ...], why: str, hint: str | None = None) -> Filter:
    """A rule hookc cannot decide for any call: the handler runs whenever the tool is
    called (fail-open), and ``check`` says so."""
    test = _tool_test(tools)
    shown = " or ".join(f"`{tool}`" for tool in tools)
    return Filter(
        test,
        undecided=test,
        why=why,
        findings=(
            Finding(
                "HK714",
                f"hookc cannot decide the `if` rule `{rule}` ({why}): it runs the handler "
                f"on every {shown} call (fail-open, as Claude Code does where its filter "
                "cannot tell)",
                hint,
            ),
        ),
    )


def _guarded(tools: tuple[str, ...], undecided: Expr, decided: Expr, why: str) -> Filter:
    test = _tool_test(tools)
    return Filter(And((test, Or((undecided, decided)))), undecided=And((test, undecided)), why=why)


# -- Bash --------------------------------------------------------------------------------------
#
# A command is read as Bash reads the parts hookc models: words, single- and double-quoted
# strings, and the separators of a compound command (`;`, `&`, `|`, newline; `&&`, `||`, `|&`
# are two of them). Quotes are kept: rules compare the command's text as written.

_UNIT = r"""(?:[^'"]|'[^']*'|"[^"]*")"""  # one character, or a whole quoted string
_INNER = r"""(?:[^'";&|\n]|'[^']*'|"[^"]*")"""  # the same within one subcommand
_SEP = r"[;&|\n]"
_WS = r"[ \t]*"
_ASSIGN = r"""[A-Za-z_][A-Za-z0-9_]*=(?:[^ \t'";&|\n]|'[^']*'|"[^"]*")*[ \t]+"""
# The start of a subcommand, past its leading assignments.
_START = f"^(?:{_UNIT}*{_SEP})?{_WS}(?:{_ASSIGN})*"
_END = f"{_WS}(?:{_SEP}|$)"
# What hookc does not model: substitutions, escapes, grouping, redirections, comments,
# process wrappers; a command with an unclosed quote is not balanced.
_UNMODELLED = (
    r"[$`\\]"
    f"|^{_UNIT}*(?:[(){{}}<>]|[ \\t;&|\\n]#)|^#"
    f"|{_START}(?:{'|'.join(WRAPPERS)})(?:[ \\t;&|\\n]|$)"
)
_BALANCED = f"^{_UNIT}*$"
# Characters of a pattern hookc cannot place in a subcommand: what splits, quotes, and what
# it does not model in commands.
_PATTERN_UNMODELLED = re.compile(r"""[;&|\n'"$`(){}<>#]""")


def _bash(rule: str, specifier: str) -> Filter:
    pattern = specifier.strip()
    body = _bash_body(pattern)
    if body is None:
        return _whole_tool(
            rule,
            ("Bash",),
            "its pattern holds shell syntax hookc does not model",
            "match plain words: the command's name and arguments, with `*`",
        )
    command = Select(Ident("tool_input"), "command")
    unknowns: list[Expr] = [
        Call("matches", (Literal(_UNMODELLED),), command),
        Unary("!", Call("matches", (Literal(_BALANCED),), command)),
    ]
    if re.search(r"(?<!\\)\*.*[^*\s]", pattern) and not pattern.endswith(":*"):
        # Text after a `*` may fall inside a quoted string, which hookc's regex keeps whole.
        unknowns.append(Call("matches", (Literal("['\"]"),), command))
    undecided = Or(tuple(unknowns))
    decided = Call("matches", (Literal(f"{_START}{body}{_END}"),), command)
    why = (
        "the command holds shell syntax hookc does not model: `$`, a backtick, `\\`, a "
        "group, a redirection, a comment, a process wrapper, an open quote, or a quote "
        "where the pattern has text after a `*`"
    )
    return _guarded(("Bash",), undecided, decided, why)


def _bash_body(pattern: str) -> str | None:
    """The regex of one subcommand the pattern matches (past its assignments), or None for a
    pattern hookc cannot place."""
    if _PATTERN_UNMODELLED.search(pattern):
        return None
    first = pattern.split(" ", 1)[0]
    if "=" in first:  # Claude Code strips the command's assignments before comparing
        return None
    any_run = f"{_INNER}*"
    if pattern.endswith(":*"):  # the legacy prefix: the command, or it and a space
        prefix = pattern[:-2]
        return None if "\\" in prefix else f"{_escape(prefix)}(?: {any_run})?"
    pieces: list[str | None] = []  # literal text, and None for `*`
    literal: list[str] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "\\":
            following = pattern[index + 1 : index + 2]
            if following not in ("*", "\\"):
                return None
            literal.append(following)
            index += 2
            continue
        if char == "*":
            pieces.append("".join(literal))
            literal = []
            pieces.append(None)
        else:
            literal.append(char)
        index += 1
    pieces.append("".join(literal))
    stars = sum(piece is None for piece in pieces)
    head = pieces[0] or ""
    if stars == 1 and len(pieces) == 3 and pieces[2] == "" and head.endswith(" "):
        # `ls *`: also the bare command (the trailing space and arguments are optional).
        return f"{_escape(head[:-1])}(?: {any_run})?"
    return "".join(any_run if piece is None else _escape(piece) for piece in pieces)


def _escape(text: str) -> str:
    """Text as a literal of RE2 (which refuses escapes of letters, digits and spaces)."""
    return "".join(f"\\{char}" if char in r"\.+*?()|[]{}^$-/" else char for char in text)


# -- Read and Edit: gitignore-style paths ---------------------------------------------------------


def _path_rule(rule: str, tool: str, specifier: str) -> Filter:
    tools = EDIT_TOOLS if tool == "Edit" else ("Read",)
    pattern = specifier.strip()
    if pattern.startswith("~/") or pattern == "~":
        return _whole_tool(
            rule,
            tools,
            "the context does not carry the home folder",
            f"write the folder out from the root: `{tool}(//home/<you>/{pattern[2:]})`",
        )
    if pattern.startswith("/") and not pattern.startswith("//"):
        return _whole_tool(
            rule,
            tools,
            "a path from the project root, which the context does not carry",
            f"write it from the working folder: `{tool}(.{pattern})`, or from the root with `//`",
        )
    absolute = pattern.startswith("//")
    # `./p` is anchored at the working folder, as gitignore's `/p` is at its own; `p` with
    # no `/` matches at any depth below it.
    relative = "/" + pattern[2:] if pattern.startswith("./") else pattern
    globs = _gitignore_globs(pattern[1:] if absolute else relative)
    if globs is None:
        return _whole_tool(rule, tools, "gitignore syntax hookc does not model")
    path = Select(Ident("tool_input"), "file_path")
    notebook = Select(Ident("tool_input"), "notebook_path")
    cwd = Ident("cwd")

    def under(target: Expr) -> Expr:
        tests: list[Expr] = []
        for glob in globs:
            base: Expr = Literal("/" + glob) if absolute else Binary("+", cwd, Literal("/" + glob))
            tests.append(Call("glob", (base,), target))
        return tests[0] if len(tests) == 1 else Or(tuple(tests))

    def unplain(target: Expr) -> Expr:
        # Not an absolute path, or one with `.`/`..` steps: hookc does not resolve it.
        checks: list[Expr] = [
            Unary("!", Call("startsWith", (Literal("/"),), target)),
            Call("matches", (Literal(r"/\.\.?(?:/|$)|//"),), target),
        ]
        if not absolute:  # the folder is part of the glob: it must hold no glob syntax
            checks.append(Call("matches", (Literal(r"[*?\[\\]|/$|^[^/]"),), cwd))
        return Or(tuple(checks))

    parts: list[tuple[tuple[str, ...], Expr]] = []
    file_tools = tuple(t for t in tools if t != "NotebookEdit")
    parts.append((file_tools, path))
    if "NotebookEdit" in tools:
        parts.append((("NotebookEdit",), notebook))
    conditions: list[Expr] = []
    undecided: list[Expr] = []
    for names, target in parts:
        test = _tool_test(names)
        conditions.append(And((test, Or((unplain(target), under(target))))))
        undecided.append(And((test, unplain(target))))
    if tool == "Read":  # Grep and Glob: best effort, by rules the page does not spell out
        test = _tool_test(READ_BEST_EFFORT)
        conditions.append(test)
        undecided.append(test)
    why = (
        "a relative path, a `.`/`..` step, a working folder with glob characters, "
        "or Grep/Glob under a Read rule"
    )
    return Filter(
        conditions[0] if len(conditions) == 1 else Or(tuple(conditions)),
        undecided=undecided[0] if len(undecided) == 1 else Or(tuple(undecided)),
        why=why,
    )


def _gitignore_globs(pattern: str) -> tuple[str, ...] | None:
    """hookc globs (from the base folder) matching what the gitignore pattern matches: the
    path itself or a folder above it. A pattern with no `/` other than a trailing one
    matches at any depth, a leading `/` anchors it, a trailing `/` matches folders only.
    None for syntax hookc does not model (negation, escapes, `**` inside a name)."""
    if not pattern or pattern.startswith("!") or "\\" in pattern:
        return None
    folder_only = pattern.endswith("/")
    core = pattern.rstrip("/")
    if not core.strip("/") or re.search(r"[^/]\*\*|\*\*[^/]", core):
        return None
    core = core[1:] if core.startswith("/") else core if "/" in core else f"**/{core}"
    if core.endswith("/**"):  # everything below already
        return (core,)
    return (f"{core}/**",) if folder_only else (core, f"{core}/**")


# -- WebFetch and MCP ----------------------------------------------------------------------------


def _web_fetch(rule: str, specifier: str) -> Filter:
    host = specifier.strip().removeprefix("domain:")
    if not specifier.strip().startswith("domain:") or not re.fullmatch(r"[A-Za-z0-9.-]+", host):
        return _whole_tool(rule, ("WebFetch",), "a specifier other than `domain:host`")
    url = Select(Ident("tool_input"), "url")
    scheme = r"^[A-Za-z][A-Za-z0-9+.-]*://"
    decided = Call(
        "matches",
        (Literal(f"(?i){scheme}(?:[^/?#@]*@)?{_escape(host)}(?::[0-9]*)?(?:[/?#]|$)"),),
        url,
    )
    undecided = Unary("!", Call("matches", (Literal(scheme),), url))
    return _guarded(("WebFetch",), undecided, decided, "the URL has no scheme")


def _mcp(rule: str, tool: str, specifier: str | None) -> Filter:
    match = _MCP.fullmatch(tool)
    if match is None or specifier is not None:
        return _whole_tool(
            rule, (tool,), "hookc does not know what an MCP tool matches a specifier on"
        )
    server, name = match["server"], match["tool"]
    if name is None or name == "*":  # every tool of the server
        prefix = f"mcp__{server}__"
        return Filter(Call("startsWith", (Literal(prefix),), Ident("tool_name")))
    return Filter(_tool_test((tool,)))


def undecided(rule: str, event: str, context: Mapping[str, Any]) -> str | None:
    """Why hookc guessed the rule's answer for this call (``eval`` and ``run`` say it), or
    None where it decided."""
    from hookc.cel.evaluator import evaluate  # the reference evaluator: a check, not a run

    found = translate(rule, event)
    if found.undecided is None or evaluate(found.undecided, context) is not True:
        return None
    return f"the `if` rule `{rule}` could not be decided for this call ({found.why}): {FAIL_OPEN}"
