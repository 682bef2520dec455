"""Rye's own meaning of a condition leaf and of a template, for every back end.

Rye OS (``leolilley/ryeos``) evaluates hook conditions and renders hook actions with two
small Python modules, ``condition_evaluator.py`` and ``interpolation.py`` (in
``rye/core/runtimes/python/lib/``, re-exported by ``rye/agent/threads/loaders/``). Their rules,
which this module reproduces:

- **Paths** (``resolve_path``): ``a[0]`` is first rewritten ``a.0`` (digits only), the text is
  split on ``.`` and empty parts are skipped. Each part looks up a dict key (``dict.get``) or,
  on a list, the index ``int(part)`` (so ``-1`` is the last element, ``x`` or an index past
  the end gives None); on anything else the path gives None. A missing path is None, never
  an error.
- **Leaves** (``apply_operator``): ``op`` defaults to ``eq``. ``eq``/``ne`` are Python's
  ``==``/``!=`` (so ``True == 1``); ``gt gte lt lte`` are false on None and Python's
  comparison otherwise; ``in`` is membership when the value is a list, else false;
  ``contains`` is ``value in str(actual)`` and ``regex`` is ``re.search(value, str(actual))``,
  both false on None; ``exists`` is "not None"; any other op is false. An empty condition is
  true (``matches``). Where Rye's Python raises (``'a' > 1``, ``contains`` with a number),
  Rye's dispatch stops with the exception; here the leaf is an error value, so the hook does
  not fire.
- **Templates** (``interpolate``): a string that is exactly ``${expr}`` takes the value with
  its type (None when missing); otherwise each ``${expr}`` becomes ``str(value)`` (Python's
  ``str``: ``True``, ``{'a': 1}``) or the empty string for None. ``expr`` is ``a || b || c``
  (the first that is not None) with optional pipes after a single ``|``: ``json``,
  ``from_json``, ``length``, ``keys``, ``upper``, ``lower`` (unknown pipes are skipped; pipes
  are not applied to None). Then, in a string that was not one whole ``${expr}`` and only
  when ``context['inputs']`` is non-empty, ``{input:name}`` is replaced by ``str`` of that
  input, ``{input:name?}`` by the empty string when absent, ``{input:name:default}`` (or
  ``|default``) by the default, and left as written otherwise. Rye renders ``item_id`` and
  ``params`` (recursively, keys untouched) and nothing else.

Standard library only: a compiled module that calls Rye's functions carries what it reaches of
this file verbatim, after ``values.py``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

from hookc.runtime.values import CelError  # hookc: begin not embedded  # hookc: end not embedded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

_rye_BRACKET = re.compile(r"\[(\d+)\]")
_rye_HOLE = re.compile(r"\$\{([^}]+)\}")
_rye_WHOLE = re.compile(r"^\$\{([^}]+)\}$")
_rye_INPUT = re.compile(r"\{input:(\w+)(\?|[:|][^}]*)?\}")
_rye_PIPE = re.compile(r"(?<!\|)\|(?!\|)")

# The operators Rye's evaluator knows; a leaf with any other op is false.
RYE_OPS = ("eq", "ne", "gt", "gte", "lt", "lte", "in", "contains", "regex", "exists")
# hookc's functions for them: ``rye.eq(path, value)``, ... (``in`` is a CEL keyword, so
# ``rye.in_list``; ``exists`` takes the path alone), and ``rye.interpolate(text, paths...)``.
RYE_LEAF_FUNCTIONS = {("rye.in_list" if op == "in" else f"rye.{op}"): op for op in RYE_OPS}
RYE_INTERPOLATE = "rye.interpolate"
# Their arities (``rye.interpolate`` takes its text and then any number of paths).
RYE_ARITY = {
    **{name: 1 if op == "exists" else 2 for name, op in RYE_LEAF_FUNCTIONS.items()},
    RYE_INTERPOLATE: 1,
}


def rye_path_parts(text: str) -> list[str]:
    """A path's parts as Rye splits it: ``a[0].b`` and ``a.0.b`` are ``['a', '0', 'b']``."""
    return [part for part in _rye_BRACKET.sub(r".\1", text).split(".") if part]


def rye_resolve(context: Any, parts: Any) -> Any:
    """The value at ``parts`` (strings, or ints for list positions) by Rye's rule, or None."""
    current = context
    for part in parts:
        if part == "":
            continue
        if isinstance(current, dict):
            current = current.get(part if type(part) is str else str(part))
        elif isinstance(current, list):
            try:
                current = current[int(part)]
            except (ValueError, IndexError):
                return None
        else:
            return None
    return current


