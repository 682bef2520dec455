"""The controls a linter kept in a repository needs (issue 14): nothing overwritten, the same
findings from check and compile, folders and standard input, configuration, selection and
inline suppression, output for tools, `hookc rule`, and fmt's file handling."""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hookc.cli import COMMANDS, main
from hookc.lint.legacy import RULES
from hookc.source.diagnostics import CODES
from tests import ROOT
from tests.properties import SETTINGS, examples

GOOD = """\
hooks:
  - id: budget
    event: limit
    when: "cost.spend > 10.0"
    action: {type: escalate, target: user_approval}
"""
# HK501: `limt_code` is not in the context schema (a warning).
UNKNOWN_PATH = """\
hooks:
  - id: typo
    event: limit
    when: "limt_code == 'x'"
    action: {type: escalate, target: user_approval}
"""

BAD_SYNTAX = GOOD.replace(">", "=")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(list(argv), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.fixture(autouse=True)
def _isolated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # no configuration file of the repository's is found
    monkeypatch.delenv("NO_COLOR", raising=False)


# -- nothing lost -----------------------------------------------------------------------------


def test_compile_to_yaml_refuses_to_write_over_its_own_input(tmp_path: Path) -> None:
    source = tmp_path / "policies.hooks.yaml"
    source.write_text("# my notes\n" + GOOD, encoding="utf-8")
    before = source.read_bytes()
    status, _, err = run("compile", str(source), "-o", str(tmp_path), "--target", "yaml")
    assert status == 2 and "does not write over its inputs" in err
    assert source.read_bytes() == before


def test_compile_refuses_to_write_over_a_file_hookc_did_not_write(tmp_path: Path) -> None:
    (tmp_path / "src.hooks.yaml").write_text(GOOD, encoding="utf-8")
    mine = tmp_path / "build" / "src.py"
    mine.parent.mkdir()
    mine.write_text("print('my own module')\n", encoding="utf-8")
    status, _, err = run("compile", "src.hooks.yaml", "-o", "build")
    assert status == 2 and "hookc did not write it" in err
    assert mine.read_text(encoding="utf-8") == "print('my own module')\n"
    mine.unlink()
    assert run("compile", "src.hooks.yaml", "-o", "build")[0] == 0
    assert run("compile", "src.hooks.yaml", "-o", "build")[0] == 0  # its own output: fine


def test_fmt_keeps_a_files_permissions_and_a_symlink_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "real.hooks.yaml"
    real.write_text("hooks:\n- event: error\n  action: {type: abort}\n", encoding="utf-8")
    os.chmod(real, 0o600)
    link = tmp_path / "link.hooks.yaml"
    link.symlink_to(real)
    assert run("fmt", str(link))[0] == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert (
        real.read_text(encoding="utf-8") == "hooks:\n  - event: error\n    action: {type: abort}\n"
    )
    assert oct(os.stat(real).st_mode & 0o777) == oct(0o600)


def test_fmt_on_a_tab_before_a_colon_is_a_located_diagnostic_not_an_internal_error(
    tmp_path: Path,
) -> None:
    """libyaml (hookc's reader) accepts `event\t:`; ruamel.yaml's scanner does not."""
    path = tmp_path / "odd.hooks.yaml"
    text = "hooks:\n  - event\t: error\n    action: {type: abort}\n"
    path.write_text(text, encoding="utf-8")
    status, out, err = run("fmt", str(path))
    assert (status, err) == (1, "")
    assert out.startswith(f"{path}:2:10: error[HK602]: not rewritten: ruamel.yaml")
    assert path.read_text(encoding="utf-8") == text


def test_fmt_with_a_byte_order_mark_mid_file_keeps_the_comment_after_it(tmp_path: Path) -> None:
    path = tmp_path / "bom.hooks.yaml"
    path.write_text(
        "hooks:\n  - event: error\n    action: {type: abort}\n\ufeff# mid-file BOM\n",
        encoding="utf-8",
    )
    status, _, err = run("fmt", str(path))
    assert status == 0 and "internal error" not in err
    assert path.read_text(encoding="utf-8").endswith("{type: abort}\n# mid-file BOM\n")


def test_import_readme_does_not_import_a_markdown_file_without_hooks(tmp_path: Path) -> None:
    import hookc

    (tmp_path / "README.md").write_text("# A project\n\nNothing here.\n", encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    hookc.install_importer("README")
    try:
        with pytest.raises(ModuleNotFoundError):
            import README  # type: ignore[import-not-found]  # noqa: F401
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("README", None)


# -- check and compile agree ------------------------------------------------------------------


def test_check_reports_a_duplicate_id_across_files_as_compile_does(tmp_path: Path) -> None:
    (tmp_path / "a.hooks.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.hooks.yaml").write_text(GOOD, encoding="utf-8")
    status, out, _ = run("check", "a.hooks.yaml", "b.hooks.yaml")
    # The caret under the id (issue 25, item 25), not the hook's first key.
    assert status == 1 and "b.hooks.yaml:2:9: error[HK401]: duplicate hook id `budget`" in out
    assert "      - id: budget\n            ^^^^^^\n" in out
    compiled = run("compile", "a.hooks.yaml", "b.hooks.yaml", "-o", "build")
    assert compiled[0] == 1 and compiled[1] == out


def test_compile_explain_with_json_keeps_stdout_json(tmp_path: Path) -> None:
    (tmp_path / "p.hooks.yaml").write_text(GOOD, encoding="utf-8")
    status, out, err = run(
        "compile", "p.hooks.yaml", "-o", "build", "--explain", "--format", "json"
    )
    assert status == 0 and json.loads(out) == []
    assert "optimized at -O1:" in err


# -- inputs as users give them ----------------------------------------------------------------


def test_a_folder_is_searched_for_the_hook_files_it_holds(tmp_path: Path) -> None:
    hooks = tmp_path / ".system" / "hooks"
    (hooks / "deep").mkdir(parents=True)
    (hooks / "a.hooks.yaml").write_text(GOOD, encoding="utf-8")
    (hooks / "deep" / "typo.yaml").write_text(UNKNOWN_PATH, encoding="utf-8")  # by content
    (hooks / "notes.yaml").write_text("title: not hooks\n", encoding="utf-8")
    (hooks / "README.md").write_text("# docs\n", encoding="utf-8")
    status, out, _ = run("check", ".system/hooks")
    assert status == 0
    assert ".system/hooks/deep/typo.yaml:4:12: warning[HK501]" in out
    assert "(2 files checked)" in out


def test_standard_input_is_read_with_the_name_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(UNKNOWN_PATH))
    status, out, _ = run("check", "-", "--stdin-filename", "mine.hooks.yaml")
    assert status == 0 and out.startswith("mine.hooks.yaml:4:12: warning[HK501]")
    monkeypatch.setattr(
        sys, "stdin", io.StringIO("hooks:\n- event: error\n  action: {type: abort}\n")
    )
    status, out, _ = run("fmt", "-", "--stdin-filename", "mine.hooks.yaml")
    assert (status, out) == (0, "hooks:\n  - event: error\n    action: {type: abort}\n")
    status, _, err = run("check", "-")
    assert status == 2 and "standard input (-) needs --stdin-filename NAME" in err


def test_a_profile_may_be_given_as_a_path(tmp_path: Path) -> None:
    profile = tmp_path / "my-runtime.yaml"
    profile.write_text(
        "name: mine\nevents: [deploy]\naction_types:\n  stop: {parameters: {}}\n",
        encoding="utf-8",
    )
    (tmp_path / "d.hooks.yaml").write_text(
        "hooks:\n  - {event: deploy, action: {type: stop}}\n", encoding="utf-8"
    )
    assert run("check", "d.hooks.yaml", "--profile", "./my-runtime.yaml") == (0, "", "")
    status, out, _ = run("check", "d.hooks.yaml")
    assert status == 1 and "HK301" in out
    status, _, err = run("check", "d.hooks.yaml", "--profile", "nope.yaml")
    assert status == 2 and "cannot read the profile nope.yaml" in err


def test_eval_says_did_you_mean_for_an_unknown_event(tmp_path: Path) -> None:
    (tmp_path / "p.hooks.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "ctx.json").write_text("{}", encoding="utf-8")
    status, out, err = run("eval", "p.hooks.yaml", "--event", "limt", "--context", "ctx.json")
    assert (status, out) == (0, "null\n")
    assert "no hook listens to the event `limt`; did you mean `limit`?" in err


# -- configuration and suppression ------------------------------------------------------------


def test_select_and_ignore_silence_warnings_but_never_errors(tmp_path: Path) -> None:
    (tmp_path / "t.hooks.yaml").write_text(UNKNOWN_PATH, encoding="utf-8")
    assert run("check", "t.hooks.yaml", "--ignore", "HK501") == (0, "", "")
    assert run("check", "t.hooks.yaml", "--select", "HK4") == (0, "", "")
    assert "HK501" in run("check", "t.hooks.yaml", "--select", "HK5")[1]
    bad = tmp_path / "bad.hooks.yaml"
    bad.write_text(GOOD.replace(">", "="), encoding="utf-8")
    assert "error[HK101]" in run("check", str(bad), "--ignore", "HK1")[1]
    status, _, err = run("check", "t.hooks.yaml", "--ignore", "HK5O1")
    assert status == 2 and "unknown rule `HK5O1`" in err


def test_a_config_file_sets_strictness_ignores_and_per_file_ignores(tmp_path: Path) -> None:
    (tmp_path / "legacy").mkdir()
    (tmp_path / "legacy" / "old.hooks.yaml").write_text(UNKNOWN_PATH, encoding="utf-8")
    (tmp_path / "new.hooks.yaml").write_text(UNKNOWN_PATH.replace("typo", "t2"), encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.hookc]\nstrict = true\n\n[tool.hookc.per-file-ignores]\n"legacy/*" = ["HK501"]\n',
        encoding="utf-8",
    )
    status, out, _ = run("check", ".")
    assert status == 1  # strict: the warning in new.hooks.yaml fails the run
    assert "new.hooks.yaml:4:12: warning[HK501]" in out and "legacy" not in out
    (tmp_path / "hookc.toml").write_text('selct = ["HK5"]\n', encoding="utf-8")
    status, _, err = run("check", ".")
    assert status == 2 and "unknown key `selct` (did you mean `select`?)" in err


def test_per_file_ignores_match_relative_to_the_configuration_files_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # `legacy/*` matched at any depth (a/legacy/x), across folders (legacy/old/x), and
    # against the path as typed in another folder than the configuration's.
    files = [
        "legacy/x.hooks.yaml",
        "legacy/old/x.hooks.yaml",
        "a/legacy/x.hooks.yaml",
        "sub/legacy/x.hooks.yaml",
        "a/x.retired.hooks.yaml",
    ]
    for number, name in enumerate(files):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(UNKNOWN_PATH.replace("typo", f"t{number}"), "utf-8")

    def warned(pattern: str, *argv: str) -> list[str]:
        (tmp_path / "hookc.toml").write_text(
            f'[per-file-ignores]\n"{pattern}" = ["HK501"]\n', encoding="utf-8"
        )
        out = run("check", *(argv or (".",)))[1]
        return sorted(re.findall(r"^(\S+):4:12: warning\[HK501\]", out, re.MULTILINE))

    def shown(*names: str) -> list[str]:
        return sorted(set(files) - set(names))

    assert warned("legacy/*") == shown("legacy/x.hooks.yaml")
    assert warned("legacy/**") == shown("legacy/x.hooks.yaml", "legacy/old/x.hooks.yaml")
    assert warned("legacy/") == shown("legacy/x.hooks.yaml", "legacy/old/x.hooks.yaml")
    assert warned("/legacy/*.yaml") == shown("legacy/x.hooks.yaml")
    assert warned("**/legacy/*") == shown(
        "legacy/x.hooks.yaml", "a/legacy/x.hooks.yaml", "sub/legacy/x.hooks.yaml"
    )
    assert warned("*.retired.hooks.yaml") == shown("a/x.retired.hooks.yaml")  # a name: anywhere
    # From a folder below the configuration's, paths typed from there are still read from it.
    monkeypatch.chdir(tmp_path / "sub")
    assert warned("legacy/*", "legacy/x.hooks.yaml") == ["legacy/x.hooks.yaml"]
    assert warned("sub/legacy/*", "legacy/x.hooks.yaml") == []
    (tmp_path / "hookc.toml").write_text('[per-file-ignores]\n"[z-a]/*" = ["HK501"]\n', "utf-8")
    status, _, err = run("check", "legacy/x.hooks.yaml")
    assert status == 2 and "per-file-ignores: the pattern '[z-a]/*' cannot be read" in err


def test_an_inline_suppression_silences_its_code_on_its_hook_only(tmp_path: Path) -> None:
    path = tmp_path / "s.hooks.yaml"
    path.write_text(
        "hooks:\n"
        "  # hookc: ignore[HK501]\n"
        "  - id: one\n    event: limit\n    when: \"limt_code == 'a'\"\n"
        "    action: {type: escalate, target: user_approval}\n"
        "  - id: two\n    event: limit\n    when: \"limt_code == 'b'\"\n"
        "    action: {type: escalate, target: user_approval}  # hookc: ignore[HK505]\n",
        encoding="utf-8",
    )
    _, out, _ = run("check", str(path))
    found = re.findall(r":(\d+):\d+: warning\[(HK\d+)\]", out)
    assert found == [("9", "HK501"), ("10", "HK801")]


@pytest.mark.parametrize(
    "comment",
    [
        "# hookc: ignore[HK501]  the legacy agent sends it",
        "# hookc: ignore[HK501, HK505] works here too",  # docs/linting.md's example was HK802
        "# hookc: ignore[HK501] # a comment after it",
        "# hookc: ignore[HK501]",
    ],
)
def test_a_suppression_may_give_its_reason_after_the_codes(tmp_path: Path, comment: str) -> None:
    path = tmp_path / "r.hooks.yaml"
    path.write_text(UNKNOWN_PATH.replace("'x'\"", f"'x'\"  {comment}"), encoding="utf-8")
    _, out, _ = run("check", str(path))
    expected = [("HK801", "HK505")] if "HK505" in comment else []
    assert re.findall(r"\[(HK\d+)\]: the suppression of (HK\d+)", out) == expected
    assert "HK501]: the condition" not in out and "HK802" not in out


def test_a_reason_glued_to_the_codes_is_unreadable_and_says_why(tmp_path: Path) -> None:
    path = tmp_path / "r.hooks.yaml"
    path.write_text(
        UNKNOWN_PATH.replace("'x'\"", "'x'\"  # hookc: ignore[HK501]because"), encoding="utf-8"
    )
    _, out, _ = run("check", str(path))
    assert "warning[HK802]: this suppression cannot be read: a reason after `]` needs a " in out


def test_an_xml_suppression_comment_works_the_same(tmp_path: Path) -> None:
    path = tmp_path / "d.hooks.xml"
    path.write_text(
        "<hooks>\n  <!-- hookc: ignore[HK501] -->\n"
        '  <hook id="x" event="limit" when="limt_code == \'a\'"><abort/></hook>\n'
        '  <hook id="y" event="limit" when="limt_code == \'b\'"><abort/></hook>\n</hooks>\n',
        encoding="utf-8",
    )
    _, out, _ = run("check", str(path))
    assert re.findall(r":(\d+):\d+: warning\[(HK\d+)\]", out) == [("4", "HK501")]


# -- output for tools and people --------------------------------------------------------------


def test_github_format_prints_workflow_annotations(tmp_path: Path) -> None:
    (tmp_path / "t.hooks.yaml").write_text(UNKNOWN_PATH, encoding="utf-8")
    _, out, _ = run("check", "t.hooks.yaml", "--format", "github")
    assert out.startswith(
        "::warning file=t.hooks.yaml,line=4,col=12,endLine=4,endColumn=21,title=hookc HK501::"
    )


@pytest.mark.parametrize("fmt", ["text", "json", "sarif", "github"])
@pytest.mark.parametrize("given", [".", "./", "././", "./t.hooks.yaml", ".//t.hooks.yaml"])
def test_no_format_prints_a_leading_dot_slash(tmp_path: Path, fmt: str, given: str) -> None:
    # GitHub attaches `file=./t.hooks.yaml` to no file of a pull request (the help's own
    # example, `check . --format github`); the other formats say the path the same way.
    (tmp_path / "sub").mkdir()
    (tmp_path / "t.hooks.yaml").write_text(UNKNOWN_PATH, encoding="utf-8")
    (tmp_path / "u.hooks.yaml").write_text(UNKNOWN_PATH.replace("typo", "t2"), "utf-8")
    _, out, _ = run("check", given, "--format", fmt)
    assert "t.hooks.yaml" in out and "./" not in out
    if fmt == "github":
        assert out.startswith("::warning file=t.hooks.yaml,line=4,")


def test_standard_input_is_reported_without_a_leading_dot_slash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(UNKNOWN_PATH))
    _, out, _ = run("check", "-", "--stdin-filename", "./t.hooks.yaml", "--format", "github")
    assert out.startswith("::warning file=t.hooks.yaml,line=4,")


