"""A replay's outcome as text, Markdown or JSON (``SCHEMA``: one entry per hook).

A hook *undecided* on every event of its event was not audited at all (its condition read a
field the log does not have, e.g. a redacted telemetry log): the report says so rather than
let zero firings pass for a clean bill of health.
"""

from __future__ import annotations

import json
from typing import Any

from hookc.replay.engines import HookCount, Outcome

SCHEMA_ID = "https://hookc.dev/schemas/replay-report-1.json"

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": SCHEMA_ID,
    "title": "hookc replay report",
    "type": "object",
    "required": ["schema", "engine", "events", "hooks", "decisions"],
    "properties": {
        "schema": {"const": SCHEMA_ID},
        "engine": {"enum": ["python", "duckdb", "spark"]},
        "events": {"type": "integer", "minimum": 0},
        "hooks": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["id", "event", "events", "fired", "undecided", "not_fired"],
                "properties": {
                    "id": {"type": "string"},
                    "event": {"type": "string"},
                    "events": {"type": "integer", "minimum": 0},
                    "fired": {"type": "integer", "minimum": 0},
                    "undecided": {"type": "integer", "minimum": 0},
                    "not_fired": {"type": "integer", "minimum": 0},
                    "fired_share": {"type": ["number", "null"]},
                    "undecided_share": {"type": ["number", "null"]},
                    "audited": {"type": "boolean"},
                    "fallback": {"type": ["string", "null"]},
                    "examples": {"type": "array", "items": {"type": "object"}},
                },
            },
        },
        "decisions": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["hooks", "events"],
                "properties": {
                    "hooks": {"type": "array", "items": {"type": "string"}},
                    "events": {"type": "integer"},
                },
            },
        },
        "recorded": {
            "description": "where the log records what hooks did: events by whether the "
            "policy would block them (a hook acts) and whether the log says a hook blocked "
            "them (null: it does not say)",
            "type": "array",
            "items": {
                "type": "object",
                "required": ["would_block", "was_blocked", "events"],
                "properties": {
                    "would_block": {"type": "boolean"},
                    "was_blocked": {"type": ["boolean", "null"]},
                    "events": {"type": "integer", "minimum": 0},
                },
            },
        },
        "compare": {
            "type": "object",
            "required": ["changed", "sessions"],
            "properties": {
                "changed": {"type": "integer"},
                "sessions": {"type": "integer"},
                "examples": {"type": "array", "items": {"type": "object"}},
                "old_hooks": {"type": "array"},
            },
        },
    },
}


def _share(part: int, whole: int) -> float | None:
    return round(part / whole, 6) if whole else None


def _hook_json(hook: HookCount, examples: list[dict[str, Any]] | None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "id": hook.id,
        "event": hook.event,
        "events": hook.events,
        "fired": hook.fired,
        "undecided": hook.undecided,
        "not_fired": hook.not_fired,
        "fired_share": _share(hook.fired, hook.events),
        "undecided_share": _share(hook.undecided, hook.events),
        "audited": not (hook.events and hook.undecided == hook.events),
        "fallback": hook.fallback,
    }
    if examples is not None:
        entry["examples"] = examples
    return entry


