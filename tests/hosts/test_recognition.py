"""Whose a file is, when Claude Code's shape fits several hosts: path first, then content
only one host's files have, then the shape, which leaves the host unsettled (HK770) unless
the events and handler types it names settle it; ``--host`` settles it too, and ``eval``,
``compile`` and ``run`` refuse an unsettled file."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from hookc.cli import main
from hookc.frontend.load import load_source
from hookc.hosts import recognize
from hookc.source import Source

SHAPE_HOSTS = ["claude-code", "qwen-code", "factory", "augment", "codex"]


def hooks(events: dict[str, str], kind: str = "command") -> str:
    """A Claude-shaped file: one group per event, with the matcher given."""
    return json.dumps(
        {
            "hooks": {
                event: [{"matcher": matcher, "hooks": [{"type": kind, "command": "echo hi"}]}]
                for event, matcher in events.items()
            }
        }
    )


GUARD = hooks({"PreToolUse": "Bash"})
CLAUDE_QWEN = ("claude-code", ["claude-code", "qwen-code"])


def candidates(name: str, text: str) -> list[str]:
    return [host.name for host in recognize(name, text).candidates]


def host_of(name: str, text: str) -> str | None:
    found = recognize(name, text).host
    return found.name if found is not None else None


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("name", ["hooks.json", "settings.json", "config/agent-hooks.json"])
def test_claude_code_shape_outside_any_host_folder_is_unsettled(name: str) -> None:
    assert host_of(name, GUARD) == "claude-code"
    assert candidates(name, GUARD) == SHAPE_HOSTS


@pytest.mark.parametrize(
    ("name", "host"),
    [
        (".claude/settings.json", "claude-code"),
        (".claude/settings.local.json", "claude-code"),
        (".codex/hooks.json", "codex"),
        (".qwen/settings.json", "qwen-code"),
        (".factory/hooks.json", "factory"),
        (".factory/settings.json", "factory"),
        (".augment/settings.json", "augment"),
        # A host's folder says whose a file is, even a name that host does not load.
        (".factory/hooks/extra.json", "factory"),
        (".claude/hooks/extra.json", "claude-code"),
    ],
)
def test_a_path_settles_the_host(name: str, host: str) -> None:
    assert host_of(name, GUARD) == host
    assert candidates(name, GUARD) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # An event only one host has decides.
        (hooks({"TodoCreated": ""}), ("qwen-code", [])),
        (hooks({"PreToolUse": "Bash", "PostToolUseFailure": "Bash"}), CLAUDE_QWEN),
        (hooks({"PreToolUse": "Bash", "WorktreeCreate": ""}), ("claude-code", [])),
        (hooks({"PreToolUse": "Bash", "PermissionRequest": "Bash"}),
         ("claude-code", ["claude-code", "qwen-code", "codex"])),
        (hooks({"Interrupt": ""}), ("codex", [])),
        # A handler type only some have narrows too.
        (hooks({"PreToolUse": "Bash"}, "prompt"), CLAUDE_QWEN),
        (hooks({"PreToolUse": "Bash"}, "mcp_tool"), ("claude-code", ["claude-code", "codex"])),
        (hooks({"PreToolUse": "Bash"}, "agent"), ("claude-code", [])),
        # A misspelt event no host knows decides nothing.
        (hooks({"PreToolUse": "Bash", "PreToolUsee": ""}), ("claude-code", SHAPE_HOSTS)),
        # Events of two hosts that no one host has together: unsettled between them.
        (hooks({"TodoCreated": "", "WorktreeCreate": ""}), CLAUDE_QWEN),
    ],
)  # fmt: skip
def test_the_content_narrows_the_candidates(text: str, expected: tuple[str, list[str]]) -> None:
    assert (host_of("hooks.json", text), candidates("hooks.json", text)) == expected


def test_a_file_that_is_not_json_is_the_shapes_origins_alone() -> None:
    """Its syntax error is the finding, whoever reads it."""
    broken = GUARD[:-2]
    assert (host_of("hooks.json", broken), candidates("hooks.json", broken)) == ("claude-code", [])


def test_an_empty_hooks_file_is_claude_codes_alone() -> None:
    assert (host_of("hooks.json", '{"hooks": {}}'), candidates("hooks.json", '{"hooks": {}}')) == (
        "claude-code",
        [],
    )


def test_copilot_and_codex_fields_do_not_make_a_claude_shaped_file_unsettled() -> None:
    """`timeoutSec` is Copilot's own field (and an alias the current Codex ignores):
    Copilot's claim by it is its own content, above a shape."""
    text = json.dumps({"hooks": {"PostToolUse": [{"matcher": "apply_patch", "hooks": [
        {"type": "command", "command": "fmt", "timeoutSec": 30}]}]}})  # fmt: skip
    assert (host_of("hooks.json", text), candidates("hooks.json", text)) == ("copilot", [])


