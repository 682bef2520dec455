"""``hookc.runtime.load``: canonical YAML (``hookc compile --target yaml``, ``hookc fmt``) to an
object with a compiled module's API, using nothing but the standard library and pyyaml.

Conditions become closures once, here (``hookc.runtime.closures``); evaluating a hook
calls them and walks nothing. A file the runtime cannot use raises ``LoadError`` naming
the place: ``hooks.yaml:12:9: hooks[3].condition.op: unknown operator `eqq```.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from hookc.runtime.closures import (
    Builder,
    Closure,
    TreeError,
    expect_list,
    expect_mapping,
    expect_string,
    parse_path,
    path_getter,
)
from hookc.runtime.dispatch import candidates, evaluate_hooks, holds, key_of
from hookc.runtime.limits import (
    MAX_FILE_BYTES,
    MAX_NESTING,
    count_problem,
    recursion_room,
    too_deep_for_parser,
    yaml_graph_problem,
)
from hookc.runtime.rye import rye_control
from hookc.runtime.support import _hk_context, _hk_exact, _hk_safely, _hk_text
from hookc.runtime.tree_form import NONFINITE, PARAM_TAGS, SHELL_ACTION_TYPES
from hookc.runtime.truth import Truth
from hookc.runtime.values import CelError
from hookc.runtime.yaml_merge import flatten_mapping

_HOLE = re.compile(r"\$\{")
_SOURCE_DIGEST = re.compile(r"^# source sha256: ([0-9a-f]{64})$", re.MULTILINE)
# What a hook file may hold (schemas/hooks.schema.json); the runtime uses the first four.
_DOCUMENT_KEYS = frozenset(
    {"ordering", "hooks", "builtin_hooks", "schema_version", "profile", "action_types",
     "event_context_schema", "operators", "combinators", "return_schema"}
)  # fmt: skip
_HOOK_KEYS = ("id", "event", "priority", "enabled", "description", "condition", "action")
# Template holes (and parts of tagged templates) a file may hold in all.
MAX_HOLES = 100_000

Where = tuple[str | int, ...]


class LoadError(Exception):
    """A file ``hookc.runtime`` cannot load: its place and what is wrong there."""


class _DuplicateKey(yaml.constructor.ConstructorError):
    """A key written twice in one mapping."""


class _NoDuplicates:
    """A mapping with a key written twice is refused, as ``hookc check`` refuses it
    (HK205): YAML loaders keep the last one silently, so `enabled: false` then `enabled:
    true` would load a hook that fires. Keys a merge (``<<: *base``) brings in may be
    overridden, as YAML's merge means; the comparison is of each key as written and
    resolved (``1`` and ``'1'`` differ), before any value is made."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[tuple[str, str]] = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag.endswith(":merge"):
                continue
            key = (key_node.tag, key_node.value)
            if key in seen:
                raise _DuplicateKey(
                    None,
                    None,
                    f"duplicate key `{key_node.value}`: YAML keeps only the last one",
                    key_node.start_mark,
                )
            seen.add(key)
        return super().construct_mapping(node, deep)  # type: ignore[misc, no-any-return]


class _Loader(_NoDuplicates, yaml.SafeLoader):
    """Timestamps and binary stay the text they were written as (as the front end reads),
    and merge keys (`<<: *base`) merge as YAML says (``hookc.runtime.yaml_merge``)."""


if hasattr(yaml, "CSafeLoader"):  # libyaml's, when pyyaml was built with it: much faster

    class _FastLoader(_NoDuplicates, yaml.CSafeLoader):
        pass

    _LOADERS: tuple[type[Any], ...] = (_Loader, _FastLoader)
else:
    _LOADERS = (_Loader,)
for _loader in _LOADERS:
    for _tag in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:binary"):
        _loader.add_constructor(_tag, lambda loader, node: loader.construct_scalar(node))
    _loader.flatten_mapping = flatten_mapping


@dataclass(frozen=True, slots=True)
class _Hook:
    id: str
    event: str
    priority: int
    enabled: bool
    builtin: bool
    description: str | None
    predicate: Closure
    action_type: str
    action: Callable[[dict[str, Any]], dict[str, Any]]
    key: tuple[str, str] | None  # for the dispatch index (hookc.runtime.dispatch)
    test: Callable[[Any], bool]  # the predicate, on any context (``predicates``)
    decided: bool  # the condition is exactly the key's equality
    ready: dict[str, Any] | None  # the action made once, where it has no template


