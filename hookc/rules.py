"""``hookc rule CODE``: what each diagnostic code means, an example that gets it, and the fix.

Every code in ``hookc.diagnostics.CODES`` has an entry (a test holds them equal), so no code
that hookc prints goes unexplained.
"""

from __future__ import annotations

from hookc.diagnostics import CODES
from hookc.records import record


@record
class Rule:
    why: str
    example: str
    fix: str


RULES: dict[str, Rule] = {
    "HK101": Rule(
        "The `when` expression does not parse as CEL.",
        "when: \"limit_code = 'spend_exceeded'\"",
        "Write the expression in CEL: `==` compares, `&&`/`and` joins, strings are quoted.",
    ),
    "HK102": Rule(
        "A string literal is opened and never closed.",
        'when: "tool == \'Bash"',
        "Close the string with the quote it was opened with.",
    ),
    "HK103": Rule(
        "CEL's unsigned integers (`1u`) and bytes (`b'..'`) have no place in hook contexts.",
        'when: "retries < 3u"',
        "Write a plain integer (`3`) or a string.",
    ),
    "HK104": Rule(
        "A string holds an escape CEL does not define (`\\d` in a non-raw string).",
        "when: \"cmd.matches('\\d+')\"",
        "Use a raw string, `r'\\d+'`, or double the backslash.",
    ),
    "HK105": Rule(
        "A number does not fit a 64-bit integer or a double.",
        'when: "count > 99999999999999999999"',
        "Use a smaller number, or a double (`1e20`).",
    ),
    "HK106": Rule(
        "The expression nests more than 128 levels deep.",
        'when: "((((((...))))))" nested 200 times',
        "Flatten it: chains of `&&` and `||` count as one level.",
    ),
    "HK107": Rule(
        "A `when` is empty.",
        'when: ""',
        "Write a condition, or remove `when` (a hook without one always fires).",
    ),
    "HK108": Rule(
        "A CEL reserved word is used as a name or field.",
        "when: \"request.package == 'x'\"",
        "Index instead of selecting: `request['package']`.",
    ),
    "HK110": Rule(
        "A function is unknown, or called with the wrong number of arguments.",
        'when: "len(items) > 2"',
        "Use CEL's functions: `size(items) > 2`.",
    ),
    "HK111": Rule(
        "A macro (`has`, `exists`, `all`, `exists_one`, `filter`, `map`) is used wrongly.",
        "when: \"has(limit_code + 'x')\"",
        "Give `has` a path, and the list macros a variable name and a predicate.",
    ),
    "HK112": Rule(
        "A regular expression or glob pattern does not compile.",
        "when: \"cmd.matches('(unclosed')\"",
        "Fix the pattern; the message quotes the compiler's reason.",
    ),
    "HK113": Rule(
        "An operator is applied to constants it can never accept, so the expression is "
        "always an error.",
        "when: \"'a' in 'abc'\"",
        "Use the operator for the type: `'abc'.contains('a')`.",
    ),
    "HK150": Rule(
        "`True`, `False` or `None` are Python spellings; CEL reads them as variable names.",
        'when: "enabled == True"',
        "Write `true`, `false`, `null`.",
    ),
    "HK201": Rule(
        "The file cannot be read: missing, a folder, binary, not UTF-8, or of a kind hookc "
        "does not read.",
        "hookc check policies.hooks.yml~",
        "Give a hook file (.yaml, .yml, .xml, .md) saved as UTF-8.",
    ),
    "HK202": Rule(
        "The YAML does not parse.",
        "hooks:\n  - event: error\n   action: {type: abort}",
        "Fix the indentation or quoting the message points at.",
    ),
    "HK203": Rule(
        "The XML is not well-formed.",
        '<hook when="x < 3">',
        "Escape `<` as `&lt;`, or put the condition in a `<when>` CDATA child.",
    ),
    "HK204": Rule(
        "The XML declares a DTD or entities, which hookc never reads.",
        '<!DOCTYPE hooks [<!ENTITY x "y">]>',
        "Remove the DOCTYPE.",
    ),
    "HK205": Rule(
        "The document does not match the hook file schema (schemas/hooks.schema.json).",
        "priority: high",
        "Follow the message: the key and the type it expects.",
    ),
    "HK206": Rule(
        "The file is larger than 10 MB.",
        "a generated 50 MB hook file",
        "Split it into several files.",
    ),
    "HK207": Rule(
        "YAML aliases expand to more than 1,000,000 nodes, add more than 100,000 values or "
        "4 MiB of text to what the file writes, or an alias contains itself.",
        "a: &a [*b, *b, ...] nested",
        "Write the values out, or use fewer nested aliases.",
    ),
    "HK208": Rule(
        "The file holds no hooks.", "hooks: []", "Add hooks, or do not give hookc this file."
    ),
    "HK209": Rule(
        "A hook has both `when` and `condition`.",
        'when: "x > 1"\ncondition: {path: x, op: gt, value: 1}',
        "Keep one of them.",
    ),
    "HK210": Rule(
        "A condition tree is malformed: an unknown `op`, a missing `value`, `in` without a list.",
        "condition: {path: tool, op: in, value: Bash}",
        "Follow the seed's tree form: `{path, op, value}`, `all`, `any`, `not`.",
    ),
    "HK211": Rule(
        "A `${...}` template is unclosed or its expression does not compile.",
        'message: "spent ${cost.spend"',
        "Close the template: `${cost.spend}`.",
    ),
    "HK212": Rule(
        "An expression node of canonical YAML's node form is malformed.",
        "{node: binary, op: '+', left: {node: ident}}",
        "Write it as hookc compile --target yaml would, or as a `when` text.",
    ),
    "HK213": Rule(
        "A parameter tag (`template`, `double`, `params`) is malformed.",
        "{double: many}",
        "Use `{double: NaN}`, `{double: +Inf}`, a template list or a params mapping.",
    ),
    "HK214": Rule(
        "A JSON hook file (Claude Code's settings.json or hooks.json) does not parse.",
        '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "date"},]}]}}',
        "Fix the JSON where the caret points: JSON allows no comma after the last item, and "
        "no comments.",
    ),
    "HK220": Rule(
        "The file writes more than 1,000,000 YAML values (counted as it is read, before any "
        "is made: a flat list of millions of numbers took a minute and gigabytes).",
        "items: [1,1,1,1,...] four million times",
        "Split the file, or write the values as fewer, longer texts.",
    ),
    "HK301": Rule(
        "The action type is not in the catalog.",
        "action: {type: retyr}",
        "Use a catalog type (the hint names the closest) or declare it in `action_types`.",
    ),
    "HK302": Rule(
        "The action has a parameter its type does not declare.",
        "action: {type: retry, attempts: 3}",
        "Use the declared name (the hint names the closest).",
    ),
    "HK303": Rule(
        "A parameter's value is not of the declared type.",
        "action: {type: retry, max_attempts: many}",
        "Give a value of the type the catalog declares.",
    ),
    "HK304": Rule(
        "A parameter's value is not one of its allowed values.",
        "action: {type: escalate, target: boss}",
        "Use one of the values the message lists.",
    ),
    "HK305": Rule(
        "A required parameter is missing.", "action: {type: call_directive}", "Add the parameter."
    ),
    "HK306": Rule(
        "A directive XML hook has no action element, or more than one.",
        '<hook event="error"><abort/><retry/></hook>',
        "Keep exactly one action element.",
    ),
    "HK401": Rule(
        "Two hooks have the same id (in one file, or across the files of one run).",
        "- id: budget ...\n- id: budget ...",
        "Give each hook its own id.",
    ),
    "HK402": Rule(
        "The profile knows no such event (a warning: runtimes add events).",
        "event: eror",
        "Fix the name (the hint names the closest), or ignore HK402 for events your runtime adds.",
    ),
    "HK403": Rule(
        "The file declares a profile or ordering other than the one it is read with.",
        "profile: claude_code   (read with --profile default)",
        "Read it with the profile it names, or remove the declaration.",
    ),
    "HK404": Rule(
        "A file in one host's place whose events are another host's (a Claude Code "
        "`PreToolUse` in `.gemini/settings.json`): the host skips events it does not know, "
        "so it loads none of the file's hooks.",
        '.gemini/settings.json: {"hooks": {"PreToolUse": [...]}}',
        "Rename the events to the host's (`gemini hooks migrate --from-claude` does it for "
        "Gemini CLI: PreToolUse is BeforeTool, PostToolUse AfterTool, Stop AfterAgent).",
    ),
    "HK501": Rule(
        "A path is not in the event context schema: probably misspelt, or missing from the schema.",
        'when: "cost.spent > 10.0"',
        "Fix the path (the hint names the closest), or declare it in `event_context_schema`.",
    ),
    "HK502": Rule(
        "An operator is applied to a path whose declared type can never accept it.",
        'when: "limit_code > 3"   (limit_code is a string)',
        "Compare with a value of the path's type.",
    ),
    "HK503": Rule(
        "The condition can never be true: the hook never fires.",
        'when: "x > 100 && x < 50"',
        "Fix the condition, or remove the hook.",
    ),
    "HK504": Rule(
        "The condition is always true: it tests nothing.",
        'when: "x > 1 || x <= 1 || !has(x)"',
        "Fix the condition, or remove it (a hook without one always fires).",
    ),
    "HK505": Rule(
        "Under first-match ordering an earlier hook fires whenever this one would, so this "
        "one never runs.",
        "- {id: any_error, event: error, action: {type: abort}}\n"
        "- {id: rate_limited, event: error, when: \"classification.category == 'rate_limited'\", "
        "action: {type: retry}}",
        "Give the narrower hook a higher priority, or narrow the earlier one.",
    ),
    "HK507": Rule(
        "A `${...}` template reads a path not in the event context schema.",
        'message: "${cost.spent}"',
        "Fix the path, or declare it in `event_context_schema`.",
    ),
    "HK508": Rule(
        "A template reads, under another name, a path that its hook's own condition reads: "
        "one of the two is likely misnamed (a path and the same path under another prefix).",
        'condition: {path: pressure_ratio, ...}  params: {ratio: "${event.pressure_ratio}"}',
        "Read the same path in both, as the event's context has it.",
    ),
    "HK509": Rule(
        "Where every matching hook runs and the first result that is not a plain success "
        "takes control (Rye), two hooks of one event have the same condition and both may "
        "take control: only the earlier one's result ever counts.",
        "two `error` hooks with {path: classification.category, value: transient}",
        "Merge the two hooks, or give them conditions that tell their cases apart.",
    ),
    "HK601": Rule(
        "hookc fmt lays out native YAML hook files only.",
        "hookc fmt directive.xml",
        "Use `hookc compile --target yaml` to get the file as canonical YAML.",
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
        "An inline suppression cannot be read: no code, or an unknown one.",
        "# hookc: ignore[HK5O1]",
        "Write `hookc: ignore[HK501]`, or several codes: `hookc: ignore[HK501, HK505]`.",
    ),
}


def explain_rule(code: str) -> str | None:
    code = code.strip().upper()
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
