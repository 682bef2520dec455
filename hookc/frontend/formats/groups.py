"""Matcher groups of handlers: the shape Claude Code's and docker-agent's hook files share.

Both give each event a list of groups, a group a matcher and handlers, a handler a
``type`` and fields. What the two tools agree on is written once here: an event the
profile does not know (with "did you mean" in the event's exact casing), a handler's
type and fields checked against the profile's catalog (the handler becomes the action,
its defaults filled, its strings kept as written: a shell's ``${VAR}`` is not a hookc
template), timeouts, scripts under the project that are missing or not executable,
and the tools' rule that identical handlers run once. The format modules say what a
matcher means and what makes two handlers identical.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hookc.frontend.actions import describe, did_you_mean, fill_defaults, freeze
from hookc.frontend.located import Located
from hookc.hosts.profile import Profile
from hookc.ir.expr import And, Binary, Call, Expr, Ident, List, Literal, Or, Unary
from hookc.ir.hooks import Action, Hook, ParamValue
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, Fix, error, replacing, warning

# A timeout beyond this many seconds is more likely milliseconds written by mistake.
MAX_PLAUSIBLE_SECONDS = 3600
# Programs that run the script named after them: the script need not be executable.
INTERPRETERS = frozenset(
    "bash sh zsh fish dash python python3 python3.11 python3.12 python3.13 node deno bun "
    "ruby perl php pwsh powershell uv uvx npx tsx ts-node".split()
)


@dataclass(frozen=True, slots=True)
class Handler:
    """One handler in file order, with its group's matcher already a condition."""

    id: str
    event: str
    condition: Expr | None  # None: the group matches every time
    action: Action
    node: Located
    key: Hashable | None  # what makes two handlers identical for the tool (None: never)
    description: str | None = None
    matcher_text: str | None = None  # the group's matcher as written, for messages
    undecidable: str | None = None  # why hookc cannot run the matcher (``Hook.undecidable``)


def without_matcher(entry: Located) -> Located:
    """A flat entry (Copilot's, VS Code's: the matcher beside the handler's fields) as the
    handler it is: its fields but ``matcher``, where it was written (a new node: the front
    matter's nodes place themselves lazily)."""
    value = {key: node for key, node in entry.items() if key != "matcher"}
    return Located(value, entry.span, key_span=entry.key_span)


# -- events ---------------------------------------------------------------------------


def unknown_event(event: str, span: Span, profile: Profile, source: Source) -> Diagnostic | None:
    """HK402 for an event the profile does not know; the suggestion keeps the event's
    exact casing (``preToolUse`` → ``PreToolUse``). Its fix writes the suggestion in the
    event's place: safe where the two differ by case alone (the author's event, spelt as the
    tool spells it), unsafe for a near name (``PreToolUsed``: a guess at what was meant)."""
    if event in profile.events:
        return None
    close = cased_as(event, profile.events)
    by_case = {known.lower(): known for known in profile.events}
    safety = "safe"
    if close is None:
        import difflib  # only when a suggestion is wanted: keeps start-up light

        found = difflib.get_close_matches(event.lower(), list(by_case), n=1, cutoff=0.6)
        close = by_case[found[0]] if found else None
        safety = "unsafe"
    return warning(
        "HK402",
        f"the `{profile.name}` profile knows no event `{event}`: its handlers never run",
        source,
        span,
        f"did you mean `{close}`?" if close else f"its events: {', '.join(profile.events)}",
        fix=replacing(source, span, event, close, safety) if close else None,
    )


def cased_as(name: str, known: Sequence[str]) -> str | None:
    """The one name of ``known`` that ``name`` is in another case, or None. Where two differ
    by case alone (Copilot's ``preToolUse`` and ``PreToolUse``, which select different
    payloads), the one whose first letter is written as ``name``'s; None if that still
    leaves two: which was meant is a guess."""
    same = [k for k in known if k.lower() == name.lower()]
    if len(same) > 1:
        same = [k for k in same if k[:1] == name[:1]]
    return same[0] if len(same) == 1 else None