@dataclass(frozen=True)
class Runtime:
    """Loaded hooks with the API of a compiled module (SPEC §7): ``HOOKS``,
    ``evaluate_hooks``, ``evaluate_all``, ``predicates``, ``SOURCE_SHA256``."""

    HOOKS: tuple[dict[str, Any], ...]
    predicates: Mapping[str, Callable[[Any], bool]]
    SOURCE_SHA256: str
    HOOKC_VERSION: str | None
    _events: Mapping[str, Callable[[dict[str, Any]], Iterable[_Hook]]] = field(repr=False)
    evaluate_hooks: Callable[[str, Any], dict[str, Any] | None] = field(repr=False)
    """``evaluate_hooks(event, context)``: the first matching hook's action (a fresh dict,
    templates rendered), or None (``hookc.runtime.dispatch.evaluate_hooks``)."""

    def register(self, hooks: Any) -> None:
        """Serve as a rollouts hook file (seed 003): subscribe one handler per rollouts
        event these hooks listen to on the ``hooks`` API (``hookc.runtime.rollouts``)."""
        from hookc.runtime.rollouts import register_handlers

        register_handlers(hooks, self.evaluate_hooks, sorted(self._events))

    def evaluate_all(self, event: str, context: Any) -> list[tuple[str, dict[str, Any]]]:
        """``[(hook_id, action), ...]`` for every matching hook, in order."""
        try:
            select = self._events.get(event)
        except TypeError:  # an unhashable event: none of the hooks' (as compiled modules say)
            return []
        if select is None:
            return []
        if type(context) is not dict:
            context = _hk_context(context)
        found = []
        for hook in select(context):
            if holds(hook.predicate, context):
                found.append((hook.id, hook.action(context)))
        return found

    def control_result(self, fired: Iterable[tuple[str, Any]], results: Iterable[Any]) -> Any:
        """Rye's decision (the `rye` profile): given ``evaluate_all``'s hooks and what
        dispatching each returned, in order, the result that controls the thread, or None
        (``hookc.runtime.rye.rye_control``: a hook's layer is its priority)."""
        layers = {row["id"]: row["priority"] for row in self.HOOKS}
        pairs = zip(fired, results, strict=True)
        return rye_control([(layers[i], action, result) for (i, action), result in pairs])