def to_json(outcome: Outcome) -> str:
    document: dict[str, Any] = {
        "schema": SCHEMA_ID,
        "engine": outcome.engine,
        "events": outcome.events,
        "hooks": [_hook_json(h, outcome.examples.get(h.id, [])) for h in outcome.hooks],
        "decisions": [
            {"hooks": list(hooks), "events": count}
            for hooks, count in sorted(outcome.decisions.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
    }
    if outcome.recorded:
        document["recorded"] = [
            {"would_block": would, "was_blocked": was, "events": count}
            for (would, was), count in sorted(outcome.recorded.items(), key=_cell)
        ]
    if outcome.changed is not None:
        document["compare"] = {
            "changed": outcome.changed,
            "sessions": outcome.changed_sessions,
            "examples": outcome.changes,
            "old_hooks": [_hook_json(h, None) for h in outcome.old_hooks],
        }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _cell(item: tuple[tuple[bool, bool | None], int]) -> tuple[int, int]:
    (would, was), _ = item
    return (0 if would else 1, {True: 0, False: 1, None: 2}[was])


def _recorded_lines(outcome: Outcome, markdown: bool) -> list[str]:
    """The would-block x was-blocked table (the policy's decision against the log's)."""
    table = outcome.recorded
    columns = [(True, "was blocked"), (False, "ran"), (None, "not recorded")]
    header = ["", *(name for _, name in columns)]
    rows = [
        [label, *(f"{table.get((would, was), 0):,}" for was, _ in columns)]
        for would, label in ((True, "would block"), (False, "would not"))
    ]
    if markdown:
        return ["| " + " | ".join(header) + " |", "|" + "---|" * len(header),
                *("| " + " | ".join(row) + " |" for row in rows)]  # fmt: skip
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    return [
        "  " + "  ".join(c.rjust(w) if i else c.ljust(w) for i, (c, w) in
                         enumerate(zip(row, widths, strict=True)))
        for row in [header, *rows]
    ]  # fmt: skip


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def _rows(outcome: Outcome) -> list[list[str]]:
    rows = []
    for hook in outcome.hooks:
        rows.append(
            [
                hook.id,
                hook.event,
                f"{hook.events:,}",
                f"{hook.fired:,} ({_percent(hook.fired, hook.events)})",
                f"{hook.undecided:,} ({_percent(hook.undecided, hook.events)})",
                f"{hook.not_fired:,}",
            ]
        )
    return rows


_HEADER = ["hook", "event", "events", "fired", "undecided", "not fired"]


def _notes(outcome: Outcome) -> list[str]:
    notes = []
    for hook in outcome.hooks:
        if hook.events and hook.undecided == hook.events:
            notes.append(
                f"`{hook.id}` was undecided on every event: its condition reads a field these "
                "events do not have, so it was not audited"
            )
        if hook.fallback is not None:
            notes.append(
                f"`{hook.id}` is outside the SQL fragment ({hook.fallback}): evaluated by the "
                "Python back end"
            )
    return notes


def _decision_lines(outcome: Outcome) -> list[str]:
    ordered = sorted(outcome.decisions.items(), key=lambda kv: (-kv[1], kv[0]))
    return [
        f"{', '.join(hooks) if hooks else '(no hook)'}: {count:,} "
        f"({_percent(count, outcome.events)})"
        for hooks, count in ordered[:10]
    ]


def to_text(outcome: Outcome, markdown: bool = False) -> str:
    rows = _rows(outcome)
    lines: list[str] = []
    title = f"replay of {outcome.events:,} events ({outcome.engine}), {len(outcome.hooks)} hooks"
    if markdown:
        lines += [f"## {title}", "", "| " + " | ".join(_HEADER) + " |",
                  "|" + "---|" * len(_HEADER)]  # fmt: skip
        lines += [
            "| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows
        ]
    else:
        widths = [max(len(r[i]) for r in [_HEADER, *rows]) for i in range(len(_HEADER))]
        lines.append(title)
        for row in [_HEADER, *rows]:
            lines.append(
                "  ".join(
                    cell.ljust(width) for cell, width in zip(row, widths, strict=True)
                ).rstrip()
            )
    notes = _notes(outcome)
    if notes:
        lines.append("")
        lines += [("- " if markdown else "note: ") + note for note in notes]
    lines.append("")
    lines.append(
        "### decisions (the hooks that act, by the host's ordering)" if markdown else "decisions:"
    )
    lines += [("- " if markdown else "  ") + line for line in _decision_lines(outcome)]
    if outcome.recorded:
        lines.append("")
        lines.append(
            "### would block x was blocked (what the log says a hook did)"
            if markdown
            else "would block x was blocked (what the log says a hook did):"
        )
        lines += _recorded_lines(outcome, markdown)
    if outcome.changed is not None:
        lines.append("")
        lines.append(
            f"compared with the old policy: {outcome.changed:,} events change decision, in "
            f"{outcome.changed_sessions:,} sessions"
        )
        for change in outcome.changes:
            lines.append(
                f"  {change.get('source', '')}: {change['before'] or '(none)'} -> "
                f"{change['after'] or '(none)'}"
            )
    shown = [(h.id, outcome.examples.get(h.id, [])) for h in outcome.hooks]
    if any(examples for _, examples in shown):
        lines.append("")
        lines.append("### examples" if markdown else "examples:")
        for hook_id, examples in shown:
            for example in examples:
                text = json.dumps(example, ensure_ascii=False)
                lines.append(f"- `{hook_id}`: `{text}`" if markdown else f"  {hook_id}: {text}")
    return "\n".join(lines) + "\n"
