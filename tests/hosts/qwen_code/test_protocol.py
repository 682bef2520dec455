"""`hookc run` on a Qwen Code settings file: what is Qwen's own beside the answers, exit
codes and millisecond timeouts every Claude-shaped host's file is run with in
``tests/hosts/test_running.py`` (real handler scripts written into the test's folder)."""

from __future__ import annotations

from pathlib import Path

from tests.hosts.running import command, run_hooks, script


def test_the_project_folder_is_in_the_environment(tmp_path: Path) -> None:
    show = script(tmp_path, "show.sh", 'echo "$QWEN_PROJECT_DIR" >&2; exit 2')
    decision = run_hooks("qwen-code", tmp_path, [command(show)])
    assert decision["reason"] == str(tmp_path / "project")


def test_a_command_timeout_of_300_is_milliseconds(tmp_path: Path) -> None:
    slow = script(tmp_path, "slow.sh", "sleep 5; echo 'rm is refused' >&2; exit 2")
    decision = run_hooks("qwen-code", tmp_path, [command(slow, timeout=300)])  # not 300 s
    assert decision["allowed"] and decision["runs"][0]["timed_out"]
