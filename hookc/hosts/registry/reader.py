"""Seed 001's hook registry: one YAML file per hook under ``.system/hooks/``.

::

    id: post_tool_use_tracker            # required; the registration JSON's `id`
    event_type: PostAbilityCall          # the profile's events (a warning for others)
    enabled: true                        # default true; disabled hooks are not registered
    summary: ...                         # the hook's description
    match:                               # optional filters, all of which must hold
      ability_scope: "billing_*"         #   a glob or a list of globs against `ability_id`
      min_duration_ms: 1000              #   `duration_ms` at least this (missing counts 0)
      only_if_changed_paths: [services/**]  # some changed file matches one of the globs
    handler: {kind: script, command: ./scripts/hooks/tracker.sh}   # or kind: builtin
    effects: [...]                       # descriptive; kept in the action
    blocking: false                      # a failing handler stops the flow

A hook becomes the action ``{"type": "script", "command": ..., "blocking": ...,
"effects": [...]}`` (``"type": "builtin"`` for a builtin handler). Globs are hookc's
``glob`` (``*`` within one path segment, ``**`` across segments). A folder of these files
is one hook set (``hookc.frontend.inputs``).
"""

from __future__ import annotations

from pathlib import Path

from hookc.frontend.actions import did_you_mean, freeze
from hookc.frontend.formats.fields import Record, events_carrying
from hookc.frontend.formats.groups import script_problems, unknown_event
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.frontend.yaml_file import load_yaml
from hookc.hosts.profile import Profile
from hookc.ir.expr import And, Binary, Call, Comprehension, Expr, Has, Ident, Literal, Or, Unary
from hookc.ir.hooks import Action, Hook, HookSet, Params
from hookc.runtime.tree_form import element_variable
from hookc.runtime.values import CelError, compile_glob
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, error, has_error, warning

KEYS = ("id", "event_type", "enabled", "summary", "match", "handler", "effects", "blocking")
HANDLER_KEYS = ("kind", "command")
# `script` runs `command` with the context on stdin; `builtin` names a handler the
# orchestrator carries (the registry's documents name both).
HANDLER_KINDS = ("script", "builtin")


def read(source: Source, profile: Profile, root: Path) -> Loaded:
    """The file's hook, read as the registry reads it; handler commands run from ``root``."""
    document, diagnostics = load_yaml(source)
    if has_error(diagnostics) or document is None:
        if document is None and not diagnostics:
            diagnostics = [warning("HK208", "the file holds no hook", source, Span(0, 0))]
        return Loaded(source, None, profile, tuple(diagnostics))
    if not isinstance(document.value, dict):
        return Loaded(source, None, profile, (_not_a_registry_hook(document, source),))
    hook, found = read_hook(document, source, profile, root)
    hookset = HookSet((hook,) if hook else (), ordering=profile.ordering, profile=profile.name)
    return Loaded(source, hookset if hook else None, profile, tuple(diagnostics + found))


def _not_a_registry_hook(document: Located, source: Source) -> Diagnostic:
    a3s_like = isinstance(document.value, list) and any(
        isinstance(item.value, dict) and "event_type" in item.value for item in document.value
    )
    return error(
        "HK403" if a3s_like else "HK205",
        "this looks like an A3S hook list, not a `.system/hooks` registry file"
        if a3s_like
        else "a registry hook file is one mapping (`id`, `event_type`, `handler`, ...)",
        source,
        document.span,
        "read it with --profile a3s, or without --profile" if a3s_like else None,
    )


def read_hook(
    node: Located, source: Source, profile: Profile, root: Path
) -> tuple[Hook | None, list[Diagnostic]]:
    record = Record(node, source, "a registry hook")
    record.unknown_keys(KEYS)
    hook_id = record.get("id", str, required=True)
    event = record.get("event_type", str, required=True)
    enabled = record.get("enabled", bool)
    summary = record.get("summary", str)
    effects = record.get("effects", list)
    blocking = record.get("blocking", bool)
    if event is not None:
        found = unknown_event(event, record.span_of("event_type"), profile, source)
        if found is not None:
            record.diagnostics.append(found)
    condition = None
    if (match := node.get("match")) is not None and match.value is not None:
        condition = _match_condition(match, event, source, profile, record)
    command = _handler(node, source, record, root)
    if hook_id is None or event is None or command is None or has_error(record.diagnostics):
        return None, record.diagnostics
    params = Params(
        (
            ("command", command),
            ("blocking", bool(blocking)),
            ("effects", freeze(effects or [])),
        )
    )
    handler = node.get("handler")
    kind = (handler.plain() or {}).get("kind", "script") if handler else "script"
    action = Action(kind, params, span=handler.span if handler else node.span)
    hook = Hook(
        id=hook_id,
        event=event,
        condition=condition,
        action=action,
        enabled=True if enabled is None else enabled,
        description=summary.strip() if isinstance(summary, str) else None,
        span=node.span,
        source=source,
        id_span=record.span_of("id"),
    )
    return hook, record.diagnostics


