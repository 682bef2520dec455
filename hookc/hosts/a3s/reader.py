"""A3S's HookEngine hooks (seed 002) as a YAML or JSON list, named as A3S names them.

::

    - id: block-rm-rf
      event_type: pre_tool_use            # HookEventType, snake_case
      matcher:                            # HookMatcher: every key given must match
        tool: Bash                        #   the tool's name, exactly
        path_pattern: "*.env"             #   A3S's glob on args.file_path (else args.path)
        command_pattern: 'rm\\s+-rf'      #   a regex searched in args.command of Bash
        session_id: session-123           #   the session, exactly
        skill: "test-*"                   #   A3S's glob on skill_name
      config: {priority: 1}               # HookConfig: priority (lower first, 100),
                                          #   timeout_ms, async_execution, max_retries
      response: {action: Block, reason: Recursive force deletion is not allowed}
      # or handler: {command: ./hooks/check.sh}, which answers with a HookResponse

Each matcher key is lowered into IR conditions with the meaning A3S's
``HookMatcher::matches`` gives it (A3S-Lab/Box ``src/code/src/hooks/matcher.rs``), missing
fields included: an event without a tool never matches ``tool``; ``path_pattern`` reads
``args.file_path`` when that key is there (even if it is not a string) and ``args.path``
otherwise; ``command_pattern`` holds only for the ``Bash``/``bash`` tool. A3S's glob is
its own: a pattern that starts with ``*`` and has no ``/`` matches any path ending with
the rest (``*.rs`` matches ``src/main.rs``); any other is made a regex by replacing ``.``,
``**/``, ``**`` and ``*`` (``[^/]*``), anchored, and Rust's regex reads the rest of it.

A hook's action is its response as ``{"type": "Block", "reason": ...}`` (``Continue``
with ``modified``, ``Retry`` with ``retry_delay_ms``, ``Skip``), or ``{"type": "command",
"command": ..., "timeout_ms": ..., "async_execution": ..., "max_retries": ...}``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from hookc.frontend.actions import build_action
from hookc.frontend.formats.fields import Record
from hookc.frontend.formats.groups import script_problems, unknown_event
from hookc.frontend.formats.rust_regex import Untranslatable, translate
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.frontend.yaml_file import load_yaml
from hookc.hosts.profile import Profile
from hookc.ir.expr import And, Binary, Call, Conditional, Expr, Ident, List, Literal, Select
from hookc.ir.hooks import Action, Hook, HookSet
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

KEYS = ("id", "event_type", "matcher", "config", "response", "handler")
MATCHER_KEYS = ("tool", "path_pattern", "command_pattern", "session_id", "skill")
CONFIG_KEYS = ("priority", "timeout_ms", "async_execution", "max_retries")
DEFAULT_PRIORITY = 100
REFUSED_HINT = (
    "spell it with what both engines read alike: classes such as [A-Za-z0-9_] for \\w, "
    "(^|[^A-Za-z0-9_]) for \\b before a word"
)
I32 = (-(2**31), 2**31 - 1)
U64_MAX = 2**64 - 1
# The shell tool's names, for `command_pattern` (HookMatcher::matches_command_pattern).
BASH = ("Bash", "bash")


def read(source: Source, profile: Profile) -> Loaded:
    """The file's hooks, read as A3S reads them."""
    document, diagnostics = load_yaml(source)  # JSON is YAML too
    if has_error(diagnostics) or document is None:
        if document is None and not diagnostics:
            diagnostics = [warning("HK208", "the file holds no hooks", source, Span(0, 0))]
        return Loaded(source, None, profile, tuple(diagnostics))
    if not isinstance(document.value, list):
        registry = isinstance(document.value, dict) and "handler" in document.value
        return Loaded(source, None, profile, (_not_a_list(document, source, registry),))
    hooks: list[Hook] = []
    for item in document.value:
        hook, found = read_hook(item, source, profile)
        diagnostics.extend(found)
        if hook is not None:
            hooks.append(hook)
    if not document.value:
        diagnostics.append(warning("HK208", "the file holds no hooks", source, document.span))
    diagnostics.extend(_duplicates(hooks, source))
    hookset = HookSet(tuple(hooks), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset, profile, tuple(diagnostics))