def rye_test(op: str, actual: Any, expected: Any) -> Any:
    """Rye's ``apply_operator``: a bool, or a CelError where Rye's Python would raise."""
    try:
        if op == "eq":
            return bool(actual == expected)
        if op == "ne":
            return bool(actual != expected)
        if op in ("gt", "gte", "lt", "lte"):
            if actual is None:
                return False
            if op == "gt":
                return bool(actual > expected)
            if op == "gte":
                return bool(actual >= expected)
            if op == "lt":
                return bool(actual < expected)
            return bool(actual <= expected)
        if op == "in":
            return actual in expected if isinstance(expected, (list, tuple, set)) else False
        if op == "contains":
            return expected in str(actual) if actual is not None else False
        if op == "regex":
            return bool(re.search(expected, str(actual))) if actual is not None else False
        if op == "exists":
            return actual is not None
    except Exception as exc:  # Rye's dispatch would stop here with this exception
        return CelError(f"Rye's evaluator raises {type(exc).__name__}: {exc}")
    return False


def rye_leaf(op: str, context: Any, parts: Any, expected: Any) -> Any:
    """One leaf ``{path, op, value}`` of a Rye condition against the whole context."""
    return rye_test(op, rye_resolve(_rye_dict(context), parts), expected)


def _rye_dict(context: Any) -> Any:
    """The context as Rye sees it: a dict (a mapping's items; nothing for anything else)."""
    if type(context) is dict:
        return context
    return dict(context) if isinstance(context, Mapping) else {}


def _rye_pipe(value: Any, name: str) -> Any:
    if name == "json":
        return json.dumps(value, default=str)
    if name == "from_json":
        return json.loads(value) if isinstance(value, str) else value
    if name == "length":
        return len(value) if value is not None else 0
    if name == "keys":
        return list(value.keys()) if isinstance(value, dict) else []
    if name == "upper":
        return str(value).upper()
    if name == "lower":
        return str(value).lower()
    return value  # Rye logs an unknown pipe and skips it


def _rye_expression(context: Any, text: str) -> Any:
    """``a || b | pipe | pipe``: the first of the paths that is not None, then the pipes."""
    pieces = _rye_PIPE.split(text, maxsplit=1)
    paths = pieces[0].strip()
    value = None
    for path in paths.split("||") if "||" in paths else [paths]:
        value = rye_resolve(context, rye_path_parts(path.strip())) if path.strip() else context
        if value is not None:
            break
    if len(pieces) > 1 and value is not None:
        for name in pieces[1].split("|"):
            if name.strip():
                value = _rye_pipe(value, name.strip())
    return value


def _rye_input(match: Any, inputs: Any) -> str:
    key, modifier = match.group(1), match.group(2)
    if key in inputs:
        return str(inputs[key])
    if modifier == "?":
        return ""
    if modifier and modifier[0] in ":|":
        return str(modifier[1:])
    return str(match.group(0))


def rye_interpolate(text: str, context: Any) -> Any:
    """Rye's ``interpolate`` of one string, or a CelError where Rye's Python would raise."""
    context = _rye_dict(context)
    try:
        whole = _rye_WHOLE.match(text)
        if whole:
            return _rye_expression(context, whole.group(1))

        def hole(match: Any) -> str:
            value = _rye_expression(context, match.group(1))
            return "" if value is None else str(value)

        result = _rye_HOLE.sub(hole, text)
        inputs = context.get("inputs", {})
        if inputs and _rye_INPUT.search(result):
            result = _rye_INPUT.sub(lambda match: _rye_input(match, inputs), result)
        return result
    except Exception as exc:
        return CelError(f"Rye's interpolation raises {type(exc).__name__}: {exc}")


def rye_control(results: Any) -> Any:
    """Rye's control result among ``(layer, action, result)`` of the hooks that ran, in order:
    results of layer 3 are ignored, and those of a front-matter hook whose ``result`` is
    ``discard`` or ``observation``; the first other result that is not empty, whose ``data``
    (or the result itself) is not None and not ``{"success": True}``, controls."""
    for layer, action, result in results:
        if layer == 3 or not result:
            continue
        if isinstance(action, dict) and action.get("result") in ("discard", "observation"):
            continue
        data = result.get("data", result) if isinstance(result, dict) else result
        if data is not None and data != {"success": True}:
            return data
    return None
