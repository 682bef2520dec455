"""Codex's files: which host claims one, the findings on it (JSON and config.toml, with
positions), and ``hookc run --protocol codex`` with real handler scripts: block, allow,
deny, exit 2, timeouts, failed answers."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from hookc.cli import main
from hookc.frontend.load import load_source
from hookc.hosts import detect
from hookc.source import Source
from tests.hosts import running
from tests.hosts.running import command, script

HANDLER = [{"type": "command", "command": "echo a"}]


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()


def hooks_file(hooks: dict[str, Any], **extra: Any) -> str:
    return json.dumps({**extra, "hooks": hooks}, indent=2)


def findings(text: str, name: str = ".codex/hooks.json") -> list[str]:
    return [d.code for d in load_source(Source(name, text)).diagnostics]


# -- which host claims a file -----------------------------------------------------------

CLAUDE_SHAPED = hooks_file({"PreToolUse": [{"matcher": "Bash", "hooks": HANDLER}]})
CODEX_ONLY = hooks_file({"Interrupt": [{"hooks": HANDLER}]})


@pytest.mark.parametrize(
    ("name", "text", "host"),
    [
        (".codex/hooks.json", CLAUDE_SHAPED, "codex"),
        ("/home/u/.codex/hooks.json", CLAUDE_SHAPED, "codex"),
        (".codex/config.toml", 'model = "o3"\n', "codex"),
        ("anywhere/hooks.json", CODEX_ONLY, "codex"),  # Codex's own event says so
        (".claude/settings.json", CODEX_ONLY, "claude-code"),  # the path decides
        (".claude/settings.json", CLAUDE_SHAPED, "claude-code"),
        ("plugin/hooks/hooks.json", CLAUDE_SHAPED, "claude-code"),
    ],
)
def test_each_host_claims_its_own_paths_first(name: str, text: str, host: str) -> None:
    found = detect(name, text)
    assert found is not None and found.name == host


def test_a_codex_plugin_s_hooks_json_is_codex_s(tmp_path: Path) -> None:
    plugin = tmp_path / "plug"
    (plugin / ".codex-plugin").mkdir(parents=True)
    (plugin / "hooks").mkdir()
    name = str(plugin / "hooks" / "hooks.json")
    assert detect(name, CLAUDE_SHAPED).name == "codex"  # type: ignore[union-attr]
    (plugin / ".claude-plugin").mkdir()  # made for both: Claude Code's first
    assert detect(name, CLAUDE_SHAPED).name == "claude-code"  # type: ignore[union-attr]


# -- findings ---------------------------------------------------------------------------


def test_a_null_matcher_matches_everything_with_no_finding() -> None:
    text = hooks_file({"PreToolUse": [{"matcher": None, "hooks": HANDLER}]})
    assert findings(text) == []


def test_codex_s_events_and_tools_are_known() -> None:
    text = hooks_file({
        "PostCompact": [{"matcher": "manual", "hooks": HANDLER}],
        "Interrupt": [{"hooks": [{"type": "command", "command": "echo bye", "timeout": 2}]}],
        "PreToolUse": [{"matcher": "apply_patch|shell_command", "hooks": HANDLER}],
        "SubagentStart": [{"matcher": "explorer", "hooks": HANDLER}],
    })  # fmt: skip
    assert findings(text) == []
    assert findings(hooks_file({"PreToolUse": [{"matcher": "Read", "hooks": HANDLER}]})) == [
        "HK702"  # Codex has no Read tool
    ]


def test_a_root_key_codex_refuses_is_an_error() -> None:
    assert findings(hooks_file({}, **{"$schema": "x"})) == ["HK730"]
    assert findings(hooks_file({}, description="ok")) == []


@pytest.mark.parametrize(
    ("handler", "code"),
    [
        ({"type": "prompt", "prompt": "safe?"}, "HK731"),
        ({"type": "agent", "prompt": "check"}, "HK731"),
        ({"type": "command", "command": "  "}, "HK731"),
        ({"type": "mcp_tool", "server": "", "tool": "t"}, "HK731"),
        ({"type": "command", "command": "x", "timeoutSec": 5}, "HK733"),
        ({"type": "http", "url": "https://x"}, "HK301"),
        ({"type": "command", "command": "x", "timeout": 1.5}, "HK303"),
        ({"type": "mcp_tool", "server": "s", "tool": "t", "input": {"a": None}}, "HK303"),
    ],
)
def test_handlers_codex_skips_or_refuses(handler: dict[str, Any], code: str) -> None:
    assert findings(hooks_file({"PreToolUse": [{"hooks": [handler]}]})) == [code]


def test_an_invalid_regex_skips_its_group_and_ignoring_events_do_not_check() -> None:
    text = hooks_file({"PreToolUse": [{"matcher": "Bash(", "hooks": HANDLER}]})
    loaded = load_source(Source(".codex/hooks.json", text))
    assert [d.code for d in loaded.diagnostics] == ["HK732"]
    assert loaded.hookset is not None and loaded.hookset.hooks == ()
    assert findings(hooks_file({"Stop": [{"matcher": "[", "hooks": HANDLER}]})) == ["HK701"]


def test_discovery_s_timeouts_are_written_into_the_action() -> None:
    text = hooks_file({
        "SessionEnd": [{"hooks": [{"type": "command", "command": "a", "timeout": 30,
                                   "async": True}]}],
        "Interrupt": [{"hooks": [{"type": "command", "command": "b"}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "c", "timeout": 0,
                             "additionalContextLimit": 10}]}],
    })  # fmt: skip
    loaded = load_source(Source(".codex/hooks.json", text))
    assert [d.code for d in loaded.diagnostics] == ["HK734", "HK734", "HK734"]
    assert loaded.hookset is not None
    params = {h.event: dict(h.action.params.items) for h in loaded.hookset.hooks}
    assert params["SessionEnd"]["timeout"] == 3 and params["SessionEnd"]["async"] is False
    assert params["Interrupt"]["timeout"] == 1
    assert params["Stop"]["timeout"] == 1 and "additionalContextLimit" not in params["Stop"]


def test_identical_handlers_each_run() -> None:
    text = hooks_file({"Stop": [{"hooks": HANDLER}, {"hooks": HANDLER}]})
    loaded = load_source(Source(".codex/hooks.json", text))
    assert loaded.hookset is not None and len(loaded.hookset.hooks) == 2
    assert findings(text) == []


CONFIG = """model = "o3"

