"""The command line, called in-process: exact output and exit status."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hookc
from hookc import cli
from hookc.cli import COMMANDS, main
from hookc.commands import PlainHelpFormatter, terminal_columns
from tests import ROOT

EXAMPLES = ROOT / "examples" / "expressions"


def run(*argv: str, stdin: str | None = None, monkeypatch: pytest.MonkeyPatch | None = None):
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_version_prints_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"hookc {hookc.__version__}\n"


def test_help_exits_zero_and_lists_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    assert "expr" in capsys.readouterr().out


@pytest.mark.parametrize("columns", [None, "0", "-5", "wide", "37", "100"])
def test_the_terminal_width_is_the_one_shutil_gives(
    monkeypatch: pytest.MonkeyPatch, columns: str | None
) -> None:
    if columns is None:
        monkeypatch.delenv("COLUMNS", raising=False)
    else:
        monkeypatch.setenv("COLUMNS", columns)
    assert terminal_columns() == shutil.get_terminal_size().columns


@pytest.mark.parametrize("command", [None, *COMMANDS])
def test_help_is_what_argparses_own_formatter_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], command: str | None
) -> None:
    """hookc's formatters ask the width without shutil (start-up), and print the same."""
    argv = ["--help"] if command is None else [command, "--help"]
    for columns in ("52", "100"):
        monkeypatch.setenv("COLUMNS", columns)
        assert main(argv) == 0
        ours = capsys.readouterr().out
        with monkeypatch.context() as stock:
            stock.setattr(PlainHelpFormatter, "__init__", argparse.HelpFormatter.__init__)
            assert main(argv) == 0
        assert ours == capsys.readouterr().out


WORDS = [*COMMANDS, "--help", "--version", "-o", "out", "--format", "json", "x", "-"]


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=5), st.integers(0, 5))
def test_a_line_parses_as_with_a_parser_for_every_command(words: list[str], at: int) -> None:
    """A run makes parsers only for the commands its line names (start-up); what argparse
    prints and returns is what it would with every command's parser. Each line has an
    unknown option, so that argparse stops it before any command runs."""
    argv = [*words[:at], "--bogus", *words[at:]]

    def outcome() -> tuple[int, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(argv)
        return status, out.getvalue(), err.getvalue()

    ours = outcome()
    with mock.patch.object(cli, "_parse", _read_by_the_whole_parser):
        assert ours == outcome()


def _read_by_the_whole_parser(arguments: list[str]) -> tuple[argparse.ArgumentParser, object]:
    """The line read by hookc's parser with a parser for every command."""
    parser = cli._parser(None)
    return parser, parser.parse_args(arguments)


LINE_WORDS = [
    "x.hooks.yaml", "-", "-o", "out", "--format", "json", "--strict", "-O", "2", "--explain",
    "--help", "-h", "--version", "--", "--bogus", "-q", "HK505", "--event", "limit",
]  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(list(COMMANDS)), st.lists(st.sampled_from(LINE_WORDS), max_size=6))
def test_a_line_that_starts_with_a_command_reads_as_hookcs_parser_reads_it(
    name: str, words: list[str]
) -> None:
    """``hookc COMMAND ...`` is read by the command's parser alone (start-up: hookc's parser
    and its gettext look-ups only where words are left over): the same arguments, or the
    same exit with the same output, as with hookc's parser for every command."""

    def read(parse: object) -> tuple[object, str, str]:
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                found: object = vars(parse([name, *words])[1])  # type: ignore[operator]
            except SystemExit as exit_:
                found = exit_.code
        return found, out.getvalue(), err.getvalue()

    assert read(cli._parse) == read(_read_by_the_whole_parser)


def test_no_command_is_a_usage_error() -> None:
    status, out, err = run()
    assert (status, out) == (2, "")
    assert "a command is required" in err


def test_unknown_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["expr", "1", "--frobnicate"]) == 2
    assert "unrecognized arguments: --frobnicate" in capsys.readouterr().err


def test_expr_prints_the_value_as_json() -> None:
    assert run("expr", "[1, 2.5, 'é', null, {'k': true}]") == (
        0,
        '[1, 2.5, "é", null, {"k": true}]\n',
        "",
    )