def renamed_field(
    name: str, node: Located, names: Sequence[str], source: Source
) -> tuple[str | None, Fix | None]:
    """The field ``name`` (an entry of the mapping ``node``) is of ``names``, spelt another
    way (case, ``_`` and ``-``), and the safe fix that renames it: HK704's, for every
    reader that warns of a field it does not know."""
    value_node = node.get(name)
    renamed = _spelt_otherwise(name, names, node)
    if renamed is None or value_node is None:
        return None, None
    return renamed, rename_key(source, value_node, name, renamed)


# -- handlers -------------------------------------------------------------------------


def handler_action(
    node: Located, profile: Profile, source: Source, *, milliseconds: bool = False
) -> tuple[Action | None, list[Diagnostic]]:
    """A handler as an action of its type: unknown fields are warned of and left out (the
    tools ignore them), wrong values are errors, defaults are filled. ``milliseconds``:
    the handler's ``timeout`` counts milliseconds (Gemini CLI's), not seconds."""
    if not isinstance(node.value, dict):
        return None, [
            error(
                "HK205", f"a handler is a mapping, not {describe(node.plain())}", source, node.span
            )
        ]
    type_node = node.get("type")
    if type_node is None or not isinstance(type_node.value, str):
        known = ", ".join(sorted(profile.action_types))
        span = type_node.span if type_node is not None else node.span
        return None, [error("HK301", "a handler needs a `type`", source, span, f"one of: {known}")]
    action_type = profile.action_types.get(type_node.value)
    if action_type is None:
        known_types = sorted(profile.action_types)
        return None, [
            error(
                "HK301",
                f"unknown handler type `{type_node.value}`",
                source,
                type_node.span,
                did_you_mean(type_node.value, known_types)
                or f"the types: {', '.join(known_types)}",
            )
        ]
    diagnostics: list[Diagnostic] = []
    given: dict[str, ParamValue] = {}
    names = [spec.name for spec in action_type.params]
    for name, value_node in node.items():
        if name == "type":
            continue
        spec = action_type.param(name)
        where = value_node.key_span or value_node.span
        if spec is None:
            renamed, fix = renamed_field(name, node, names, source)
            diagnostics.append(
                warning(
                    "HK704",
                    f"a `{action_type.name}` handler has no field `{name}`: it is ignored",
                    source,
                    where,
                    (f"did you mean `{renamed}`?" if renamed else None)
                    or did_you_mean(name, names)
                    or f"its fields: {', '.join(names)}",
                    fix=fix,
                )
            )
            continue
        value = value_node.plain()
        if not spec.admits(value):
            diagnostics.append(
                error(
                    "HK303",
                    f"`{name}` must be {_a(spec.type)}, not {describe(value)}",
                    source,
                    value_node.span,
                )
            )
            continue
        if spec.enum is not None and value not in spec.enum:
            allowed = ", ".join(str(option) for option in spec.enum)
            diagnostics.append(
                error(
                    "HK304",
                    f"`{name}` must be one of {allowed}, not {describe(value)}",
                    source,
                    value_node.span,
                    did_you_mean(str(value), [str(option) for option in spec.enum]),
                )
            )
            continue
        if name == "timeout":
            check = _millisecond_problems if milliseconds else _timeout_problems
            diagnostics.extend(check(value, value_node, source))
        given[name] = freeze(value)
    for spec in action_type.params:
        if spec.required and node.get(spec.name) is None:
            diagnostics.append(
                error(
                    "HK305",
                    f"a `{action_type.name}` handler needs `{spec.name}`",
                    source,
                    type_node.span,
                )
            )
    if any(d.severity.value == "error" for d in diagnostics):
        return None, diagnostics
    return Action(action_type.name, fill_defaults(action_type, given), span=node.span), diagnostics


def _spelt_otherwise(name: str, names: Sequence[str], node: Located) -> str | None:
    """The field ``name`` is, spelt another way (``Timeout``, ``status_message``,
    ``command_windows`` for ``timeout``, ``statusMessage``, ``commandWindows``: the same
    letters in another case, with or without ``_`` and ``-``), if the handler does not
    also have that field (renaming would then write a key twice)."""
    folded = _folded(name)
    for known in names:
        if _folded(known) == folded and node.get(known) is None:
            return known
    return None


