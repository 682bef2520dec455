"""``hookc eval``: which hook fires for an event and a context, and why each hook did or
did not.

The answer comes from what a runtime would run: a hook file (YAML, directive XML, canonical
YAML) is evaluated by ``hookc.runtime`` on its canonical form; a compiled module by the
module itself. The explanation shows each condition as a tree with the reference evaluator's
outcome at every node: ``all`` (``&&``), ``any`` (``||``) and ``not`` (``!``) with the
conditions under them, and at each leaf the values of the paths it reads; an outcome is
true, false, or the error that made it neither. A leaf a host's matcher made is shown as the
matcher the user wrote (``tool_name matcher "mcp__github__.*"``), not its translation; the
part a host's "identical handlers run once" rule adds (``&& !(earlier matchers)``) says so.
"""

from __future__ import annotations

import importlib.util
import json
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from hookc.cel.evaluator import evaluate
from hookc.cel.parser import parse
from hookc.cel.printer import to_text
from hookc.ir.expr import And, Expr, Literal, Or, Unary, context_paths
from hookc.ir.hooks import HookSet
from hookc.runtime.values import CelError, format_value
from hookc.source import Source


@dataclass(frozen=True, slots=True)
class Subject:
    """What is evaluated: the hooks' metadata and conditions, and the evaluator."""

    hooks: tuple[Mapping[str, Any], ...]  # HOOKS rows, in evaluation order per event
    conditions: Mapping[str, Expr | None]
    evaluator: Any  # a compiled module or a hookc.runtime.Runtime
    # Whether the runtime runs every matching hook (Claude Code, docker-agent, Rye) rather
    # than the first: then every match is what it runs, and is reported so.
    runs_every_match: bool = False
    rank: str | None = "priority"  # what a hook's priority is called (Rye: its layer); None
    # for no priorities (`_rank` asks the profile, for an explanation)
    profile: str | None = None  # the profile the hooks were read with, where it is known
    sources: Mapping[str, Source] | None = None  # each hook's file, where it is known
    # Hooks whose condition hookc cannot decide (``Hook.undecidable``), by id, with why: never
    # reported as firing or not, but as not evaluated. A compiled module records none.
    undecidable: Mapping[str, str] = field(default_factory=dict)

    def not_evaluated(self, event: str) -> list[str]:
        """``"<id>: <why>"`` for each hook of the event hookc could not evaluate."""
        return [
            f"{row['id']}: not evaluated: {self.undecidable[row['id']]}"
            for row in self.hooks
            if row["event"] == event and row["id"] in self.undecidable
        ]


def from_hookset(hookset: HookSet) -> Subject:
    from hookc.backend.canonical import canonical_yaml
    from hookc.runtime import loads

    runtime = loads(canonical_yaml(hookset))
    order = {hook.id: i for i, hook in enumerate(hookset.in_evaluation_order())}
    rows = sorted(
        (row for row in runtime.HOOKS if row["id"] in order), key=lambda r: order[r["id"]]
    )
    conditions = {hook.id: hook.condition for hook in hookset.hooks}
    sources = {hook.id: hook.source for hook in hookset.hooks if hook.source is not None}
    rank = "layer" if hookset.profile == "rye" else "priority"
    every = not hookset.ordering.first_match
    undecidable = {hook.id: hook.undecidable for hook in hookset.hooks if hook.undecidable}
    return Subject(
        tuple(rows), conditions, runtime, every, rank, hookset.profile, sources, undecidable
    )


def _rank(subject: Subject) -> str | None:
    """What the subject's hooks call their priority (Rye: its layer), or None for a host
    that has none (its profile says ``priorities: false``): a `(priority 0)` there says
    nothing true. Only a shipped profile is asked (read here, for an explanation only: an
    evaluation of a compiled module reads no YAML); a profile file of one's own has
    priorities."""
    if subject.rank != "priority" or subject.profile is None:
        return subject.rank
    from hookc.hosts.profile import available, load_profile

    if subject.profile in available():
        ordering = load_profile(subject.profile).details.get("ordering") or {}
        if ordering.get("priorities", True) is False:
            return None
    return subject.rank


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
    # Modules from before PROFILE was written record none: `hookc run` then asks for one.
    profile = getattr(module, "PROFILE", None)
    profile = profile if isinstance(profile, str) else None
    rank = "layer" if hasattr(module, "control_result") else "priority"
    return Subject(tuple(rows), conditions, module, every_match, rank, profile)