def _not_a_list(document: Located, source: Source, registry: bool) -> Diagnostic:
    if registry:
        return error(
            "HK403",
            "this looks like a `.system/hooks` registry file, not an A3S hook list",
            source,
            document.span,
            "read it with --profile registry, or without --profile",
        )
    return error(
        "HK205",
        "an A3S hook file is a list of hooks",
        source,
        document.span,
        "- {id: ..., event_type: pre_tool_use, matcher: {...}, response: {...}}",
    )


def read_hook(
    node: Located, source: Source, profile: Profile
) -> tuple[Hook | None, list[Diagnostic]]:
    if not isinstance(node.value, dict):
        return None, [error("HK205", "an A3S hook is a mapping", source, node.span)]
    record = Record(node, source, "an A3S hook")
    record.unknown_keys(KEYS)
    hook_id = record.get("id", str, required=True)
    event = record.get("event_type", str, required=True)
    if event is not None:
        found = unknown_event(event, record.span_of("event_type"), profile, source)
        if found is not None:
            record.diagnostics.append(found)
    condition = None
    matcher = node.get("matcher")
    if matcher is not None and matcher.value is not None:
        condition = _matcher(matcher, event, profile, record)
    priority, config = _config(node.get("config"), record)
    action = _action(node, event, config, profile, record)
    if hook_id is None or event is None or action is None or has_error(record.diagnostics):
        return None, record.diagnostics
    hook = Hook(
        id=hook_id,
        event=event,
        condition=condition,
        action=action,
        priority=priority,
        span=node.span,
        source=source,
        id_span=record.span_of("id"),
    )
    return hook, record.diagnostics


# -- config and response ----------------------------------------------------------------


def _config(node: Located | None, record: Record) -> tuple[int, dict[str, Located]]:
    """The priority, and the config's other fields (checked) as written."""
    if node is None or node.value is None:
        return DEFAULT_PRIORITY, {}
    if not isinstance(node.value, dict):
        record.fail("HK205", "`config` must be a mapping (HookConfig)", node.span)
        return DEFAULT_PRIORITY, {}
    config = Record(node, record.source, "`config`")
    config.unknown_keys(CONFIG_KEYS)
    priority = config.get("priority", int, hint="a whole number: lower runs first (default 100)")
    if priority is not None and not I32[0] <= priority <= I32[1]:
        config.fail(
            "HK205", "`priority` must fit a 32-bit integer (A3S's i32)", config.span_of("priority")
        )
        priority = None
    for key in ("timeout_ms", "max_retries"):
        value = config.get(
            key, int, hint="a whole number" + (" of ms" if key == "timeout_ms" else "")
        )
        limit = U64_MAX if key == "timeout_ms" else I32[1] * 2 + 1
        if value is not None and not 0 <= value <= limit:
            config.fail("HK205", f"`{key}` must be a whole number from 0", config.span_of(key))
    config.get("async_execution", bool)
    record.diagnostics.extend(config.diagnostics)
    # A handler takes the rest as its parameters; a config with a finding gives none (the
    # hook is not made), so each mistake is reported once.
    fields = {} if config.diagnostics else dict(node.items())
    fields.pop("priority", None)
    return DEFAULT_PRIORITY if priority is None else priority, fields


def _action(
    node: Located,
    event: str | None,
    config: dict[str, Located],
    profile: Profile,
    record: Record,
) -> Action | None:
    response, handler = node.get("response"), node.get("handler")
    if response is not None and handler is not None:
        record.fail("HK306", "an A3S hook has one of `response` and `handler`", handler.span)
        return None
    if handler is not None:
        return _handler_action(handler, config, profile, record)
    if response is None:  # registered only to select events for a listener: Continue
        return Action("Continue", span=node.span)
    if not isinstance(response.value, dict):
        record.fail("HK205", "`response` must be a mapping (HookResponse)", response.span)
        return None
    kind = response.get("action")
    if kind is None:
        record.fail(
            "HK301",
            "a response needs an `action`",
            response.span,
            "one of: Continue, Block, Retry, Skip",
        )
        return None
    written = {"type": Located(kind.value, kind.span)}
    written.update((key, item) for key, item in response.items() if key != "action")
    action, found = build_action(Located(written, response.span), profile, record.source)
    record.diagnostics.extend(found)
    if action is None:
        return None
    gating = event in (profile.details.get("gating_events") or ())
    is_async = config.get("async_execution")
    if is_async is not None and is_async.value is True and not gating and action.type != "Continue":
        record.diagnostics.append(
            warning(
                "HK723",
                f"an async hook answers Continue at once on `{event}`: its "
                f"{action.type} is never used",
                record.source,
                is_async.span,
                "A3S waits only for hooks of gating events "
                f"({', '.join(profile.details.get('gating_events') or ())}); "
                "remove `async_execution` to have it act",
            )
        )
        return Action("Continue", span=action.span)
    return action


