"""Hooks in the YAML front matter of Claude Code's skills and agents.

A skill (``.claude/skills/<name>/SKILL.md``, ``~/.claude/skills/<name>/SKILL.md``, a
plugin's ``skills/<name>/SKILL.md``) and a subagent (``.claude/agents/<name>.md``, a
plugin's ``agents/<name>.md``) may declare ``hooks:`` in their front matter, in the shape of
a settings file's ``hooks`` (``<Event>: [{matcher?, hooks: [handler, ...]}]``, YAML instead
of JSON). Claude Code runs them while that skill or agent is active (hooks reference, "Hooks
in skills and agents"; skills and sub-agents pages, front matter field ``hooks``). In an
agent's front matter a ``Stop`` hook runs when the agent finishes, as ``SubagentStop``: so
the reference says (and third-party summaries repeat); hookc reads it as that event.
``once`` is a handler field here as in settings (the profile has it).

What is implemented, and why: a Markdown file is Claude Code's only where its path is a
skill's or an agent's (above; any ``skills/<name>/SKILL.md`` or ``agents/<name>.md``, since
a plugin's folder can be anywhere) and its front matter has a ``hooks:`` key whose value is
a mapping. A Rye directive keeps hooks in front matter too, as a list (``- id: ...``), and
may be signed (``<!-- ryeos:signed:... -->``): those stay Rye's. The YAML is read in place
(``hookc.frontend.front_matter``), so every finding points into the Markdown file.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path, PurePath

from hookc.frontend.front_matter import front_matter, front_matter_text
from hookc.frontend.located import Located
from hookc.ir.hooks import HookSet
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic

# `hooks:` at the top of the front matter, and what follows it: a mapping's first key
# (same line in flow style `{`, or an indented `Key:` below), not a list (`-`, `[`).
_HOOKS_MAPPING = re.compile(
    r"(?m)^hooks[ \t]*:[ \t]*"
    r"(?:\{|(?:#[^\n]*)?\r?\n(?:[ \t]*(?:#[^\n]*)?\r?\n)*[ \t]+[\w\"'][^\n]*:)"
)


def component(name: str) -> str | None:
    """``"skill"`` or ``"agent"`` for a path where Claude Code finds one, else None."""
    path = PurePath(name)
    if path.suffix.lower() != ".md":
        return None
    parts = path.parts
    if path.name == "SKILL.md" and len(parts) >= 3 and parts[-3] == "skills":
        return "skill"
    if len(parts) >= 2 and parts[-2] == "agents":
        return "agent"
    return None


def claims(name: str, text: str) -> bool:
    """A skill or agent file whose front matter declares ``hooks`` as a mapping."""
    if component(name) is None:
        return False
    yaml = front_matter_text(text)
    return yaml is not None and _HOOKS_MAPPING.search(yaml) is not None


def front_matter_document(source: Source) -> tuple[Located | None, list[Diagnostic]]:
    """The front matter as a YAML document read in place (None when there is none to
    read), and its reading's findings: what the reader takes its ``hooks`` from."""
    found = front_matter(source)
    return found if found is not None else (None, [])


def as_component(source: Source, hookset: HookSet) -> HookSet:
    """The hooks as Claude Code runs them for this file: an agent's ``Stop`` hooks run when
    the agent finishes, on ``SubagentStop``."""
    if component(source.name) != "agent":
        return hookset
    hooks = tuple(
        replace(hook, event="SubagentStop") if hook.event == "Stop" else hook
        for hook in hookset.hooks
    )
    return replace(hookset, hooks=hooks)


def script_roots(path: Path) -> dict[str, Path]:
    """The folders Claude Code's variables name for a skill or agent file (resolved):
    ``CLAUDE_SKILL_DIR`` the skill's folder; under ``<project>/.claude/``,
    ``CLAUDE_PROJECT_DIR`` and relative paths the project (not for the home folder's
    ``~/.claude``); elsewhere a plugin's, ``CLAUDE_PLUGIN_ROOT`` its folder."""
    kind = component(str(path))
    if kind is None:
        return {}
    roots: dict[str, Path] = {}
    if kind == "skill":
        roots["CLAUDE_SKILL_DIR"] = path.parent
    owner = path.parent.parent.parent if kind == "skill" else path.parent.parent
    if owner.name == ".claude":
        if owner.parent != Path.home():
            roots["CLAUDE_PROJECT_DIR"] = roots["."] = owner.parent
    else:
        roots["CLAUDE_PLUGIN_ROOT"] = owner
    return roots