def test_expr_prints_non_finite_doubles_as_cel_strings() -> None:
    assert run("expr", "[1.0 / 0.0, -1.0 / 0.0, 0.0 / 0.0]")[1] == '["+Inf", "-Inf", "NaN"]\n'


def test_expr_reads_the_context_from_standard_input(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run(
        "expr", "cost.spend * 2.0", "--context", "-", stdin='{"cost": {"spend": 1.5}}',
        monkeypatch=monkeypatch,
    )  # fmt: skip
    assert (status, out) == (0, "3.0\n")


def test_expr_compile_error_prints_the_diagnostic_and_exits_one() -> None:
    status, out, err = run("expr", "a = 1")
    assert (status, out) == (1, "")
    assert err == (
        "<expr>:1:3: error[HK101]: `=` is not an operator in CEL\n"
        "    a = 1\n"
        "      ^\n"
        "  hint: use `==` to compare\n"
    )


def test_expr_evaluation_error_exits_one_with_the_reason() -> None:
    assert run("expr", "cost.spend") == (
        1, "", "<expr>: evaluation error: no such key: 'cost' is not in the context\n"
    )  # fmt: skip


def test_expr_warnings_go_to_stderr_and_do_not_change_the_status() -> None:
    status, out, err = run("expr", "has(None)")
    assert (status, out) == (0, "false\n")
    assert "warning[HK150]" in err


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[1, 2]", "the context must be a JSON object, not list"),
        ('{"a": ', "the context is not valid JSON"),
        (b"\xff\xfe", "cannot read the context"),
    ],
)
def test_a_bad_context_file_is_a_usage_error(
    tmp_path: Path, content: str | bytes, message: str
) -> None:
    path = tmp_path / "ctx.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    status, out, err = run("expr", "1", "--context", str(path))
    assert (status, out) == (2, "")
    assert message in err and "Traceback" not in err


def test_a_missing_context_file_is_a_usage_error(tmp_path: Path) -> None:
    status, _, err = run("expr", "1", "--context", str(tmp_path / "absent.json"))
    assert status == 2 and "cannot read the context" in err


def _example_rows() -> list[tuple[str, str]]:
    """The (expression, prints) rows of examples/expressions/README.md."""
    rows = []
    for line in (EXAMPLES / "README.md").read_text().splitlines():
        cells = re.fullmatch(r"\| `(.+)` \| (.+) \|", line)
        if cells:
            rows.append((cells[1], cells[2]))
    return rows


@pytest.mark.parametrize(("expression", "prints"), _example_rows())
def test_example_table_says_what_the_command_prints(expression: str, prints: str) -> None:
    status, out, err = run("expr", expression, "--context", str(EXAMPLES / "context.json"))
    if prints.startswith("an error") or prints.startswith("a diagnostic"):
        assert (status, out) == (1, "")
        assert err
    else:
        assert status == 0, err
        shown = re.match(r"`(.+?)`", prints)
        assert shown is not None
        assert json.loads(out) == json.loads(shown[1])


def test_example_table_is_not_empty() -> None:
    assert len(_example_rows()) >= 10


# -- hookc check ----------------------------------------------------------------------------

CLEAN = "hooks:\n  - {event: error, when: \"error.type == 'x'\", action: {type: abort}}\n"
WARNS = "hooks:\n  - {event: eror, action: {type: abort}}\n"
FAILS = "hooks:\n  - {event: error, action: {type: retyr}}\n"


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_check_prints_nothing_and_exits_zero_for_a_clean_file(tmp_path: Path) -> None:
    assert run("check", write(tmp_path, "clean.yaml", CLEAN)) == (0, "", "")


def test_check_warnings_pass_unless_strict(tmp_path: Path) -> None:
    path = write(tmp_path, "warns.yaml", WARNS)
    status, out, _ = run("check", path)
    assert status == 0 and "warning[HK402]" in out
    assert run("check", "--strict", path)[0] == 1


