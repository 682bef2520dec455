"""``hookc eval``: which hook fires for an event and a context, and why each hook did or
did not.

The answer comes from what a runtime would run: a hook file (YAML, directive XML, canonical
YAML) is evaluated by ``hookc.runtime`` on its canonical form; a compiled module by the
module itself. The explanation walks each condition down to its leaves (everything but
``&&``, ``||`` and ``!``) with the reference evaluator and shows, for every leaf, the values
of the paths it reads and its outcome: true, false, or the error that made it neither.
"""

from __future__ import annotations

import importlib.util
import json
import math
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

from hookc.cel.evaluator import evaluate
from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.ir.expr import And, Expr, Literal, Or, Unary, context_paths
from hookc.ir.hooks import HookSet
from hookc.records import record
from hookc.runtime.values import CelError, format_value


@record
class Subject:
    """What is evaluated: the hooks' metadata and conditions, and the evaluator."""

    hooks: tuple[Mapping[str, Any], ...]  # HOOKS rows, in evaluation order per event
    conditions: Mapping[str, Expr | None]
    evaluator: Any  # a compiled module or a hookc.runtime.Runtime
    # Whether the runtime runs every matching hook (Claude Code, docker-agent, Rye) rather
    # than the first: then every match is what it runs, and is reported so.
    runs_every_match: bool = False
    rank: str = "priority"  # what a hook's priority is called (Rye: its layer)
    profile: str | None = None  # the profile the hooks were read with, where it is known


def from_hookset(hookset: HookSet) -> Subject:
    from hookc.backend.canonical import canonical_yaml
    from hookc.runtime import loads

    runtime = loads(canonical_yaml(hookset))
    order = {hook.id: i for i, hook in enumerate(hookset.in_evaluation_order())}
    rows = sorted(
        (row for row in runtime.HOOKS if row["id"] in order), key=lambda r: order[r["id"]]
    )
    conditions = {hook.id: hook.condition for hook in hookset.hooks}
    rank = "layer" if hookset.profile == "rye" else "priority"
    return Subject(
        tuple(rows), conditions, runtime, not hookset.ordering.first_match, rank, hookset.profile
    )


def from_module(path: Path) -> Subject:
    """A compiled module, loaded from its file; its ``HOOKS`` carry each condition's text."""
    spec = importlib.util.spec_from_file_location(f"_hookc_eval_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path}: not a Python module")
    module: ModuleType = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name in ("HOOKS", "evaluate_hooks", "evaluate_all", "predicates"):
        if not hasattr(module, name):
            raise ValueError(f"{path}: not a module hookc compiled (it has no {name})")
    conditions: dict[str, Expr | None] = {}
    for row in module.HOOKS:
        if "when" in row:  # modules from before hookc 0.1's `when` column record none
            conditions[row["id"]] = None if row["when"] is None else parse(row["when"]).expr
    rows = [row for row in module.HOOKS if row["enabled"]]
    sign = -1 if module.ORDERING["higher_priority_first"] else 1
    rows.sort(key=lambda row: (sign * row["priority"], row["builtin"]))
    every_match = not module.ORDERING.get("first_match", True)
    rank = "layer" if hasattr(module, "control_result") else "priority"
    # Modules from before PROFILE was written record none: `hookc run` then asks for one.
    profile = getattr(module, "PROFILE", None)
    profile = profile if isinstance(profile, str) else None
    return Subject(tuple(rows), conditions, module, every_match, rank, profile)