[features]
hooks = true

[[hooks.PreToolUse]]
matcher = "Edit|Write"

[[hooks.PreToolUse.hooks]]
type = "command"
command = "echo edit"
statusMesage = "typo"

[[hooks.PreToolUse]]
matcher = "apply_patch("
hooks = [{ type = "command", command = "echo never" }]

[hooks.state."key"]
trusted_hash = "abc"
"""


def test_config_toml_hooks_with_their_lines_and_columns(tmp_path: Path) -> None:
    path = tmp_path / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_text(CONFIG)
    status, out = run("check", str(path))
    assert status == 0, out
    assert f"{path}:12:1: warning[HK704]" in out  # the key's own line
    assert f"{path}:15:11: warning[HK732]" in out  # the second group's matcher
    loaded = load_source(Source(".codex/config.toml", CONFIG))
    assert loaded.hookset is not None
    assert [h.id for h in loaded.hookset.hooks] == [".codex/config.PreToolUse.0.0"]


def test_config_toml_with_crlf_has_the_same_positions_and_fixes(tmp_path: Path) -> None:
    """A CRLF file's findings sit where an LF file's do (a `\\r` is not part of a header
    or a value), and their fixes are offered."""
    from hookc.check.fix import fix_source

    crlf = CONFIG.replace('"Edit|Write"', '"edit"').replace("\n", "\r\n")
    lf = crlf.replace("\r\n", "\n")
    seen = []
    for text in (lf, crlf):
        loaded = load_source(Source(".codex/config.toml", text))
        seen.append(
            [(d.code, d.source.position(d.span.start), d.source.position(d.span.end))
             for d in loaded.diagnostics]
        )  # fmt: skip
        found = {d.code: d for d in loaded.diagnostics}
        assert text[found["HK703"].span.start : found["HK703"].span.end] == '"edit"'
        fixed, applied = fix_source(Source(".codex/config.toml", text))
        assert fixed.text == text.replace('"edit"', '"Edit"') and applied == 1
    assert seen[0] == seen[1]
    assert ("HK703", (7, 11), (7, 17)) in seen[0]
    path = tmp_path / ".codex" / "config.toml"
    path.parent.mkdir()
    path.write_bytes(crlf.encode())
    _status, out = run("check", str(path))
    assert f"{path}:7:11: warning[HK703]" in out and f"{path}:12:1: warning[HK704]" in out
    assert '    matcher = "edit"\n              ^^^^^^\n' in out


def test_values_inside_inline_tables_have_their_own_spans() -> None:
    from hookc.check.fix import fix_source

    text = (
        "[[hooks.PreToolUse]]\n"
        'hooks = [{ type = "command", command = "a", timeout = 30000 },\n'
        "  # a comment, then a second handler\n"
        '  { type = "command", "command" = "b", statusmessage = "s", timeout = 30000 }]\n'
        "hooks2 = { a = 1 }\n"
    )
    loaded = load_source(Source(".codex/config.toml", text))
    where = {(d.code, d.source.position(d.span.start)) for d in loaded.diagnostics}
    assert {("HK706", (2, 55)), ("HK706", (4, 71)), ("HK704", (4, 40))} <= where, where
    fixed, _ = fix_source(Source(".codex/config.toml", text), unsafe=True)
    assert fixed.text == text.replace("30000", "30").replace("statusmessage", "statusMessage")


@pytest.mark.parametrize(
    "text",
    [
        "[[hooks.pretooluse]]\n[[hooks.pretooluse.hooks]]\ntype = 'command'\ncommand = 'a'\n",
        '[[hooks."pretooluse"]]\n[[ hooks . pretooluse . hooks ]]\ntype = "command"\n'
        'command = "a"\n',
        "[hooks]\npretooluse = [{ hooks = [{ type = 'command', command = 'a' }] }]\n",
        "hooks.pretooluse = [{ hooks = [{ type = 'command', command = 'a' }] }]\n",
        "[[hooks.pretooluse]]\nmatcher = 'Bash'\n\n[[hooks.pretooluse.hooks]]\n"
        "type = 'command'\ncommand = 'a'\n\n[[hooks.pretooluse]]\nmatcher = 'Edit'\n"
        "[[hooks.'pretooluse'.hooks]]\ntype = 'command'\ncommand = 'b'\n",
    ],
)
def test_an_event_in_another_case_is_fixed_in_every_header_at_once(text: str) -> None:
    from hookc.check.fix import fix_source

    loaded = load_source(Source(".codex/config.toml", text))
    [found] = [d for d in loaded.diagnostics if d.code == "HK402"]
    assert found.fix is not None
    assert len(found.fix.edits) == text.count("pretooluse")
    fixed, applied = fix_source(Source(".codex/config.toml", text))
    assert fixed.text == text.replace("pretooluse", "PreToolUse") and applied == 1


def test_a_toml_syntax_error_has_its_position() -> None:
    loaded = load_source(Source(".codex/config.toml", 'a = 1\nmatcher = "Bash\n'))
    (problem,) = loaded.diagnostics
    assert problem.code == "HK736" and problem.span.start == len('a = 1\nmatcher = "Bash')


def test_eval_answers_as_codex(tmp_path: Path) -> None:
    file = tmp_path / ".codex" / "hooks.json"
    file.parent.mkdir()
    file.write_text(hooks_file({"PreToolUse": [{"matcher": "Edit|Write", "hooks": HANDLER}]}))
    ctx = tmp_path / "ctx.json"
    ctx.write_text(json.dumps({"tool_name": "apply_patch"}))
    status, out = run("eval", str(file), "--event", "PreToolUse", "--context", str(ctx))
    assert status == 0 and "PreToolUse.0.0" in out


# -- hookc run --protocol codex ---------------------------------------------------------


def run_hooks(
    tmp_path: Path, handlers: list[dict[str, Any]], *, event: str = "PreToolUse",
    matcher: str | None = "Bash", context: dict[str, Any] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """``hookc run`` on a project's .codex/hooks.json of one group (``matcher`` may be
    null, as Codex allows), for a ``shell_command`` call unless ``context`` says otherwise."""
    group = {"matcher": matcher}
    return running.run_hooks("codex", tmp_path, handlers, event=event, group=group,
                             context=context)  # fmt: skip


DENY = '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "deny", "permissionDecisionReason": "no rm"}}'  # noqa: E501
ALLOW = '{"hookSpecificOutput": {"hookEventName": "PreToolUse", "permissionDecision": "allow", "updatedInput": {"command": "ls"}}}'  # noqa: E501


def test_a_deny_wins_over_an_allow_and_a_shell_tool_matches_bash(tmp_path: Path) -> None:
    deny = script(tmp_path, "deny.sh", f"echo '{DENY}'")
    allow = script(tmp_path, "allow.sh", f"echo '{ALLOW}'")
    decision = run_hooks(tmp_path, [command(allow), command(deny)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "no rm")
    decision = run_hooks(tmp_path, [command(allow)])
    assert decision["updated_input"] == {"command": "ls"}


def test_the_older_block_decision_blocks_and_ask_fails_the_run(tmp_path: Path) -> None:
    block = script(tmp_path, "block.sh", 'echo \'{"decision": "block", "reason": "no"}\'')
    assert run_hooks(tmp_path, [command(block)])["verdict"] == "deny"
    ask = script(
        tmp_path, "ask.sh",
        'echo \'{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
        '"permissionDecision": "ask"}}\'',
    )  # fmt: skip
    decision = run_hooks(tmp_path, [command(ask)])
    assert decision["verdict"] == "proceed"
    assert decision["runs"][0]["error"] == (
        "PreToolUse hook returned unsupported permissionDecision:ask"
    )


def test_permission_request_allow_and_deny(tmp_path: Path) -> None:
    def answer(behavior: str) -> str:
        verdict = json.dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": "PermissionRequest",
                    "decision": {"behavior": behavior},
                }
            }
        )
        return script(tmp_path, f"{behavior}.sh", f"echo '{verdict}'")  # fmt: skip

    allowed = run_hooks(tmp_path, [command(answer("allow"))], event="PermissionRequest")
    assert allowed["verdict"] == "allow"
    both = [command(answer("allow")), command(answer("deny"))]
    denied = run_hooks(tmp_path, both, event="PermissionRequest")
    assert (denied["verdict"], denied["reason"]) == (
        "deny", "PermissionRequest hook denied approval"
    )  # fmt: skip


def test_exit_2_blocks_with_stderr_where_codex_lets_it(tmp_path: Path) -> None:
    two = script(tmp_path, "two.sh", "echo 'rm is not allowed' >&2; exit 2")
    decision = run_hooks(tmp_path, [command(two)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "rm is not allowed")
    on_permission = run_hooks(tmp_path, [command(two)], event="PermissionRequest")
    assert on_permission["verdict"] == "proceed"  # not on PermissionRequest: a failed run
    assert "does not block" in on_permission["runs"][0]["error"]
    stop = run_hooks(tmp_path, [command(two)], event="Stop", matcher=None, context={})
    assert (stop["verdict"], stop["reason"]) == ("deny", "rm is not allowed")


def test_a_timeout_kills_the_handler_and_decides_nothing(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", f"sleep 5; echo '{DENY}'")
    decision = run_hooks(tmp_path, [command(slow, timeout=1)])
    assert decision["verdict"] == "proceed"
    (handler_run,) = decision["runs"]
    assert handler_run["timed_out"] and handler_run["duration_ms"] < 4000


def test_continue_false_stops_except_where_codex_refuses_it(tmp_path: Path) -> None:
    stop = script(tmp_path, "stop.sh", 'echo \'{"continue": false, "stopReason": "halt"}\'')
    decision = run_hooks(tmp_path, [command(stop)], event="UserPromptSubmit", matcher=None,
                         context={"prompt": "hi"})  # fmt: skip
    assert (decision["verdict"], decision["reason"]) == ("stop", "halt")
    refused = run_hooks(tmp_path, [command(stop)])
    assert refused["verdict"] == "proceed"
    assert refused["runs"][0]["error"] == "PreToolUse hook returned unsupported continue:false"


def test_plain_stdout_is_context_on_session_start_and_the_input_is_codex_s(
    tmp_path: Path,
) -> None:
    echo = script(
        tmp_path, "echo.sh",
        'python3 -c "import json,sys; d=json.load(sys.stdin); '
        "print(d['hook_event_name'], d['source'], d['transcript_path'], 'model' in d)\"",
    )  # fmt: skip
    decision = run_hooks(tmp_path, [command(echo)], event="SessionStart", matcher="startup",
                         context={"source": "startup"})  # fmt: skip
    assert decision["additional_context"] == "SessionStart startup None True"