def _handler(node: Located, source: Source, record: Record, root: Path) -> str | None:
    handler = node.get("handler")
    if handler is None:
        record.fail(
            "HK205",
            "a registry hook needs a `handler`",
            node.span,
            "handler: {kind: script, command: ./scripts/hooks/<id>.sh}",
        )
        return None
    if not isinstance(handler.value, dict):
        record.fail("HK205", "`handler` must be a mapping (`kind`, `command`)", handler.span)
        return None
    inner = Record(handler, source, "`handler`")
    inner.unknown_keys(HANDLER_KEYS, code="HK302")
    kind = inner.get("kind", str, required=True)
    command = inner.get("command", str, required=True)
    if kind is not None and kind not in HANDLER_KINDS:
        kind_node = handler.get("kind")
        assert kind_node is not None
        inner.fail(
            "HK301",
            f"unknown handler kind `{kind}`",
            kind_node.span,
            did_you_mean(kind, HANDLER_KINDS) or "the kinds: script, builtin",
        )
    if command is not None and kind == "script":
        command_node = handler.get("command")
        assert command_node is not None
        roots = {".": root}
        inner.diagnostics.extend(script_problems(command, roots, command_node, source))
    record.diagnostics.extend(inner.diagnostics)
    return command if not has_error(inner.diagnostics) else None


# -- match filters ----------------------------------------------------------------------


def _match_condition(
    match: Located, event: str | None, source: Source, profile: Profile, record: Record
) -> Expr | None:
    if not isinstance(match.value, dict):
        record.fail("HK205", "`match` must be a mapping of filters", match.span)
        return None
    filters: dict[str, str] = profile.details.get("match_filters") or {}
    terms: list[Expr] = []
    for key, node in match.items():
        field = filters.get(key)
        if field is None:
            record.fail(
                "HK721",
                f"unknown match filter `{key}`",
                node.key_span or node.span,
                did_you_mean(key, list(filters)) or f"the filters: {', '.join(filters)}",
            )
            continue
        carrying = events_carrying(profile, field)
        if event is not None and event in profile.events and event not in carrying:
            record.diagnostics.append(
                warning(
                    "HK722",
                    f"`{key}` reads `{field}`, which `{event}` events do not carry: "
                    "this hook never runs",
                    source,
                    node.key_span or node.span,
                    f"`{key}` applies to {', '.join(carrying)}",
                )
            )
        term = _FILTERS[key](node, Ident(field, span=node.span), record)
        if term is not None:
            terms.append(term)
    if not terms:
        return None
    return terms[0] if len(terms) == 1 else And(tuple(terms), span=match.span)


def _globs(node: Located, record: Record) -> list[Located] | None:
    """A glob or a list of globs, each checked."""
    items = node.value if isinstance(node.value, list) else [node]
    if not items or not all(isinstance(item.value, str) for item in items):
        record.fail("HK205", "a filter takes a glob or a list of globs (strings)", node.span)
        return None
    for item in items:
        compiled = compile_glob(item.value)
        if isinstance(compiled, CelError):
            record.fail("HK112", f"invalid glob `{item.value}`: {compiled}", item.span)
            return None
    return items


def _any_glob(target: Expr, globs: list[Located]) -> Expr:
    tests = [Call("glob", (Literal(g.value, span=g.span),), target, span=g.span) for g in globs]
    return tests[0] if len(tests) == 1 else Or(tuple(tests))


def _ability_scope(node: Located, field: Expr, record: Record) -> Expr | None:
    """The ability id matches one of the globs."""
    globs = _globs(node, record)
    return None if globs is None else _any_glob(field, globs)


def _min_duration(node: Located, field: Expr, record: Record) -> Expr | None:
    """``duration_ms >= N``, a call without a duration counting as 0 ms."""
    value = node.value
    if isinstance(value, bool) or not isinstance(value, int | float):
        record.fail("HK205", "`min_duration_ms` must be a number of milliseconds", node.span)
        return None
    at_least = Binary(">=", field, Literal(value, span=node.span), span=node.span)
    if value > 0:
        return at_least
    return Or((Unary("!", Has(field, span=node.span), span=node.span), at_least), span=node.span)


def _changed_paths(node: Located, field: Expr, record: Record) -> Expr | None:
    """Some changed file matches one of the globs; no changed files, no match."""
    globs = _globs(node, record)
    if globs is None:
        return None
    element = element_variable(1)
    some = Comprehension("exists", field, element, _any_glob(Ident(element), globs))
    return And((Has(field, span=node.span), some), span=node.span)


_FILTERS = {
    "ability_scope": _ability_scope,
    "min_duration_ms": _min_duration,
    "only_if_changed_paths": _changed_paths,
}
