"""`hookc run` gives each Claude-shaped host's own decision, with real handler scripts:
a silent exit 0 lets the call through; exit 2 denies it with the script's stderr; the
host's own JSON deny, `decision: block` and allow answers decide as the host says, and the
other protocol's deny does not (Gemini CLI and Tabnine have no `permissionDecision`;
Claude Code and its copies take `decision` as approve or block only, so `deny` is a failed
run); a handler past its timeout, in the host's unit, is killed and decides nothing (a
non-blocking error in every one of them).

The hosts' protocols: Claude Code's hooks reference (code.claude.com/docs/en/hooks), Codex's
`codex-rs/hooks` output parsing, Gemini CLI's `hookRunner`/`hookAggregator` (Tabnine runs
Gemini's unchanged), Qwen Code's copy of Claude Code's, and the hooks pages of Factory and
Augment (docs.factory.ai/reference/hooks-reference, docs.augmentcode.com/cli/hooks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hosts.running import (
    CLAUDE_ALLOW,
    CLAUDE_DENY,
    CODEX_ALLOW,
    GEMINI_DENY,
    SHAPED,
    answering,
    command,
    run_hooks,
    script,
)

HOSTS = sorted(SHAPED)

# The run error a deny written in the other protocol gets: None where it is not read.
CLAUDE_MISREAD = "invalid hook output: `decision` is 'deny', not approve or block"
FOREIGN_DENY_ERROR = {
    "claude-code": CLAUDE_MISREAD,
    "codex": "PreToolUse hook returned invalid decision 'deny'",
    "gemini-cli": None,
    "tabnine": None,
    "qwen-code": CLAUDE_MISREAD,
    "factory": CLAUDE_MISREAD,
    "augment": CLAUDE_MISREAD,
}
# The verdict of the host's allow answer: Codex's PreToolUse cannot approve a call, only
# rewrite its input; `allow` alone is a failed run there.
ALLOW_VERDICT = {host: "allow" for host in SHAPED} | {"codex": "proceed"}
CODEX_ALLOW_ALONE = "PreToolUse hook returned unsupported permissionDecision:allow"
# How each reports its timeout, in its own unit.
TIMED_OUT = {
    "claude-code": "timed out after 0.5 s",
    "codex": "timed out after 1 s",
    "gemini-cli": "timed out after 500 ms",
    "tabnine": "timed out after 500 ms",
    "qwen-code": "timed out after 0.5 s",
    "factory": "timed out after 1 s",
    "augment": "timed out after 0.5 s",
}


def test_every_claude_shaped_host_is_run_here() -> None:
    from hookc.hosts import hosts

    shaped = {h.name for h in hosts() if h.name == "claude-code" or h.shape_of == "claude-code"}
    assert shaped <= set(SHAPED) and set(FOREIGN_DENY_ERROR) == set(TIMED_OUT) == set(SHAPED)


@pytest.mark.parametrize("host", HOSTS)
def test_a_silent_exit_0_lets_the_call_through(host: str, tmp_path: Path) -> None:
    silent = script(tmp_path, "silent.sh", "cat >/dev/null; exit 0")
    decision = run_hooks(host, tmp_path, [command(silent)])
    assert (decision["verdict"], decision["allowed"], decision["reason"]) == ("proceed", True, None)
    assert decision["runs"][0]["error"] is None


@pytest.mark.parametrize("host", HOSTS)
def test_exit_2_denies_with_its_stderr(host: str, tmp_path: Path) -> None:
    two = script(tmp_path, "two.sh", "cat >/dev/null; echo 'no rm' >&2; exit 2")
    decision = run_hooks(host, tmp_path, [command(two)])
    assert (decision["verdict"], decision["allowed"]) == ("deny", False)
    assert decision["reason"] == "no rm"


@pytest.mark.parametrize("host", HOSTS)
def test_the_host_s_own_deny_and_block_answers_deny(host: str, tmp_path: Path) -> None:
    deny = answering(tmp_path, "deny.sh", SHAPED[host].deny)
    decision = run_hooks(host, tmp_path, [command(deny)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "no rm")
    block = answering(tmp_path, "block.sh", {"decision": "block", "reason": "no rm"})
    decision = run_hooks(host, tmp_path, [command(block)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "no rm")


@pytest.mark.parametrize("host", HOSTS)
def test_the_other_protocol_s_deny_does_not_deny(host: str, tmp_path: Path) -> None:
    foreign = GEMINI_DENY if SHAPED[host].deny == CLAUDE_DENY else CLAUDE_DENY
    decision = run_hooks(host, tmp_path, [command(answering(tmp_path, "deny.sh", foreign))])
    assert (decision["verdict"], decision["allowed"]) == ("proceed", True)
    assert decision["runs"][0]["error"] == FOREIGN_DENY_ERROR[host]


@pytest.mark.parametrize("host", HOSTS)
def test_the_host_s_allow_answer_allows_and_a_deny_beside_it_wins(
    host: str, tmp_path: Path
) -> None:
    allow = answering(tmp_path, "allow.sh", SHAPED[host].allow)
    decision = run_hooks(host, tmp_path, [command(allow)])
    assert (decision["verdict"], decision["allowed"]) == (ALLOW_VERDICT[host], True)
    assert decision["runs"][0]["error"] is None
    deny = answering(tmp_path, "deny.sh", SHAPED[host].deny)
    decision = run_hooks(host, tmp_path, [command(allow), command(deny)])
    assert (decision["verdict"], decision["reason"]) == ("deny", "no rm")


@pytest.mark.parametrize("host", HOSTS)
def test_a_handler_past_its_timeout_is_killed_and_decides_nothing(
    host: str, tmp_path: Path
) -> None:
    slow = script(tmp_path, "slow.sh", "sleep 5; echo 'no rm' >&2; exit 2")
    handler = command(slow, timeout=SHAPED[host].short_timeout)
    decision = run_hooks(host, tmp_path, [handler])
    assert (decision["verdict"], decision["allowed"]) == ("proceed", True)
    (handler_run,) = decision["runs"]
    assert handler_run["timed_out"] and handler_run["error"] == TIMED_OUT[host]
    assert handler_run["duration_ms"] < 4000  # killed, not waited for


def test_codex_s_allow_rewrites_the_input_and_allow_alone_fails_the_run(tmp_path: Path) -> None:
    decision = run_hooks("codex", tmp_path, [command(answering(tmp_path, "a.sh", CODEX_ALLOW))])
    assert decision["updated_input"] == {"command": "ls"}
    alone = answering(tmp_path, "alone.sh", CLAUDE_ALLOW)
    decision = run_hooks("codex", tmp_path, [command(alone)])
    assert decision["verdict"] == "proceed" and decision["runs"][0]["error"] == CODEX_ALLOW_ALONE
