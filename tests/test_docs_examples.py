"""The examples of the README and of docs/ run as shown: each ```console block is a list of
``$ hookc ...`` commands, each followed by what it prints on standard output, run here from
the repository's root; each ``hookc`` command of a ```sh block that names files of this
repository runs to a verdict (exit 0 or 1), never a usage or internal error."""

from __future__ import annotations

import io
import re
import shlex
from pathlib import Path

import pytest

from hookc.cli import main
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


def _run(command: str, monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.chdir(ROOT)
    out, err = io.StringIO(), io.StringIO()
    status = main(shlex.split(command)[1:], stdout=out, stderr=err)
    return status, out.getvalue()


@pytest.mark.parametrize(("document", "command", "shown"), _console_cases())
def test_a_console_example_prints_what_it_shows(
    document: str, command: str, shown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    status, printed = _run(command, monkeypatch)
    assert status in (0, 1)
    assert printed == shown, f"{document}: {command}"


def _sh_commands() -> list[tuple[str, str]]:
    commands = []
    for name, body in _blocks("sh"):
        for line in body.splitlines():
            line = line.split("  #")[0].strip()
            if not line.startswith("hookc ") or any(c in line for c in "|<>$"):
                continue
            words = shlex.split(line)
            paths = [w for w in words[2:] if "/" in w or Path(w).suffix]
            if paths and all((ROOT / w).exists() for w in paths if not w.startswith("-")):
                commands.append((name, line))
    return commands


@pytest.mark.parametrize(("document", "command"), _sh_commands())
def test_a_shell_example_on_this_repositorys_files_runs(
    document: str, command: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    command = command.replace(" -o build/", f" -o {tmp_path}/")
    status, _ = _run(command, monkeypatch)
    assert status in (0, 1), f"{document}: {command}"


def test_the_readme_has_examples_that_run() -> None:
    assert sum(1 for case in _console_cases() if case[0] == "README.md") >= 3