def test_check_reports_each_file_on_its_own_sorted_by_path(tmp_path: Path) -> None:
    clean, fails, warns = (
        write(tmp_path, "a_clean.yaml", CLEAN),
        write(tmp_path, "b_fails.yaml", FAILS),
        write(tmp_path, "c_warns.yaml", WARNS),
    )
    first = run("check", warns, clean, fails, warns)
    second = run("check", fails, warns, clean)
    assert first == second
    status, out, _ = first
    assert status == 1
    assert out.index("b_fails.yaml:2:") < out.index("c_warns.yaml:2:")
    assert "a_clean.yaml" not in out
    assert out.endswith("1 error, 1 warning (3 files checked)\n")


def test_check_json_lists_findings_with_one_based_positions(tmp_path: Path) -> None:
    status, out, _ = run("check", "--format", "json", write(tmp_path, "fails.yaml", FAILS))
    assert status == 1
    (finding,) = json.loads(out)
    assert finding["code"] == "HK301" and finding["severity"] == "error"
    assert (finding["line"], finding["column"]) == (2, 35)
    assert finding["hint"] == "did you mean `retry`?"


def test_check_unknown_profile_is_a_usage_error(tmp_path: Path) -> None:
    status, _, err = run("check", "--profile", "nope", write(tmp_path, "c.yaml", CLEAN))
    assert status == 2 and "unknown profile 'nope'" in err


# -- a legacy locale (issue 25, item 15) ------------------------------------------------------

NON_ASCII = """\
hooks:
  - id: café
    event: limit
    when: "limt_code == 'é→😀'"
    action: {type: escalate, target: user_approval}
"""


def _legacy(*argv: str, stdin: bytes = b"", cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``python -m hookc`` in the C locale, UTF-8 mode off: standard output is ASCII."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("LC_", "LANG", "PYTHONIOENCODING", "PYTHONUTF8"))
    }
    env.update(LC_ALL="C", PYTHONUTF8="0", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "hookc", *argv], input=stdin, capture_output=True, env=env,
        cwd=cwd, timeout=60, check=False,
    )  # fmt: skip


def test_a_legacy_locale_gets_the_report_with_what_it_cannot_show_escaped(tmp_path: Path) -> None:
    write(tmp_path, "u.hooks.yaml", NON_ASCII)
    result = _legacy("check", "u.hooks.yaml", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, b"")  # a warning: exit 0
    assert b"u.hooks.yaml:4:12: warning[HK501]" in result.stdout
    assert b"when: \"limt_code == '\\u00e9\\u2192\\ud83d\\ude00'\"" in result.stdout
    assert result.stdout.isascii()
    assert _legacy("check", "--strict", "u.hooks.yaml", cwd=tmp_path).returncode == 1
    # JSON stays JSON, the same findings as in a UTF-8 locale.
    result = _legacy("check", "u.hooks.yaml", "--format", "json", cwd=tmp_path)
    with contextlib.chdir(tmp_path):
        expected = json.loads(run("check", "u.hooks.yaml", "--format", "json")[1])
    assert json.loads(result.stdout) == expected and result.returncode == 0
    # An error, with its status; and the same file on standard input, read as UTF-8.
    write(tmp_path, "bad.hooks.yaml", NON_ASCII.replace("==", "="))
    result = _legacy("check", "bad.hooks.yaml", cwd=tmp_path)
    assert result.returncode == 1 and b"error[HK101]" in result.stdout
    result = _legacy(
        "check", "-", "--stdin-filename", "u.hooks.yaml", stdin=NON_ASCII.encode(), cwd=tmp_path
    )
    assert result.returncode == 0 and b"\\u00e9\\u2192\\ud83d\\ude00" in result.stdout


def test_standard_input_that_is_not_utf8_is_a_usage_error(tmp_path: Path) -> None:
    result = _legacy(
        "check", "-", "--stdin-filename", "u.hooks.yaml", stdin=b"hooks: [\xff]\n", cwd=tmp_path
    )
    assert result.returncode == 2
    assert b"standard input is not valid UTF-8 (byte 0xff at byte 8)" in result.stderr
