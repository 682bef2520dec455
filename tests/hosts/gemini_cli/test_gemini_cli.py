"""Gemini CLI's files (and Tabnine CLI's, and Qwen Code's, which share their shape): which
host claims a file, the findings on it, and ``hookc run --protocol gemini-cli`` with real
handler scripts: block, allow, deny, exit 2, timeouts, sequential plans."""

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
from hookc.source.diagnostics import Severity
from tests.hosts import running
from tests.hosts.running import command, script

HANDLER = [{"type": "command", "command": "echo a"}]


def run(*argv: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()


def settings(hooks: dict[str, Any], **extra: Any) -> str:
    return json.dumps({"hooks": hooks, **extra}, indent=2)


def findings(text: str, name: str = ".gemini/settings.json") -> list[tuple[str, Severity]]:
    return [(d.code, d.severity) for d in load_source(Source(name, text)).diagnostics]


# -- which host claims a file -----------------------------------------------------------

CLAUDE_SHAPED = settings({"PreToolUse": [{"matcher": "Bash", "hooks": HANDLER}]})
GEMINI_SHAPED = settings({"BeforeTool": [{"matcher": "run_shell_command", "hooks": HANDLER}]})


@pytest.mark.parametrize(
    ("name", "text", "host"),
    [
        (".gemini/settings.json", CLAUDE_SHAPED, "gemini-cli"),
        ("/home/u/.gemini/settings.json", GEMINI_SHAPED, "gemini-cli"),
        ("/etc/gemini-cli/settings.json", GEMINI_SHAPED, "gemini-cli"),
        ("x/.gemini/extensions/lint/hooks/hooks.json", CLAUDE_SHAPED, "gemini-cli"),
        ("somewhere/config.json", GEMINI_SHAPED, "gemini-cli"),  # Gemini's events say so
        (".tabnine/agent/settings.json", GEMINI_SHAPED, "tabnine"),
        (".tabnine/agent/settings.json", CLAUDE_SHAPED, "tabnine"),
        (".qwen/settings.json", CLAUDE_SHAPED, "qwen-code"),
        (".claude/settings.json", CLAUDE_SHAPED, "claude-code"),
        (".claude/settings.json", GEMINI_SHAPED, "claude-code"),  # the path decides
        ("plugin/hooks/hooks.json", CLAUDE_SHAPED, "claude-code"),
    ],
)
def test_each_host_claims_its_own_paths_first(name: str, text: str, host: str) -> None:
    found = detect(name, text)
    assert found is not None and found.name == host


def test_an_extension_hooks_file_is_known_by_its_manifest(tmp_path: Path) -> None:
    extension = tmp_path / "my-extension"
    (extension / "hooks").mkdir(parents=True)
    hooks = extension / "hooks" / "hooks.json"
    text = settings({"SessionStart": [{"hooks": HANDLER}]})  # an event both hosts have
    hooks.write_text(text)
    assert detect(str(hooks), text).name == "claude-code"  # type: ignore[union-attr]
    (extension / "gemini-extension.json").write_text('{"name": "my-extension"}')
    assert detect(str(hooks), text).name == "gemini-cli"  # type: ignore[union-attr]


def test_a_claude_shaped_gemini_file_is_an_error_that_says_it_loads_nothing() -> None:
    loaded = load_source(Source(".gemini/settings.json", CLAUDE_SHAPED))
    assert loaded.hookset is None
    (problem,) = loaded.diagnostics
    assert (problem.code, problem.severity) == ("HK404", Severity.ERROR)
    assert "Gemini CLI loads no hook from this file" in problem.message
    assert "BeforeTool" in problem.message and "AfterAgent" in problem.message
    assert "gemini hooks migrate --from-claude" in (problem.hint or "")
    assert "PreToolUse is BeforeTool" in (problem.hint or "")


def test_a_claude_event_beside_gemini_events_is_a_warning_naming_gemini_s() -> None:
    text = settings({"BeforeTool": [{"hooks": HANDLER}], "Stop": [{"hooks": HANDLER}]})
    loaded = load_source(Source(".gemini/settings.json", text))
    (problem,) = loaded.diagnostics
    assert (problem.code, problem.severity) == ("HK402", Severity.WARNING)
    assert problem.hint == "Gemini CLI calls it `AfterAgent`"
    assert loaded.hookset is not None and len(loaded.hookset.hooks) == 1


# -- findings ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("timeout", "expected"),
    [
        (30000, []),
        (60000, []),
        (30, [("HK717", Severity.WARNING)]),
        (0, [("HK705", Severity.ERROR)]),
    ],
)
def test_timeouts_are_milliseconds(timeout: int, expected: list[tuple[str, Severity]]) -> None:
    text = settings({"BeforeTool": [{"hooks": [{**HANDLER[0], "timeout": timeout}]}]})
    assert findings(text) == expected


