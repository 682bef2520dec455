"""Promises about the repository itself: the README matches the code and CI."""

from __future__ import annotations

import re
from pathlib import Path

from hookc.diagnostics import CODES

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_documents_every_diagnostic_code_exactly() -> None:
    table = dict(re.findall(r"^\| (HK\d{3}) \| (.+) \|$", README, flags=re.MULTILINE))
    assert table == CODES


def test_ci_runs_the_readme_set_up_commands_verbatim() -> None:
    commands = re.findall(r"```sh\n(.+?)\n```", README.split("## Set-up")[1].split("\n## ")[0])
    assert len(commands) == 2, commands
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in commands:
        assert command in ci, command


def test_readme_states_the_depth_limit_the_parser_enforces() -> None:
    from hookc.cel.parser import MAX_DEPTH

    assert f"Expressions nest at most {MAX_DEPTH} levels" in README
