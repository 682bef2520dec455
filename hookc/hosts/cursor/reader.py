"""Cursor's ``hooks.json`` read with Cursor's meaning (the flat family's reader,
``hookc.hosts.cursor.flat``, with Cursor's rules below).

- The file: ``{"version": 1, "hooks": {<event>: [handler, ...]}}``. ``version`` must be
  the number 1 (HK740 when it is missing or another value: Cursor's docs require it, and
  public linters treat a project file without it as broken).
- A handler: ``command`` (the default type) or ``type: "prompt"`` with ``prompt``;
  ``timeout`` (seconds), ``matcher``, ``failClosed``, ``loop_limit``. ``loop_limit`` (an
  integer, or null for no limit; default 5) caps the follow-ups of ``stop`` and
  ``subagentStop`` only: anywhere else it does nothing (HK742). ``failClosed: true`` makes
  a failing handler deny, which only events that ask for a permission have (HK743 on
  the others).
- The matcher (what hookc implements, and why). Cursor's docs say a handler's
  ``matcher`` filters the event (by tool type on ``preToolUse``), not how the text is
  read. hookc reads it as a JavaScript regular expression searched unanchored in the
  value (``RegExp.prototype.test``), case-sensitively, because the public files imply it:
  ``git commit `` on ``beforeShellExecution`` is written to match every ``git commit -m
  ...`` (balancer/frontend-monorepo#2683, written by Cursor's own agent: "Cursor hook
  matchers use JavaScript regular expressions", replacing a POSIX class that did not
  match), ``.*`` and ``Write|Delete|Edit|ApplyPatch`` lists are common, and
  ``MCP:(?!ctx_)`` (context-mode's Cursor adapter) needs JavaScript's look-ahead and an
  unanchored test. ``""`` and ``*`` match everything (as in Claude Code, whose files
  Cursor also loads). A matcher JavaScript refuses matches nothing (HK112): unverified,
  the safe reading for a linter (the guard is reported as not guarding).
- What a matcher is compared with, per event: the tool type (``tool_name``) on
  ``preToolUse``, ``postToolUse``, ``postToolUseFailure``, ``beforeMCPExecution`` and
  ``afterMCPExecution``; the command text on ``beforeShellExecution`` and
  ``afterShellExecution``; the subagent type on ``subagentStart`` and ``subagentStop``.
  The file events have no such field in their input; hookc compares their matcher with
  the tool type each stands for (``beforeReadFile``: ``Read``, ``afterFileEdit``:
  ``Write``, ``beforeTabFileRead``: ``TabRead``, ``afterTabFileEdit``: ``TabWrite``;
  unverified, from public files such as ``Write|TabWrite`` on ``afterFileEdit``), so such
  a matcher always or never matches. The other events ignore a matcher (HK701).
- A tool matcher that matches none of Cursor's tool types but Claude Code's names
  (``Bash``, ``MultiEdit``) gets HK702: Cursor's shell tool is ``Shell``.
- Order: every matching handler runs, in the order the file lists them; none is run once
  for being identical to another (Cursor does not say it dedupes).
"""

from __future__ import annotations

import re

from hookc.frontend.actions import describe
from hookc.frontend.formats import regex_dialects
from hookc.frontend.formats.groups import known_values, name_problems, pattern_test, what
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.cursor.flat import Condition, Flat, read_flat
from hookc.hosts.profile import Profile
from hookc.ir.expr import Literal
from hookc.ir.hooks import Action
from hookc.runtime.values import CelError, compile_regex
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, warning

MATCH_ALL = ("", "*")
# Claude Code's tool names that Cursor spells otherwise (or does not have).
CLAUDE_TOOLS = {"Bash": "Shell", "MultiEdit": "Edit", "NotebookEdit": "Edit", "WebSearch": None}
FOLLOW_UP_EVENTS = ("stop", "subagentStop")
# Events whose handlers answer a permission (or may stop what comes next): `failClosed`
# turns a failure into a deny there.
PERMISSION_EVENTS = frozenset(
    "preToolUse beforeShellExecution beforeMCPExecution beforeReadFile beforeTabFileRead "
    "subagentStart beforeSubmitPrompt".split()
)


def read(source: Source, profile: Profile) -> Loaded:
    return read_flat(source, profile, CURSOR)


