"""The transition's table for ``hookc rule CODE``: what each code not yet in a rule module
means, an example that gets it, and the fix.

Every code in ``hookc.source.diagnostics.CODES`` has an entry (a test holds them equal), so
no code that hookc prints goes unexplained.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from hookc.source.diagnostics import CODES


@dataclass(frozen=True, slots=True)
class Rule:
    why: str
    example: str
    fix: str


# The transition's table: the text of codes not yet in a rule module (hookc.lint), beside
# hookc.source.diagnostics.LEGACY_CODES. ``RULES`` below reads these and the modules' docstrings.
LEGACY_RULES: dict[str, Rule] = {
    "HK601": Rule(
        "hookc fmt lays out native YAML hook files only; it leaves any other file (another "
        "runtime's YAML, such as Rye's hook_conditions.yaml, or directive XML) as it is, "
        "with this note, and the run still passes.",
        "hookc fmt directive.xml",
        "Nothing to fix: the file keeps its own format and layout.",
    ),
    "HK602": Rule(
        "fmt could not rewrite the file faithfully (a comment it could not place, or text "
        "ruamel.yaml cannot read as the front end does), so it left it as it was.",
        "key\t: value   (a tab before `:`)",
        "Fix what the message points at (here, the tab), then run fmt again.",
    ),
    "HK701": Rule(
        "A matcher on an event that ignores matchers (Claude Code's `Stop`, say): the group "
        "runs on every such event, whatever the matcher says.",
        '"Stop": [{"matcher": "Bash", "hooks": [...]}]',
        'Remove the matcher, or write "*" to say "every time".',
    ),
    "HK702": Rule(
        "A matcher that matches no tool or name the profile knows: its handlers may never run.",
        '"matcher": "mcp__github"   (the server\'s tools are mcp__github__...)',
        "Match the names as the tool spells them: `mcp__github__.*` for every tool of a server.",
    ),
    "HK703": Rule(
        "A matcher differs from a known name only by case; matchers are case-sensitive, so it "
        "does not match it.",
        '"matcher": "bash"',
        "Write the name's case: `Bash`.",
    ),
    "HK704": Rule(
        "A handler or matcher group has a field the tool does not read: it is ignored, often a "
        "misspelling.",
        '{"type": "command", "command": "date", "timout": 5}',
        "Fix the name (the hint names the closest), or remove the field.",
    ),
    "HK705": Rule(
        "A timeout is zero or negative; it must be a positive number of seconds.",
        "timeout: 0",
        "Give a positive number of seconds, or leave it out for the tool's default.",
    ),
    "HK706": Rule(
        "A timeout so long that it is probably milliseconds: hook timeouts are in seconds.",
        '"timeout": 30000   (8.3 hours)',
        "Write seconds: 30.",
    ),
    "HK707": Rule(
        "A command runs a script under the project that is missing or not executable: the hook "
        "fails every time it runs.",
        '"command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/block-rm.sh"   (no such file)',
        "Fix the path, add the script, or make it executable (chmod +x).",
    ),
    "HK708": Rule(
        "A docker-agent `builtin` names no builtin docker-agent ships.",
        "command: add_git_log",
        "Use a builtin docker-agent ships (the hint names the closest).",
    ),
    "HK709": Rule(
        "A builtin is placed on an event it does not serve, where it does nothing.",
        "session_start: [{type: builtin, command: add_date}]   (add_date serves turn_start)",
        "Move it under the event the hint names.",
    ),
    "HK710": Rule(
        "The same handler again, under a matcher that matches whenever the first one does: the "
        "tool runs it once, so the second never runs.",
        '"*": log-tool.sh  and  "Bash": log-tool.sh',
        "Remove one of them.",
    ),
    "HK711": Rule(
        "A matcher's regular expression uses syntax hookc cannot translate to Python's with the "
        "same meaning (a Unicode class `\\p{Lu}`, say).",
        'matcher: "\\p{Lu}\\w*"',
        "Write the pattern without that construct (`[A-Z]\\w*` for ASCII names).",
    ),
    "HK712": Rule(
        "A Claude Code matcher uses a construct JavaScript has and hookc's linear-time regex "
        "engine does not (a look-ahead, a look-behind, a backreference): Claude Code runs "
        "the hook, hookc cannot decide when. The hook is kept and checked; `hookc eval` and "
        "`hookc run` evaluate every other hook and say this one was not evaluated.",
        '"matcher": "^(?!Read$).*"',
        "Write the matcher without that construct if hookc should decide it (a list of the "
        "tools, `Edit|Write`), or ignore HK712 for it.",
    ),
    "HK713": Rule(
        "A handler's `if` filter can never let it run: `if` is evaluated on tool events only "
        "(PreToolUse, PostToolUse, PostToolUseFailure, PermissionRequest, PermissionDenied), "
        "and on any other event a handler with `if` never runs; a rule that names no tool "
        "(`git push`, an unclosed parenthesis) matches no call.",
        '"Stop": [{"hooks": [{"type": "command", "command": "./x.sh", "if": "Bash(git *)"}]}]',
        "Remove `if` from handlers of other events; write a rule as `Tool(specifier)`.",
    ),
    "HK714": Rule(
        "A handler's `if` permission rule says something hookc cannot evaluate from the "
        "event's context (a path from the home folder or the project root, a specifier of a "
        "tool hookc does not model, shell syntax in a Bash pattern): hookc runs the handler on "
        "every call of the tool, as Claude Code runs a hook whose `if` it cannot decide.",
        '"if": "Read(~/.ssh/**)"   (the context does not carry the home folder)',
        "Use a rule hookc can decide (`Read(//home/dev/.ssh/**)`, `Bash(git push *)`), or "
        "let the handler test the call itself.",
    ),
    "HK715": Rule(
        "A `${...}` template inside a handler's command: hookc would fill it from the event "
        "(text a model wrote) and run the result under a shell, so a value `$(rm -rf ~)` "
        "runs. Quoting is no cure (a path `-rf /` is still an argument); no host builds a "
        "command from the event: Claude Code and docker-agent hand their command to the "
        "shell as written.",
        'handler: {command: "echo auditing ${args.command}"}',
        "Read the event as data: the handler gets it as JSON on standard input "
        '(`jq -r .args.command`), or pass the value in `env` and quote it (`"$CMD"`). '
        'A shell variable is written `$NAME`; `{template: ["${NAME}"]}` keeps `${` as text.',
    ),
    "HK716": Rule(
        "A command or an `env` entry that no process can be given: a NUL byte in the "
        "command or a value, a variable name that holds `=`. The handler could "
        "never start.",
        'env: {"A=B": "1"}',
        "Remove the NUL byte; name the variable without `=`.",
    ),
    "HK717": Rule(
        "A timeout so short it is probably seconds: this host counts hook timeouts in "
        "milliseconds (Gemini CLI, Qwen Code's command hooks).",
        '"timeout": 30   (30 ms: the hook is killed before it starts)',
        "Write milliseconds: 30000.",
    ),
    "HK721": Rule(
        "A matcher names a key its tool does not have (an A3S `matcher`, a registry `match`): "
        "the tool ignores it, so the hook matches more than meant.",
        "matcher: {tool_name: Bash}   (A3S's key is `tool`)",
        "Use a key the hint lists: tool, path_pattern, command_pattern, session_id, skill; "
        "ability_scope, min_duration_ms, only_if_changed_paths.",
    ),
    "HK722": Rule(
        "A matcher reads a field the hook's event never carries, so the hook never runs.",
        "event_type: UserPromptSubmit  with  match: {ability_scope: 'billing_*'}",
        "Move the hook to an event that carries the field, or drop the filter.",
    ),
    "HK723": Rule(
        "An A3S hook with `async_execution: true` on an event that does not gate answers "
        "Continue at once: its Block, Retry or Skip is never used.",
        "event_type: post_tool_use, config: {async_execution: true}, response: {action: Block}",
        "Remove `async_execution`, or put the hook on a gating event (pre_tool_use, ...).",
    ),
    "HK724": Rule(
        "An A3S pattern is not a regular expression Rust accepts, so A3S compares text instead "
        "(the command contains it, the path equals it).",
        "command_pattern: 'rm ('",
        "Escape what is meant literally: `rm \\(`.",
    ),
    "HK801": Rule(
        "An inline suppression silences nothing on its hook: stale, or on the wrong hook.",
        "- id: a  # hookc: ignore[HK501]   (hook a reads only declared paths)",
        "Remove it, or move it to the hook that has the finding.",
    ),
    "HK802": Rule(
        "An inline suppression cannot be read: no code, an unknown one, or a reason glued "
        "to the `]`.",
        "# hookc: ignore[HK5O1]",
        "Write `hookc: ignore[HK501]`, or several codes: `hookc: ignore[HK501, HK505]`, then "
        "a space and the reason if you like.",
    ),
}


# Codes hookc once gave and gives no more, with why: `hookc rule` says so, where "unknown"
# would send a user of an older hookc looking for a typo.
RETIRED: dict[str, str] = {
    "HK506": "regular expression prone to catastrophic backtracking. Retired: no pattern "
    "hookc accepts can backtrack (patterns that could run on an engine linear in the text), "
    "and its hint recommended possessive and atomic forms that RE2 refuses. A "
    "`hookc: ignore[HK506]` comment silences nothing now; remove it.",
}


class _Rules(Mapping[str, Rule]):
    """Every code's ``Rule`` (why, example, fix): the legacy table's, or made from its rule
    module's docstring."""

    def __getitem__(self, code: str) -> Rule:
        if code in LEGACY_RULES:
            return LEGACY_RULES[code]
        from hookc.lint.modules import rule_module
        from hookc.lint.rule import example_code, sections

        parts = sections((rule_module(code).__doc__ or "").strip())  # KeyError: no such code
        why = "\n\n".join(part for part in (parts["what"], parts.get("why")) if part)
        return Rule(why, example_code(parts.get("example", "")), parts.get("fix", ""))

    def __iter__(self) -> Iterator[str]:
        return iter(CODES)

    def __len__(self) -> int:
        return len(CODES)


RULES: Mapping[str, Rule] = _Rules()


def explain_rule(code: str) -> str | None:
    code = code.strip().upper()
    if code in RETIRED:
        return f"{code} is retired: {RETIRED[code]}\n"
    rule = RULES.get(code)
    if rule is None:
        return None
    example = "\n".join("    " + line for line in rule.example.splitlines())
    return (
        f"{code}: {CODES[code]}\n\n{rule.why}\n\nExample:\n{example}\n\nFix: {rule.fix}\n"
        f"\nA warning can be silenced (an error cannot): `--ignore {code}`, "
        f'`ignore = ["{code}"]` under [tool.hookc], or a `hookc: ignore[{code}]` comment on '
        "the hook in YAML or XML.\n"
    )


def rule_index() -> str:
    return "".join(f"{code}  {meaning}\n" for code, meaning in CODES.items())