def load(path_or_text: str | os.PathLike[str]) -> Runtime:
    """Load canonical YAML: a ``Path`` (or a string without a newline) names a file; any
    other string is the YAML itself. Raises ``LoadError`` and nothing else."""
    if not isinstance(path_or_text, str | os.PathLike):
        raise LoadError(f"expected a path or YAML text, not {type(path_or_text).__name__}")
    if isinstance(path_or_text, os.PathLike) or "\n" not in path_or_text:
        try:
            path = Path(path_or_text)
            with path.open("rb") as handle:
                data = handle.read(MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                raise LoadError(f"{path}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
            text = data.decode("utf-8")
        except (OSError, UnicodeDecodeError, ValueError) as exc:  # ValueError: a NUL in it
            raise LoadError(f"{path_or_text}: cannot read: {exc}") from None
        return loads(text, str(path))
    return loads(path_or_text)


def loads(text: str, name: str = "<string>") -> Runtime:
    """Load canonical YAML text (``name`` for messages). Raises ``LoadError`` and nothing
    else: the front end's limits hold here too (``hookc.runtime.limits``)."""
    if not isinstance(text, str):
        raise LoadError(f"{name}: expected YAML text, not {type(text).__name__}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise LoadError(
            f"{name}: not text: a lone surrogate (U+{ord(text[exc.start]):04X}) at "
            f"character {exc.start}"
        ) from None
    if len(text) > MAX_FILE_BYTES:
        raise LoadError(f"{name}: larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    try:
        with recursion_room():  # closures are built by a walk that recurses
            data = _read_yaml(text, name)
            return _build(data, text)
    except TreeError as exc:
        place = _place(text, name, exc.where, exc.at_key)
        raise LoadError(f"{place}: {_dotted(exc.where)}: {exc.message}") from None
    except RecursionError:
        raise LoadError(f"{name}: nested too deeply to load") from None
    except (ValueError, TypeError, OverflowError, ArithmeticError) as exc:
        # A shape the checks above let through: still the caller's file, never a crash.
        raise LoadError(f"{name}: cannot load: {exc}") from None


def _read_yaml(text: str, name: str) -> Any:
    """The document's data, its node graph checked first: aliases expand to at most
    ``MAX_NODES`` nodes and nothing nests deeper than ``MAX_NESTING``."""
    counted = count_problem(text, _LOADERS[-1])  # before a node is made
    if counted is not None:
        mark, message = counted
        raise LoadError(f"{name}:{mark.line + 1}:{mark.column + 1}: {message}")
    loader = _LOADERS[-1](text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        problem = yaml_graph_problem(root, aliases="*" in text)  # an alias is `*name`
        if problem is not None:
            node, message = problem
            mark = node.start_mark
            raise LoadError(f"{name}:{mark.line + 1}:{mark.column + 1}: {message}")
        return loader.construct_document(root)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        place = f"{name}:{mark.line + 1}:{mark.column + 1}" if mark else name
        if isinstance(exc, _DuplicateKey):
            raise LoadError(f"{place}: {exc.problem}") from None
        if too_deep_for_parser(exc.problem):
            message = f"the YAML nests more than {MAX_NESTING} levels deep"
            raise LoadError(f"{place}: {message}") from None
        raise LoadError(f"{place}: YAML syntax error: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise LoadError(f"{name}: YAML error: {exc}") from None
    finally:
        loader.dispose()


def _build(data: Any, text: str) -> Runtime:
    document = expect_mapping(data, ())
    # `x-` keys are the file's own (anchors that hooks merge in), as the schema allows.
    unknown = sorted(
        str(key) for key in document if key not in _DOCUMENT_KEYS and not str(key).startswith("x-")
    )
    if unknown:  # a misspelt `hooks:` would otherwise load no hook, silently
        raise TreeError((unknown[0],), f"unknown key `{unknown[0]}` in a hook file", at_key=True)
    ordering = expect_mapping(document.get("ordering", {}), ("ordering",))
    higher_first = ordering.get("higher_priority_first", True)
    first_match = ordering.get("first_match", True)
    for key, value in (("higher_priority_first", higher_first), ("first_match", first_match)):
        if not isinstance(value, bool):
            raise TreeError(("ordering", key), "expected true or false")
    hooks: list[_Hook] = []
    builder = Builder()
    holes = [MAX_HOLES]  # template holes the file may still hold (``_count_holes``)
    for section in ("hooks", "builtin_hooks"):
        entries = document.get(section, [])
        if not isinstance(entries, list):
            raise TreeError((section,), "expected a list of hooks")
        for i, entry in enumerate(entries):
            hooks.append(_hook(entry, (section, i), section == "builtin_hooks", builder, holes))
    seen: dict[str, Where] = {}
    for hook, place in zip(hooks, _places(document), strict=True):
        if hook.id in seen:
            raise TreeError((*place, "id"), f"duplicate hook id `{hook.id}`")
        seen[hook.id] = place
    sign = -1 if higher_first else 1
    ordered = sorted((h for h in hooks if h.enabled), key=lambda h: (sign * h.priority, h.builtin))
    events: dict[str, list[_Hook]] = {}
    for hook in ordered:
        events.setdefault(hook.event, []).append(hook)
    digest = _SOURCE_DIGEST.search(text)
    version = re.search(r"^# Canonical hooks written by hookc (\S+) ", text, re.MULTILINE)
    return Runtime(
        HOOKS=tuple(
            {
                "id": h.id,
                "event": h.event,
                "priority": h.priority,
                "enabled": h.enabled,
                "builtin": h.builtin,
                "description": h.description,
                "action": h.action_type,
            }
            for h in hooks
        ),
        predicates={h.id: h.test for h in hooks},
        SOURCE_SHA256=digest.group(1) if digest else hashlib.sha256(text.encode()).hexdigest(),
        HOOKC_VERSION=version.group(1) if version else None,
        _events={event: candidates(found) for event, found in events.items()},
        evaluate_hooks=evaluate_hooks(events),
    )


def _places(document: Mapping[str, Any]) -> list[Where]:
    return [
        (section, i)
        for section in ("hooks", "builtin_hooks")
        for i in range(len(document.get(section, [])))
    ]


def _always(context: dict[str, Any], scope: Any) -> bool:
    return True


def _hook(entry: Any, where: Where, builtin: bool, builder: Builder, holes: list[int]) -> _Hook:
    hook = expect_mapping(entry, where)
    unknown = sorted(str(key) for key in hook if key not in _HOOK_KEYS)
    if unknown:
        raise TreeError((*where, unknown[0]), f"unknown key `{unknown[0]}` in a hook", at_key=True)
    for key in ("id", "event", "action"):
        if key not in hook:
            raise TreeError(where, f"a hook needs `{key}` (canonical YAML names every hook)")
    hook_id, event = (
        expect_string(hook["id"], (*where, "id")),
        expect_string(hook["event"], (*where, "event")),
    )
    priority = hook.get("priority", 0)
    if type(priority) is not int:
        raise TreeError((*where, "priority"), "expected an integer")
    if not -(1 << 63) <= priority < (1 << 63):
        raise TreeError((*where, "priority"), "this integer is beyond the int64 range")
    enabled = hook.get("enabled", True)
    if not isinstance(enabled, bool):
        raise TreeError((*where, "enabled"), "expected true or false")
    description = hook.get("description")
    if description is not None:
        expect_string(description, (*where, "description"))
    condition = hook.get("condition")
    predicate, test = (
        (_always, lambda context: True)
        if condition is None
        else Truth(builder).hook(condition, (*where, "condition"))
    )
    action = expect_mapping(hook["action"], (*where, "action"))
    action_type = expect_string(action.get("type"), (*where, "action", "type"))
    if action_type in SHELL_ACTION_TYPES and _from_event(action.get("command")):
        raise TreeError(
            (*where, "action", "command"),
            "a template in a shell command would run what the event says (HK715): a "
            "handler reads the event as JSON on standard input",
        )
    params = tuple(
        (name, _renderer(value, (*where, "action", name), builder, holes))
        for name, value in action.items()
        if name != "type"
    )

    def render(context: dict[str, Any]) -> dict[str, Any]:
        made = {"type": action_type}
        for name, part in params:
            made[name] = part(context)
        return made

    return _Hook(
        hook_id,
        event,
        priority,
        enabled,
        builtin,
        description,
        predicate,
        action_type,
        render,
        key_of(condition),
        test,
        key_of(condition) is not None and "all" not in (condition or {}),
        render({}) if all(_plain(value) for value in action.values()) else None,
    )


def _from_event(value: Any) -> bool:
    """Whether a parameter is text built from the context: a ``${path}`` hole, or a
    ``{template: [...]}`` with an expression among its parts (all text is literal)."""
    if isinstance(value, str):
        return "${" in value
    if isinstance(value, dict) and list(value) == ["template"]:
        parts = value["template"]
        return not isinstance(parts, list) or any(not isinstance(p, str) for p in parts)
    return False


def _plain(value: Any) -> bool:
    """A parameter that is its own value every time, and a scalar (a shallow copy of the
    action is then a fresh one)."""
    if isinstance(value, str):
        return "${" not in value
    return type(value) in (int, float, bool, type(None))


# -- action parameters ------------------------------------------------------------------------


def _renderer(
    value: Any, where: Where, builder: Builder, holes: list[int]
) -> Callable[[dict[str, Any]], Any]:
    """A parameter as a function of the context that builds a fresh value each call."""
    if isinstance(value, str):
        if "${" not in value:
            return lambda context: value
        _count_holes(value.count("${"), where, holes)
        return _text_template(value, where)
    if isinstance(value, list):
        items = [_renderer(item, (*where, i), builder, holes) for i, item in enumerate(value)]
        return lambda context: [item(context) for item in items]
    if isinstance(value, dict):
        if len(value) == 1 and next(iter(value)) in PARAM_TAGS:
            return _tagged(value, where, builder, holes)
        entries = {
            str(key): _renderer(item, (*where, str(key)), builder, holes)
            for key, item in value.items()
        }
        return lambda context: {key: entry(context) for key, entry in entries.items()}
    return lambda context: value


def _tagged(
    value: dict[str, Any], where: Where, builder: Builder, holes: list[int]
) -> Callable[[dict[str, Any]], Any]:
    [(tag, inner)] = value.items()
    at = (*where, tag)
    if tag == "double":
        if not isinstance(inner, str) or inner not in NONFINITE:
            raise TreeError(at, "`double:` tags one of NaN, +Inf, -Inf")
        number = NONFINITE[inner]
        return lambda context: number
    if tag == "params":
        if not isinstance(inner, dict):
            raise TreeError(at, "`params:` tags a mapping")
        entries = {
            str(k): _renderer(item, (*at, str(k)), builder, holes) for k, item in inner.items()
        }
        return lambda context: {key: entry(context) for key, entry in entries.items()}
    parts: list[str | Closure] = []
    _count_holes(len(expect_list(inner, at)), at, holes)
    for i, part in enumerate(expect_list(inner, at)):
        if isinstance(part, str):
            parts.append(part)
        else:
            parts.append(builder.node(expect_mapping(part, (*at, i)), (*at, i), frozenset()))
    return _assemble(parts)


def _count_holes(count: int, where: Where, holes: list[int]) -> None:
    """Spend ``count`` of the file's budget of template holes: each is a closure made at
    load and called at each evaluation (9 MB of `${x}` took 36 s and 1.5 GB to load)."""
    holes[0] -= count
    if holes[0] < 0:
        raise TreeError(where, f"the file's templates hold more than {MAX_HOLES:,} holes")


def _text_template(text: str, where: Where) -> Callable[[dict[str, Any]], Any]:
    """``${path}`` holes in text; canonical YAML writes other holes in the tagged form."""
    parts: list[str | Closure] = []
    position = 0
    while (start := text.find("${", position)) != -1:
        if start > position:
            parts.append(text[position:start])
        end = _path_end(text, start + 2)
        try:
            if end is None or end >= len(text):
                raise TreeError(where, "unclosed")
            root, steps = parse_path(text[start + 2 : end], where)
        except TreeError:
            hole = text[start : (end or len(text)) + 1]
            raise TreeError(
                where,
                f"`{hole}`: hookc.runtime reads ${{path}} holes only; canonical YAML "
                "writes other expressions as {template: [...]}",
            ) from None
        parts.append(path_getter(root, steps, frozenset()))
        position = end + 1
    if position < len(text):
        parts.append(text[position:])
    return _assemble(parts)


def _path_end(text: str, start: int) -> int | None:
    """Where the path that starts at ``start`` ends: quoted keys may hold a ``}``."""
    position = start
    while position < len(text) and text[position] != "}":
        if text.startswith("['", position):
            close = text.find("']", position + 2)
            if close == -1:
                return None
            position = close + 2
        else:
            position += 1
    return position


def _assemble(parts: list[str | Closure]) -> Callable[[dict[str, Any]], Any]:
    """A template's value: one hole alone keeps the value's type (None for an error);
    holes in text are formatted as CEL's string() would (the empty string for an error)."""
    if len(parts) == 1 and not isinstance(parts[0], str):
        hole = parts[0]
        return lambda context: _hk_exact(_hk_safely(lambda: hole(context, None)))
    if all(isinstance(part, str) for part in parts):
        joined = "".join(p for p in parts if isinstance(p, str))
        return lambda context: joined

    def render(context: dict[str, Any]) -> str:
        return "".join(
            part if isinstance(part, str) else _hk_text(_hk_safely(lambda: part(context, None)))  # noqa: B023
            for part in parts
        )

    return render


# -- places -----------------------------------------------------------------------------------


def _dotted(where: Where) -> str:
    text = ""
    for step in where:
        text += f"[{step}]" if isinstance(step, int) else (f".{step}" if text else step)
    return text or "the document"


def _place(text: str, name: str, where: Where, at_key: bool) -> str:
    """``name:line:col`` of the deepest node along ``where``, or of its key (the text is
    composed again, only now that something is wrong, to find it)."""
    try:
        node = yaml.compose(text, Loader=_LOADERS[-1])
    except yaml.YAMLError:
        return name
    if node is None:
        return name
    for depth, step in enumerate(where, 1):
        pair = None
        if isinstance(node, yaml.MappingNode):
            pair = next(((k, v) for k, v in node.value if k.value == step), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(step, int):
            pair = (None, node.value[step]) if step < len(node.value) else None
        if pair is None:
            break
        key, node = pair
        if at_key and key is not None and depth == len(where):
            node = key
    mark = node.start_mark
    return f"{name}:{mark.line + 1}:{mark.column + 1}"


__all__ = ["CelError", "LoadError", "Runtime", "load", "loads"]