def cursor_matcher(event: str, node: Located, source: Source, profile: Profile) -> Condition:
    """A handler's matcher as Cursor reads it (see the module's docstring)."""
    text = node.value
    if not isinstance(text, str):
        problem = error(
            "HK303", f"`matcher` must be a string, not {describe(text)}", source, node.span
        )
        return None, [problem], None
    if text in MATCH_ALL:
        return None, [], None
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        return None, [ignored_matcher(event, node, source)], None
    translated = regex_dialects.javascript(text)
    if translated.pattern is None and translated.invalid:
        problem = warning(
            "HK112",
            f"the matcher `{text}` is no JavaScript regular expression "
            f"({translated.problem}): it matches nothing",
            source,
            node.span,
            "escape the characters meant literally (`\\\\(`), or write `*` for every time",
        )
        return Literal(False, span=node.span), [problem], None
    if translated.pattern is None:
        problem = warning(
            "HK712",
            f"the matcher `{text}` is one Cursor runs and hookc cannot: {translated.problem}",
            source,
            node.span,
            "its handler is kept but not evaluated (`hookc eval` and `hookc run` say so)",
        )
        reason = f"hookc cannot evaluate its matcher `{text}`: {translated.problem}"
        return Literal(False, span=node.span), [problem], reason
    pattern = translated.pattern

    def matches(name: str, ignore_case: bool) -> bool:
        compiled = compile_regex(f"(?i){pattern}" if ignore_case else pattern)
        return not isinstance(compiled, CelError) and compiled.search(name) is not None

    if "value" in spec:  # a file event: the tool type it stands for, fixed
        value = str(spec["value"])
        if matches(value, False):
            return None, [], None
        problem = warning(
            "HK702",
            f"the matcher `{text}` never matches on `{event}`, whose tool type is `{value}`: "
            "its handler never runs",
            source,
            node.span,
            f'write "{value}", or leave the matcher out',
        )
        return Literal(False, span=node.span), [problem], None
    known = known_values(spec, profile)
    problems = name_problems(text, known, matches, node.span, source, what(spec), True)
    if not problems and known and not any(matches(name, False) for name in known):
        named = [name for name in CLAUDE_TOOLS if re.search(rf"\b{name}\b", text)]
        if named:
            renames = ", ".join(
                f"{name} is `{CLAUDE_TOOLS[name]}`" if CLAUDE_TOOLS[name] else f"{name} has none"
                for name in named
            )
            problems = [
                warning(
                    "HK702",
                    f"the matcher `{text}` matches no Cursor tool type: it names Claude "
                    "Code's tools",
                    source,
                    node.span,
                    f"Cursor's tool types differ: {renames} here",
                )
            ]
    return pattern_test(str(spec["field"]), pattern, node.span), problems, None


def ignored_matcher(event: str, node: Located, source: Source) -> Diagnostic:
    """HK701 for a handler's matcher on an event that ignores it (the flat family's
    wording: the handler, not a group, runs every time)."""
    return warning(
        "HK701",
        f"`{event}` ignores matchers: this handler runs on every `{event}`",
        source,
        node.span,
        'remove the matcher, or write "*"',
    )


def handler_check(event: str, node: Located, action: Action, source: Source) -> list[Diagnostic]:
    """HK742 and HK743: ``loop_limit`` and ``failClosed`` where Cursor ignores them, and
    ``loop_limit`` of the wrong type (an integer, or null for no limit)."""
    found: list[Diagnostic] = []
    limit = node.get("loop_limit")
    if limit is not None:
        value = limit.value
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            found.append(
                error(
                    "HK303",
                    f"`loop_limit` is an integer, or null for no limit, not {describe(value)}",
                    source,
                    limit.span,
                )
            )
        elif event not in FOLLOW_UP_EVENTS:
            found.append(
                warning(
                    "HK742",
                    f"`loop_limit` caps the follow-ups of `stop` and `subagentStop`; "
                    f"on `{event}` it does nothing",
                    source,
                    limit.key_span or limit.span,
                    "remove it",
                )
            )
    fail = node.get("failClosed")
    if fail is not None and fail.value is True and event not in PERMISSION_EVENTS:
        found.append(
            warning(
                "HK743",
                f"`failClosed` makes a failing handler deny, and `{event}` asks no "
                "permission: it does nothing here",
                source,
                fail.key_span or fail.span,
                "remove it; on "
                + ", ".join(sorted(PERMISSION_EVENTS))
                + " it blocks the action when the handler fails",
            )
        )
    return found


def file_check(document: Located, source: Source) -> list[Diagnostic]:
    """HK740: ``version`` missing or not the number 1."""
    version = document.get("version")
    if version is None:
        return [
            warning(
                "HK740",
                'a Cursor hooks file declares `"version": 1`; this one has no `version`',
                source,
                _opening(document),
                'add "version": 1 beside "hooks"',
            )
        ]
    if version.value != 1 or isinstance(version.value, bool):
        return [
            warning(
                "HK740",
                f"Cursor's hooks file format is version 1, not {describe(version.value)}",
                source,
                version.span,
                'write "version": 1 (the number)',
            )
        ]
    return []


def _opening(document: Located) -> Span:
    """The document's opening brace: where a key it lacks would go."""
    return Span(document.span.start, document.span.start + 1)


CURSOR = Flat(
    host="Cursor",
    matcher=cursor_matcher,
    handler_check=handler_check,
    file_check=file_check,
    settings_dir=".cursor",
)