def test_colour_only_when_asked_or_on_a_terminal_without_no_color(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "t.hooks.yaml").write_text(UNKNOWN_PATH, encoding="utf-8")
    assert "\x1b[" not in run("check", "t.hooks.yaml")[1]
    assert "\x1b[1;33mwarning[HK501]\x1b[0m" in run("check", "t.hooks.yaml", "--color", "always")[1]
    from hookc.check.reporters import colour_wanted

    class Tty(io.StringIO):
        def isatty(self) -> bool:
            return True

    assert colour_wanted("auto", Tty(), {}) is True
    assert colour_wanted("auto", Tty(), {"NO_COLOR": "1"}) is False
    assert colour_wanted("auto", io.StringIO(), {}) is False


def test_every_code_has_a_rule_entry_and_hookc_rule_prints_it() -> None:
    assert set(RULES) == set(CODES)
    status, out, _ = run("rule", "hk505")
    assert status == 0 and out.startswith(f"HK505 shadowed-hook: {CODES['HK505']}\n")
    assert "## Example" in out and "## Fix" in out
    assert run("rule", "shadowed-hook")[1] == out
    assert run("rule", "HK999")[0] == 2


def test_hookc_rule_says_a_retired_code_is_retired_not_unknown() -> None:
    from hookc.lint.legacy import RETIRED

    status, out, err = run("rule", "HK506")
    assert (status, err) == (0, "")
    assert out.startswith("HK506 is retired: regular expression prone to catastrophic ")
    assert not set(RETIRED) & set(CODES)  # a retired code is given no more