def _folded(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


def rename_key(source: Source, node: Located, old: str, new: str) -> Fix | None:
    """A safe fix that renames the key ``old`` of ``node`` (a mapping's entry) to ``new``,
    the value and everything around it as written: a field by its current name, a
    deprecated name by the new one."""
    if node.key_span is None:
        return None
    return replacing(source, node.key_span, old, new, "safe", f"rename `{old}` to `{new}`")


def _number(value: float) -> str | None:
    """A timeout as the file may write it: a whole number (a fraction would be a new
    finding on hosts that want whole seconds), or None."""
    if isinstance(value, bool) or value != int(value):
        return None
    return str(int(value))


def _timeout_fix(source: Source, node: Located, value: Any, new: str | None) -> Fix | None:
    """An unsafe fix that writes ``new`` for the timeout written at ``node``: only where the
    value's text is the number itself (not a YAML tag or an anchor)."""
    if new is None:
        return None
    written = source.text[node.span.start : node.span.end]
    try:
        same = float(written) == value
    except ValueError:
        return None
    if not same:
        return None
    return replacing(source, node.span, written, new, "unsafe", f"write {new}")


def _a(json_type: str | None) -> str:
    return {"integer": "an integer", "array": "a list", "object": "a mapping"}.get(
        json_type or "", f"a {json_type}"
    )


def _timeout_problems(
    value: Any, node: Located, source: Source, name: str = "timeout"
) -> list[Diagnostic]:
    if value <= 0:
        return [
            error(
                "HK705",
                f"`{name}` must be a positive number of seconds, not {value}",
                source,
                node.span,
                "leave it out for the default",
            )
        ]
    if value > MAX_PLAUSIBLE_SECONDS:
        # The fix reads it as milliseconds, rounded up to whole seconds (a fraction is a
        # finding of its own on Claude Code); none where that is still implausible.
        seconds = -(-value // 1000)
        fixed = _number(seconds) if seconds <= MAX_PLAUSIBLE_SECONDS else None
        return [
            warning(
                "HK706",
                f"`{name}` is {value} seconds ({value / 3600:.1f} hours)",
                source,
                node.span,
                f"timeouts are in seconds; for {value} milliseconds write {value / 1000:g}",
                fix=_timeout_fix(source, node, value, fixed),
            )
        ]
    return []


# Below this many milliseconds a timeout is more likely seconds written by mistake (a
# Claude Code file's `30` copied as it is: `gemini hooks migrate` copies it unchanged).
MIN_PLAUSIBLE_MILLISECONDS = 1000


def _millisecond_problems(value: Any, node: Located, source: Source) -> list[Diagnostic]:
    if value <= 0:
        return [
            error(
                "HK705",
                f"`timeout` must be a positive number of milliseconds, not {value}",
                source,
                node.span,
                "leave it out for the default",
            )
        ]
    if value < MIN_PLAUSIBLE_MILLISECONDS:
        return [
            warning(
                "HK717",
                f"`timeout` is {value} milliseconds ({value / 1000:g} s): timeouts here are "
                "milliseconds",
                source,
                node.span,
                f"for {value} seconds write {value * 1000:g}",
                fix=_timeout_fix(
                    source, node, value, _number(value * 1000) if value >= 1 else None
                ),
            )
        ]
    return []


# -- identical handlers run once ------------------------------------------------------


def hooks_of(handlers: Sequence[Handler], source: Source) -> tuple[list[Hook], list[Diagnostic]]:
    """The handlers as hooks, in file order, with the tools' rule that identical handlers
    run once written into their conditions.

    Among the handlers of one event that the tool deems identical, the first that matches
    runs; a later one runs only when none before it matches: its condition becomes
    ``matcher && !(earlier || ...)``. A later one that can never run alone (an earlier one
    matches whenever it does: the same matcher, or one that always matches) is left out,
    with a warning.

    A handler whose matcher hookc cannot run (``undecidable``) is covered only by an
    earlier identical handler that matches every time, and guards no later one: when it
    matches is not known.
    """
    hooks: list[Hook] = []
    diagnostics: list[Diagnostic] = []
    earlier: dict[tuple[str, Hashable], list[Handler]] = {}
    for handler in handlers:
        condition = handler.condition
        if handler.key is not None:
            same = earlier.setdefault((handler.event, handler.key), [])
            decided = handler.undecidable is None
            covering = next(
                (h for h in same if h.condition is None or (decided and h.condition == condition)),
                None,
            )
            if covering is not None:
                diagnostics.append(_duplicate(handler, covering, source))
                continue
            if decided:
                if same:
                    others = [h.condition for h in same if h.condition is not None]
                    guard = Unary("!", others[0] if len(others) == 1 else Or(tuple(others)))
                    condition = guard if condition is None else And((condition, guard))
                same.append(handler)
        hooks.append(
            Hook(
                id=handler.id,
                event=handler.event,
                condition=condition,
                action=handler.action,
                description=handler.description,
                undecidable=handler.undecidable,
                span=handler.node.span,
                source=source,
            )
        )
    return hooks, diagnostics


def _duplicate(handler: Handler, covering: Handler, source: Source) -> Diagnostic:
    line = source.position(covering.node.span.start)[0]
    why = (
        "the same matcher"
        if covering.condition == handler.condition
        else f"a matcher (`{covering.matcher_text or '*'}`) that matches every time this one does"
    )
    return warning(
        "HK710",
        f"this handler is the same as the one on line {line}, under {why}: "
        "it never runs a second time",
        source,
        handler.node.span,
        "remove one of them",
    )


# -- matchers as conditions -------------------------------------------------------------


def known_values(spec: Mapping[str, Any], profile: Profile) -> list[str]:
    """The values an event's matcher is compared with, as its ``matcher`` spec lists them
    (``values: tools``: the profile's tools)."""
    values = spec.get("values") or []
    if values == "tools":
        values = profile.details.get("tools") or []
    return [str(value) for value in values]


def what(spec: Mapping[str, Any]) -> str:
    """What a matcher names, for messages: a tool, or the field it is compared with."""
    return "tool" if spec.get("values") == "tools" else f"`{spec['field']}`"


def name_test(field: str, names: Sequence[str], span: Span | None = None) -> Expr:
    """``field == 'a'``, or ``field in ['a', 'b']`` for several names."""
    unique = list(dict.fromkeys(names))
    if len(unique) == 1:
        return Binary("==", Ident(field), Literal(unique[0]), span=span)
    return Binary("in", Ident(field), List(tuple(Literal(n) for n in unique)), span=span)


def pattern_test(field: str, pattern: str, span: Span | None = None) -> Expr:
    """``field.matches(pattern)``: an unanchored RE2 search, as CEL's ``matches``."""
    return Call("matches", (Literal(pattern),), Ident(field), span=span)


def name_problems(
    matcher: str,
    known: Sequence[str],
    matches: Any,
    span: Span,
    source: Source,
    what: str,
    open_set: bool = False,
    hint: str | None = None,
) -> list[Diagnostic]:
    """HK703 when a matcher matches none of the names the profile knows but would match
    one if not for case, and writes that name in another case; else HK702 when it matches
    none at all, unless the set of names is ``open_set`` (MCP tools, custom agents: names
    the profile cannot list). ``matches(name, ignore_case)`` says whether the matcher
    matches a name."""
    if not known or any(matches(name, False) for name in known):
        return []
    cased = [name for name in known if matches(name, True)]
    # Where matchers are searched in the name (Augment's, Gemini CLI's), `Edit` matches
    # `str-replace-editor` but for case; it is no other spelling of that name, so only a
    # name the matcher writes whole in another case is a case mismatch.
    respelt = [name for name in misspelt_names(matcher, known) if name in cased]
    if respelt:
        fixed = recased(matcher, known)
        return [
            warning(
                "HK703",
                f"the matcher `{matcher}` differs only by case from `{respelt[0]}`, which it "
                "does not match: matchers are case-sensitive",
                source,
                span,
                f"write `{fixed or respelt[0]}`",
                fix=replacing(source, span, matcher, fixed) if fixed else None,
            )
        ]
    if open_set:
        return []
    import difflib  # only when a suggestion is wanted: keeps start-up light

    close = difflib.get_close_matches(matcher, list(known), n=1, cutoff=0.75)
    return [
        warning(
            "HK702",
            f"the matcher `{matcher}` matches no {what} hookc knows of: its handlers may never run",
            source,
            span,
            hint
            or (f"did you mean `{close[0]}`?" if close else f"the {what}s: {', '.join(known)}"),
        )
    ]


def _written_names(known: Sequence[str]) -> re.Pattern[str]:
    """Any of the names, in any case, written whole in a matcher: not inside a longer name
    (a letter, digit, `_` or `-` either side) nor after a `\\` (a regex escape's letter:
    ``\\bash`` is ``\\b`` then ``ash``). Longest first, so that `launch-process` is one
    name and not `launch` then `-process`."""
    names = sorted(set(known), key=len, reverse=True)
    alternatives = "|".join(re.escape(name) for name in names)
    return re.compile(rf"(?<![\w\\-])(?:{alternatives})(?![\w-])", re.IGNORECASE)


def misspelt_names(matcher: str, known: Sequence[str]) -> list[str]:
    """The known names the matcher writes whole in another case, in the order written."""
    if not known:
        return []
    by_case = {name.lower(): name for name in known}
    found = []
    for match in _written_names(known).finditer(matcher):
        name = by_case[match[0].lower()]
        if name != match[0] and name not in found:
            found.append(name)
    return found


def recased(matcher: str, known: Sequence[str]) -> str | None:
    """The matcher with each known name it writes whole in another case spelt as the name
    is (``bash|edit`` → ``Bash|Edit``, ``bash.*`` → ``Bash.*``, ``Launch-Process`` →
    ``launch-process``), or None if it writes none."""
    if not known:
        return None
    by_case = {name.lower(): name for name in known}
    fixed = _written_names(known).sub(lambda match: by_case[match[0].lower()], matcher)
    return fixed if fixed != matcher else None


# -- scripts under the project ----------------------------------------------------------


def script_problems(
    command: str, roots: dict[str, Path], node: Located, source: Source
) -> list[Diagnostic]:
    """HK707 when a command runs a script under the project (or plugin) that does not
    exist, or runs it directly when it is not executable. ``roots`` maps each variable
    the tool sets (``CLAUDE_PROJECT_DIR``) to the folder it names, and ``.`` to the folder
    relative paths start from; a path under none of them is not checked."""
    try:
        words = shlex.split(command, comments=True)
    except ValueError:
        return []  # not one simple command: nothing sure to say
    if any(word in ("-c", "-e", "--eval") for word in words[1:3]):
        return []  # the interpreter runs code given inline, not a script
    found = []
    for index, word in enumerate(words[:3]):
        path = _script_path(word, roots)
        if path is None:
            continue
        direct = index == 0
        if index > 0 and Path(words[0]).name not in INTERPRETERS:
            continue
        span = _span_of(word, node)
        try:
            exists = path.exists()
            refused = exists and direct and path.is_file() and not os.access(path, os.X_OK)
        except OSError:  # a name too long for the system, a folder we may not read
            break  # nothing sure to say
        if not exists:
            found.append(
                warning(
                    "HK707",
                    f"the script `{word}` does not exist ({_shown(path)})",
                    source,
                    span,
                    "the hook fails every time it runs; fix the path or add the script",
                )
            )
        elif refused:
            found.append(
                warning(
                    "HK707",
                    f"the script `{word}` is not executable",
                    source,
                    span,
                    f"chmod +x {_shown(path)}, or run it through its interpreter",
                )
            )
        break
    return found


_VARIABLE = re.compile(r"^\$(?:\{(\w+)\}|(\w+))(/.*)$")


def _script_path(word: str, roots: dict[str, Path]) -> Path | None:
    """The file a word names under one of ``roots``, or None: a variable the tool sets
    (``$CLAUDE_PROJECT_DIR/x.sh``), or a relative path with a `/` (``./x.sh``,
    ``.claude/hooks/x.py``); absolute paths, ``~`` and other variables are not ours."""
    match = _VARIABLE.match(word)
    if match:
        root = roots.get(match.group(1) or match.group(2))
        return None if root is None else root / match.group(3).lstrip("/")
    if "." not in roots or "/" not in word or word.startswith(("/", "~", "-")):
        return None
    if any(char in word for char in "$`*?[]{}=:") or any(char.isspace() for char in word):
        return None
    return roots["."] / word


def _span_of(word: str, node: Located) -> Span:
    """Where the script's path is in the command as written (the shell's quotes gone
    from ``word``), or the whole command."""
    text = node.value if isinstance(node.value, str) else ""
    tail = word.split("/", 1)[1] if "/" in word else word
    at = text.find(tail)
    if at < 0 or node.offsets is None:
        return node.span
    return node.offsets.span(Span(at, at + len(tail)))


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)