def test_thirty_seconds_is_not_reported_as_hours() -> None:
    text = settings({"AfterTool": [{"hooks": [{**HANDLER[0], "timeout": 30000}]}]})
    assert findings(text) == []
    assert "HK706" not in run("check", "-", "--profile", "gemini-cli")[1]


@pytest.mark.parametrize(
    ("event", "matcher", "code"),
    [
        ("BeforeTool", "Bash", "HK702"),  # Claude's tool name
        ("BeforeTool", "Write_File", "HK703"),
        ("BeforeTool", "[", "HK112"),  # no regex: compared as text, a warning
        ("BeforeTool", "^(?!read_file$)", "HK712"),
        ("SessionStart", "startup|resume", "HK702"),  # compared whole
        ("AfterAgent", "anything", "HK701"),
        ("BeforeModel", "gemini-2.5", "HK701"),
    ],
)
def test_matcher_findings(event: str, matcher: str, code: str) -> None:
    text = settings({event: [{"matcher": matcher, "hooks": HANDLER}]})
    assert [c for c, _ in findings(text)] == [code]


@pytest.mark.parametrize(
    "matcher", ["write_file|replace", "mcp_github_.*", " * ", "", "read_.*", "run_shell_command"]
)
def test_matchers_that_match_a_tool_get_no_finding(matcher: str) -> None:
    text = settings({"BeforeTool": [{"matcher": matcher, "hooks": HANDLER}]})
    assert findings(text) == []


def test_the_claude_tool_hint_names_gemini_s_tool() -> None:
    text = settings({"BeforeTool": [{"matcher": "Edit|Write", "hooks": HANDLER}]})
    (problem,) = load_source(Source(".gemini/settings.json", text)).diagnostics
    assert "Edit is `replace`" in (problem.hint or "") and "`write_file`" in (problem.hint or "")


def test_group_and_handler_fields() -> None:
    text = settings({"BeforeTool": [{
        "matcher": "glob", "sequential": "yes", "description": "x",
        "hooks": [{**HANDLER[0], "sequential": True, "timeout_ms": 5}],
    }]})  # fmt: skip
    codes = [c for c, _ in findings(text)]
    assert sorted(codes) == ["HK303", "HK704", "HK704", "HK704"]
    empty = settings({"BeforeTool": [{"hooks": [{"type": "command", "command": ""}]}]})
    assert findings(empty) == [("HK305", Severity.ERROR)]
    bad = settings({"BeforeTool": [{"matcher": 5, "hooks": HANDLER}]})
    assert findings(bad) == [("HK303", Severity.ERROR)]


def test_hooks_config_disables_by_name_or_command_and_all_at_once() -> None:
    hooks = {"BeforeTool": [{"hooks": [
        {"type": "command", "command": "echo a", "name": "guard"},
        {"type": "command", "command": "echo b"},
        {"type": "command", "command": "echo c"},
    ]}]}  # fmt: skip
    text = settings(hooks, hooksConfig={"disabled": ["guard", "echo b"]})
    hookset = load_source(Source(".gemini/settings.json", text)).hookset
    assert hookset is not None
    assert [hook.enabled for hook in hookset.hooks] == [False, False, True]
    off = load_source(
        Source(".gemini/settings.json", settings(hooks, hooksConfig={"enabled": False}))
    )
    assert off.hookset is not None and not any(hook.enabled for hook in off.hookset.hooks)