def _handler_action(
    handler: Located, config: dict[str, Located], profile: Profile, record: Record
) -> Action | None:
    if not isinstance(handler.value, dict):
        record.fail("HK205", "`handler` must be a mapping (`command`)", handler.span)
        return None
    written = {"type": Located("command", handler.span), **dict(handler.items())}
    written.update(config)
    action, found = build_action(Located(written, handler.span), profile, record.source)
    record.diagnostics.extend(found)
    command = handler.get("command")
    if action is not None and command is not None and isinstance(command.value, str):
        roots = {".": Path(record.source.name).parent}
        record.diagnostics.extend(script_problems(command.value, roots, command, record.source))
    return action


# -- matchers ---------------------------------------------------------------------------


def _matcher(node: Located, event: str | None, profile: Profile, record: Record) -> Expr | None:
    if not isinstance(node.value, dict):
        record.fail("HK205", "`matcher` must be a mapping (HookMatcher)", node.span)
        return None
    matcher = Record(node, record.source, "`matcher`")
    matcher.unknown_keys(MATCHER_KEYS, code="HK721")
    gives: dict[str, list[str]] = profile.details.get("matcher_events") or {}
    global_events = profile.details.get("global_events") or ()
    terms: list[Expr] = []
    for key, item in node.items():
        if key not in MATCHER_KEYS or item.value is None:  # null is serde's None: no filter
            continue
        value = matcher.get(key, str)
        if value is None:
            continue
        where = item.key_span or item.span
        if event not in profile.events:  # unknown to the profile (HK402): as written
            pass
        elif key == "session_id" and event in global_events:
            # "Skills are global": A3S gives their events the session id "" (events.rs).
            if value:
                matcher.diagnostics.append(
                    warning(
                        "HK722",
                        f"`{event}` events belong to no session (A3S gives them "
                        'the session id ""): this hook never runs',
                        record.source,
                        where,
                        "remove `session_id` to match every one of them",
                    )
                )
            terms.append(Literal(value == "", span=item.span))
            continue
        elif key in gives and event not in gives[key]:
            matcher.diagnostics.append(
                warning(
                    "HK722",
                    f"A3S gives `{key}` nothing to match on `{event}` events: this hook never runs",
                    record.source,
                    where,
                    f"`{key}` matches on {', '.join(gives[key])}",
                )
            )
            terms.append(Literal(False, span=item.span))
            continue
        term = _MATCHERS[key](value, item, matcher)
        if term is not None:
            terms.append(term)
    record.diagnostics.extend(matcher.diagnostics)
    if not terms:
        return None
    return terms[0] if len(terms) == 1 else And(tuple(terms), span=node.span)


_Lower = Callable[[str, Located, Record], Expr | None]


def _exact(field: str) -> _Lower:
    def lower(value: str, item: Located, record: Record) -> Expr | None:
        return Binary("==", Ident(field, span=item.span), Literal(value, span=item.span))

    return lower


def _args(name: str, span: Span) -> Expr:
    return Select(Ident("args", span=span), name, span=span)


def _path_pattern(value: str, item: Located, record: Record) -> Expr | None:
    """A3S's glob on ``args.file_path`` if the key is there, else on ``args.path``."""
    has_file_path = Binary("in", Literal("file_path"), Ident("args", span=item.span))
    on_file_path = glob_condition(value, _args("file_path", item.span), item, record)
    # The same pattern again: its findings are those already reported.
    on_path = glob_condition(value, _args("path", item.span), item, Record(item, record.source, ""))
    if on_file_path is None or on_path is None:
        return None
    return Conditional(has_file_path, on_file_path, on_path, span=item.span)