def explain(subject: Subject, event: str, context: Mapping[str, Any], every: bool) -> str:
    lines = []
    rows = [row for row in subject.hooks if row["event"] == event]
    if not rows:
        return f"no hook listens to `{event}`\n"
    lines.append(f"event `{event}`: {len(rows)} hook{'s' if len(rows) != 1 else ''}, in order")
    chosen = False
    for number, row in enumerate(rows, 1):
        fires = subject.evaluator.predicates[row["id"]](context)
        if fires and (not chosen or subject.runs_every_match):
            verdict = "fires"
        elif fires:
            verdict = "matches" if every else "matches, but an earlier hook fired first"
        else:
            verdict = "does not fire"
        chosen = chosen or fires
        builtin = ", builtin" if row["builtin"] else ""
        rank = f"{subject.rank} {row['priority']}"
        lines.append(f"{number}. {row['id']} ({rank}{builtin}): {verdict}")
        if row["id"] not in subject.conditions:
            lines.append("     the module does not record its condition")
            continue
        condition = subject.conditions[row["id"]]
        if condition is None:
            lines.append("     no condition: always true")
            continue
        for leaf in _leaves(condition):
            lines.append(f"     {to_text(leaf)}  ->  {_outcome(leaf, context)}")
            for path, value in _paths(leaf, context):
                lines.append(f"         {path} = {value}")
    return "\n".join(lines) + "\n"


def result(subject: Subject, event: str, context: Mapping[str, Any], every: bool) -> str:
    if every:
        found = subject.evaluator.evaluate_all(event, context)
        value: Any = [{"id": hook_id, "action": action} for hook_id, action in found]
    else:
        value = subject.evaluator.evaluate_hooks(event, context)
    return json_text(value) + "\n"


def _leaves(expr: Expr) -> Iterator[Expr]:
    """The conditions below ``&&``, ``||`` and ``!``: what decides, one test at a time."""
    match expr:
        case And(operands=operands) | Or(operands=operands):
            for operand in operands:
                yield from _leaves(operand)
        case Unary(op="!", operand=operand):
            yield from _leaves(operand)
        case _:
            yield expr


def _outcome(leaf: Expr, context: Mapping[str, Any]) -> str:
    value = evaluate(leaf, context)
    if isinstance(value, CelError):
        return f"error: {_reason(leaf, context, value)}"
    if value is True or value is False:
        return str(value).lower()
    return f"{_shown(value)} (not a bool: an error where a condition is expected)"


_OVERLOAD = re.compile(r"no such overload: (?P<op>[^(]+)\((?P<types>.*)\)")
_OPERATOR = re.compile(r"_(?P<symbol>[^\w\[\]?]+)_")  # `_>_`, `_+_`: a binary operator


def _reason(leaf: Expr, context: Mapping[str, Any], error: CelError) -> str:
    """An error in a person's words: the missing key it comes from, or the operator that
    has no meaning for the operands' types; otherwise CEL's own message."""
    for path, _ in context_paths(leaf):
        found = evaluate(path, context)
        same = isinstance(found, CelError) and found.message == error.message
        if same and error.message.startswith("no such key"):
            return f"missing key `{to_text(path)}`"
    overload = _OVERLOAD.fullmatch(error.message)
    if overload is None:
        return error.message
    types = [kind.strip() for kind in overload["types"].split(",") if kind.strip()]
    operator = _OPERATOR.fullmatch(overload["op"])
    if operator is not None and len(types) == 2:
        return f"no `{operator['symbol']}` between {types[0]} and {types[1]}"
    return f"no `{overload['op'].strip('_@')}` for {' and '.join(types) or 'no arguments'}"


def _paths(leaf: Expr, context: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Each context path the leaf reads, once, with its value or why it has none."""
    seen: set[str] = set()
    for path, _ in context_paths(leaf):
        text = to_text(path)
        if text in seen:
            continue
        seen.add(text)
        value = evaluate(path, context)
        if isinstance(value, CelError):
            missing = value.message.startswith("no such key")
            yield text, ("<missing>" if missing else f"<error: {value.message}>")
        else:
            yield text, _shown(value)


def _shown(value: Any) -> str:
    """A value as CEL writes it, so its type shows: ``20.0`` is a double, ``'12.50'`` text;
    lists and maps as JSON."""
    if value is None or isinstance(value, bool | int | float | str):
        return to_text(Literal(value))
    return format_value(value)


def json_text(value: Any) -> str:
    """A value as one line of JSON; JSON has no NaN or infinities, so those are written as
    CEL's string() writes them."""
    return json.dumps(_jsonable(value), ensure_ascii=False)


def _jsonable(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else ("+Inf" if value > 0 else "-Inf")
    if isinstance(value, list | tuple):
        return [_jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _jsonable(item) for key, item in value.items()}
    return value
