"""``hookc run FILE --event E --context CTX [--protocol P] [--dry-run] [--format json]``: the
hooks that match are evaluated, their handlers run by the tool's protocol, and the report
(each handler's exit status, time and output; the merged decision) is exactly the
example's, time aside."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pytest

from hookc import handlers
from hookc.cli import main
from hookc.frontend.lower import file_identity
from tests import ROOT

RUN = ROOT / "examples" / "run"
GUARD = "examples/run/guard.hooks.yaml"
UPDATE = os.environ.get("HOOKC_UPDATE_GOLDEN") == "1"
_TIME = re.compile(r" in \d+ ms$", re.MULTILINE)


def run(*argv: str, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        status = main(list(argv), stdout=out, stderr=err)
    finally:
        sys.stdin = saved
    return status, out.getvalue(), err.getvalue()


SETTINGS = "examples/run/claude-code/.claude/settings.json"
NATIVE = (GUARD, "--protocol", "claude_code")


@pytest.mark.parametrize(
    ("file", "context", "extra", "expected"),
    [
        (NATIVE, "rm_rf.json", (), "rm_rf.expected"),
        (NATIVE, "ls.json", (), "ls.expected"),
        (NATIVE, "rm_rf.json", ("--dry-run",), "dry_run.expected"),
        ((SETTINGS,), "claude-code/rm-rf.json", (), "claude-code/rm-rf.expected"),
        ((SETTINGS,), "claude-code/ls.json", (), "claude-code/ls.expected"),
    ],
)
def test_the_examples_print_exactly_their_expected_files(
    monkeypatch: pytest.MonkeyPatch,
    file: tuple[str, ...],
    context: str,
    extra: tuple[str, ...],
    expected: str,
) -> None:
    monkeypatch.chdir(ROOT)
    argv = ("run", *file, "--event", "PreToolUse")
    status, out, err = run(*argv, "--context", f"examples/run/{context}", *extra)
    out = _TIME.sub(" in 7 ms", out)
    if UPDATE:
        (RUN / expected).write_text(out, encoding="utf-8")
    assert (status, err) == (0, "")
    assert out == (RUN / expected).read_text(encoding="utf-8")


def test_json_output_has_each_run_and_the_decision(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    status, out, _ = run(
        "run",
        GUARD,
        "--protocol",
        "claude_code",
        "--event",
        "PreToolUse",
        "--context",
        "examples/run/rm_rf.json",
        "--format",
        "json",
    )
    report = json.loads(out)
    assert status == 0
    assert (report["verdict"], report["allowed"]) == ("deny", False)
    assert [(r["hook_id"], r["exit_code"]) for r in report["runs"]] == [
        ("block_rm_rf", 2),
        ("note_bash", 0),
    ]
    assert report["additional_context"] == "Bash calls in this project are logged."


def test_a_compiled_module_runs_the_same_handlers(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(ROOT)
    assert run("compile", GUARD, "-o", str(tmp_path), "--name", "guard")[0] == 0
    argv = ("--protocol", "claude_code", "--event", "PreToolUse", "--context")
    status, out, _ = run("run", str(tmp_path / "guard.py"), *argv, "examples/run/rm_rf.json")
    assert status == 0
    assert _TIME.sub(" in 7 ms", out) == (RUN / "rm_rf.expected").read_text(encoding="utf-8")


def test_a_module_compiled_from_claude_code_settings_needs_no_protocol(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # The module records its host (PROFILE), as canonical YAML's `profile:` does, and `run`
    # takes the protocol from it: the same report as from the settings file itself.
    monkeypatch.chdir(ROOT)
    assert run("compile", SETTINGS, "-o", str(tmp_path), "--name", "claude")[0] == 0
    module = (tmp_path / "claude.py").read_text(encoding="utf-8")
    assert "\nPROFILE = 'claude-code'\n" in module
    argv = ("--event", "PreToolUse", "--context", "examples/run/claude-code/rm-rf.json")
    project = ("--project-dir", "examples/run/claude-code")
    status, out, err = run("run", str(tmp_path / "claude.py"), *argv, *project)
    assert (status, err) == (0, "")
    expected = (RUN / "claude-code" / "rm-rf.expected").read_text(encoding="utf-8")
    assert _TIME.sub(" in 7 ms", out) == expected
    # A module of the default profile names no protocol: still asked for.
    assert run("compile", GUARD, "-o", str(tmp_path), "--name", "guard")[0] == 0
    status, _, err = run("run", str(tmp_path / "guard.py"), *argv)
    assert status == 2 and "names no handler protocol" in err


def test_run_and_eval_read_a_claude_folder_as_its_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    argv = ("--event", "PreToolUse", "--context", "examples/run/claude-code/rm-rf.json")
    folder = str(Path(SETTINGS).parent)
    assert run("run", folder, *argv, "--dry-run") == run("run", SETTINGS, *argv, "--dry-run")
    status, out, err = run("eval", folder, *argv)
    assert (status, out, err) == run("eval", SETTINGS, *argv)
    assert status == 0
    first = json.loads(out)[0]["id"]
    assert first.startswith("examples/run/claude-code/.claude/settings.PreToolUse")


def test_timeout_and_cwd_options(tmp_path: Path) -> None:
    hooks = tmp_path / "slow.hooks.yaml"
    hooks.write_text(
        "action_types:\n"
        "  command: {parameters: {command: {type: string}, timeout: {type: integer}}}\n"
        "hooks:\n"
        "  - {id: slow, event: Stop, action: {type: command, command: 'pwd; sleep 30'}}\n",
        encoding="utf-8",
    )
    status, out, _ = run(
        "run",
        str(hooks),
        "--protocol",
        "claude_code",
        "--event",
        "Stop",
        "--context",
        "-",
        "--timeout",
        "0.5",
        "--cwd",
        str(tmp_path),
        "--format",
        "json",
        stdin="{}",
    )
    (handler,) = json.loads(out)["runs"]
    assert status == 0
    assert handler["timed_out"] and handler["signal"] == 9
    assert handler["stdout"] == f"{tmp_path}\n"
    assert json.loads(out)["verdict"] == "proceed"


# The protocols hookc speaks, one per host that runs handlers (hookc.hosts).
KNOWN = ", ".join(sorted(handlers.PROTOCOLS))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ("--protocol", "zed"),
            f"hookc: error: unknown protocol 'zed'; hookc knows {KNOWN}\n",
        ),
        (
            (),
            "hookc: error: the `default` profile names no handler protocol; say which host "
            f"runs these hooks with --protocol ({KNOWN})\n",
        ),
        (
            ("--protocol", "claude_code", "--timeout", "0"),
            "hookc: error: --timeout must be a positive number of seconds\n",
        ),
    ],
)
def test_usage_errors_say_what_to_do(
    monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...], message: str
) -> None:
    monkeypatch.chdir(ROOT)
    status, out, err = run(
        "run", GUARD, "--event", "PreToolUse", "--context", "examples/run/ls.json", *argv
    )
    assert (status, out, err) == (2, "", message)


def test_a_file_with_errors_runs_nothing(tmp_path: Path) -> None:
    broken = tmp_path / "broken.hooks.yaml"
    broken.write_text("hooks:\n  - {event: Stop, when: 'a ==', action: {type: fail}}\n")
    status, out, _ = run(
        "run",
        str(broken),
        "--protocol",
        "claude_code",
        "--event",
        "Stop",
        "--context",
        "-",
        stdin="{}",
    )
    assert status == 1 and "error[HK101]" in out


def test_the_readme_worked_example_blocks_rm_rf_for_real(tmp_path: Path) -> None:
    """README "Running hooks": a Claude Code project's settings.json, read by hookc's
    importer and compiled; a runtime evaluates it and runs the matching handler."""
    from hookc import handlers
    from tests.properties import load

    project = RUN / "claude-code"
    settings = project / ".claude" / "settings.json"
    assert main(["compile", str(settings), "-o", str(tmp_path), "--name", "claude"]) == 0
    module = load((tmp_path / "claude.py").read_text(encoding="utf-8"))
    for command, verdict in (
        ("rm -rf build/", "deny"),
        ("rm -r -f x", "proceed"),
        ("ls -la", "proceed"),
        ("echo rm -fr /", "deny"),
    ):
        context = {"tool_name": "Bash", "tool_input": {"command": command}}
        matches = module.evaluate_all("PreToolUse", context)
        decision = handlers.run("claude_code", "PreToolUse", context, matches, cwd=project)
        assert decision.verdict == verdict, command
    other_tool = {"tool_name": "Write", "tool_input": {"file_path": "rm -rf"}}
    assert module.evaluate_all("PreToolUse", other_tool) == []  # the matcher: Bash only


def test_dry_run_json_lists_handlers_and_runs_nothing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(ROOT)
    marker = tmp_path / "ran"
    hooks = tmp_path / "touch.hooks.yaml"
    hooks.write_text(
        "action_types:\n"
        "  command: {parameters: {command: {type: string}}}\n"
        "hooks:\n"
        f"  - {{id: touch, event: Stop, action: {{type: command, command: 'touch {marker}'}}}}\n",
        encoding="utf-8",
    )
    argv = ("run", str(hooks), "--protocol", "claude_code", "--event", "Stop", "--context", "-")
    status, out, _ = run(*argv, "--dry-run", "--format", "json", stdin='{"session_id": "s"}')
    plan = json.loads(out)
    assert status == 0 and not marker.exists()
    assert [(h["hook_id"], h["target"], h["timeout"]) for h in plan["handlers"]] == [
        ("touch", f"touch {marker}", 600.0)
    ]
    assert plan["stdin"] == {"session_id": "s", "cwd": str(ROOT), "hook_event_name": "Stop"}
    status, out, _ = run(*argv, "--event", "SessionEnd", stdin="{}")
    assert (status, out) == (
        0,
        "event `SessionEnd`: 0 handlers, run at once as claude-code runs them\ndecision: proceed\n",
    )
    assert not marker.exists()


def project(tmp_path: Path, event: str, body: str, **fields: object) -> Path:
    """A Claude Code project whose settings run one hook script for ``event``."""
    hooks = tmp_path / ".claude" / "hooks"
    hooks.mkdir(parents=True)
    (hooks / "hook.sh").write_text(f"#!/bin/sh\ncat > /dev/null\n{body}\n", encoding="utf-8")
    (hooks / "hook.sh").chmod(0o755)
    handler = {"type": "command", "command": '"$CLAUDE_PROJECT_DIR"/.claude/hooks/hook.sh'}
    settings = {"hooks": {event: [{"hooks": [{**handler, **fields}]}]}}
    path = tmp_path / ".claude" / "settings.json"
    path.write_text(json.dumps(settings), encoding="utf-8")
    return path


def run_event(settings: Path, event: str, *extra: str) -> tuple[int, str]:
    status, out, _ = run(
        "run", str(settings), "--event", event, "--context", "-", *extra, stdin=json.dumps(BASH)
    )
    return status, _TIME.sub(" in 7 ms", out)


BASH = {"tool_name": "Bash", "tool_input": {"command": "rm -rf build/"}}
HOOK = '"$CLAUDE_PROJECT_DIR"/.claude/hooks/hook.sh'


def test_a_deny_without_hook_event_name_is_reported_as_the_hook_error_it_is(
    tmp_path: Path,
) -> None:
    """Claude Code rejects `hookSpecificOutput` without the event's `hookEventName` as a
    hook error and runs the tool; `hookc run` said `deny`."""
    answer = '{"hookSpecificOutput": {"permissionDecision": "deny"}}'
    settings = project(tmp_path, "PreToolUse", f"echo '{answer}'")
    hook = f"{file_identity(str(settings))}.PreToolUse.0.0"
    assert run_event(settings, "PreToolUse") == (
        0,
        "event `PreToolUse`: 1 handler, run at once as claude-code runs them\n"
        f"1. {hook}: command `{HOOK}`\n"
        "   exit 0 (invalid hook output: `hookSpecificOutput` has no `hookEventName`) in 7 ms\n"
        f"   stdout: {answer}\n"
        "decision: proceed\n"
        f"  hook error (the user sees it): PreToolUse hook error ({hook}): "
        "invalid hook output: `hookSpecificOutput` has no `hookEventName`\n",
    )


@pytest.mark.parametrize(
    ("event", "verdict", "line"),
    [
        ("PreToolUse", "deny", "  reason (the model sees it): lint failed"),
        ("PostToolUse", "proceed", "  stderr (exit 2) (the model sees it): lint failed"),
        ("SessionStart", "proceed", "  stderr (exit 2) (the user sees it): lint failed"),
        ("Notification", "proceed", "  stderr (exit 2) (nobody sees it): lint failed"),
    ],
)
def test_run_says_who_sees_exit_2s_stderr(
    tmp_path: Path, event: str, verdict: str, line: str
) -> None:
    settings = project(tmp_path, event, "echo 'lint failed' >&2; exit 2")
    status, out = run_event(settings, event)
    assert status == 0
    assert out.endswith(f"decision: {verdict}\n{line}\n")


def test_on_failure_block_turns_a_guard_that_cannot_run_into_a_denial(tmp_path: Path) -> None:
    """A native file read by Claude Code's protocol: the catalog declares `onFailure`."""
    hooks = tmp_path / "guard.hooks.yaml"
    hooks.write_text(
        "action_types:\n"
        "  command:\n"
        "    parameters:\n"
        "      command: {type: string, required: true}\n"
        "      onFailure: {type: string, enum: [continue, block]}\n"
        "hooks:\n"
        "  - id: guard\n"
        "    event: PreToolUse\n"
        "    action:\n"
        "      type: command\n"
        f"      command: '{tmp_path}/missing-guard.sh'\n"
        "      onFailure: block\n",
        encoding="utf-8",
    )
    status, out = run_event(hooks, "PreToolUse", "--protocol", "claude_code")
    assert status == 0
    assert "decision: deny\n  reason (the model sees it): " in out
    assert "missing-guard.sh" in out.split("decision: deny", 1)[1]


@pytest.mark.parametrize("format", ["text", "json"])
def test_a_handler_answering_hostile_json_is_reported_not_an_internal_error(
    tmp_path: Path, format: str
) -> None:
    """Before: a list permissionDecision (TypeError) or nesting 100,000 deep
    (RecursionError) made `hookc run` exit 2 with "internal error"."""
    for name, answer in (
        (
            "list",
            '{"hookSpecificOutput": {"hookEventName": "PreToolUse", '
            '"permissionDecision": ["deny"]}}',
        ),
        ("deep", '{"a": ' + "[" * 100_000 + "]" * 100_000 + "}"),
    ):
        folder = tmp_path / name
        (folder / "answer.json").parent.mkdir()
        (folder / "answer.json").write_text(answer, encoding="utf-8")
        settings = project(folder, "PreToolUse", f"cat '{folder}/answer.json'")
        status, out = run_event(settings, "PreToolUse", "--format", format)
        assert status == 0, out
        if format == "json":
            result = json.loads(out)
            assert result["verdict"] == "proceed"
            assert result["notices"][0]["what"] == "hook error"
        else:
            assert "decision: proceed\n  hook error (the user sees it): " in out
