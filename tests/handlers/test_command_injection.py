"""The event reaches a handler's command only as data, never as shell text (HK715).

A template inside a command would be rendered from the event (what a model wrote) and run
under ``sh -c``. Every host whose commands can hold a hookc template (A3S's `handler:`, and
native or canonical files with the `claude-code`, `a3s` and `docker-agent` profiles, and
the registry's `script`) is tried with hostile values: ``check`` refuses the file,
``hookc run`` refuses to run it, ``hookc.runtime`` refuses to load it, and the file the
value names is never created. The routes that stay open (``env`` quoted by the command,
JSON on standard input; a Claude Code settings file, whose ``${VAR}`` is the shell's)
carry the same values through as text.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

import hookc.runtime
from hookc import handlers
from hookc.cli import main

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shells")

# Each would create PWNED in the working directory if it reached the shell as code.
HOSTILE = [
    "$(touch PWNED)",
    "`touch PWNED`",
    "x; touch PWNED",
    "x\ntouch PWNED",
    "x' ; touch PWNED ; '",
    'x" ; touch PWNED ; "',
    "x && touch PWNED #",
    "x | touch PWNED",
]


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


# (file name, text, event, the context with `{value}` for the hostile value)
FILES = {
    "a3s handler": (
        "audit.yaml",
        '- id: audit\n  event_type: pre_tool_use\n  handler: {command: "echo ${args.command}"}\n',
        "pre_tool_use",
        {"session_id": "s", "tool": "Bash", "args": {"command": "{value}"}},
    ),
    "native claude-code": (
        "cc.hooks.yaml",
        "profile: claude-code\nhooks:\n  - id: audit\n    event: PreToolUse\n"
        '    action: {type: command, command: "echo ${tool_input.command}"}\n',
        "PreToolUse",
        {"tool_name": "Bash", "tool_input": {"command": "{value}"}},
    ),
    "native a3s": (
        "a3s.hooks.yaml",
        "profile: a3s\nhooks:\n  - id: audit\n    event: pre_tool_use\n"
        '    action: {type: command, command: "echo ${args.command}"}\n',
        "pre_tool_use",
        {"session_id": "s", "tool": "Bash", "args": {"command": "{value}"}},
    ),
    "native docker-agent": (
        "da.hooks.yaml",
        "profile: docker-agent\nhooks:\n  - id: audit\n    event: pre_tool_use\n"
        '    action: {type: command, command: "echo ${tool_input.command}"}\n',
        "pre_tool_use",
        {"tool_name": "shell", "tool_input": {"command": "{value}"}},
    ),
    "native registry script": (
        "reg.hooks.yaml",
        "profile: system-hooks\nhooks:\n  - id: audit\n    event: PreAbilityCall\n"
        '    action: {type: script, command: "echo ${ability.args}"}\n',
        "PreAbilityCall",
        {"ability": {"args": "{value}"}},
    ),
    "canonical, tagged template": (
        "canonical.hooks.yaml",
        "profile: claude-code\nhooks:\n  - id: audit\n    event: PreToolUse\n    action:\n"
        "      type: command\n"
        "      command:\n        template:\n          - 'echo '\n"
        "          - {node: select, operand: {node: ident, name: tool_input}, field: command}\n",
        "PreToolUse",
        {"tool_name": "Bash", "tool_input": {"command": "{value}"}},
    ),
}


def _context(shape: dict[str, object], value: str) -> dict[str, object]:
    return json.loads(json.dumps(shape).replace("{value}", json.dumps(value)[1:-1]))


@pytest.mark.parametrize("host", sorted(FILES))
def test_check_refuses_a_template_inside_a_command(tmp_path: Path, host: str) -> None:
    name, text, _, _ = FILES[host]
    (tmp_path / name).write_text(text)
    status, out, _ = cli("check", str(tmp_path / name))
    assert status == 1
    assert "error[HK715]" in out and "shell command" in out


@pytest.mark.parametrize("host", sorted(FILES))
def test_hookc_run_never_runs_a_hostile_value_as_shell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, host: str
) -> None:
    name, text, event, shape = FILES[host]
    (tmp_path / name).write_text(text)
    monkeypatch.chdir(tmp_path)
    for value in HOSTILE:
        (tmp_path / "ctx.json").write_text(json.dumps(_context(shape, value)))
        status, out, _ = cli("run", name, "--event", event, "--context", "ctx.json")
        assert status == 1 and "HK715" in out, out
        assert not (tmp_path / "PWNED").exists(), value


@pytest.mark.parametrize(
    "command",
    [
        "echo ${tool_input.command}",
        {"template": ["echo ", {"node": "ident", "name": "tool_input"}]},
    ],
)
def test_the_runtime_refuses_to_load_a_template_inside_a_command(command: object) -> None:
    text = json.dumps(
        {"hooks": [{"id": "a", "event": "E", "action": {"type": "command", "command": command}}]}
    )
    with pytest.raises(hookc.runtime.LoadError, match=r"action\.command: .*HK715"):
        hookc.runtime.loads(text + "\n")


def test_literal_text_in_a_command_still_loads() -> None:
    """`{template: [...]}` of text alone is canonical YAML's way of writing `${` as text."""
    text = json.dumps(
        {
            "hooks": [
                {
                    "id": "a",
                    "event": "E",
                    "action": {"type": "command", "command": {"template": ["${HOME}/x.sh"]}},
                }
            ]
        }
    )
    loaded = hookc.runtime.loads(text + "\n")
    assert loaded.evaluate_all("E", {}) == [("a", {"type": "command", "command": "${HOME}/x.sh"})]


