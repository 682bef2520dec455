"""Rye OS's own hook files (the `rye` dialect) to the hook IR, with Rye's meaning.

Rye OS (``leolilley/ryeos``) grew its hook files past seed 000. What its Python runtime does
with them, and so what this module reproduces (file names are Rye's):

- **Sections** (``loaders/hooks_loader.py``): ``builtin_hooks``, ``context_hooks`` and
  ``infra_hooks`` of ``hook_conditions.yaml``, and ``hooks`` of a user's or project's
  ``.ai/config/agent/hooks.yaml``; item metadata (``category``, ``tool_type``, ``version``,
  ``description``, ``schema_version``) and a ``# rye:signed:...`` first line; the catalogs
  ``action_primaries`` and ``action_item_types``, against which each action is checked here.
- **Layers** (``thread_directive._merge_hooks``): every hook gets a ``layer`` unless it has
  one (user 0, directive 1, builtin and context 2, project 3, infra 4: the profile's
  ``section_layers``), and all hooks are sorted by layer, ascending and stable. In the IR the
  layer is the hook's priority under the ordering "lower first, all matches".
- **Dispatch** (``safety_harness.run_hooks``): every hook of the event whose condition
  matches runs, in that order; its action is rendered (``interpolate_action``) and
  dispatched; the result of a layer-3 hook is ignored; the first other result that is not
  empty and not ``{"success": True}`` (after unwrapping ``data``) is the control result
  (``hookc.runtime.rye.rye_control``). Only ``action`` is run there.
- **Context hooks** (``run_hooks_context``, for ``build_system_prompt``, ``thread_started``,
  ``thread_continued``): every matching hook runs its ``actions`` list (or its single
  ``action``), and the content is collected ``before`` or ``after`` the prompt by the hook's
  ``position`` (anything but ``after`` is before), wrapped in a tag unless ``wrap`` is false.
  Here a context hook's ``position`` and ``wrap`` travel with its action.
- **resolve_extends** (``thread_directive``): project, user and builtin hooks in that order,
  unsorted; the first matching hook whose action has ``set_extends`` wins. Here those hooks
  keep file order (priority 0) and ``evaluate_hooks`` gives the winner.
- **Conditions** (``condition_evaluator.matches``): an empty (falsy) condition is true;
  ``any`` is tested before ``all`` before ``not``; a leaf's ``op`` defaults to ``eq``. Leaves
  become hookc's ``rye.*`` functions (``hookc.runtime.rye`` states their meaning), an
  unknown operator the constant false (with a warning).
- **Templates** (``interpolation.interpolate_action``): only ``item_id`` and ``params`` are
  rendered; each string there holding ``${`` or ``{input:`` becomes ``rye.interpolate``.

A document is Rye's (``is_rye_document``) when its first line is ``# rye:signed:``, or it has
``infra_hooks``, ``context_hooks``, ``action_primaries`` or ``action_item_types``, or one of
its hooks has a ``layer``, an ``actions`` list or an action with ``primary`` or
``item_type``. ``--profile`` overrides the detection.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from hookc.cel.catalog import KEYWORDS, RESERVED
from hookc.frontend.conditions import literal_value
from hookc.frontend.formats.groups import cased_as
from hookc.frontend.located import Located
from hookc.frontend.lower import derived_id, duplicate_ids
from hookc.hosts.profile import Profile
from hookc.ir.expr import (
    And,
    Binary,
    Call,
    Expr,
    Has,
    Ident,
    Index,
    List,
    Literal,
    Or,
    Select,
    Unary,
)
from hookc.ir.hooks import Action, Hook, HookSet, Params, ParamValue, Template
from hookc.runtime.rye import (
    RYE_INTERPOLATE,
    RYE_LEAF_FUNCTIONS,
    RYE_OPS,
    rye_path_parts,
)
from hookc.runtime.values import INT64_MAX, INT64_MIN, CelError, compile_regex
from hookc.source import Source, Span
from hookc.source.diagnostics import Diagnostic, Fix, error, has_error, replacing, warning

SECTIONS = ("hooks", "builtin_hooks", "context_hooks", "infra_hooks")
# A directive's own hooks, as the XML and front-matter readers hand them over (layer 1).
DIRECTIVE_SECTIONS = ("directive_hooks", "front_matter_hooks")
METADATA = ("category", "tool_type", "version", "description", "schema_version", "name")
CATALOGS = ("action_primaries", "action_item_types")
# What a front-matter hook's result may do (the newer runtime's HookResultMode).
RESULT_MODES = ("discard", "control", "observation")
_HOOK_KEYS = (
    "id", "event", "layer", "condition", "action", "actions", "position", "wrap",
    "description", "enabled", "result",
)  # fmt: skip
_MARKERS = ("layer", "actions")
_FUNCTION_OF_OP = {op: name for name, op in RYE_LEAF_FUNCTIONS.items()}
_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_HOLE = re.compile(r"\$\{([^}]+)\}")
_INPUT = re.compile(r"\{input:(\w+)(\?|[:|][^}]*)?\}")
_PIPE = re.compile(r"(?<!\|)\|(?!\|)")


def is_rye_document(text: str, document: Any) -> bool:
    """Whether a YAML hook file is in Rye's own format (the rule in the module docstring)."""
    if text.startswith("# rye:signed:"):
        return True
    if not isinstance(document, Mapping):
        return False
    keys = ("infra_hooks", "context_hooks", *CATALOGS, *DIRECTIVE_SECTIONS)
    if any(key in document for key in keys):
        return True
    for section in ("hooks", "builtin_hooks"):
        hooks = document.get(section)
        for hook in hooks if isinstance(hooks, list) else ():
            if isinstance(hook, Mapping) and _looks_rye(hook):
                return True
    return False


