"""An independent oracle of Rye OS's hook dispatch, written from Rye's own code and kept apart
from hookc: it reads the raw YAML document, not the IR, and shares nothing with
``hookc.runtime.rye``.

Transcribed rules (leolilley/ryeos at 851291ed, April 2026):
``rye/core/runtimes/python/lib/condition_evaluator.py`` (matches, resolve_path,
apply_operator), ``.../interpolation.py`` (interpolate, interpolate_action),
``rye/agent/threads/thread_directive.py`` (_merge_hooks: default layers, stable sort) and
``rye/agent/threads/safety_harness.py`` (run_hooks, run_hooks_context). ``Raised`` stands for
a Python exception, which stops Rye's dispatch.
"""

from __future__ import annotations

import json
import re
from typing import Any


class Raised(Exception):
    """Rye's Python raised here: its dispatch would stop with this exception."""


def resolve_path(doc: Any, path: str) -> Any:
    if not path:
        return doc
    current = doc
    for part in re.sub(r"\[(\d+)\]", r".\1", path).split("."):
        if not part:
            continue
        if isinstance(current, dict):
            current = current.get(part)
        elif isinstance(current, list):
            try:
                current = current[int(part)]
            except (ValueError, IndexError):
                return None
        else:
            return None
    return current


_OPS: dict[str, Any] = {
    "eq": lambda a, e: a == e,
    "ne": lambda a, e: a != e,
    "gt": lambda a, e: a is not None and a > e,
    "gte": lambda a, e: a is not None and a >= e,
    "lt": lambda a, e: a is not None and a < e,
    "lte": lambda a, e: a is not None and a <= e,
    "in": lambda a, e: a in e if isinstance(e, (list, tuple, set)) else False,
    "contains": lambda a, e: e in str(a) if a is not None else False,
    "regex": lambda a, e: bool(re.search(e, str(a))) if a is not None else False,
    "exists": lambda a, e: a is not None,
}


def matches(doc: dict[str, Any], condition: Any) -> bool:
    if not condition:
        return True
    if "any" in condition:
        return any(matches(doc, c) for c in condition["any"])
    if "all" in condition:
        return all(matches(doc, c) for c in condition["all"])
    if "not" in condition:
        return not matches(doc, condition["not"])
    actual = resolve_path(doc, condition.get("path", ""))
    operator = _OPS.get(condition.get("op", "eq"), lambda a, e: False)
    try:
        return bool(operator(actual, condition.get("value")))
    except Exception as exc:
        raise Raised(exc) from exc


_PIPES: dict[str, Any] = {
    "json": lambda v: json.dumps(v, default=str),
    "from_json": lambda v: json.loads(v) if isinstance(v, str) else v,
    "length": lambda v: len(v) if v is not None else 0,
    "keys": lambda v: list(v.keys()) if isinstance(v, dict) else [],
    "upper": lambda v: str(v).upper(),
    "lower": lambda v: str(v).lower(),
}


def _resolve_expr(context: dict[str, Any], expr: str) -> Any:
    pipe_parts = re.split(r"(?<!\|)\|(?!\|)", expr, maxsplit=1)
    path_expr = pipe_parts[0].strip()
    pipes = pipe_parts[1] if len(pipe_parts) > 1 else None
    if "||" not in path_expr:
        value = resolve_path(context, path_expr)
    else:
        value = None
        for part in path_expr.split("||"):
            value = resolve_path(context, part.strip())
            if value is not None:
                break
    if pipes and value is not None:
        for name in pipes.split("|"):
            fn = _PIPES.get(name.strip())
            if fn is not None:
                value = fn(value)
    return value


def _input_ref(match: re.Match[str], inputs: Any) -> str:
    key, modifier = match.group(1), match.group(2)
    if key in inputs:
        return str(inputs[key])
    if modifier == "?":
        return ""
    if modifier and modifier[0] in (":", "|"):
        return modifier[1:]
    return match.group(0)


def interpolate(template: Any, context: dict[str, Any]) -> Any:
    if isinstance(template, str):
        whole = re.match(r"^\$\{([^}]+)\}$", template)
        if whole:
            return _resolve_expr(context, whole.group(1))

        def replace(match: re.Match[str]) -> str:
            value = _resolve_expr(context, match.group(1))
            return "" if value is None else str(value)

        result = re.sub(r"\$\{([^}]+)\}", replace, template)
        inputs = context.get("inputs", {})
        pattern = r"\{input:(\w+)(\?|[:|][^}]*)?\}"
        if inputs and re.search(pattern, result):
            result = re.sub(pattern, lambda m: _input_ref(m, inputs), result)
        return result
    if isinstance(template, dict):
        return {k: interpolate(v, context) for k, v in template.items()}
    if isinstance(template, list):
        return [interpolate(item, context) for item in template]
    return template


def interpolate_action(action: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:
    try:
        result = dict(action)
        if "item_id" in result:
            result["item_id"] = interpolate(result["item_id"], context)
        if "params" in result:
            result["params"] = interpolate(result["params"], context)
        return result
    except Exception as exc:
        raise Raised(exc) from exc


CONTEXT_EVENTS = ("build_system_prompt", "thread_started", "thread_continued")
SECTION_LAYERS = {"hooks": 3, "builtin_hooks": 2, "context_hooks": 2, "infra_hooks": 4}


def merged_hooks(document: dict[str, Any]) -> list[dict[str, Any]]:
    """_merge_hooks for one file: default layers by section, then a stable sort by layer."""
    hooks = []
    for section in ("hooks", "builtin_hooks", "context_hooks", "infra_hooks"):
        for hook in document.get(section) or []:
            hook = dict(hook)
            hook.setdefault("layer", SECTION_LAYERS[section])
            hooks.append(hook)
    return sorted(hooks, key=lambda h: h.get("layer", 2))


def run_hooks(
    document: dict[str, Any], event: str, context: dict[str, Any]
) -> list[tuple[int, dict[str, Any]]]:
    """Each hook that run_hooks dispatches, in order: (its index among the merged hooks, the
    action it renders); raises ``Raised`` where Rye's dispatch would stop."""
    ran = []
    for number, hook in enumerate(merged_hooks(document)):
        if hook.get("event") != event:
            continue
        if not matches(context, hook.get("condition", {})):
            continue
        if event in CONTEXT_EVENTS:  # run_hooks_context: the `actions` list, else `action`
            actions = hook.get("actions") or ([hook["action"]] if hook.get("action") else [])
            rendered = [interpolate_action(action, context) for action in actions]
            extra = {key: hook[key] for key in ("position", "wrap") if key in hook}
            ran.append((number, {"actions": rendered, **extra}))
            continue
        ran.append((number, interpolate_action(hook.get("action", {}), context)))
    return ran


def control(layers_and_results: list[tuple[int, Any]]) -> Any:
    """run_hooks' control result from the dispatcher's results, in order."""
    control_result = None
    for layer, result in layers_and_results:
        if layer == 3:
            continue
        if result and control_result is None:
            data = result.get("data", result)
            if data is not None and data != {"success": True}:
                control_result = data
    return control_result