def test_a_template_outside_a_command_is_data_and_stays_allowed(tmp_path: Path) -> None:
    """An A3S response's reason, a docker-agent handler's `env`: data, not shell text."""
    file = tmp_path / "ok.hooks.yaml"
    file.write_text(
        "profile: docker-agent\nhooks:\n  - id: audit\n    event: pre_tool_use\n"
        "    action:\n      type: command\n      command: 'printf %s \"$CMD\"'\n"
        "      env: {CMD: '${tool_input.command}'}\n"
    )
    status, out, _ = cli("check", str(file))
    assert status == 0, out


@pytest.mark.parametrize("value", HOSTILE)
def test_a_value_passed_in_env_and_quoted_is_only_text(tmp_path: Path, value: str) -> None:
    file = tmp_path / "ok.hooks.yaml"
    file.write_text(
        "profile: docker-agent\nhooks:\n  - id: audit\n    event: post_tool_use\n"
        "    action:\n      type: command\n      command: 'printf %s \"$CMD\"'\n"
        "      env: {CMD: '${tool_input.command}'}\n"
    )
    context = {"tool_name": "shell", "tool_input": {"command": value}}
    matches = hookc.runtime.load(file).evaluate_all("post_tool_use", context)
    decision = handlers.run("docker_agent", "post_tool_use", context, matches, cwd=tmp_path)
    (run,) = decision.runs
    assert run.stdout == value
    assert not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize("value", HOSTILE)
def test_a_claude_code_settings_file_hands_its_command_to_the_shell_as_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """Claude Code renders nothing in a command: `${tool_input.command}` is bash's (a bad
    substitution), so the model's text never becomes code."""
    settings = tmp_path / ".claude" / "settings.json"
    settings.parent.mkdir()
    hook = {"type": "command", "command": "echo ${tool_input.command}"}
    settings.write_text(json.dumps({"hooks": {"PreToolUse": [{"hooks": [hook]}]}}))
    (tmp_path / "ctx.json").write_text(
        json.dumps({"tool_name": "Bash", "tool_input": {"command": value}})
    )
    monkeypatch.chdir(tmp_path)
    status, out, _ = cli(
        "run", ".claude/settings.json", "--event", "PreToolUse", "--context", "ctx.json"
    )
    assert status == 0 and "bad substitution" in out
    assert not (tmp_path / "PWNED").exists()
