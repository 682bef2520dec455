"""The examples of the README and of docs/ run as shown: each ```console block is a list of
``$ hookc ...`` commands, each followed by what it prints (standard output, then standard
error, as a terminal shows them: timings aside), run here from
the repository's root; each ``hookc`` line of a ```sh block is a command line hookc's parser
accepts."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from hookc.cli import _parse, main
from tests import ROOT

DOCUMENTS = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").rglob("*.md"))]
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks(kind: str) -> list[tuple[str, str]]:
    found = []
    for document in DOCUMENTS:
        for language, body in _FENCE.findall(document.read_text(encoding="utf-8")):
            if language == kind:
                found.append((str(document.relative_to(ROOT)), body))
    return found


def _console_cases() -> list[tuple[str, str, str]]:
    cases = []
    for name, body in _blocks("console"):
        for command in re.split(r"^(?=\$ )", body, flags=re.MULTILINE):
            if command.startswith("$ hookc "):
                line, _, shown = command.partition("\n")
                cases.append((name, line[2:], shown))
    return cases


def _run(command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)
    # An example's output folder is a temporary one: nothing is written in the repository.
    command = re.sub(r" -o (build/?|DIR)(?= |$)", f" -o {tmp_path}", command)
    out, err = io.StringIO(), io.StringIO()
    status = main(shlex.split(command)[1:], stdout=out, stderr=err)
    return status, out.getvalue() + err.getvalue()  # as a terminal shows them


@pytest.mark.parametrize(("document", "command", "shown"), _console_cases())
def test_a_console_example_prints_what_it_shows(
    document: str, command: str, shown: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    status, printed = _run(command, monkeypatch, tmp_path)
    assert status in (0, 1)
    assert _timeless(printed.replace(str(tmp_path), "build")) == _timeless(shown), document


def _timeless(text: str) -> str:
    """A report without its timings, which differ from run to run."""
    return re.sub(r"\b\d+ ms\b", "N ms", text)


def _sh_commands() -> list[tuple[str, str]]:
    commands = []
    for name, body in _blocks("sh"):
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if line.startswith("hookc "):
                commands.append((name, line))
    return commands


@pytest.mark.parametrize(("document", "command"), _sh_commands())
def test_a_shell_example_is_a_command_line_hookc_accepts(document: str, command: str) -> None:
    """A ``hookc`` line of a ```sh block names the user's own files (``.claude/...``), so it
    cannot run here; its command and options are held to hookc's parser."""
    _parse(shlex.split(command)[1:])  # argparse exits on a command line it refuses


def test_the_readme_has_examples_that_run() -> None:
    assert sum(1 for case in _console_cases() if case[0] == "README.md") >= 3
