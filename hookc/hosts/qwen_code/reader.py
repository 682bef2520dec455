"""Qwen Code's hook files, read with Gemini CLI's reader (``hookc.hosts.gemini_cli.reader``:
the file's shape, ``sequential`` groups, identical handlers once, HK717 for command
timeouts under a second) and Qwen's own matcher rule, transcribed from
``packages/core/src/hooks/hook-matcher.ts`` (``matchesHookPattern``, QwenLM/qwen-code
commit bb20ba7a) as its planner applies it (``hookPlanner.ts``, ``matchesContext`` and
``getHookMatcherTarget``: tool events on the tool name, SubagentStart and SubagentStop on
the agent type, PreCompact and PostCompact on the trigger, SessionStart and SessionEnd on
the source or reason, StopFailure on the error, Notification on its type; the other
events ignore matchers):

- trimmed (JavaScript's ``trim``); ``""``, ``*`` or ``.*`` matches everything;
- the matcher equal to the value, or for a tool to one of the tool's aliases, matches;
- unless it starts with ``^`` or ``(``, a matcher holding ``|`` is split on every ``|``
  (JavaScript's ``split``: escaped ones and those in groups too), entries trimmed, empty
  ones dropped, and each entry decided by these same rules (so ``*`` or ``.*`` among them
  matches everything, an entry equal to the value or an alias matches, and each entry is
  a regular expression of its own); when no entry matches, a list with an empty entry (a
  stray ``|``) matches nothing more, and any other falls through to the next rule (a
  group spanning the pipe, ``a(b|c)``);
- else the matcher is an unanchored JavaScript regular expression tested against the value
  (never against the aliases); one JavaScript refuses matches nothing more.

The aliases (``getToolMatcherTargets``): every name Qwen's permission table
(``permissions/rule-parser.ts``, ``TOOL_NAME_ALIASES``) resolves to the tool, so
``Bash`` and ``Shell`` match ``run_shell_command``, ``Write`` and ``WriteFile`` match
``write_file``, ``Edit`` and ``replace`` match ``edit``, ``Task`` matches ``agent``;
exact names only (no meta-category: ``Read`` matches ``read_file``, not ``grep_search``).
Unverified: ``getAliasSetForTool`` (``tools/tool-utils.ts``, not in the sources hookc could
read) adds a tool's display and legacy names; hookc assumes they are the ones the
permission table lists, which holds each tool's display name.

Not modelled, on purpose: a handler's ``if``. An older planner (commit 24b30f61,
``matchesIfCondition``) tested ``ToolName(glob)`` against the tool's first string
argument; the current one (``createExecutionPlan`` above) applies no ``if`` at all, so
hookc selects the hook without it, as Qwen now does.

Identical handlers: a command by its ``name`` and ``command`` (Gemini's ``getHookKey``);
hookc never takes two ``http`` or ``prompt`` handlers for the same one.
"""

from __future__ import annotations

from dataclasses import replace

from hookc.frontend.actions import describe
from hookc.frontend.formats.groups import known_values, name_test
from hookc.frontend.located import Located
from hookc.frontend.lower import Loaded
from hookc.hosts.gemini_cli.reader import (
    _JS_SPACE,
    GEMINI,
    Condition,
    ignored_matcher,
    regex_condition,
)
from hookc.hosts.profile import Profile
from hookc.ir.expr import Expr, Or
from hookc.source import Source
from hookc.source.diagnostics import Diagnostic, error

_MATCH_ALL = ("", "*", ".*")