def _looks_rye(hook: Mapping[str, Any]) -> bool:
    action = hook.get("action")
    return any(key in hook for key in _MARKERS) or (
        isinstance(action, Mapping) and ("primary" in action or "item_type" in action)
    )


def lower_rye_document(
    document: Located, source: Source, profile: Profile
) -> tuple[HookSet | None, Profile, list[Diagnostic]]:
    """The hooks of a Rye document: a hook file, or a directive's hooks (those that have no
    error, whatever the others have: the caller decides what an error stops)."""
    lowering = _RyeLowering(source, profile, document)
    return lowering.run(), profile, lowering.diagnostics


class _RyeLowering:
    def __init__(self, source: Source, profile: Profile, document: Located):
        self.source = source
        self.profile = profile
        self.document = document
        self.diagnostics: list[Diagnostic] = []
        rye = dict(profile.details.get("rye") or {})
        self.section_layers: dict[str, int] = dict(rye.get("section_layers") or {})
        self.directive_layer = int(rye.get("directive_layer", 1))
        self.context_events = tuple(rye.get("context_events") or ())
        self.first_match_events = tuple(rye.get("first_match_events") or ())
        self.primaries = tuple(rye.get("action_primaries") or ())
        self.item_types = tuple(rye.get("action_item_types") or ())

    # -- findings ----------------------------------------------------------------------------

    def error(self, code: str, message: str, span: Span, hint: str | None = None) -> None:
        self.diagnostics.append(error(code, message, self.source, span, hint))

    def warn(
        self, code: str, message: str, span: Span, hint: str | None = None, fix: Fix | None = None
    ) -> None:
        self.diagnostics.append(warning(code, message, self.source, span, hint, fix=fix))

    # -- the document ------------------------------------------------------------------------

    def run(self) -> HookSet | None:
        document = self.document
        if not isinstance(document.value, dict):
            self.error("HK205", "a Rye hook file is a mapping", document.span)
            return None
        for key, node in document.items():
            if key not in (*SECTIONS, *DIRECTIVE_SECTIONS, *METADATA, *CATALOGS):
                self.warn(
                    "HK205",
                    f"Rye's hook loader ignores the key `{key}`",
                    node.key_span or node.span,
                    _suggest(key, (*SECTIONS, *METADATA, *CATALOGS)),
                )
        self.read_catalogs()
        hooks: list[Hook] = []
        for section in (*SECTIONS, *DIRECTIVE_SECTIONS):
            entries = document.get(section)
            if entries is None or entries.value is None:
                continue
            node = entries
            if not isinstance(node.value, list):
                self.error("HK205", f"`{section}` is a list of hooks", node.span)
                continue
            for index, entry in enumerate(node.value):
                hook = self.hook(entry, section, index)
                if hook is not None:
                    hooks.append(hook)
        if not hooks and not self.diagnostics:
            self.warn("HK208", "the file holds no hooks", document.span)
        self.diagnostics.extend(duplicate_ids(hooks, self.source))
        return HookSet(tuple(hooks), ordering=self.profile.ordering, profile=self.profile.name)

    def read_catalogs(self) -> None:
        for key in CATALOGS:
            node = self.document.get(key)
            if node is None:
                continue
            names = node.value
            if not isinstance(names, list) or not all(
                isinstance(item.value, str) for item in names
            ):
                self.error("HK205", f"`{key}` is a list of names", node.span)
                continue
            if key == "action_primaries":
                self.primaries = tuple(item.value for item in names)
            else:
                self.item_types = tuple(item.value for item in names)

    # -- one hook ----------------------------------------------------------------------------

    def hook(self, node: Located, section: str, index: int) -> Hook | None:
        if not isinstance(node.value, dict):
            self.error("HK205", "a hook is a mapping", node.span)
            return None
        before = len(self.diagnostics)
        for key, item in node.items():
            if key not in _HOOK_KEYS:
                self.warn(
                    "HK205",
                    f"Rye ignores the hook key `{key}`",
                    item.key_span or item.span,
                    _suggest(key, _HOOK_KEYS),
                )
        id_node = node.get("id")
        hook_id = (
            str(id_node.value) if id_node is not None else derived_id(self.source, section, index)
        )
        event_node = node.get("event")
        if event_node is None:
            if section != "directive_hooks":  # the XML reader has said so
                self.warn("HK205", "a hook without an `event`: Rye never runs it", node.span)
            return None
        if not isinstance(event_node.value, str):
            self.error("HK205", "a hook's `event` is a string", event_node.span)
            return None
        event = event_node.value
        self.known_event(event, event_node)
        layer = self.layer(node, section)
        if section == "front_matter_hooks":
            if not self.front_matter(node):
                return None
            condition = self.newer_condition(node.get("condition"))
        else:
            condition = self.condition(node.get("condition"), 0)
        action = self.action(node, event, section)
        description = node.get("description")
        enabled = node.get("enabled")
        if enabled is not None and not isinstance(enabled.value, bool):
            self.error("HK205", "`enabled` is true or false", enabled.span)
        if has_error(self.diagnostics[before:]) or action is None or layer is None:
            return None
        return Hook(
            id=hook_id,
            event=event,
            condition=condition,
            action=action,
            # resolve_extends hooks are tried in file order, whatever their layer.
            priority=0 if event in self.first_match_events else layer,
            enabled=enabled.value if enabled is not None else True,
            description=str(description.value) if description is not None else None,
            span=node.span,
            source=self.source,
            id_span=None if id_node is None else id_node.span,
        )

    def front_matter(self, hook: Located) -> bool:
        """The newer runtime's rules for a front-matter hook: ``result`` says what its
        result may do; a text ``condition`` is in an expression language hookc does not
        read (the hook is left out, with a warning)."""
        result = hook.get("result")
        if result is None:
            self.warn(
                "HK205",
                "the newer runtime requires `result` (discard, control or observation)",
                hook.key_span or hook.span,
            )
        elif result.value not in RESULT_MODES:
            self.error(
                "HK304",
                f"`result` is one of {', '.join(RESULT_MODES)}, not {result.value!r}",
                result.span,
                _suggest(str(result.value), RESULT_MODES),
            )
        condition = hook.get("condition")
        if condition is not None and isinstance(condition.value, str):
            self.warn(
                "HK210",
                "hookc does not read the newer runtime's condition expressions: "
                "this hook is left out of the checks and the compiled hooks",
                condition.span,
            )
            return False
        return True

    def newer_condition(self, node: Located | None) -> Expr | None:
        """Absent: always; true or false: that constant (the newer runtime's rule)."""
        if node is None:
            return None
        if isinstance(node.value, bool):
            return None if node.value else Literal(False, span=node.span)
        self.error("HK210", "a front-matter condition is true, false or an expression", node.span)
        return None

    def known_event(self, event: str, node: Located) -> None:
        events = self.profile.events
        if events and event not in events:
            # An event in another case is the author's: the safe fix writes Rye's spelling.
            cased = cased_as(event, events)
            self.warn(
                "HK402",
                f"Rye's runtime never fires an event `{event}`",
                node.span,
                (f"did you mean `{cased}`?" if cased else None)
                or _suggest(event, events)
                or f"its events: {', '.join(events)}",
                fix=replacing(self.source, node.span, event, cased) if cased else None,
            )

    def layer(self, node: Located, section: str) -> int | None:
        layer = node.get("layer")
        if layer is None:
            if section in DIRECTIVE_SECTIONS:
                return self.directive_layer
            return int(self.section_layers.get(section, 2))
        if type(layer.value) is not int:
            self.error("HK205", "`layer` is an integer (lower runs first)", layer.span)
            return None
        if not INT64_MIN <= layer.value <= INT64_MAX:
            # Rye sorts by any Python int; a hook's priority is an int64 in hookc's IR, its
            # canonical YAML and hookc.runtime, so a layer past it cannot be carried over.
            self.error("HK205", "`layer` is beyond the int64 range", layer.span)
            return None
        return int(layer.value)

    # -- conditions --------------------------------------------------------------------------

    def condition(self, node: Located | None, depth: int) -> Expr | None:
        """Rye's ``matches``: a falsy condition is true (None here); any, all, not, leaf."""
        if node is None or not node.value:
            return None if depth == 0 else Literal(True, span=node.span if node else None)
        if depth > 100:
            self.error("HK210", "condition nested too deeply", node.span)
            return None
        if not isinstance(node.value, dict):
            self.error(
                "HK210", "a condition is a mapping: path/op/value, any, all or not", node.span
            )
            return None
        for key in ("any", "all"):
            if key in node.value:
                return self.combine(key, node.value[key], depth)
        if "not" in node.value:
            inner = self.condition(node.value["not"], depth + 1)
            return None if inner is None else Unary("!", inner, span=node.span)
        return self.leaf(node)

    def combine(self, key: str, node: Located, depth: int) -> Expr | None:
        if not isinstance(node.value, list):
            self.error("HK210", f"`{key}` takes a list of conditions", node.span)
            return None
        parts = [self.condition(item, depth + 1) for item in node.value]
        if any(part is None for part in parts):
            return None
        operands = tuple(part for part in parts if part is not None)
        if not operands:  # Python: any([]) is False, all([]) is True
            return Literal(key == "all", span=node.span)
        if len(operands) == 1:
            return operands[0]
        return (And if key == "all" else Or)(operands, span=node.span)

    def leaf(self, node: Located) -> Expr | None:
        for key, item in node.items():
            if key not in ("path", "op", "value"):
                self.warn(
                    "HK210",
                    f"Rye's evaluator ignores `{key}` in a condition",
                    item.key_span or item.span,
                    _suggest(key, ("path", "op", "value", "any", "all", "not")),
                )
        op_node = node.get("op")
        op = op_node.value if op_node is not None else "eq"
        path_node = node.get("path")
        if path_node is None or not isinstance(path_node.value, str):
            self.error(
                "HK210",
                "a Rye condition needs a `path` (a string)",
                (path_node or node).span,
                "without one Rye compares the whole context",
            )
            return None
        path = self.path(path_node)
        value_node = node.get("value")
        value = self.value(value_node) if value_node is not None else Literal(None)
        if path is None or value is None:
            return None
        if op not in RYE_OPS:
            where = (op_node or node).span
            self.warn(
                "HK210",
                f"Rye's evaluator has no operator `{op}`: this condition is always false",
                where,
                _suggest(str(op), RYE_OPS) or f"its operators: {', '.join(RYE_OPS)}",
            )
            return Literal(False, span=node.span)
        if op == "regex" and value_node is not None:
            self.check_regex(value_node)
        in_cel = _as_cel(op, path, value, node.span, rye_path_parts(path_node.value))
        if in_cel is not None:
            return in_cel
        function = _FUNCTION_OF_OP[op]
        args = (path,) if op == "exists" else (path, value)
        return Call(function, args, span=node.span)

    def check_regex(self, node: Located) -> None:
        pattern = node.value
        if not isinstance(pattern, str):
            self.error(
                "HK112", "Rye's `regex` needs a pattern string (re.search raises)", node.span
            )
            return
        compiled = compile_regex(pattern)
        if isinstance(compiled, CelError):
            self.error("HK112", f"{compiled.message} (Rye's re.search raises)", node.span)

    def path(self, node: Located) -> Expr | None:
        parts = rye_path_parts(node.value)
        if not parts:
            self.error(
                "HK210",
                "an empty path: Rye would compare the whole context",
                node.span,
                "name a key of the context",
            )
            return None
        return self.path_of(parts, node.span)

    def path_of(self, parts: Sequence[str], span: Span, report: bool = True) -> Expr | None:
        first = parts[0]
        if not _IDENTIFIER.fullmatch(first) or first in RESERVED or first in KEYWORDS:
            if report:
                self.error(
                    "HK210",
                    f"hookc cannot read a path that starts with `{first}`",
                    span,
                    "a path starts with a name of the context",
                )
            return None
        expr: Expr = Ident(first, span=span)
        for part in parts[1:]:
            if _IDENTIFIER.fullmatch(part) and part not in RESERVED and part not in KEYWORDS:
                expr = Select(expr, part, span=span)
            else:
                expr = Index(expr, Literal(part, span=span), span=span)
        return expr

    def value(self, node: Located) -> Expr | None:
        return literal_value(node, lambda message, span: self.error("HK210", message, span))

    # -- actions -----------------------------------------------------------------------------

    def action(self, hook: Located, event: str, section: str) -> Action | None:
        single, many = hook.get("action"), hook.get("actions")
        context_event = event in self.context_events
        extra = self.context_fields(hook, context_event)
        if many is not None and many.value:
            if not context_event:
                self.warn(
                    "HK306",
                    f"Rye runs `actions` only on context events; on `{event}` it runs `action`",
                    many.key_span or many.span,
                    f"context events: {', '.join(self.context_events)}",
                )
            if not isinstance(many.value, list):
                self.error("HK205", "`actions` is a list of actions", many.span)
                return None
            items = [self.item_action(item, event, section) for item in many.value]
            if any(item is None for item in items):
                return None
            listed = tuple(_as_dict(item) for item in items if item is not None)
            return Action("actions", Params((("actions", listed), *extra)), span=many.span)
        if single is None or not single.value:
            self.warn(
                "HK306",
                "the hook has no action: Rye runs nothing for it",
                hook.span,
                "give it an `action: {primary, item_type, item_id, params}`",
            )
            return None
        action = self.item_action(single, event, section)
        if action is None:
            return None
        result = hook.get("result")
        if section == "front_matter_hooks" and result is not None:
            extra = (*extra, ("result", result.value))
        return Action(action.type, Params((*action.params.items, *extra)), span=single.span)

    def context_fields(self, hook: Located, context_event: bool) -> tuple[tuple[str, Any], ...]:
        fields: list[tuple[str, Any]] = []
        for key in ("position", "wrap"):
            node = hook.get(key)
            if node is None:
                continue
            if not context_event:
                self.warn(
                    "HK205",
                    f"`{key}` matters only to context hooks; Rye ignores it on this event",
                    node.key_span or node.span,
                )
            if key == "position" and node.value not in ("before", "after"):
                self.warn(
                    "HK304",
                    f"position `{node.value}` is not before or after: Rye puts it before",
                    node.span,
                )
            if key == "wrap" and not isinstance(node.value, bool):
                self.warn(
                    "HK303",
                    f"`wrap` is {node.value!r}, not true or false: Rye wraps unless it is falsy",
                    node.span,
                )
            fields.append((key, node.value))
        return tuple(fields)

    def item_action(self, node: Located, event: str, section: str) -> Action | None:
        if not isinstance(node.value, dict):
            self.error(
                "HK205", "an action is a mapping: primary, item_type, item_id, params", node.span
            )
            return None
        if "set_extends" in node.value:
            target = node.value["set_extends"]
            if not isinstance(target.value, str):
                self.error("HK303", "`set_extends` names a directive (a string)", target.span)
                return None
            return Action("set_extends", Params((("set_extends", target.value),)), span=node.span)
        if event in self.first_match_events:
            self.warn(
                "HK305",
                f"Rye uses a `{event}` hook only when its action has `set_extends`",
                node.span,
            )
        primary = node.get("primary")
        if primary is None:
            if section != "front_matter_hooks":  # the newer runtime's actions name no primary
                self.error("HK305", "an action needs a `primary` (what to do)", node.span,
                           f"one of: {', '.join(self.primaries)}")  # fmt: skip
                return None
            kind = "execute"
        elif not isinstance(primary.value, str) or primary.value not in self.primaries:
            self.error(
                "HK301",
                f"unknown action primary `{primary.value}`",
                primary.span,
                _suggest(str(primary.value), self.primaries)
                or f"action_primaries: {', '.join(self.primaries)}",
            )
            return None
        else:
            kind = primary.value
        params: list[tuple[str, ParamValue]] = []
        for key, item in node.items():
            if key == "primary":
                continue
            if key == "item_type" and item.value not in self.item_types:
                self.error(
                    "HK304",
                    f"unknown item type `{item.value}`",
                    item.span,
                    _suggest(str(item.value), self.item_types)
                    or f"action_item_types: {', '.join(self.item_types)}",
                )
                continue
            if key == "params" and not isinstance(item.value, dict):
                self.error("HK303", "`params` is a mapping", item.span)
                continue
            rendered = key in ("item_id", "params")
            params.append((key, self.param(item) if rendered else _plain(item)))
        return Action(kind, Params(tuple(params)), span=node.span)

    def param(self, node: Located) -> ParamValue:
        """A value Rye interpolates: strings with ``${`` or ``{input:`` become templates."""
        value = node.value
        if isinstance(value, dict):
            return Params(tuple((key, self.param(item)) for key, item in value.items()))
        if isinstance(value, list):
            return tuple(self.param(item) for item in value)
        if isinstance(value, str) and ("${" in value or "{input:" in value):
            return self.template(value, node.span)
        return value  # type: ignore[no-any-return]

    def template(self, text: str, span: Span) -> Template:
        paths: list[Expr] = []
        for hole in _HOLE.finditer(text):
            for path in _PIPE.split(hole.group(1), maxsplit=1)[0].split("||"):
                parts = rye_path_parts(path.strip())
                expr = self.path_of(parts, span, report=False) if parts else None
                if expr is not None and expr not in paths:
                    paths.append(expr)
        for ref in _INPUT.finditer(text):
            expr = Select(Ident("inputs", span=span), ref.group(1), span=span)
            if expr not in paths:
                paths.append(expr)
        call = Call(RYE_INTERPOLATE, (Literal(text), *paths), span=span)
        return Template((call,), span=span)