def _skill(value: str, item: Located, record: Record) -> Expr | None:
    return glob_condition(value, Ident("skill_name", span=item.span), item, record)


def _command_pattern(value: str, item: Located, record: Record) -> Expr | None:
    """The regex searched in ``args.command``, for the Bash tool only; a pattern Rust's
    regex rejects is compared as text (A3S's fallback)."""
    tool = Binary("in", Ident("tool", span=item.span), List(tuple(Literal(b) for b in BASH)))
    command = _args("command", item.span)
    try:
        test: Expr = Call("matches", (Literal(translate(value), span=item.span),), command)
    except Untranslatable as problem:
        if not problem.invalid:
            record.fail(
                "HK711",
                problem.message,
                item.span,
                REFUSED_HINT,
            )
            return None
        record.diagnostics.append(
            warning(
                "HK724",
                f"{problem.message}: A3S falls back to finding this text in the command",
                record.source,
                item.span,
                "escape the characters meant literally (`\\(`, `\\[`, `\\*`)",
            )
        )
        test = Call("contains", (Literal(value, span=item.span),), command)
    return And((tool, test), span=item.span)


def a3s_glob_regex(pattern: str) -> str | None:
    """The Rust regex A3S makes of a glob (``HookMatcher::glob_match``), or None for a
    pattern it matches as a suffix (it starts with ``*`` and has no ``/``)."""
    if pattern.startswith("*") and "/" not in pattern:
        return None
    converted = (
        pattern.replace(".", "\\.")
        .replace("**/", "__DOUBLE_STAR_SLASH__")
        .replace("**", "__DOUBLE_STAR__")
        .replace("*", "[^/]*")
        .replace("__DOUBLE_STAR_SLASH__", "(?:.*/)?")
        .replace("__DOUBLE_STAR__", ".*")
    )
    return f"^{converted}$"


def glob_condition(pattern: str, target: Expr, item: Located, record: Record) -> Expr | None:
    """``target`` matched as A3S matches a glob: a suffix, the regex A3S makes of it, or,
    for a pattern that makes an invalid regex, equality with the pattern (its fallback)."""
    regex = a3s_glob_regex(pattern)
    if regex is None:
        return Call("endsWith", (Literal(pattern[1:], span=item.span),), target, span=item.span)
    try:
        translated = translate(regex)
    except Untranslatable as problem:
        if not problem.invalid:
            record.fail(
                "HK711",
                f"in the glob `{pattern}` (A3S reads it as the regex `{regex}`): {problem.message}",
                item.span,
                REFUSED_HINT,
            )
            return None
        record.diagnostics.append(
            warning(
                "HK724",
                f"A3S makes the regex `{regex}` of this glob, which Rust's regex rejects "
                f"({problem.message}): A3S then compares the path with `{pattern}` as text",
                record.source,
                item.span,
                "escape the characters meant literally (`\\(`, `\\[`)",
            )
        )
        return Binary("==", target, Literal(pattern, span=item.span), span=item.span)
    return Call("matches", (Literal(translated, span=item.span),), target, span=item.span)


_MATCHERS: dict[str, _Lower] = {
    "tool": _exact("tool"),
    "session_id": _exact("session_id"),
    "path_pattern": _path_pattern,
    "command_pattern": _command_pattern,
    "skill": _skill,
}


def _duplicates(hooks: list[Hook], source: Source) -> list[Diagnostic]:
    """HK401: A3S keeps hooks by id, so a later hook of the same id replaces the earlier."""
    first: dict[str, Hook] = {}
    found = []
    for hook in hooks:
        if hook.id in first and hook.span is not None:
            earlier = first[hook.id]
            line = source.position(earlier.span.start)[0] if earlier.span else 0
            found.append(
                error(
                    "HK401",
                    f"duplicate hook id `{hook.id}` (first used on line {line})",
                    source,
                    hook.id_span or hook.span,
                    "A3S keeps one hook per id: the later replaces it",
                )
            )
        first.setdefault(hook.id, hook)
    return found