def explain(subject: Subject, event: str, context: Mapping[str, Any], every: bool) -> str:
    lines = []
    rows = [row for row in subject.hooks if row["event"] == event]
    if not rows:
        return f"no hook listens to `{event}`\n"
    lines.append(f"event `{event}`: {len(rows)} hook{'s' if len(rows) != 1 else ''}, in order")
    rank = _rank(subject)
    chosen = False
    actions = dict(subject.evaluator.evaluate_all(event, context))  # for the `if` notes
    for number, row in enumerate(rows, 1):
        why = subject.undecidable.get(row["id"])
        if why is not None:  # its `false` only stands in: say so, decide nothing
            ranked = f" ({rank} {row['priority']})" if rank else ""
            lines.append(f"{number}. {row['id']}{ranked}: not evaluated")
            lines.append(f"     {why}")
            continue
        fires = subject.evaluator.predicates[row["id"]](context)
        if fires and (not chosen or subject.runs_every_match):
            verdict = "fires"
        elif fires:
            verdict = "matches" if every else "matches, but an earlier hook fired first"
        else:
            verdict = "does not fire"
        chosen = chosen or fires
        notes = [f"{rank} {row['priority']}"] if rank else []
        notes += ["builtin"] if row["builtin"] else []
        shown = f" ({', '.join(notes)})" if notes else ""
        lines.append(f"{number}. {row['id']}{shown}: {verdict}")
        earlier = [subject.conditions.get(before["id"]) for before in rows[: number - 1]]
        if row["id"] not in subject.conditions:
            lines.append("     the module does not record its condition")
            continue
        condition = subject.conditions[row["id"]]
        if condition is None:
            lines.append("     no condition: always true")
            continue
        source = (subject.sources or {}).get(row["id"])
        tree = _Tree(context, source, [c for c in earlier if c is not None])
        tree.show(condition, 0)
        lines.extend(tree.lines)
        if fires and row["id"] in actions:
            note = undecided_filter(actions[row["id"]], event, context)
            if note is not None:
                lines.append(f"     note: {note}")
    return "\n".join(lines) + "\n"


def undecided_filter(action: Any, event: str, context: Mapping[str, Any]) -> str | None:
    """Where a handler has an ``if`` filter (Claude Code's permission rule) whose answer for
    this context is hookc's guess, the words saying so; else None."""
    rule = action.get("if") if isinstance(action, Mapping) else None
    if not isinstance(rule, str):
        return None
    from hookc.hosts.claude_code.permission_rules import undecided

    return undecided(rule, event, context)


def undecided_filters(
    event: str, context: Mapping[str, Any], matches: list[tuple[str, Any]]
) -> list[tuple[str, str]]:
    """Each matching hook (``evaluate_all``'s answer) whose ``if`` filter was a guess, with
    the words saying so."""
    found = []
    for hook_id, action in matches:
        note = undecided_filter(action, event, context)
        if note is not None:
            found.append((hook_id, note))
    return found


def result(subject: Subject, event: str, context: Mapping[str, Any], every: bool) -> str:
    if every:
        found = subject.evaluator.evaluate_all(event, context)
        value: Any = [{"id": hook_id, "action": action} for hook_id, action in found]
    else:
        value = subject.evaluator.evaluate_hooks(event, context)
    return json_text(value) + "\n"