# Each tool Qwen names in hook inputs and the other names a tool matcher matches it by
# exactly (`TOOL_NAME_ALIASES` of permissions/rule-parser.ts, grouped by canonical name).
ALIASES: dict[str, tuple[str, ...]] = {
    "exec": ("Exec", "ExecTool"),
    "run_shell_command": ("Shell", "ShellTool", "Bash"),
    "edit": ("Edit", "EditTool", "replace"),
    "notebook_edit": ("NotebookEdit", "NotebookEditTool"),
    "write_file": ("WriteFile", "WriteFileTool", "Write"),
    "read_file": ("ReadFile", "ReadFileTool", "Read"),
    "zoom_image": ("ZoomImage", "ZoomImageTool"),
    "grep_search": ("Grep", "GrepTool", "search_file_content", "SearchFiles"),
    "glob": ("Glob", "GlobTool", "FindFiles"),
    "list_directory": ("ListFiles", "ListFilesTool", "ReadFolder"),
    "todo_write": ("TodoList", "TodoWrite", "TodoWriteTool"),
    "web_fetch": ("WebFetch", "WebFetchTool"),
    "web_search": ("WebSearch", "WebSearchTool"),
    "read_mcp_resource": ("ReadMcpResource", "ReadMcpResourceTool"),
    "agent": ("Agent", "AgentTool", "task", "Task", "TaskTool"),
    "skill": ("Skill", "SkillTool"),
    "exit_plan_mode": ("ExitPlanMode", "ExitPlanModeTool"),
    "enter_plan_mode": ("EnterPlanMode", "EnterPlanModeTool"),
    "lsp": ("Lsp", "LspTool"),
    "monitor": ("Monitor", "MonitorTool"),
    "save_memory": ("SaveMemory", "SaveMemoryTool"),
    "ask_user_question": ("AskUserQuestion", "AskUserQuestionTool"),
}


def qwen_matcher(event: str, node: Located, source: Source, profile: Profile) -> Condition:
    text = node.value
    if not isinstance(text, str):
        problem = error(
            "HK303", f"`matcher` must be a string, not {describe(text)}", source, node.span
        )
        return None, [problem], None
    trimmed = text.strip(_JS_SPACE)
    if trimmed in _MATCH_ALL:
        return None, [], None
    spec = profile.event_details(event).get("matcher")
    if spec is None:
        return None, [ignored_matcher(event, node, source)], None
    field = str(spec["field"])
    tools = spec.get("values") == "tools"
    exact = [trimmed]
    # The regular expressions tested; the first one's findings are reported (the whole
    # matcher where it is tested, else the first entry of a list with a stray `|`).
    regexes = [trimmed]
    if "|" in trimmed and not trimmed.startswith(("^", "(")):
        alternatives = [entry.strip(_JS_SPACE) for entry in trimmed.split("|")]
        entries = [entry for entry in alternatives if entry]
        if any(entry in ("*", ".*") for entry in entries):
            return None, [], None
        exact += entries
        whole = [trimmed] if len(entries) == len(alternatives) else []
        regexes = whole + entries
    known = known_values(spec, profile)
    if tools:  # a name a tool is matched by exactly is no "matches no tool"
        known += [alias for names in ALIASES.values() for alias in names]
    tests: list[Expr] = [name_test(field, exact, node.span)]
    if tools:
        aliased = [tool for tool, names in ALIASES.items() if set(names) & set(exact)]
        if aliased:
            tests.append(name_test(field, aliased, node.span))
    found: list[Diagnostic] = []
    undecidable: str | None = None
    for index, expression in enumerate(regexes):
        pattern, problems, why = regex_condition(
            expression, field, known, spec, node, source, invalid_is_text=False
        )
        if index == 0:
            found = list(problems)
        undecidable = undecidable or why
        if pattern is not None:
            tests.append(pattern)
    return Or(tuple(tests), span=node.span), found, undecidable


QWEN = replace(
    GEMINI,
    host="Qwen Code",
    matcher=qwen_matcher,
    variables={"QWEN_PROJECT_DIR": "project", "CLAUDE_PROJECT_DIR": "project"},
    milliseconds=frozenset({"command"}),
    foreign_events={},
    migrate_hint=None,
    config_key=None,
    skipped_keys=(),
    settings_dir=".qwen",
)


def read(source: Source, profile: Profile) -> Loaded:
    from hookc.hosts.gemini_cli.reader import read_with

    return read_with(source, profile, QWEN)