def _as_cel(op: str, path: Expr, value: Expr, span: Span, parts: list[str]) -> Expr | None:
    """The leaf in CEL where CEL says exactly what Rye says, for every context (missing
    keys, nulls, wrong types), else None (the leaf stays a ``rye.*`` function).

    A path none of whose parts is a list index (``int(part)`` fails) is a chain of dict
    lookups in Rye, None wherever it breaks: ``has(path)`` is Rye's "not None" exactly, and
    behind it the path is present. So ``exists`` is ``has(p)``; ``eq``/``ne`` with a string
    are ``has(p) && p == 's'`` and its negation (Python's ``==`` on a str and CEL's agree,
    and CEL's ``==`` between types is false, never an error); with null, ``!has(p)`` and
    ``has(p)``; ``in`` a list of strings is ``has(p) && p in [...]``. Comparisons, numbers
    and bools (Python's ``True == 1``), ``contains`` and ``regex`` (``str()`` of any value)
    are Rye's own.
    """
    if any(_list_index(part) for part in parts):
        return None
    present = Has(path, span=span)
    literal = value.value if isinstance(value, Literal) else _NOT_LITERAL
    if op == "exists":
        return present
    if op in ("eq", "ne") and (type(literal) is str or literal is None):
        if literal is None:
            test: Expr = Unary("!", present, span=span)
        else:
            test = And((present, Binary("==", path, value, span=span)), span=span)
        if op == "ne":
            return present if literal is None else Unary("!", test, span=span)
        return test
    if (
        op == "in"
        and isinstance(value, List)
        and value.items
        and all(isinstance(item, Literal) and type(item.value) is str for item in value.items)
    ):
        return And((present, Binary("in", path, value, span=span)), span=span)
    return None


_NOT_LITERAL = object()


def _list_index(part: str) -> bool:
    try:
        int(part)
    except ValueError:
        return False
    return True


def _plain(node: Located) -> ParamValue:
    value = node.value
    if isinstance(value, dict):
        return Params(tuple((key, _plain(item)) for key, item in value.items()))
    if isinstance(value, list):
        return tuple(_plain(item) for item in value)
    return value  # type: ignore[no-any-return]


def _as_dict(action: Action) -> Params:
    """One action of an ``actions`` list as Rye writes it: ``primary`` first."""
    return Params((("primary", action.type), *action.params.items))


def _suggest(name: str, known: Sequence[str]) -> str | None:
    import difflib  # only when a suggestion is wanted: keeps start-up light

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"did you mean `{close[0]}`?" if close else None