def test_check_help_says_what_it_reads_and_every_exit_status(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # one line, whatever the terminal
    assert run("check", "--help")[0] == 0
    text = capsys.readouterr().out
    assert "native YAML, directive XML or Markdown, and each agent runtime's own" in text
    assert "Claude Code settings" in text
    assert "1 an error was found (or a warning, with --strict)" in text


def test_every_code_emitted_anywhere_in_the_package_has_a_rule() -> None:
    emitted = set()
    for path in (ROOT / "hookc").rglob("*.py"):
        if path == ROOT / "hookc" / "lint" / "legacy.py":
            continue  # the rules themselves, and the retired codes: it emits none
        emitted |= set(re.findall(r'"(HK\d{3})"', path.read_text(encoding="utf-8")))
    assert emitted <= set(RULES), emitted - set(RULES)


def test_help_shows_an_example_for_every_command() -> None:
    import contextlib

    from hookc.cli import _parser

    commands = next(
        action.choices
        for action in _parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    )
    assert set(commands) == set(COMMANDS)
    for command in commands:
        with contextlib.redirect_stdout(io.StringIO()) as captured:
            status = main([command, "--help"])
        assert status == 0 and "examples:\n  hookc " + command in captured.getvalue(), command


def test_the_lint_example_is_clean_with_its_configuration_and_prints_its_expected_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    example = ROOT / "examples" / "lint"
    monkeypatch.chdir(example)
    assert run("check", "hooks") == (0, "", "")
    assert run("fmt", "--check", "hooks") == (0, "", "")
    expected = example / "no-config.expected"
    status, out, _ = run("check", "hooks", "--no-config")
    if os.environ.get("HOOKC_UPDATE_GOLDEN") == "1":
        expected.write_text(out, encoding="utf-8")
    assert (status, out) == (0, expected.read_text(encoding="utf-8"))


def test_every_yaml_example_passes_fmt_check_after_fmt_with_its_comments_kept(
    tmp_path: Path,
) -> None:
    from hookc.frontend.comments import yaml_comments
    from hookc.frontend.load import load_file

    examples = sorted((ROOT / "examples").rglob("*.y*ml"))
    assert len(examples) > 40
    formatted = 0
    for example in examples:
        copy = tmp_path / example.relative_to(ROOT)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(example, copy)
        before = load_file(copy)
        status, out, err = run("fmt", str(copy))
        if "(HK601)" in err:  # another format's YAML (docker-agent): not fmt's to lay out
            assert before.hookset is None or before.hookset.profile != "default", example
            assert status == 0 and copy.read_bytes() == example.read_bytes()
            continue
        if before.has_errors or example.name == "not-rewritten.hooks.yaml":
            # examples/invalid, and fmt's own example of a file it cannot rewrite: left alone
            assert status == 1 and copy.read_bytes() == example.read_bytes()
            continue
        assert status == 0, out
        formatted += 1
        assert run("fmt", "--check", str(copy)) == (0, "", ""), example
        text = copy.read_text(encoding="utf-8")
        original = example.read_text(encoding="utf-8")
        assert sorted(c.text for c in yaml_comments(text)) == sorted(
            c.text for c in yaml_comments(original)
        ), example
        assert load_file(copy).hookset == before.hookset, example
    assert formatted >= 15


def test_fmt_of_a_folder_lays_out_its_yaml_hook_files_and_leaves_xml_alone(
    tmp_path: Path,
) -> None:
    (tmp_path / "hooks").mkdir()
    (tmp_path / "hooks" / "a.hooks.yaml").write_text(
        "hooks:\n- event: error  # e\n  action: {type: abort}\n", encoding="utf-8"
    )
    xml = "<hooks><hook event='error'><abort/></hook></hooks>\n"
    (tmp_path / "hooks" / "b.hooks.xml").write_text(xml, encoding="utf-8")
    status, out, err = run("fmt", "hooks")
    assert (status, out) == (0, "") and err == "hookc: rewrote hooks/a.hooks.yaml\n"
    assert (tmp_path / "hooks" / "b.hooks.xml").read_text(encoding="utf-8") == xml
    status, out, _ = run("fmt", "--diff", "hooks")
    assert (status, out) == (0, "")
    (tmp_path / "hooks" / "a.hooks.yaml").write_text(
        "hooks:\n- event: error\n  action: {type: abort}\n", encoding="utf-8"
    )
    status, out, _ = run("fmt", "--diff", "hooks")
    assert status == 1
    assert "-- event: error\n" in out and "+  - event: error\n" in out


def test_a_folder_search_finds_the_formats_the_registry_claims_by_content(tmp_path: Path) -> None:
    from hookc.frontend.discover import expand

    (tmp_path / "proj" / ".claude").mkdir(parents=True)
    settings = tmp_path / "proj" / ".claude" / "settings.json"
    settings.write_text(
        '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "date"}]}]}}',
        encoding="utf-8",
    )
    (tmp_path / "proj" / "package.json").write_text('{"name": "x"}', encoding="utf-8")
    (tmp_path / "proj" / "compose.yaml").write_text("services: {}\n", encoding="utf-8")
    (tmp_path / "proj" / "README.md").write_text("# x\n\n```xml\n<a/>\n```\n", encoding="utf-8")
    assert expand(["proj"]) == [os.path.join("proj", ".claude", "settings.json")]


def test_config_file_patterns_choose_the_files_of_a_folder_search(tmp_path: Path) -> None:
    (tmp_path / "rules" / "old").mkdir(parents=True)
    (tmp_path / "rules" / "a.policy").write_text(UNKNOWN_PATH, encoding="utf-8")
    (tmp_path / "rules" / "b.hooks.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "rules" / "old" / "c.hooks.yaml").write_text(BAD_SYNTAX, encoding="utf-8")
    assert "c.hooks.yaml" in run("check", "rules")[1]  # found by name, with its error
    (tmp_path / "hookc.toml").write_text('exclude = ["rules/old"]\n', encoding="utf-8")
    assert run("check", "rules") == (0, "", "")
    (tmp_path / "hookc.toml").write_text(
        'include = ["*.hooks.yaml", "*.policy"]\nexclude = ["rules/old/**"]\n', encoding="utf-8"
    )
    _, out, _ = run("check", "rules")
    # `a.policy` by the configuration's pattern (and read as the format its content says).
    assert "rules/a.policy:1:1: error[HK201]" in out and "(2 files checked)" in out


def test_a_folder_search_skips_hookcs_own_outputs_and_build_folders(tmp_path: Path) -> None:
    # The README's `compile -o build/ --target yaml`, then `check .`: the canonical file in
    # build/ holds every hook again, and was read as a source (10 false HK401 in the seed).
    (tmp_path / "a.hooks.yaml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.hooks.yaml").write_text(UNKNOWN_PATH, encoding="utf-8")
    before = run("check", ".")
    assert before[0] == 0 and "(2 files checked)" in before[1]
    assert run("compile", ".", "-o", "build/", "--target", "yaml", "--name", "all")[0] == 0
    assert (tmp_path / "build" / "all.hooks.yaml").is_file()
    assert run("check", ".") == before
    # Out of a build folder, the file's first line still says hookc wrote it.
    (tmp_path / "build" / "all.hooks.yaml").rename(tmp_path / "all.hooks.yaml")
    assert run("check", ".") == before
    assert "(1 file checked)" in run("check", "all.hooks.yaml")[1]  # named: read
    # And a dist/ folder is a build output too.
    (tmp_path / "dist").mkdir()
    (tmp_path / "dist" / "c.hooks.yaml").write_text(BAD_SYNTAX, encoding="utf-8")
    assert run("check", ".") == before


def test_the_search_knows_every_mark_the_back_end_writes() -> None:
    from hookc.backend.driver import CANONICAL_MARK, MODULE_MARK
    from hookc.frontend.discover import WRITTEN_BY_HOOKC

    assert set(WRITTEN_BY_HOOKC) == {MODULE_MARK, CANONICAL_MARK}


def test_a_folder_search_honours_gitignore(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()  # the repository's root: its .gitignore applies below
    (tmp_path / "gen").mkdir()
    (tmp_path / "src").mkdir()
    (tmp_path / "gen" / "x.hooks.yaml").write_text(BAD_SYNTAX, encoding="utf-8")
    (tmp_path / "src" / "y.hooks.yaml").write_text(BAD_SYNTAX, encoding="utf-8")
    (tmp_path / "src" / "z.hooks.yaml").write_text(GOOD, encoding="utf-8")
    assert "(3 files checked)" in run("check", ".")[1]
    (tmp_path / ".gitignore").write_text("/gen/\n*.hooks.yaml\n!z.hooks.yaml\n", "utf-8")
    assert run("check", ".") == (0, "", "")
    assert run("check", "src") == (0, "", "")
    assert run("check", "src/y.hooks.yaml")[0] == 1  # named: read whatever git says


def test_the_import_hook_leaves_a_cache_file_it_did_not_write_alone(tmp_path: Path) -> None:
    import hookc

    (tmp_path / "guarded.hooks.yaml").write_text(GOOD, encoding="utf-8")
    cache = tmp_path / "__pycache__" / "hookc" / "guarded.py"
    cache.parent.mkdir(parents=True)
    cache.write_text("# someone else's file\n", encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    hookc.install_importer("guarded")
    try:
        import guarded  # type: ignore[import-not-found]

        context = {"cost": {"spend": 12.0}}
        assert guarded.evaluate_hooks("limit", context)["target"] == "user_approval"
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("guarded", None)
    assert cache.read_text(encoding="utf-8") == "# someone else's file\n"


@st.composite
def suppressed_files(draw: st.DrawFn) -> tuple[str, set[str], set[str]]:
    """A file of hooks, some reading a path the schema does not declare (HK501), with
    suppressions of HK501 on some hooks (above them or at the end of a line). Also the ids
    whose HK501 must show, and those whose suppression silences nothing."""
    lines = ["hooks:"]
    shown, stale = set(), set()
    for index in range(draw(st.integers(1, 6))):
        hook_id = f"h{index}"
        unknown = draw(st.booleans())
        place = draw(st.sampled_from(["none", "above", "inline", "after_blank"]))
        path = "limt_code" if unknown else "limit_code"
        if place in ("above", "after_blank"):
            lines.append("  # hookc: ignore[HK501]")
            if place == "after_blank":
                lines.append("  # an ordinary comment")
        lines.append(f"  - id: {hook_id}")
        lines.append("    event: limit")
        tail = "  # hookc: ignore[HK501]" if place == "inline" else ""
        lines.append(f"    when: \"{path} == '{hook_id}'\"{tail}")
        lines.append("    action: {type: escalate, target: user_approval}")
        if unknown and place == "none":
            shown.add(hook_id)
        if not unknown and place != "none":
            stale.add(hook_id)
    return "\n".join(lines) + "\n", shown, stale


@settings(SETTINGS, max_examples=examples(60))
@given(suppressed_files())
def test_a_suppression_silences_its_code_on_its_own_hook_and_says_when_it_silences_nothing(
    case: tuple[str, set[str], set[str]],
) -> None:
    from hookc.check.driver import check_files
    from hookc.source.diagnostics import Diagnostic

    text, shown, stale = case
    [report] = check_files(["s.hooks.yaml"], given={"s.hooks.yaml": text})

    lines = text.splitlines()
    starts = [(number, line[len("  - id: ") :]) for number, line in enumerate(lines, 1)
              if line.startswith("  - id: ")]  # fmt: skip

    def hook_of(diagnostic: Diagnostic) -> str:
        """A comment line's hook is the next one; any other line's, the one it is in."""
        line = diagnostic.location[0]
        if lines[line - 1].lstrip().startswith("#"):
            return next(hook for number, hook in starts if number > line)
        return [hook for number, hook in starts if number <= line][-1]

    found = {(d.code, hook_of(d)) for d in report.diagnostics}
    assert {h for c, h in found if c == "HK501"} == shown
    assert {h for c, h in found if c == "HK801"} == stale
    assert {c for c, _ in found} <= {"HK501", "HK801"}


def test_ids_meet_across_files_of_one_runtime_only(tmp_path: Path) -> None:
    """A Claude Code settings file and native YAML are never compiled together."""
    (tmp_path / "a.hooks.yaml").write_text(
        "hooks:\n  - {id: '.claude/settings.Stop.0.0', event: error, action: {type: abort}}\n",
        encoding="utf-8",
    )
    claude = tmp_path / ".claude"
    claude.mkdir()
    (claude / "settings.json").write_text(
        '{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "date"}]}]}}',
        encoding="utf-8",
    )
    from hookc.frontend.load import load_file

    claude_ids = {hook.id for hook in load_file(".claude/settings.json").hookset.hooks}
    native_ids = {hook.id for hook in load_file("a.hooks.yaml").hookset.hooks}
    assert claude_ids & native_ids  # the same id in both files ...
    assert "HK401" not in run("check", "a.hooks.yaml", ".claude/settings.json")[1]  # ... apart