def test_the_settings_keys_of_hooks_are_not_events() -> None:
    text = settings({"enabled": True, "disabled": [], "BeforeTool": [{"hooks": HANDLER}]})
    assert findings(text) == []


# -- hookc run --protocol gemini-cli ------------------------------------------------------


def run_hooks(
    tmp_path: Path, handlers: list[dict[str, Any]], *, sequential: bool = False,
    event: str = "BeforeTool", context: dict[str, Any] | None = None,
) -> dict[str, Any]:  # fmt: skip
    """``hookc run`` on a project's .gemini/settings.json of one group (``sequential`` if
    asked), for a ``run_shell_command`` call unless ``context`` says otherwise."""
    group = {"sequential": True} if sequential else {}
    return running.run_hooks("gemini-cli", tmp_path, handlers, event=event, group=group,
                             context=context)  # fmt: skip


def test_a_block_decision_blocks_the_tool(tmp_path: Path) -> None:
    block = script(tmp_path, "block.sh", 'echo \'{"decision": "block", "reason": "no rm"}\'')
    allow = script(tmp_path, "allow.sh", 'echo \'{"decision": "allow"}\'')
    decision = run_hooks(tmp_path, [command(allow), command(block)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "no rm")
    assert decision["output"]["decision"] == "block"


def test_allow_answers_allow(tmp_path: Path) -> None:
    allow = script(tmp_path, "allow.sh", 'echo \'{"decision": "allow", "systemMessage": "ok"}\'')
    decision = run_hooks(tmp_path, [command(allow)])
    assert decision["verdict"] == "allow" and decision["allowed"]
    assert decision["messages"] == ["ok"]


def test_deny_with_a_stop_reason_and_continue_false_stops(tmp_path: Path) -> None:
    deny = script(tmp_path, "deny.sh", 'echo \'{"decision": "deny", "reason": "r1"}\'')
    stop = script(tmp_path, "stop.sh", 'echo \'{"continue": false, "stopReason": "halt"}\'')
    assert run_hooks(tmp_path, [command(deny)])["verdict"] == "deny"
    decision = run_hooks(tmp_path, [command(deny), command(stop)])
    assert (decision["verdict"], decision["reason"]) == ("stop", "halt")


def test_exit_2_with_text_denies_with_that_text(tmp_path: Path) -> None:
    two = script(tmp_path, "two.sh", "echo 'rm -rf is not allowed' >&2; exit 2")
    decision = run_hooks(tmp_path, [command(two)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "rm -rf is not allowed")
    assert "exit status 2" in decision["messages"][0]


def test_exit_2_with_json_is_read_as_json_and_exit_1_text_is_a_warning(tmp_path: Path) -> None:
    two = script(tmp_path, "two.sh", 'echo \'{"decision": "allow"}\'; exit 2')
    assert run_hooks(tmp_path, [command(two)])["verdict"] == "allow"
    one = script(tmp_path, "one.sh", "echo careful; exit 1")
    decision = run_hooks(tmp_path, [command(one)])
    assert decision["allowed"]  # plain text on exit 1: an allow with a warning
    assert decision["output"]["systemMessage"] == "Warning: careful"
    silent = script(tmp_path, "silent.sh", "exit 2")  # no text: no output, nothing blocks
    assert run_hooks(tmp_path, [command(silent)])["verdict"] == "proceed"


def test_a_timeout_in_milliseconds_kills_the_handler_and_decides_nothing(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", 'sleep 5; echo \'{"decision": "block"}\'')
    decision = run_hooks(tmp_path, [command(slow, timeout=1000)])
    assert decision["verdict"] == "proceed"
    (handler_run,) = decision["runs"]
    assert handler_run["timed_out"] and handler_run["error"] == "timed out after 1000 ms"
    assert handler_run["duration_ms"] < 4000


def test_a_sequential_group_passes_the_rewritten_input_on(tmp_path: Path) -> None:
    rewrite = script(
        tmp_path, "rewrite.sh",
        'cat >/dev/null; echo \'{"hookSpecificOutput": {"tool_input": {"command": "ls"}}}\'',
    )  # fmt: skip
    check = script(
        tmp_path, "check.sh",
        'grep -q \'"command": "ls"\' && echo \'{"decision": "allow"}\' '
        '|| echo \'{"decision": "deny", "reason": "saw the old input"}\'',
    )  # fmt: skip
    decision = run_hooks(tmp_path, [command(rewrite), command(check)], sequential=True)
    assert decision["verdict"] == "allow", decision
    assert decision["updated_input"] == {"command": "ls"}
    parallel = run_hooks(tmp_path, [command(rewrite), command(check)])
    assert parallel["verdict"] == "deny"


def test_the_handler_gets_gemini_s_input_and_variables(tmp_path: Path) -> None:
    echo = script(
        tmp_path, "echo.sh",
        'python3 -c "import json,sys,os; d=json.load(sys.stdin); '
        "print(json.dumps({'systemMessage': "
        "' '.join([d['hook_event_name'], str('timestamp' in d), str('transcript_path' in d), "
        "str(os.environ['GEMINI_PROJECT_DIR'] == d['cwd']), os.environ['MINE']])}))\"",
    )  # fmt: skip
    decision = run_hooks(tmp_path, [command(echo, env={"MINE": "set"})])
    assert decision["messages"] == ["BeforeTool True True True set"]


def test_tabnine_speaks_gemini_s_protocol_with_its_own_variable(tmp_path: Path) -> None:
    project = tmp_path / "p"
    (project / ".tabnine" / "agent").mkdir(parents=True)
    show = script(tmp_path, "show.sh", 'echo "{\\"systemMessage\\": \\"$TABNINE_PROJECT_DIR\\"}"')
    file = project / ".tabnine" / "agent" / "settings.json"
    file.write_text(settings({"AfterAgent": [{"hooks": [command(show)]}]}))
    ctx = tmp_path / "ctx.json"
    ctx.write_text("{}")
    status, out = run("run", str(file), "--event", "AfterAgent", "--context", str(ctx),
                      "--format", "json", "--cwd", str(project))  # fmt: skip
    assert status == 0, out
    decision = json.loads(out)
    assert decision["protocol"] == "tabnine" and decision["messages"] == [str(project)]


def test_the_text_report_says_a_sequential_plan_ran_in_order(tmp_path: Path) -> None:
    project = tmp_path / "project"
    (project / ".gemini").mkdir(parents=True)
    file = project / ".gemini" / "settings.json"
    group = {"matcher": "glob", "sequential": True, "hooks": HANDLER}
    file.write_text(settings({"BeforeTool": [group]}))
    ctx = tmp_path / "ctx.json"
    ctx.write_text('{"tool_name": "glob"}')
    status, out = run("run", str(file), "--event", "BeforeTool", "--context", str(ctx),
                      "--cwd", str(project))  # fmt: skip
    assert status == 0 and "run in order as gemini-cli runs them" in out


def test_deeply_nested_json_from_a_handler_is_no_crash(tmp_path: Path) -> None:
    """A handler's answer is untrusted: nesting past the reader's bound is plain text (an
    allow with a warning on exit 1), never a RecursionError out of the run (found by the
    fuzz target on an AfterAgent handler)."""
    from hookc import handlers

    deep = script(tmp_path, "deep.sh", "python3 -c \"print('[' * 100000 + ']' * 100000)\"; exit 1")
    decision = handlers.run("gemini-cli", "AfterAgent", {}, [("deep", command(deep))])
    assert decision.allowed
    assert decision.runs[0].error is None or "Recursion" not in str(decision.runs[0].error)