@pytest.mark.parametrize(
    ("manifest", "host"),
    [
        (".claude-plugin", "claude-code"),
        (".codex-plugin", "codex"),
        ("gemini-extension.json", None),
    ],
)
def test_a_plugins_manifest_settles_its_hooks_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, manifest: str, host: str | None
) -> None:
    monkeypatch.chdir(tmp_path)
    if manifest.endswith(".json"):
        (tmp_path / "p").mkdir()
        (tmp_path / "p" / manifest).write_text("{}")
        text = json.dumps({"hooks": {"BeforeTool": [{"matcher": "x", "hooks": [
            {"type": "command", "command": "echo"}]}]}})  # fmt: skip
        host = "gemini-cli"
    else:
        (tmp_path / "p" / manifest).mkdir(parents=True)
        text = GUARD
    assert (host_of("p/hooks/hooks.json", text), candidates("p/hooks/hooks.json", text)) == (
        host,
        [],
    )


def test_without_a_manifest_a_plugins_hooks_file_is_unsettled(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert candidates("p/hooks/hooks.json", GUARD) == SHAPE_HOSTS


def test_check_reports_the_unsettled_host_and_reads_it_as_the_origins() -> None:
    loaded = load_source(Source("hooks.json", GUARD))
    assert loaded.profile.name == "claude-code"
    (finding,) = loaded.diagnostics
    assert finding.code == "HK770" and finding.severity.value == "warning"
    assert "claude-code, qwen-code, factory, augment and codex" in finding.message
    assert "unsettled" in finding.message and "--host NAME" in (finding.hint or "")


def test_a_profile_asked_for_settles_it_without_a_finding() -> None:
    from hookc.hosts.profile import load_profile

    loaded = load_source(Source("hooks.json", GUARD), load_profile("factory"))
    assert loaded.profile.name == "factory"
    assert [d.code for d in loaded.diagnostics] == ["HK702"]  # Factory's shell is `Execute`


@pytest.fixture
def guard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "hooks.json").write_text(GUARD)
    (tmp_path / "ctx.json").write_text(json.dumps({"tool_name": "Bash", "tool_input": {}}))
    return tmp_path


@pytest.mark.parametrize(
    ("argv", "option"),
    [
        (["eval", "hooks.json", "--event", "PreToolUse", "--context", "ctx.json"], "--host"),
        (["run", "hooks.json", "--event", "PreToolUse", "--context", "ctx.json"], "--host"),
        (["compile", "hooks.json", "-o", "out"], "--host"),
    ],
)
def test_eval_compile_and_run_refuse_an_unsettled_file(
    guard: Path, argv: list[str], option: str
) -> None:
    status, out, err = run(*argv)
    assert status == 2 and out == ""
    assert "unsettled" in err and "claude-code, qwen-code, factory, augment and codex" in err
    assert f"{option} NAME" in err
    assert not (guard / "out").exists()


@pytest.mark.parametrize(
    "argv",
    [
        ["eval", "--host", "codex", "hooks.json", "--event", "PreToolUse", "--context", "ctx.json"],
        ["run", "--host", "codex", "--dry-run", "hooks.json", "--event", "PreToolUse",
         "--context", "ctx.json"],
        ["compile", "--profile", "codex", "hooks.json", "-o", "out"],
        ["compile", "--host", "codex", "hooks.json", "-o", "out"],
        ["check", "--host", "factory", "hooks.json"],
    ],
)  # fmt: skip
def test_naming_the_host_settles_it(guard: Path, argv: list[str]) -> None:
    status, out, err = run(*argv)
    assert status == 0, (out, err)
    assert "HK770" not in out + err and "unsettled" not in out + err


def test_compile_host_gives_the_module_that_hosts_meaning(guard: Path) -> None:
    status, _, err = run("compile", "--host", "factory", "hooks.json", "-o", "out")
    assert status == 0, err
    assert "\nPROFILE = 'factory'\n" in (guard / "out" / "hooks_json.py").read_text()


@pytest.mark.parametrize("hosts", ["codex,factory", "all"])
def test_compile_host_names_one_host(guard: Path, hosts: str) -> None:
    status, out, err = run("compile", "--host", hosts, "hooks.json", "-o", "out")
    assert status == 2 and out == ""
    assert "a module has one host's meaning" in err
    assert not (guard / "out").exists()


def test_the_configurations_hosts_settle_it(guard: Path) -> None:
    timed = json.loads(GUARD)
    timed["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"] = 10
    (guard / "hooks.json").write_text(json.dumps(timed))
    (guard / "hookc.toml").write_text('[per-file-hosts]\n"hooks.json" = ["qwen-code"]\n')
    _, out, _ = run("check", "hooks.json")
    assert "HK770" not in out
    assert "HK717" in out  # Qwen Code's command timeouts are milliseconds: 10 is not meant