class _Tree:
    """One hook's condition as the lines of its tree: each node with its outcome, each leaf
    with the values it reads, two spaces deeper a level."""

    def __init__(
        self, context: Mapping[str, Any], source: Source | None, earlier: list[Expr]
    ) -> None:
        self.context = context
        self.source = source
        self.earlier = earlier  # the conditions of the event's hooks before this one
        self.lines: list[str] = []

    def show(self, expr: Expr, depth: int) -> None:
        indent = "     " + "  " * depth
        outcome = _outcome(expr, self.context)
        match expr:
            case And(operands=operands) | Or(operands=operands):
                word = "all" if isinstance(expr, And) else "any"
                self.lines.append(f"{indent}{word}  ->  {outcome}")
                for operand in operands:
                    self.show(operand, depth + 1)
            case Unary(op="!", operand=operand) if self.is_once_guard(expr):
                said = {
                    "true": "no identical handler matched before it",
                    "false": "an identical handler already matched",
                }.get(outcome, "whether an identical handler matched before it")
                self.lines.append(f"{indent}runs once: {said}  ->  {outcome}")
            case Unary(op="!", operand=operand):
                self.lines.append(f"{indent}not  ->  {outcome}")
                self.show(operand, depth + 1)
            case _:
                self.lines.append(f"{indent}{self.written(expr)}  ->  {outcome}")
                for path, value in _paths(expr, self.context):
                    self.lines.append(f"{indent}    {path} = {value}")

    def is_once_guard(self, expr: Unary) -> bool:
        """Whether ``expr`` is the ``!(earlier matchers)`` a host's rule that identical
        handlers run once adds (``hookc.frontend.formats.groups.hooks_of``): made by the
        reader, so placed nowhere in the file, and negating conditions of earlier hooks of
        the event (their matchers)."""
        if expr.span is not None or not self.earlier:
            return False
        operand = expr.operand
        parts = operand.operands if isinstance(operand, Or) and operand.span is None else ()
        known = {*self.earlier}
        known |= {c.operands[0] for c in self.earlier if isinstance(c, And) and c.operands}
        return all(part in known for part in (parts or (operand,)))

    def written(self, leaf: Expr) -> str:
        """The leaf as the user wrote it where a host's matcher made it: the matcher's
        value, one scalar of a key (``"matcher": "mcp__.*"``), on the field it is compared
        with (``tool_name matcher "mcp__.*"``); else as CEL writes it. A name the
        translation shows as written (``tool_name == 'Bash'``) stays CEL."""
        text = to_text(leaf)
        if self.source is None or leaf.span is None:
            return text
        own = self.source.text[leaf.span.start : leaf.span.end]
        key = re.search(
            _KEY_BEFORE, self.source.text[max(0, leaf.span.start - 80) : leaf.span.start]
        )
        quoted = len(own) >= 2 and own[0] == own[-1] and own[0] in "\"'"
        plain = own[1:-1] if quoted else own
        paths = {to_text(path) for path, _ in context_paths(leaf)}
        if (
            key is None
            or key["key"] in _CONDITION_KEYS
            or not own
            or "\n" in own
            or (not quoted and own[0] in "{[")
            or len(paths) != 1
        ):
            return text
        field = paths.pop()
        if text == f"{field} == {to_text(Literal(plain))}":
            return text  # a plain name: the translation says it as written
        return f"{field} {key['key']} {own if quoted else json.dumps(own)}"


def _outcome(leaf: Expr, context: Mapping[str, Any]) -> str:
    value = evaluate(leaf, context)
    if isinstance(value, CelError):
        return f"error: {_reason(leaf, context, value)}"
    if value is True or value is False:
        return str(value).lower()
    return f"{_shown(value)} (not a bool: an error where a condition is expected)"


# The key a scalar is the value of, just before it (`"matcher": `, `matcher: `); keys whose
# value is a condition in hookc's language are not a host's matcher.
_KEY_BEFORE = r"""["']?(?P<key>[A-Za-z_][\w-]*)["']?[ \t]*:[ \t]*$"""
_CONDITION_KEYS = frozenset(("when", "condition", "if", "where"))
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
