"""Finding the configuration: a pyproject.toml configures hookc iff it has a [tool.hookc]
table, however TOML spells it; a file where `hookc` stands as no key is not parsed at all
(issue 15: start-up), and the answer is always the parser's."""

from __future__ import annotations

import io
import tomllib
from pathlib import Path

import pytest

from hookc.cli import main
from hookc.config import find_config

SPELLINGS = [
    "[tool.hookc]\nstrict = true\n",
    '[ tool . "hookc" ]\nstrict = true\n',
    '[tool.\'hookc\'.per-file-ignores]\n"a/*" = ["HK501"]\n',
    "[tool]\nhookc = {strict = true}\n",
    "[tool]\n  hookc.strict = true\n",
    "tool.hookc.strict = true\n",
    "tool = {ruff = {}, hookc = {strict = true}}\n",
    '[tool]\n"\\u0068ookc" = {strict = true}\n',
    "[[tool.hookc]]\nstrict = true\n",
]
NOT_CONFIGURING = [
    '[project]\nname = "app"\ndependencies = ["hookc>=0.1", "pyyaml"]\n',
    '[project]\ndependencies = [\n    "requests",\n    "hookc",\n]\n',
    '[project.scripts]\nhookc = "hookc.cli:run"\n',  # a key hookc, outside [tool]
    "[hookc]\nstrict = true\n",  # a top-level table, not tool's
    "[tool.ruff]\nline-length = 100  # hookc wants 100 too\n",
    '[tool]\n"\\u0068ookcx" = 1\n',
    "[tool.hookcx]\nstrict = true\n",
    # Broken, but `hookc` stands in it as no key: a dependency's name.
    '[project]\nname = "app\ndependencies = ["hookc"]\n',
]
# Files that do not parse but were meant to configure hookc (issue 25, item 14): taken, so
# that the run stops on them instead of running without `strict` and every selection.
BROKEN = [
    "not = [valid toml\n[tool.hookc]\n",
    '[project]\nname = "app\nversion = "1"\n\n[tool.hookc]\nstrict = true\n',
    "[tool.hookc\nstrict = true\n",
    "[tool . 'hookc'.per-file-ignores\n",
]


def _configures(text: str) -> bool:
    try:
        tool = tomllib.loads(text).get("tool")
    except tomllib.TOMLDecodeError:
        return False
    return isinstance(tool, dict) and "hookc" in tool


@pytest.mark.parametrize("text", SPELLINGS + NOT_CONFIGURING)
def test_a_pyproject_configures_hookc_exactly_when_it_has_a_tool_hookc_table(
    tmp_path: Path, text: str
) -> None:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    expected = tmp_path / "pyproject.toml" if _configures(text) else None
    assert find_config(tmp_path) == (expected.resolve() if expected else None)
    assert (text in SPELLINGS) == _configures(text)  # the lists say what they mean


@pytest.mark.parametrize("text", NOT_CONFIGURING[:2])
def test_a_pyproject_naming_hookc_only_as_a_dependency_is_not_parsed(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")

    def refuse(_: str) -> object:
        raise AssertionError("parsed")

    monkeypatch.setattr(tomllib, "loads", refuse)
    assert find_config(tmp_path) is None


@pytest.mark.parametrize("text", BROKEN)
def test_a_pyproject_that_does_not_parse_but_configures_hookc_is_a_usage_error(
    tmp_path: Path, text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "pyproject.toml").write_text(text, encoding="utf-8")
    (tmp_path / "a.hooks.yaml").write_text(
        "hooks:\n  - {id: a, event: limit, action: {type: escalate, target: user_approval}}\n",
        encoding="utf-8",
    )
    assert find_config(tmp_path) == (tmp_path / "pyproject.toml").resolve()
    monkeypatch.chdir(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    assert main(["check", "a.hooks.yaml"], stdout=out, stderr=err) == 2
    message = err.getvalue()
    # The file, and the parser's own words with the line it stopped at.
    assert "pyproject.toml: not valid TOML: " in message and "(at line " in message
    assert out.getvalue() == ""
